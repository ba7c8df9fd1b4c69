"""multidyn.processing: Exudyn's studies on executors (serial, process pool, threads, Dask), failed and
crashed runs, resumed studies, optimizers against known minima and a closed-form decay, bad input.

The study functions live in torsionalStudy.py (process-pool and Dask workers import them by name).
"""
import concurrent.futures as futures

import numpy as np
import pytest

from multidyn.processing import (ComputeSensitivities, GeneticOptimization, Minimize, Optimize,
                                 ParameterVariation)

import torsionalStudy
from conftest import DampedOscillator

STIFFNESS_RANGE = (500., 4000., 50)  # [N*m/rad], 50 values


@pytest.fixture(scope="module")
def serialVariation():
    """The stiffness variation run serially: [parameterDict, values]."""
    return ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE}, showProgress=False)


def test_variation_values_are_those_of_single_solves_and_of_the_closed_form(serialVariation):
    parameterDict, values = serialVariation
    stiffness = np.linspace(*STIFFNESS_RANGE)
    assert np.array_equal(parameterDict["stiffness"], stiffness)
    assert isinstance(values, np.ndarray) and values.shape == (50,)
    single = np.array([torsionalStudy.RotationAtEnd({"stiffness": k}) for k in stiffness])
    assert np.array_equal(values, single)
    # independent check: I th'' + d th' + k th = 1 N*m, d = 0.01 k, from rest (200 steps, h = 5 ms)
    exact = np.array([DampedOscillator(1., 1., k, 0.01 * k, torque=1.)[0] for k in stiffness])
    assert np.allclose(values, exact, rtol=0, atol=0.02 * np.max(np.abs(exact)))


@pytest.mark.parametrize("executorKind", ["processes", "threads", "useMultiProcessing"])
def test_variation_on_local_executors_equals_serial(serialVariation, executorKind):
    keywords = {"useMultiProcessing": True, "numberOfThreads": 2}
    if executorKind == "processes":
        keywords = {"executor": futures.ProcessPoolExecutor(2)}
    elif executorKind == "threads":
        keywords = {"executor": futures.ThreadPoolExecutor(2)}
    try:
        parameterDict, values = ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE},
                                                   showProgress=False, **keywords)
    finally:
        if "executor" in keywords:
            keywords["executor"].shutdown()
    assert np.array_equal(parameterDict["stiffness"], serialVariation[0]["stiffness"])
    assert np.array_equal(values, serialVariation[1])  # bit for bit


def test_variation_on_a_dask_local_cluster_equals_serial(serialVariation):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        parameterDict, values = ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE},
                                                   showProgress=False, executor=client.get_executor())
    assert np.array_equal(values, serialVariation[1])


def test_failed_runs_and_a_killed_worker_are_recorded_and_the_others_complete(serialVariation):
    killRun = 12
    with pytest.warns(RuntimeWarning, match="11 of 50 runs failed"):
        parameterDict, values, table = ParameterVariation(
            torsionalStudy.RotationOrFailure, {"stiffness": STIFFNESS_RANGE}, addComputationIndex=True,
            useMultiProcessing=True, numberOfThreads=2, parameterFunctionData={"killRun": killRun},
            showProgress=False, returnDataFrame=True)
    runs = np.arange(50)
    raised = runs % 5 == 4
    failed = raised | (runs == killRun)
    assert np.all(np.isnan(values[failed]))
    assert np.array_equal(values[~failed], serialVariation[1][~failed])  # the others complete, unchanged
    assert list(table["status"][raised].unique()) == ["failed"]
    assert table["status"][killRun] == "crashed" and "worker process died" in table["error"][killRun]
    assert all("fails on purpose" in message for message in table["error"][raised])
    assert list(table["status"][~failed].unique()) == ["ok"]
    assert np.array_equal(table["stiffness"], parameterDict["stiffness"])


def test_a_run_that_kills_dask_workers_is_recorded_and_the_others_complete(serialVariation):
    """Dask replaces the dead workers itself and gives up on the task after its allowed failures."""
    distributed = pytest.importorskip("distributed")
    killRun = 7
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, pytest.warns(RuntimeWarning, match=r"\d+ of 50 runs failed"):
        _, values, table = ParameterVariation(
            torsionalStudy.RotationOrFailure, {"stiffness": STIFFNESS_RANGE}, addComputationIndex=True,
            parameterFunctionData={"killRun": killRun}, executor=client.get_executor(), showProgress=False,
            returnDataFrame=True)
    runs = np.arange(50)
    planned = (runs % 5 == 4) | (runs == killRun)
    # Dask also gives up on a task that was assigned to the killed worker each time it died (its allowed
    # failures; it happened in CI): such a run is recorded as crashed with KilledWorker, as the killing run.
    casualties = ~planned & (table["status"].to_numpy() == "crashed")
    assert casualties.sum() <= 3 and all("KilledWorker" in error for error in table["error"][casualties])
    completed = ~planned & ~casualties
    assert np.array_equal(values[completed], serialVariation[1][completed])
    assert np.all(np.isnan(values[planned | casualties]))
    assert table["status"][killRun] == "crashed" and "KilledWorker" in table["error"][killRun]


