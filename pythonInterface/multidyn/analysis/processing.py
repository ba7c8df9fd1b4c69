"""Parameter studies with the functions, arguments and results of Exudyn's ``exudyn.processing``:
ParameterVariation, GeneticOptimization, Minimize, ComputeSensitivities and their plots, plus
Optimize on Optuna (``optunaOptimize``).

Beyond Exudyn, every study takes ``executor=``, any ``concurrent.futures.Executor`` (a process or
thread pool, Dask's ``client.get_executor()``, mpi4py's MPIPoolExecutor); without it,
``useMultiProcessing=True`` runs on a local process pool of ``numberOfThreads`` workers and
``useMultiProcessing=False`` in this process, as in Exudyn. A run that raises or kills its worker
is recorded (NaN value, status, message) and the study goes on; ``resultsFile`` is written as runs
finish and resumes a study; ``returnDataFrame=True`` adds a pandas DataFrame (one row per run) to
the results. See docs/processing.md.
"""
import math
import numbers
import time
import warnings

import numpy as np

from multidyn.analysis import studyRunner
from multidyn.api.argumentChecks import IsInteger

# Exudyn's keywords that its functions take through **kwargs; others are refused (a misspelt
# keyword would otherwise be ignored silently)
_exudynKeywords = {"useMPI", "useDispyWebMonitor", "clusterHostNames", "numberOfThreads", "resultsFile",
                   "initialPopulationSize", "randomizerInitialization", "numberOfChildren", "survivingIndividuals",
                   "useScipyBounds", "args"}


def _Print(*arguments, **keywords):
    from multidyn.api.console import Print
    Print(*arguments, **keywords)


def _CheckKeywords(kwargs, where, extra=()):
    unknown = sorted(set(kwargs) - _exudynKeywords - set(extra))
    if unknown:
        raise TypeError(f"{where}: unexpected keyword argument(s) {', '.join(map(repr, unknown))}")


def _IsRealNumber(value):
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) and math.isfinite(value)


def CheckedFunction(function, where, name):
    """function if it is callable; a TypeError naming where and the parameter otherwise."""
    if not callable(function):
        raise TypeError(f"{where}: parameter '{name}': expected a function f(parameterDict), got "
                        f"{type(function).__name__}")
    return function


def _CheckedParameterDict(parameters, where):
    if not isinstance(parameters, dict) or not parameters:
        raise ValueError(f"{where}: parameter 'parameters': expected a non-empty dict of parameter names and "
                         f"ranges, got {parameters!r:.80}")
    for key in parameters:
        if not isinstance(key, str):
            raise TypeError(f"{where}: parameter 'parameters': names must be str, got {key!r:.40}")
        if key in ("functionData", "computationIndex"):
            raise ValueError(f"{where}: parameter 'parameters': '{key}' is a reserved name")


def _CheckedMode(where, executor, useMultiProcessing, numberOfThreads, kwargs):
    """(numberOfThreads, useMPI) as the keywords ask, checked before any run."""
    studyRunner.CheckedExecutor(executor, where)
    numberOfThreads = studyRunner.CheckedNumberOfThreads(numberOfThreads, where)
    if kwargs.get("clusterHostNames"):
        _Print(f"{where}: clusterHostNames (dispy) is not supported: give executor=client.get_executor() of a Dask "
               "client (docs/processing.md); running on this computer")
    useMPI = bool(kwargs.get("useMPI")) and executor is None and useMultiProcessing
    if useMPI:
        try:
            import mpi4py.futures  # noqa: F401
        except ImportError:
            _Print(f"WARNING: {where}: mpi4py is not installed; using a local process pool instead")
            useMPI = False
    return numberOfThreads, useMPI


def _ReportFailures(records, where):
    summary = studyRunner.FailureSummary(records, where)
    if summary:
        _Print(summary)
        warnings.warn(summary.splitlines()[0], RuntimeWarning, stacklevel=3)


def _Run(where, parameterFunction, parameterSets, parameterNames, header, executor, useMultiProcessing,
         numberOfThreads, useMPI, resultsFile, showProgress, description):
    """Runs the parameter sets: their records."""
    with studyRunner.StudyRun(parameterFunction, where, executor=executor, useMultiProcessing=useMultiProcessing,
                              numberOfThreads=numberOfThreads, useMPI=useMPI, resultsFile=resultsFile,
                              resultsFileHeader=dict(header, parameterNames=parameterNames),
                              showProgress=showProgress, description=description) as study:
        records = study.Run(list(enumerate(parameterSets)))
    _ReportFailures(records, where)
    return records


