"""Optimize: Exudyn-style optimization on Optuna (TPE or CMA-ES samplers, resumable storage),
running its trials on the executors of the other studies (serial, process or thread pool, Dask).

Trials are asked in batches of ``batchSize`` (by default the number of workers), run together on
the executor and told to the study when the batch is done; a trial that raises or kills its worker
is told as failed and the optimization goes on. With ``storage`` (an Optuna storage URL such as
``'sqlite:///study.db'``, a file name for Optuna's journal file storage, or a storage object) and
``studyName``, a study that was stopped resumes: its finished trials count, and trials left running
by the stop are run again.
"""
import math
import os

import numpy as np

from multidyn.analysis import studyRunner
from multidyn.analysis.processing import (CheckedFunction, ScalarObjective, _CheckedObjectiveValue,
                                          _CheckedParameterDict, _IsRealNumber, _ReportFailures)

_samplerNames = {"tpe": "TPE", "cma-es": "CMA-ES", "cmaes": "CMA-ES", "random": "Random"}


def _Distributions(parameters, where):
    """Optuna distributions: (low, high) real, (low, high, 'log') log-uniform, (low, high, 'int')
    integers, [a, b, ...] categorical."""
    import optuna.distributions as d
    distributions = {}
    for key, value in parameters.items():
        if isinstance(value, list):
            if not value:
                raise ValueError(f"{where}: parameter '{key}': the list of choices is empty")
            distributions[key] = d.CategoricalDistribution(value)
            continue
        kind = value[2] if isinstance(value, tuple) and len(value) == 3 else "float"
        if (not isinstance(value, tuple) or len(value) not in (2, 3) or not _IsRealNumber(value[0])
                or not _IsRealNumber(value[1]) or kind not in ("float", "log", "int")):
            raise ValueError(f"{where}: parameter '{key}': expected (low, high), (low, high, 'log'), (low, high, "
                             f"'int') or a list of choices, got {value!r:.80}")
        low, high = value[0], value[1]
        if not low < high:
            raise ValueError(f"{where}: parameter '{key}': the range {value[:2]!r} is empty (low < high is required)")
        if kind == "log" and low <= 0:
            raise ValueError(f"{where}: parameter '{key}': a log range needs low > 0, got {value!r}")
        if kind == "int":
            distributions[key] = d.IntDistribution(int(low), int(high))
        else:
            distributions[key] = d.FloatDistribution(float(low), float(high), log=kind == "log")
    return distributions


def _Sampler(sampler, seed, where):
    import optuna
    if not isinstance(sampler, str):
        if isinstance(sampler, optuna.samplers.BaseSampler):
            return sampler
        raise TypeError(f"{where}: parameter 'sampler': expected 'TPE', 'CMA-ES', 'Random' or an optuna sampler, "
                        f"got {type(sampler).__name__}")
    name = _samplerNames.get(sampler.lower())
    if name is None:
        raise ValueError(f"{where}: parameter 'sampler': expected 'TPE', 'CMA-ES', 'Random' or an optuna sampler, "
                         f"got {sampler!r}")
    if name == "TPE":
        return optuna.samplers.TPESampler(seed=seed)
    if name == "CMA-ES":
        return optuna.samplers.CmaEsSampler(seed=seed)
    return optuna.samplers.RandomSampler(seed=seed)


def _Storage(storage):
    import optuna
    if storage is None or not isinstance(storage, (str, os.PathLike)):
        return storage
    storage = os.fspath(storage)
    if "://" in storage:
        return storage
    # a file name: Optuna's journal file storage (no database needed, safe for several processes)
    try:
        from optuna.storages.journal import JournalFileBackend
    except ImportError:  # optuna < 4
        from optuna.storages import JournalFileStorage as JournalFileBackend
    return optuna.storages.JournalStorage(JournalFileBackend(storage))


def _BatchSize(executor, study):
    workers = studyRunner._WorkerCount(study.executor)
    if workers:
        return workers
    client = getattr(executor, "_client", None)  # Dask's ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # noqa: BLE001 (not connected yet: a default)
            pass
    return 1 if isinstance(study.executor, studyRunner._SerialExecutor) else (os.cpu_count() or 1)