def test_failed_runs_of_array_valued_functions_give_arrays_of_nan():
    with pytest.warns(RuntimeWarning):
        _, values = ParameterVariation(torsionalStudy.RotationAndRateOrFailure, {"stiffness": (1000., 2000., 10)},
                                       addComputationIndex=True, showProgress=False)
    assert values.shape == (10, 2)
    assert np.all(np.isnan(values[[4, 9]]))
    assert not np.any(np.isnan(values[[0, 1, 2, 3, 5, 6, 7, 8]]))


def test_a_resumed_study_repeats_nothing(workDir, serialVariation):
    resultsFile = str(workDir / "results" / "stiffness.txt")
    torsionalStudy.callsInThisProcess.clear()
    with pytest.raises(KeyboardInterrupt):  # stopped by the user after 20 runs
        ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE}, addComputationIndex=True,
                           parameterFunctionData={"interruptAt": 20}, resultsFile=resultsFile, showProgress=False)
    assert torsionalStudy.callsInThisProcess == list(range(21))
    torsionalStudy.callsInThisProcess.clear()
    _, values = ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE},
                                   addComputationIndex=True, resultsFile=resultsFile, showProgress=False)
    assert torsionalStudy.callsInThisProcess == list(range(20, 50))  # only the runs not in the file
    assert np.array_equal(values, serialVariation[1])  # the stored values are read back bit for bit
    torsionalStudy.callsInThisProcess.clear()
    _, again = ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": STIFFNESS_RANGE},
                                  addComputationIndex=True, resultsFile=resultsFile, showProgress=False,
                                  useMultiProcessing=True, numberOfThreads=2)
    assert torsionalStudy.callsInThisProcess == [] and np.array_equal(again, values)
    # a file of another study is refused, not mixed in
    with pytest.raises(ValueError, match="belongs to another study"):
        ParameterVariation(torsionalStudy.RotationAtEnd, {"stiffness": (100., 200., 50)}, addComputationIndex=True,
                           resultsFile=resultsFile, showProgress=False)


def test_parameter_grid_is_exudyns():
    """First parameter slowest; Exudyn's integer rule; computationIndex and functionData per run."""
    seen = []

    def Record(parameters):
        seen.append(parameters)
        return 0.

    parameterDict, _ = ParameterVariation(Record, {"mass": (1, 10, 2), "spring": (100., 10000., 3), "n": [1, 2]},
                                          useLogSpace=True, addComputationIndex=True,
                                          parameterFunctionData={"solver": 1}, showProgress=False)
    assert list(parameterDict["mass"]) == [1] * 6 + [10] * 6
    assert np.allclose(parameterDict["spring"], [100, 100, 1000, 1000, 10000, 10000] * 2)
    assert list(parameterDict["n"]) == [1, 2] * 6
    assert list(parameterDict["computationIndex"]) == list(range(12))
    assert type(seen[0]["mass"]) is int and type(seen[0]["spring"]) is float and type(seen[0]["n"]) is int
    assert seen[5] == {"mass": 1, "spring": seen[5]["spring"], "n": 2, "computationIndex": 5,
                       "functionData": {"solver": 1}}


def Paraboloid(parameters):
    """(x - 0.3)^2 + 2 (y + 0.7)^2 + 1: minimum 1 at (0.3, -0.7)."""
    return (parameters["x"] - 0.3) ** 2 + 2. * (parameters["y"] + 0.7) ** 2 + 1.


def test_genetic_optimization_finds_the_minimum_of_a_known_function():
    optimum, value, parameterList, valueList = GeneticOptimization(
        Paraboloid, {"x": (-2., 2.), "y": (-2., 2.)}, populationSize=30, numberOfGenerations=20, distanceFactorGenerations=5,
        randomizerInitialization=1, showProgress=False)
    assert abs(optimum["x"] - 0.3) < 1e-3 and abs(optimum["y"] + 0.7) < 1e-3
    assert value == pytest.approx(1., abs=1e-5)
    assert len(valueList) == len(parameterList["x"]) == 20 * 30
    assert value == min(valueList)