# ---- ParameterVariation -------------------------------------------------------------------------------------
def _VariationSpaces(parameters, useLogSpace, where):
    """{name: (values, isInteger)} for Exudyn's ranges (begin, end, numberOfValues) and value lists."""
    spaces = {}
    for key, value in parameters.items():
        if isinstance(value, tuple):
            if len(value) != 3 or not all(_IsRealNumber(entry) for entry in value):
                raise ValueError(f"{where}: parameter '{key}': a range must be (begin, end, numberOfValues) with "
                                 f"finite real numbers, got {value!r:.80}")
            begin, end, count = value
            if count != int(count) or count < 1:
                raise ValueError(f"{where}: parameter '{key}': numberOfValues in (begin, end, numberOfValues) must "
                                 f"be a positive integer, got {count!r}")
            if begin > end:
                raise ValueError(f"{where}: parameter '{key}': in (begin, end, numberOfValues) begin <= end is "
                                 f"required, got {value!r}")
            if useLogSpace and begin <= 0:
                raise ValueError(f"{where}: parameter '{key}': useLogSpace=True needs begin > 0, got {value!r}")
            count = int(count)
            # Exudyn's rule: integer bounds whose (end - begin + 1)/count is an integer give integer values
            step = (end - begin + 1) / count
            isInteger = IsInteger(begin) and IsInteger(end) and step == int(step)
            space = (np.logspace(np.log10(begin), np.log10(end), count) if useLogSpace
                     else np.linspace(begin, end, count))
        elif isinstance(value, list):
            if not value:
                raise ValueError(f"{where}: parameter '{key}': the list of values is empty")
            if not all(_IsRealNumber(entry) for entry in value):
                raise ValueError(f"{where}: parameter '{key}': expected a list of finite real numbers, got "
                                 f"{value!r:.80}")
            space = value
            isInteger = all(IsInteger(entry) for entry in value)
        else:
            raise ValueError(f"{where}: parameter '{key}': parameters must contain a tuple with a range (begin, end, "
                             f"numberOfValues) or a list of values [v0, v1, v2, ...], got {value!r:.80}")
        spaces[key] = (space, isInteger)
    return spaces


def ParameterVariation(parameterFunction, parameters, useLogSpace=False, debugMode=False, addComputationIndex=False,
                       useMultiProcessing=False, showProgress=True, parameterFunctionData={}, clusterHostNames=[],
                       numberOfThreads=None, resultsFile='', executor=None, returnDataFrame=False, **kwargs):
    """Calls parameterFunction(parameterDict) for every combination of the parameters' values.

    parameters: {name: (begin, end, numberOfValues)} (np.linspace, or np.logspace with useLogSpace)
    or {name: [v0, v1, ...]}; the first parameter varies slowest. parameterDict holds the values of
    one run, 'computationIndex' (the run's number) with addComputationIndex, and 'functionData'
    (parameterFunctionData) when that is not empty.

    Returns [parameterDict, values]: the values of each parameter per run (numpy arrays) and the
    function's values (a numpy array when they are numbers or arrays of one shape; NaN for runs that
    failed); with returnDataFrame=True also a pandas DataFrame, one row per run (parameters, values,
    status, error, time).
    """
    where = "ParameterVariation"
    _CheckKeywords(kwargs, where)
    CheckedFunction(parameterFunction, where, "parameterFunction")
    _CheckedParameterDict(parameters, where)
    kwargs["clusterHostNames"] = clusterHostNames
    numberOfThreads, useMPI = _CheckedMode(where, executor, useMultiProcessing, numberOfThreads, kwargs)
    spaces = _VariationSpaces(parameters, useLogSpace, where)

    counts = [len(space) for space, _ in spaces.values()]
    numberOfRuns = int(np.prod(counts))
    if debugMode:
        _Print("number of variations =", numberOfRuns)
    parameterDict = {}
    for i, (key, (space, _)) in enumerate(spaces.items()):
        slower, faster = int(np.prod(counts[:i])), int(np.prod(counts[i + 1:]))
        parameterDict[key] = np.tile(np.repeat(np.asarray(space), faster), slower)
    if addComputationIndex:
        parameterDict["computationIndex"] = np.arange(numberOfRuns)
    if debugMode:
        _Print("parameterDict =", parameterDict)

    parameterSets = []
    for run in range(numberOfRuns):
        parameterSet = {key: (int(parameterDict[key][run]) if isInteger else float(parameterDict[key][run]))
                        for key, (_, isInteger) in spaces.items()}
        if addComputationIndex:
            parameterSet["computationIndex"] = run
        if parameterFunctionData:
            parameterSet["functionData"] = parameterFunctionData
        parameterSets.append(parameterSet)

    names = list(spaces) + (["computationIndex"] if addComputationIndex else [])
    records = _Run(where, parameterFunction, parameterSets, names,
                   {"fileType": "parameter variation", "parameters": parameters, "functionData": parameterFunctionData},
                   executor, useMultiProcessing, numberOfThreads, useMPI, resultsFile, showProgress, "ParameterVariation")
    values = studyRunner.ValuesAsArray(studyRunner.ValuesWithNaN(records))
    result = [parameterDict, values]
    if returnDataFrame:
        result.append(studyRunner.DataFrame(records, names))
    return result