def Optimize(objectiveFunction, parameters, numberOfTrials=100, sampler="TPE", seed=None, storage=None,
             studyName=None, executor=None, useMultiProcessing=False, numberOfThreads=None, batchSize=None,
             showProgress=True, addComputationIndex=False, parameterFunctionData={}, returnStudy=False,
             returnDataFrame=False):
    """Minimum of objectiveFunction(parameterDict) with Optuna.

    parameters: {name: (low, high)}, (low, high, 'log'), (low, high, 'int') or a list of choices.
    numberOfTrials: trials in all (those already in a resumed study count). sampler: 'TPE',
    'CMA-ES', 'Random' or an optuna sampler; seed: the sampler's seed. storage, studyName: a
    resumable study (see the module's text). Array values are minimized by their 2-norm.

    Returns [optimumParameter, optimumValue, parameterList, valueList] as GeneticOptimization
    (parameterList and valueList over all trials, failed ones NaN), then the optuna Study with
    returnStudy=True and a DataFrame (one row per trial) with returnDataFrame=True.
    """
    where = "Optimize"
    try:
        import optuna
    except ImportError as error:
        raise ImportError(f"{where} needs optuna: pip install optuna (or multidyn[studies])") from error
    CheckedFunction(objectiveFunction, where, "objectiveFunction")
    _CheckedParameterDict(parameters, where)
    distributions = _Distributions(parameters, where)
    if isinstance(numberOfTrials, bool) or not isinstance(numberOfTrials, (int, np.integer)) or numberOfTrials < 1:
        raise ValueError(f"{where}: parameter 'numberOfTrials': expected a positive integer, got {numberOfTrials!r:.40}")
    studyRunner.CheckedExecutor(executor, where)
    numberOfThreads = studyRunner.CheckedNumberOfThreads(numberOfThreads, where)
    if batchSize is not None and (isinstance(batchSize, bool) or not isinstance(batchSize, int) or batchSize < 1):
        raise ValueError(f"{where}: parameter 'batchSize': expected a positive integer or None, got {batchSize!r:.40}")
    optunaSampler = _Sampler(sampler, seed, where)

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optunaSampler, storage=_Storage(storage),
                                study_name=studyName, load_if_exists=storage is not None)
    # trials left running when a stopped study was resumed: asked again with their parameters; the
    # old ones are closed as failed and marked, so that they count nowhere
    for trial in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        study.enqueue_trial(trial.params, skip_if_exists=False)
        study._storage.set_trial_user_attr(trial._trial_id, "requeued", True)
        study._storage.set_trial_state_values(trial._trial_id, state=optuna.trial.TrialState.FAIL)

    def FinishedTrials():
        return [trial for trial in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,
                                                                            optuna.trial.TrialState.FAIL))
                if not trial.user_attrs.get("requeued")]

    finished = len(FinishedTrials())
    remaining = max(0, numberOfTrials - finished)
    functionName = getattr(objectiveFunction, "__name__", "objectiveFunction")

    records = []
    with studyRunner.StudyRun(objectiveFunction, where, executor=executor, useMultiProcessing=useMultiProcessing,
                              numberOfThreads=numberOfThreads, showProgress=False) as run:
        size = batchSize or _BatchSize(executor, run)
        progress = studyRunner._Progress(showProgress, numberOfTrials, finished, f"Optimize ({optunaSampler.__class__.__name__})")
        try:
            while remaining > 0:
                trials = [study.ask(distributions) for _ in range(min(size, remaining))]
                runs = []
                for trial in trials:
                    parameterSet = dict(trial.params)
                    if addComputationIndex:
                        parameterSet["computationIndex"] = trial.number
                    if parameterFunctionData:
                        parameterSet["functionData"] = parameterFunctionData
                    runs.append((trial.number, parameterSet))
                for trial, record in zip(trials, run.Run(runs)):
                    try:
                        _CheckedObjectiveValue(record, where, functionName)
                    except TypeError:
                        study.tell(trial, state=optuna.trial.TrialState.FAIL)
                        raise
                    value = None if record.failed else ScalarObjective(record.value)
                    if value is None or not math.isfinite(value):
                        if not record.failed:
                            record.status, record.message = studyRunner.STATUS_FAILED, f"non-finite value {value}"
                        trial.set_user_attr("error", record.message)
                        study.tell(trial, state=optuna.trial.TrialState.FAIL)
                    else:
                        study.tell(trial, value)
                    records.append(record)
                    progress.Update(record)
                remaining -= len(trials)
        finally:
            progress.Close()
    _ReportFailures(records, where)

    allTrials = FinishedTrials()
    if not any(trial.state == optuna.trial.TrialState.COMPLETE for trial in allTrials):
        raise RuntimeError(f"{where}: all {len(allTrials)} trials failed; the first error: "
                           f"{next((r.message for r in records if r.failed), 'unknown')}")
    best = study.best_trial
    parameterList = {key: np.array([trial.params.get(key, np.nan) for trial in allTrials], dtype=float)
                     if not isinstance(parameters[key], list) else [trial.params.get(key) for trial in allTrials]
                     for key in parameters}
    valueList = [trial.value if trial.state == optuna.trial.TrialState.COMPLETE else np.nan for trial in allTrials]
    result = [dict(best.params), best.value, parameterList, valueList]
    if returnStudy:
        result.append(study)
    if returnDataFrame:
        result.append(studyRunner.DataFrame(records, list(parameters)))
    return result