def test_minimize_finds_the_minimum_of_a_known_function():
    optimum, value, parameterList, valueList = Minimize(Paraboloid, {"x": (-2., 2.), "y": (-2., 2.)}, tol=1e-10,
                                                        showProgress=False)
    assert optimum["x"] == pytest.approx(0.3, abs=1e-5) and optimum["y"] == pytest.approx(-0.7, abs=1e-5)
    assert value == pytest.approx(1., abs=1e-9)
    assert len(parameterList["x"]) == len(valueList) and valueList[-1] == pytest.approx(value)


@pytest.mark.parametrize("sampler", ["TPE", "CMA-ES"])
def test_optimize_finds_the_minimum_of_a_known_function(sampler):
    optimum, value, parameterList, valueList = Optimize(Paraboloid, {"x": (-2., 2.), "y": (-2., 2.)},
                                                        numberOfTrials=150, sampler=sampler, seed=3,
                                                        showProgress=False)
    assert abs(optimum["x"] - 0.3) < 0.05 and abs(optimum["y"] + 0.7) < 0.05
    assert value == pytest.approx(1., abs=5e-3) and value == min(valueList) and len(valueList) == 150


def test_genetic_optimization_finds_the_damping_of_a_given_decay():
    targetDamping = 2.4  # [N*m*s/rad]
    optimum, value, _, _ = GeneticOptimization(
        torsionalStudy.DecayMismatch, {"damping": (0.5, 5.)}, populationSize=12, numberOfGenerations=25,
        parameterFunctionData={"targetDamping": targetDamping}, randomizerInitialization=0, distanceFactor=0,
        showProgress=False)
    assert abs(optimum["damping"] / targetDamping - 1.) < 1e-3
    assert value < 1e-4  # [rad] of 0.1 rad (the time integration's error: h = 1 ms)


def test_optimize_finds_stiffness_and_damping_of_a_given_decay():
    targetStiffness, targetDamping = 320., 2.4  # [N*m/rad], [N*m*s/rad]
    with futures.ThreadPoolExecutor(2) as executor:
        optimum, value, _, _ = Optimize(
            torsionalStudy.DecayMismatch, {"stiffness": (200., 500.), "damping": (0.5, 5.)}, numberOfTrials=250,
            sampler="CMA-ES", seed=1, parameterFunctionData={"targetStiffness": targetStiffness,
                                                             "targetDamping": targetDamping},
            executor=executor, showProgress=False)
    assert abs(optimum["damping"] / targetDamping - 1.) < 1e-3
    assert abs(optimum["stiffness"] / targetStiffness - 1.) < 1e-4


def test_optimize_resumes_from_its_storage(workDir):
    storage = str(workDir / "study.journal")
    calls = []

    def Counted(parameters):
        calls.append(parameters)
        return Paraboloid(parameters)

    Optimize(Counted, {"x": (-2., 2.), "y": (-2., 2.)}, numberOfTrials=20, seed=1, storage=storage, studyName="p",
             showProgress=False)
    optimum, value, parameterList, valueList = Optimize(Counted, {"x": (-2., 2.), "y": (-2., 2.)}, numberOfTrials=30,
                                                        seed=1, storage=storage, studyName="p", showProgress=False)
    assert len(calls) == 30 and len(valueList) == 30  # 20 stored, 10 new
    assert value == min(valueList)
    # a trial left running by a stop (here: asked and never told) is run again with its parameters
    import optuna
    from multidyn.analysis.optunaOptimize import _Storage
    study = optuna.load_study(study_name="p", storage=_Storage(storage))
    stale = study.ask({"x": optuna.distributions.FloatDistribution(-2., 2.),
                       "y": optuna.distributions.FloatDistribution(-2., 2.)})
    _, _, parameterList, valueList = Optimize(Counted, {"x": (-2., 2.), "y": (-2., 2.)}, numberOfTrials=31, seed=1,
                                              storage=storage, studyName="p", showProgress=False)
    assert len(calls) == 31 and calls[-1] == stale.params  # the one new run: the stale trial's parameters
    assert len(valueList) == 31 and not np.any(np.isnan(valueList))