# ---- GeneticOptimization ------------------------------------------------------------------------------------
def _CheckedRanges(parameters, where):
    """{name: (begin, end)} of search ranges with begin < end."""
    _CheckedParameterDict(parameters, where)
    ranges = {}
    for key, value in parameters.items():
        if (not isinstance(value, (tuple, list)) or len(value) != 2 or
                not all(_IsRealNumber(entry) for entry in value)):
            raise ValueError(f"{where}: parameter '{key}': expected a search range (begin, end) of finite real "
                             f"numbers, got {value!r:.80}")
        if value[1] - value[0] <= 0:
            raise ValueError(f"{where}: parameter '{key}': the range {tuple(value)!r} is empty or negative "
                             "(begin < end is required)")
        ranges[key] = (value[0], value[1])
    return ranges


def ScalarObjective(value):
    """Exudyn's scalar of an objective value: a float as it is, anything else by its 2-norm."""
    if isinstance(value, float):
        return value
    array = np.asarray(value, dtype=float).ravel()
    return float(np.sqrt(np.dot(array, array)))


def _CheckedObjectiveValue(record, where, functionName):
    """A TypeError (at the first run that returns it) for an objective that does not return numbers."""
    if record.failed or isinstance(record.value, float):
        return
    try:
        array = np.asarray(record.value, dtype=float)
    except (TypeError, ValueError):
        array = None
    if array is None or array.size == 0:
        raise TypeError(f"{where}: the objective function {functionName} returned {record.value!r:.80} for "
                        f"{record.parameters}; expected a number or a list/array of numbers")


def _RandomInRange(distribution, low, high, lowest, highest):
    """A random number from the distribution on [low, high], drawn again until it lies in [lowest, highest]."""
    while True:
        if distribution == "uniform":
            value = np.random.uniform(low, high)
        else:
            value = np.random.normal(loc=0.5 * (low + high), scale=0.5 * (high - low))
        if lowest <= value <= highest:
            return value


def _SortedCandidates(scalars):
    """Indices of the candidates by increasing value (ties by index; failed runs, NaN, last)."""
    return sorted(range(len(scalars)), key=lambda i: (math.isnan(scalars[i]), scalars[i] if not math.isnan(scalars[i])
                                                       else 0., i))


def _Survivors(candidates, scalars, order, ranges, numberOfSurvivors, minimumDistance):
    """The best candidates; with minimumDistance > 0 only those at a relative distance (RMS over the
    parameters of the difference relative to the ranges) above it from all better survivors."""
    if minimumDistance == 0:
        chosen = order[:numberOfSurvivors]
    else:
        chosen = []
        distance = [1.] * len(candidates)
        for i in order:
            if len(chosen) == numberOfSurvivors:
                break
            if distance[i] <= minimumDistance:
                continue
            chosen.append(i)
            for k, other in enumerate(candidates):
                d = 0
                for key, (begin, end) in ranges.items():
                    d += (candidates[i][key] - other[key]) ** 2 / (end - begin) ** 2
                distance[k] = min(distance[k], np.sqrt(d / len(ranges)))
    return [candidates[i] for i in chosen], chosen


