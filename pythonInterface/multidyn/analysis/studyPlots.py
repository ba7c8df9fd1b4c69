"""Plots of study results with Exudyn's calls: PlotOptimizationResults2D, PlotSensitivityResults,
and PlotOptimizationHistory (the value of each run and the best so far)."""
import numpy as np


def PlotOptimizationResults2D(parameterList, valueList, xLogScale=False, yLogScale=False):
    """One figure per parameter: the objective's value over that parameter's value for every run
    (parameterList, valueList as GeneticOptimization, Minimize or Optimize return them).
    Returns [figList, axList]."""
    import matplotlib.pyplot as plt
    from matplotlib import ticker
    values = list(valueList)
    if not values:
        from multidyn.api.console import Print
        Print("WARNING: PlotOptimizationResults2D: valueList has zero length")
    plt.close("all")
    figList, axList = [], []
    for key, data in parameterList.items():
        if len(data) != len(values):
            raise ValueError(f"PlotOptimizationResults2D: parameter '{key}' has {len(data)} values, valueList "
                             f"{len(values)}: expected the same number (one per run)")
        figure = plt.figure()
        axes = figure.gca()
        axes.plot(data, values, "b.", label=key)
        axes.set_xlabel(key)
        axes.set_ylabel("value (objective function)")
        axes.grid(True, "major", "both")
        axes.xaxis.set_major_locator(ticker.MaxNLocator(10))
        axes.yaxis.set_major_locator(ticker.MaxNLocator(10))
        if xLogScale:
            axes.set_xscale("log")
        if yLogScale:
            axes.set_yscale("log")
        axes.legend()
        figure.tight_layout()
        figList.append(figure)
        axList.append(axes)
    plt.show()
    return [figList, axList]


def PlotSensitivityResults(valRef, valuesSorted, sensitivity, fVar=None, strYAxis=None):
    """One subplot per output of ComputeSensitivities: each parameter's runs over their variation
    [%] (relative steps fVar, 1e-3 if not given; a scalar means the same for all), the reference
    in the middle, the sensitivity in the legend. Returns [fig, axs]."""
    import matplotlib.pyplot as plt
    sensitivity = np.asarray(sensitivity)
    numberOfOutputs = sensitivity.shape[1]
    if strYAxis is None:
        strYAxis = [""] * numberOfOutputs
    if fVar is None:
        fVar = [1e-3] * numberOfOutputs
    if not isinstance(fVar, list):
        fVar = [fVar] * numberOfOutputs
    valRef = np.atleast_1d(np.asarray(valRef, dtype=float))
    fig, axs = plt.subplots(numberOfOutputs)
    axs = np.atleast_1d(axs)
    for output in range(numberOfOutputs):
        axes = axs[output]
        for j, (key, runs) in enumerate(valuesSorted.items()):
            runs = np.asarray(runs, dtype=float).reshape(len(runs), -1)
            half = len(runs) // 2
            percent = np.linspace(-half, half, 2 * half + 1) * fVar[output] * 100
            if half > 0:
                everything = np.r_[runs[:half, output], valRef[output], runs[half:, output]]
            else:  # one forward run
                percent = np.r_[percent, fVar[output] * 100]
                everything = np.r_[valRef[output], runs[0, output]]
            axes.plot(percent, everything, "--", color=np.ones(3) * 0.8)
            value = sensitivity[j, output]
            digits = int(-np.log10(abs(value)) + 4) if value != 0 and np.isfinite(value) else 1
            axes.plot(np.delete(percent, half), runs[:, output], "o", label=f"{key}, s={np.round(value, digits)}")
        axes.plot(0, valRef[output], "d", label="Ref")
        axes.set(ylabel=strYAxis[output])
        axes.legend()
        axes.grid()
    axs[-1].set(xlabel="Variation in $\\%$")
    plt.tight_layout()
    return [fig, list(axs) if numberOfOutputs > 1 else axs[0]]


def PlotOptimizationHistory(valueList, fileName=None, title="optimization history", yLogScale=False):
    """The value of each run (dots) and the best value so far (line) over the run number; saved
    to fileName when given. Returns [fig, ax]."""
    import matplotlib.pyplot as plt
    values = np.array([value if np.isscalar(value) else np.linalg.norm(value) for value in valueList], dtype=float)
    best = np.fmin.accumulate(values) if len(values) else values
    fig, ax = plt.subplots()
    ax.plot(np.arange(len(values)), values, ".", color="0.6", label="run")
    ax.plot(np.arange(len(values)), best, "r-", label="best so far")
    ax.set_xlabel("run (trial) number")
    ax.set_ylabel("objective value")
    ax.set_title(title)
    if yLogScale:
        ax.set_yscale("log")
    ax.grid(True)
    ax.legend()
    fig.tight_layout()
    if fileName:
        fig.savefig(fileName, dpi=100)
    return [fig, ax]