def test_sensitivities_are_the_exact_derivatives_of_a_quadratic():
    def Outputs(parameters):  # d/dx = (2 a x, 1), d/dy = (1, 3 y^2)
        x, y = parameters["x"], parameters["y"]
        return [1.5 * x ** 2 + y, x + y ** 3]

    parameterList, valRef, valuesSorted, sensitivity = ComputeSensitivities(
        Outputs, {"x": (2., 1e-3, 2), "y": (0.5, 1e-4, 0)}, showProgress=False)
    assert len(parameterList) == 1 + 4 + 1 and parameterList[0] == {"x": 2., "y": 0.5}
    assert np.allclose(valRef, [6.5, 2.125])
    assert valuesSorted["x"].shape == (4, 2) and valuesSorted["y"].shape == (1, 2)
    assert sensitivity[0] == pytest.approx([6., 1.], rel=1e-9)  # central difference: exact for a quadratic
    assert sensitivity[1] == pytest.approx([1., 0.75], rel=1e-3)  # forward difference, step 5e-5
    scaled = ComputeSensitivities(Outputs, {"x": (2., 1e-3, 2), "y": (0.5, 1e-4, 0)}, scaledByReference=True,
                                  showProgress=False)[3]
    assert scaled[0] == pytest.approx([12., 2.], rel=1e-9)


def test_bad_input_is_refused_before_any_run():
    calls = []

    def Counted(parameters):
        calls.append(parameters)
        return 0.

    with pytest.raises(ValueError, match=r"ParameterVariation: parameter 'mass': the list of values is empty"):
        ParameterVariation(Counted, {"mass": []})
    with pytest.raises(ValueError, match=r"ParameterVariation: parameter 'mass': numberOfValues .* positive"):
        ParameterVariation(Counted, {"mass": (1., 2., 0)})
    with pytest.raises(ValueError, match=r"ParameterVariation: parameter 'mass': a range must be .* real numbers"):
        ParameterVariation(Counted, {"mass": ("a", 2., 3)})
    with pytest.raises(ValueError, match=r"'mass': expected a list of finite real numbers"):
        ParameterVariation(Counted, {"mass": [1., "heavy"]})
    with pytest.raises(ValueError, match=r"ParameterVariation: parameter 'parameters': expected a non-empty dict"):
        ParameterVariation(Counted, {})
    with pytest.raises(TypeError, match=r"ParameterVariation: parameter 'executor': expected a "
                                        r"concurrent.futures.Executor"):
        ParameterVariation(Counted, {"mass": [1.]}, executor="local")
    with pytest.raises(TypeError, match=r"ParameterVariation: parameter 'parameterFunction': expected a function"):
        ParameterVariation(3., {"mass": [1.]})
    with pytest.raises(TypeError, match=r"unexpected keyword argument\(s\) 'numberOfThread'"):
        ParameterVariation(Counted, {"mass": [1.]}, numberOfThread=2)
    with pytest.raises(ValueError, match=r"GeneticOptimization: parameter 'x': the range \(1.0, 1.0\) is empty"):
        GeneticOptimization(Counted, {"x": (1., 1.)})
    with pytest.raises(ValueError, match=r"Optimize: parameter 'x': the range"):
        Optimize(Counted, {"x": (2., 1.)})
    with pytest.raises(TypeError, match=r"Optimize: parameter 'executor'"):
        Optimize(Counted, {"x": (0., 1.)}, executor=object())
    with pytest.raises(ValueError, match=r"Minimize: parameter 'initialGuess': expected 1 finite real numbers"):
        Minimize(Counted, {"x": (0., 1.)}, initialGuess=[0.1, 0.2])
    assert calls == []

    # a function that does not return numbers: refused at its first result (the earliest it can be
    # known), naming the function
    def Words(parameters):
        return "far"

    with pytest.raises(TypeError, match=r"GeneticOptimization: the objective function Words returned 'far'"):
        GeneticOptimization(Words, {"x": (0., 1.)}, populationSize=4, numberOfGenerations=1, showProgress=False)


def test_the_progress_bar_counts_runs_done_and_failed(capsys):
    def HalfFail(parameters):
        if parameters["x"] > 0.5:
            raise ValueError("too large")
        return parameters["x"]

    with pytest.warns(RuntimeWarning):
        ParameterVariation(HalfFail, {"x": (0., 1., 4)}, showProgress=True)
    error = capsys.readouterr().err
    assert "4/4" in error and "failed=2" in error


def test_a_genetic_optimization_resumes_from_its_results_file(workDir):
    calls = []

    def Counted(parameters):
        calls.append(parameters)
        return Paraboloid(parameters)

    study = dict(parameters={"x": (-2., 2.), "y": (-2., 2.)}, populationSize=10, numberOfGenerations=4,
                 randomizerInitialization=5, resultsFile=str(workDir / "ga.txt"), showProgress=False)
    first = GeneticOptimization(Counted, **study)
    assert len(calls) == 40
    second = GeneticOptimization(Counted, **study)
    assert len(calls) == 40  # every individual was found in the file
    assert second[0] == first[0] and second[1] == first[1] and second[3] == first[3]