def _Children(survivors, ranges, populationSize, relativeRange, crossoverProbability, childDistribution):
    """The next population: children drawn around the survivors in ranges shrunk by relativeRange;
    with crossoverProbability, a pair of children from two survivors chosen at random (the random
    numbers are drawn in the order of Exudyn's implementation, so that a seed gives its results)."""
    population = []
    while len(population) < populationSize and survivors:
        for survivor in survivors:
            parents = [survivor]
            if crossoverProbability > 0 and np.random.random() < crossoverProbability:
                first, second = np.random.randint(len(survivors)), np.random.randint(len(survivors))
                parents = [survivors[first], survivors[second]]
                # Exudyn draws a gene mask here; every gene is then drawn around its parent anyway
                for _ in ranges:
                    np.random.random()
            for parent in parents:
                child = {}
                for key, (begin, end) in ranges.items():
                    width = end - begin
                    width *= relativeRange
                    low, high = max(parent[key] - 0.5 * width, begin), min(parent[key] + 0.5 * width, end)
                    child[key] = _RandomInRange(childDistribution, low, high, begin, end)
                if len(population) < populationSize:
                    population.append(child)
    return population


def GeneticOptimization(objectiveFunction, parameters, populationSize=100, numberOfGenerations=10, elitistRatio=0.1,
                        crossoverProbability=0.25, crossoverAmount=0.5, rangeReductionFactor=0.7, distanceFactor=0.1,
                        childDistribution="uniform", distanceFactorGenerations=-1, debugMode=False,
                        addComputationIndex=False, useMultiProcessing=False, showProgress=True, clusterHostNames=[],
                        parameterFunctionData={}, executor=None, returnDataFrame=False, **kwargs):
    """Minimum of objectiveFunction(parameterDict) by Exudyn's genetic algorithm.

    parameters: {name: (begin, end)} search ranges. Each generation of populationSize individuals is
    evaluated (on the executor); the best elitistRatio*populationSize survive (at a relative distance
    of distanceFactor from each other for the first distanceFactorGenerations generations) and give
    the children of the next generation, drawn around them in ranges that shrink by
    rangeReductionFactor per generation. kwargs: initialPopulationSize, randomizerInitialization (a
    seed of numpy's global random generator: the same seed gives Exudyn's results), resultsFile,
    numberOfThreads. A run that fails counts as worst.

    Returns [optimumParameter, optimumValue, parameterList, valueList] (plus a DataFrame with
    returnDataFrame=True): the best parameter set and its value (the 2-norm for array values), the
    parameters of every evaluated individual ({name: array}) and their values.
    """
    where = "GeneticOptimization"
    _CheckKeywords(kwargs, where)
    CheckedFunction(objectiveFunction, where, "objectiveFunction")
    ranges = _CheckedRanges(parameters, where)
    for name, value in (("populationSize", populationSize), ("numberOfGenerations", numberOfGenerations)):
        if not IsInteger(value) or value < 1:
            raise ValueError(f"{where}: parameter '{name}': expected a positive integer, got {value!r:.40}")
    if childDistribution not in ("uniform", "normal"):
        raise ValueError(f"{where}: parameter 'childDistribution': expected 'uniform' or 'normal', got "
                         f"{childDistribution!r:.40}")
    for name, value in (("elitistRatio", elitistRatio), ("crossoverProbability", crossoverProbability),
                        ("crossoverAmount", crossoverAmount), ("rangeReductionFactor", rangeReductionFactor),
                        ("distanceFactor", distanceFactor)):
        if not _IsRealNumber(value) or value < 0:
            raise ValueError(f"{where}: parameter '{name}': expected a real number >= 0, got {value!r:.40}")
    numberOfThreads, useMPI = _CheckedMode(where, executor, useMultiProcessing, kwargs.get("numberOfThreads"),
                                             dict(kwargs, clusterHostNames=clusterHostNames))
    initialPopulationSize = kwargs.get("initialPopulationSize", populationSize)
    if not IsInteger(initialPopulationSize) or initialPopulationSize < 1:
        raise ValueError(f"{where}: parameter 'initialPopulationSize': expected a positive integer, got "
                         f"{initialPopulationSize!r:.40}")
    if "numberOfChildren" in kwargs:
        _Print(f"{where}: deprecated and unused parameter numberOfChildren; use populationSize and elitistRatio")
    numberOfSurvivors = kwargs.get("survivingIndividuals", int(elitistRatio * populationSize))
    if numberOfSurvivors < 1:
        numberOfSurvivors = 1
        _Print(f"WARNING: elitistRatio*populationSize < 1. Setting elitistRatio= {1 / populationSize}\n")
    if distanceFactor >= 1:
        distanceFactor = 0.5
        _Print("WARNING: distanceFactor >= 1, setting distanceFactor = 0.5\n")
    if distanceFactorGenerations < 0:
        distanceFactorGenerations = numberOfGenerations + 1  # never inactive
    if "randomizerInitialization" in kwargs:
        seed = kwargs["randomizerInitialization"]
        if not IsInteger(seed) or not 0 <= seed < 2 ** 32:
            raise ValueError(f"{where}: parameter 'randomizerInitialization': expected an integer in [0, 2**32), "
                             f"got {seed!r:.40}")
        np.random.seed(seed)
    if useMultiProcessing and executor is None:
        _Print("number of threads used =", numberOfThreads, flush=True)

    population = [{key: np.random.uniform(begin, end) for key, (begin, end) in ranges.items()}
                  for _ in range(initialPopulationSize)]
    if debugMode:
        _Print("initial population =", population if initialPopulationSize <= 50 else f"{initialPopulationSize} individuals")

    names = list(ranges) + (["computationIndex"] if addComputationIndex else [])
    header = {"fileType": "genetic optimization", "parameters": parameters, "functionData": parameterFunctionData,
              "parameterNames": names}
    allParameters, allValues, allRecords = [], [], []
    survivors, survivorValues = [], []
    globalIndex = 0
    with studyRunner.StudyRun(objectiveFunction, where, executor=executor, useMultiProcessing=useMultiProcessing,
                              numberOfThreads=numberOfThreads, useMPI=useMPI, resultsFile=kwargs.get("resultsFile", ""),
                              resultsFileHeader=header, showProgress=showProgress) as study:
        for generation in range(numberOfGenerations):
            study.description = f"generation {generation + 1}/{numberOfGenerations}"
            runs = []
            for i, individual in enumerate(population):
                parameterSet = dict(individual)
                if addComputationIndex:
                    parameterSet["computationIndex"] = i
                if parameterFunctionData:
                    parameterSet["functionData"] = parameterFunctionData
                runs.append((globalIndex + i, parameterSet))
            globalIndex += len(runs)
            records = study.Run(runs)
            for record in records:
                _CheckedObjectiveValue(record, where, getattr(objectiveFunction, "__name__", "objectiveFunction"))
            values = studyRunner.ValuesWithNaN(records)
            allParameters += population
            allValues += values
            allRecords += records

            candidates = population + survivors
            candidateValues = values + survivorValues
            scalars = [ScalarObjective(value) for value in candidateValues]
            order = _SortedCandidates(scalars)
            if generation == numberOfGenerations - 1:
                optimumParameter = dict(candidates[order[0]])
                optimumValue = scalars[order[0]]
                break
            useDistance = distanceFactor != 0 and generation < distanceFactorGenerations
            survivors, chosen = _Survivors(candidates, scalars, order, ranges, numberOfSurvivors,
                                           distanceFactor if useDistance else 0)
            survivorValues = [candidateValues[i] for i in chosen]
            if debugMode:
                _Print("\nbest values=", [(scalars[i], i) for i in order[:min(numberOfSurvivors, 4)]])
            if not survivors:
                _Print("WARNING: size of generation = 0, terminating (check your optimization parameters...)\n")
            population = _Children(survivors, ranges, populationSize, rangeReductionFactor ** (generation + 1),
                                   crossoverProbability, childDistribution)
    _ReportFailures(allRecords, where)
    if debugMode:
        _Print("===============\ntotal evaluations=", len(allValues))
        _Print("opt par=", optimumParameter, ", opt val=", optimumValue)
    parameterList = {key: np.array([individual[key] for individual in allParameters], dtype=float) for key in ranges}
    result = [optimumParameter, optimumValue, parameterList, allValues]
    if returnDataFrame:
        result.append(studyRunner.DataFrame(allRecords, names))
    return result


# ---- Minimize -----------------------------------------------------------------------------------------------
def Minimize(objectiveFunction, parameters, initialGuess=[], method='Nelder-Mead', tol=1e-4, options={},
             enforceBounds=True, debugMode=False, showProgress=True, addComputationIndex=False,
             storeFunctionValues=True, executor=None, returnDataFrame=False, **kwargs):
    """Minimum of objectiveFunction(parameterDict) by scipy.optimize.minimize, as Exudyn's Minimize.

    parameters: {name: (begin, end)}; the initial guess is the middle of the ranges unless given.
    enforceBounds clips the parameters to the ranges before each evaluation (unless
    useScipyBounds=True in kwargs gives them to scipy as bounds). After every iteration the
    parameters (and, with storeFunctionValues or a resultsFile, the objective's value there) are
    stored. Evaluations run one after the other (on the executor when one is given).

    Returns [optimumParameter, optimumValue, parameterList, valueList] (plus a DataFrame of all
    evaluations with returnDataFrame=True).
    """
    from scipy import optimize
    where = "Minimize"
    _CheckKeywords(kwargs, where)
    CheckedFunction(objectiveFunction, where, "objectiveFunction")
    ranges = _CheckedRanges(parameters, where)
    studyRunner.CheckedExecutor(executor, where)
    keys = list(ranges)
    bounds = tuple(ranges[key] for key in keys)
    guess = [float(np.mean(bound)) for bound in bounds] if len(initialGuess) == 0 else list(initialGuess)
    if len(guess) != len(keys) or not all(_IsRealNumber(value) for value in guess):
        raise ValueError(f"{where}: parameter 'initialGuess': expected {len(keys)} finite real numbers (one per "
                         f"parameter {keys}), got {initialGuess!r:.80}")
    if not isinstance(options, dict):
        raise TypeError(f"{where}: parameter 'options': expected a dict, got {type(options).__name__}")
    useScipyBounds = bool(kwargs.get("useScipyBounds", False))
    maxiter = options.get("maxiter", 200 * len(keys))
    resultsFile = kwargs.get("resultsFile", "")
    names = keys + (["computationIndex"] if addComputationIndex else [])
    header = {"fileType": f"optimization using scipy.optimize.minimize(method={method})", "parameters": parameters,
              "parameterNames": names}
    functionName = getattr(objectiveFunction, "__name__", "objectiveFunction")

    parameterValues = {key: [] for key in keys}
    valueList = []
    records = []
    iteration = [0]
    startTime = time.time()
    lastPrint = [startTime - 10]

    with studyRunner.StudyRun(objectiveFunction, where, executor=executor, resultsFile=resultsFile,
                              resultsFileHeader=header, showProgress=False) as study:
        def Evaluate(x):
            parameterSet = {key: x[i] for i, key in enumerate(keys)}
            if addComputationIndex:
                parameterSet["computationIndex"] = 0
            record = study.Run([(len(records), parameterSet)])[0]
            records.append(record)
            _CheckedObjectiveValue(record, where, functionName)
            return record

        def Objective(x):
            x = np.array(x, dtype=float)
            if not useScipyBounds and enforceBounds:
                x = np.clip(x, [min(b) for b in bounds], [max(b) for b in bounds])
            record = Evaluate(x)
            return math.inf if record.failed else record.value  # a failed run is worst for the optimizer

        def AfterIteration(x, lastTime=False):
            for i, key in enumerate(keys):
                parameterValues[key].append(x[i])
            value = None
            if storeFunctionValues or resultsFile:
                record = Evaluate(np.asarray(x, dtype=float))
                value = np.nan if record.failed else record.value
                valueList.append(value)
            iteration[0] += 1
            now = time.time()
            if showProgress and (now - lastPrint[0] > 1 or lastTime):
                lastPrint[0] = now
                spent = now - startTime
                toGo = spent / iteration[0] * (maxiter - iteration[0])
                loss = "" if value is None else f", loss: {ScalarObjective(value):.3g}"
                _Print(f"iteration {iteration[0]} / {maxiter}, time = {round(spent, 2)}s / {round(toGo, 2)}s{loss}")

        result = optimize.minimize(Objective, guess, method=method, bounds=bounds if useScipyBounds else None,
                                   callback=AfterIteration, tol=tol, options=options)
        AfterIteration(result["x"], lastTime=True)
    if debugMode:
        _Print("---------------------------------------\nsolver output:\n", result, "\n")
    _ReportFailures(records, where)
    optimumParameter = {key: result["x"][i] for i, key in enumerate(keys)}
    output = [optimumParameter, result["fun"], parameterValues, valueList]
    if returnDataFrame:
        output.append(studyRunner.DataFrame(records, names))
    return output


# ---- ComputeSensitivities -----------------------------------------------------------------------------------
def ComputeSensitivities(parameterFunction, parameters, scaledByReference=False, debugMode=False,
                         addComputationIndex=False, useMultiProcessing=False, showProgress=True,
                         parameterFunctionData=dict(), executor=None, returnDataFrame=False, **kwargs):
    """Sensitivities of the outputs of parameterFunction(parameterDict) to each parameter, one
    parameter at a time.

    parameters: {name: (referenceValue, relativeStep, n)}: with n > 0 the parameter is set to
    reference*(1 + j*relativeStep) for j = -n..-1, 1..n and the sensitivity is the central
    difference of the runs j = -1 and 1; with n = 0 (or (reference, relativeStep), or a bare
    reference value with step 1e-3) one forward difference. A value that becomes 0 is moved by
    max(relativeStep, 1e-6). scaledByReference multiplies the sensitivities by the reference values.

    Returns [parameterList, valRef, valuesSorted, sensitivity] (plus a DataFrame with
    returnDataFrame=True): the parameter sets run (the reference first), the reference's outputs,
    {name: outputs of that parameter's runs}, and sensitivity[i, j] = d output j / d parameter i.
    """
    where = "ComputeSensitivities"
    _CheckKeywords(kwargs, where)
    CheckedFunction(parameterFunction, where, "parameterFunction")
    _CheckedParameterDict(parameters, where)
    numberOfThreads, useMPI = _CheckedMode(where, executor, useMultiProcessing, kwargs.get("numberOfThreads"), kwargs)
    variations = {}
    for key, value in parameters.items():
        if not hasattr(value, "__iter__"):
            value = (value, 1e-3)
        value = tuple(value) + ((0,) if len(value) == 2 else ())
        if (len(value) != 3 or not _IsRealNumber(value[0]) or not _IsRealNumber(value[1]) or not IsInteger(value[2])
                or value[2] < 0):
            raise ValueError(f"{where}: parameter '{key}': expected (referenceValue, relativeStep, "
                             f"numberOfVariations >= 0) with finite numbers, got {parameters[key]!r:.80}")
        variations[key] = value

    reference = {key: value[0] for key, value in variations.items()}
    parameterList = [reference]
    for key, (_, step, count) in variations.items():
        if debugMode:
            _Print(f"Variate {key} by {step} each in {count} steps")
        factors = [1 + step] if count == 0 else [1 + j * step for j in list(range(-count, 0)) + list(range(1, count + 1))]
        for factor in factors:
            varied = dict(reference)
            varied[key] = varied[key] * factor
            if count != 0 and varied[key] == 0:
                varied[key] += max(step, 1e-6)
            parameterList.append(varied)
    if addComputationIndex:
        for i in range(1, len(parameterList)):
            parameterList[i]["computationIndex"] = i
    if parameterFunctionData:
        for parameterSet in parameterList:
            parameterSet["functionData"] = parameterFunctionData

    names = list(variations) + (["computationIndex"] if addComputationIndex else [])
    records = _Run(where, parameterFunction, parameterList, names,
                   {"fileType": "sensitivity analysis", "parameters": variations, "functionData": parameterFunctionData},
                   executor, useMultiProcessing, numberOfThreads, useMPI, kwargs.get("resultsFile", ""), showProgress,
                   "ComputeSensitivities")
    values = studyRunner.ValuesWithNaN(records)
    for record in records:
        _CheckedObjectiveValue(record, where, getattr(parameterFunction, "__name__", "parameterFunction"))
    values = np.array([np.atleast_1d(np.asarray(value, dtype=float)) for value in values])

    sensitivity = np.zeros((len(variations), values.shape[1]))
    valuesSorted = {}
    start = 1  # the first run of the current parameter
    for i, (key, (_, _, count)) in enumerate(variations.items()):
        if count == 0:
            forward, backward = start, 0
            valuesSorted[key] = values[start:start + 1]
        else:
            forward, backward = start + count, start + count - 1  # j = 1 and j = -1
            valuesSorted[key] = values[start:start + 2 * count]
        sensitivity[i] = ((values[forward] - values[backward]) /
                          (parameterList[forward][key] - parameterList[backward][key]))
        if scaledByReference:
            sensitivity[i] *= parameterList[0][key]
        start += max(2 * count, 1)
    result = [parameterList, values[0], valuesSorted, sensitivity]
    if returnDataFrame:
        result.append(studyRunner.DataFrame(records, names))
    return result
