"""Runs one parameter function for a list of parameter sets on any concurrent.futures executor.

The studies of ``multidyn.processing`` (ParameterVariation, GeneticOptimization, ...) hand their
runs to :func:`RunStudy`. It

* runs them serially in this process, on a local process pool of ``numberOfThreads`` workers, or
  on any ``concurrent.futures.Executor`` given as ``executor`` (a ThreadPoolExecutor, Dask's
  ``client.get_executor()``, mpi4py's MPIPoolExecutor, ...);
* records a run that raises as failed (value NaN, its status and message) and goes on;
* replaces a process pool whose worker died (``os._exit``, a segmentation fault): the pool is
  made again, the runs that were in flight are run again one at a time to find the one that
  kills its worker, which is recorded as crashed; the others complete;
* appends every finished run to ``resultsFile`` (``studyResultsFile``) and, given the same file
  again, takes the runs found there instead of running them again;
* shows a tqdm progress bar with the runs done and failed and the estimated time left.
"""
import collections
import concurrent.futures as futures
import os
import time
import traceback

import numpy as np

from multidyn.analysis import studyResultsFile

#: statuses of a run: its function returned, raised, or its worker process died
STATUS_OK, STATUS_FAILED, STATUS_CRASHED = "ok", "failed", "crashed"


class RunRecord:
    """One run of a study: its global index, parameter set, value, status, message and time [s]."""

    __slots__ = ("index", "parameters", "value", "status", "message", "seconds", "fromResultsFile")

    def __init__(self, index, parameters, value=None, status=STATUS_OK, message="", seconds=0., fromResultsFile=False):
        self.index, self.parameters, self.value = index, parameters, value
        self.status, self.message, self.seconds, self.fromResultsFile = status, message, seconds, fromResultsFile

    @property
    def failed(self):
        return self.status != STATUS_OK


def RunOne(parameterFunction, parameters):
    """Runs parameterFunction(parameters) in a worker: (value, status, message, seconds). An
    exception is caught here, so that only its text travels back (it may not be picklable)."""
    start = time.perf_counter()
    try:
        value = parameterFunction(parameters)
        return value, STATUS_OK, "", time.perf_counter() - start
    except Exception as error:  # noqa: BLE001 (any error of a run is recorded, the study goes on)
        lastFrame = traceback.extract_tb(error.__traceback__)[-1:]
        where = f" (in {lastFrame[0].name}, line {lastFrame[0].lineno})" if lastFrame else ""
        return None, STATUS_FAILED, f"{type(error).__name__}: {error}{where}", time.perf_counter() - start


class _SerialExecutor(futures.Executor):
    """Runs each submitted call at once in this process (Exudyn's useMultiProcessing=False)."""

    def submit(self, function, *arguments, **keywords):
        future = futures.Future()
        try:  # Ctrl-C (KeyboardInterrupt) stops the study at once
            future.set_result(function(*arguments, **keywords))
        except Exception as error:  # noqa: BLE001 (given to the study through the future)
            future.set_exception(error)
        return future


def CheckedExecutor(executor, where):
    """executor if it is a concurrent.futures.Executor (or None); a TypeError naming where otherwise."""
    if executor is not None and not isinstance(executor, futures.Executor):
        raise TypeError(f"{where}: parameter 'executor': expected a concurrent.futures.Executor (e.g. "
                        f"ProcessPoolExecutor(2), ThreadPoolExecutor(2) or a Dask client's get_executor()), "
                        f"got {type(executor).__name__}")
    return executor


def CheckedNumberOfThreads(numberOfThreads, where):
    """numberOfThreads as a positive int; None means the number of CPUs (as Exudyn)."""
    if numberOfThreads is None:
        return os.cpu_count() or 1
    if isinstance(numberOfThreads, bool) or not isinstance(numberOfThreads, (int, np.integer)) or numberOfThreads < 1:
        raise ValueError(f"{where}: parameter 'numberOfThreads': expected a positive integer or None, "
                         f"got {numberOfThreads!r:.60}")
    return int(numberOfThreads)


def _WorkerCount(executor):
    """The number of workers of a local pool (ProcessPool-, ThreadPoolExecutor), else None."""
    count = getattr(executor, "_max_workers", None)
    return count if isinstance(count, int) and count > 0 else None


def _RemadeProcessPool(broken):
    """A new ProcessPoolExecutor with the settings of a broken one."""
    return futures.ProcessPoolExecutor(max_workers=_WorkerCount(broken), mp_context=getattr(broken, "_mp_context", None),
                                       initializer=getattr(broken, "_initializer", None),
                                       initargs=getattr(broken, "_initargs", ()))


class _Progress:
    """tqdm's bar (runs done, failed, time left) or nothing."""

    def __init__(self, show, total, initial, description):
        self.bar = None
        self.failed = 0
        if not show:
            return
        try:
            import tqdm
        except ImportError:
            return
        self.bar = tqdm.tqdm(total=total, initial=initial, desc=description, unit="run", dynamic_ncols=True,
                             leave=True)

    def Update(self, record):
        if record.failed:
            self.failed += 1
        if self.bar is not None:
            if self.failed:
                self.bar.set_postfix_str(f"failed={self.failed}", refresh=False)
            self.bar.update(1)

    def Close(self):
        if self.bar is not None:
            self.bar.close()


class StudyRun:
    """The runs of a study on one executor; Run() may be called several times (e.g. once per
    generation of a genetic optimization), with the same results file and executor."""

    def __init__(self, parameterFunction, where, executor=None, useMultiProcessing=False, numberOfThreads=None,
                 useMPI=False, resultsFile="", resultsFileHeader=None, showProgress=True, description="runs"):
        if not callable(parameterFunction):
            raise TypeError(f"{where}: the parameter function must be callable, "
                            f"got {type(parameterFunction).__name__}")
        self.parameterFunction = parameterFunction
        self.where = where
        self.showProgress = showProgress
        self.description = description
        self.ownsExecutor = executor is None and useMultiProcessing
        if executor is not None:
            self.executor = executor
        elif useMultiProcessing and useMPI:  # ranks of `mpiexec -n N python -m mpi4py.futures study.py`
            from mpi4py.futures import MPIPoolExecutor
            self.executor = MPIPoolExecutor()
        elif useMultiProcessing:
            self.executor = futures.ProcessPoolExecutor(max_workers=numberOfThreads)
        else:
            self.executor = _SerialExecutor()
        self.resultsFile = studyResultsFile.ResultsFile(resultsFile, resultsFileHeader, where) if resultsFile else None
        self.records = []  # every record of every Run(), in the order of the runs
        self.replacedExecutors = 0

    @property
    def mode(self):
        """How the runs are made, for the results file's header."""
        if isinstance(self.executor, _SerialExecutor):
            return "serial"
        return f"{type(self.executor).__name__}, workers={_WorkerCount(self.executor) or 'unknown'}"

    def Close(self):
        if self.ownsExecutor:
            self.executor.shutdown(wait=True)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.Close()

    # ---- running ----------------------------------------------------------------------------------------
    def Run(self, indexedParameterSets):
        """Runs [(globalIndex, parameterSet), ...]: their RunRecords, in the given order."""
        records = {}
        toRun = []
        for index, parameters in indexedParameterSets:
            stored = self.resultsFile.Stored(index, parameters) if self.resultsFile else None
            if stored is not None:
                records[index] = stored
            else:
                toRun.append((index, parameters))
        progress = _Progress(self.showProgress and len(indexedParameterSets) > 0, len(indexedParameterSets),
                             len(records), self.description)
        try:
            for record in self._Execute(toRun):
                records[record.index] = record
                if self.resultsFile:
                    self.resultsFile.Append(record, self.mode)
                progress.Update(record)
        finally:
            progress.Close()
        ordered = [records[index] for index, _ in indexedParameterSets]
        self.records += ordered
        return ordered

    def _Submit(self, parameters):
        return self.executor.submit(RunOne, self.parameterFunction, parameters)

    def _Execute(self, toRun):
        """Yields a RunRecord per run as runs finish."""
        pending = collections.deque(toRun)
        isolated = collections.deque()  # runs in flight when a worker died: run again one at a time
        inFlight = {}
        # a bounded number in flight on a local pool: few runs to retry when a worker dies; all at
        # once on others (Dask schedules them itself); one at a time in this process
        workers = _WorkerCount(self.executor)
        limit = 1 if isinstance(self.executor, _SerialExecutor) else (2 * workers if workers else max(len(toRun), 1))
        try:
            while pending or isolated or inFlight:
                queue, maxInFlight = (isolated, 1) if isolated else (pending, limit)
                while queue and len(inFlight) < maxInFlight:
                    index, parameters = queue.popleft()
                    inFlight[self._Submit(parameters)] = (index, parameters)
                done, _ = futures.wait(list(inFlight), return_when=futures.FIRST_COMPLETED)
                broken = []
                for future in done:
                    run = inFlight.pop(future)
                    record = self._Record(run, future, broken)
                    if record is not None:
                        yield record
                if broken:
                    # a worker died: the other futures of the pool fail too (or finished just before)
                    for future in list(inFlight):
                        record = self._Record(inFlight.pop(future), future, broken)
                        if record is not None:
                            yield record
                    self._ReplaceExecutor(broken)
                    if len(broken) == 1:  # it was alone in flight: it killed its worker
                        index, parameters = broken[0]
                        yield RunRecord(index, parameters, None, STATUS_CRASHED,
                                        "the worker process died while running this parameter set (os._exit, a "
                                        "segmentation fault, out of memory, ...); the worker was replaced", 0.)
                    else:  # which one did it: each is run again alone
                        isolated.extend(sorted(broken, key=lambda run: run[0]))
        finally:
            for future in inFlight:
                future.cancel()

    @staticmethod
    def _Record(run, future, broken):
        """The RunRecord of a finished future, or None (and the run added to broken) if its executor broke."""
        index, parameters = run
        try:
            value, status, message, seconds = future.result()
        except futures.BrokenExecutor:
            broken.append(run)
            return None
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # noqa: BLE001 (e.g. Dask's KilledWorker, a pickling error)
            # Dask gives up on a task that killed its workers again and again: KilledWorker
            status = STATUS_CRASHED if type(error).__name__ == "KilledWorker" else STATUS_FAILED
            value, message, seconds = None, f"{type(error).__name__}: {error}", 0.
        return RunRecord(index, parameters, value, status, message, seconds)

    def _ReplaceExecutor(self, broken):
        if isinstance(self.executor, futures.ProcessPoolExecutor):
            old = self.executor
            self.executor = _RemadeProcessPool(old)
            old.shutdown(wait=False)
            self.replacedExecutors += 1
            self.ownsExecutor = True  # the replacement is ours to shut down
            return
        raise RuntimeError(f"{self.where}: the executor {type(self.executor).__name__} broke (a worker died) and "
                           f"cannot be replaced; {len(broken)} runs were lost: use a ProcessPoolExecutor (which "
                           "is made again) or an executor that replaces its workers itself (Dask)")


def FailureSummary(records, where):
    """A text that says how many runs failed and why (None if none failed)."""
    failed = [record for record in records if record.failed]
    if not failed:
        return None
    lines = [f"{where}: {len(failed)} of {len(records)} runs failed (their values are NaN):"]
    for record in failed[:10]:
        shown = {key: value for key, value in record.parameters.items() if key != "functionData"}
        lines.append(f"  run {record.index} {shown}: {record.status}: {record.message}")
    if len(failed) > 10:
        lines.append(f"  ... and {len(failed) - 10} more (see the DataFrame: returnDataFrame=True)")
    return "\n".join(lines)


def NaNLike(template):
    """NaN in the shape of a successful run's value (NaN for a number, an array of NaN for arrays)."""
    if template is None:
        return np.nan
    try:
        array = np.asarray(template, dtype=float)
    except (TypeError, ValueError):
        return np.nan
    return np.nan if array.ndim == 0 else np.full(array.shape, np.nan)


def ValuesWithNaN(records):
    """The runs' values in order, NaN (or arrays of NaN) for failed runs."""
    template = next((record.value for record in records if not record.failed), None)
    nan = NaNLike(template)
    return [record.value if not record.failed else (nan.copy() if isinstance(nan, np.ndarray) else nan)
            for record in records]


def ValuesAsArray(values):
    """values as a float numpy array when they are numbers or arrays of one shape, else as a list."""
    if not values:
        return np.zeros(0)
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        return list(values)
    return array if array.shape[0] == len(values) else list(values)


def DataFrame(records, parameterNames):
    """A pandas DataFrame with one row per run: parameters, value(s), status, error and time [s]."""
    try:
        import pandas
    except ImportError as error:
        raise ImportError("returnDataFrame=True needs pandas: pip install pandas (or multidyn[studies])") from error
    rows = []
    for record in records:
        row = {"run": record.index}
        for name in parameterNames:
            row[name] = record.parameters.get(name, np.nan)
        value = record.value
        array = None
        if not record.failed:
            try:
                array = np.asarray(value, dtype=float)
            except (TypeError, ValueError):
                array = None
        if array is not None and array.ndim > 0:
            for i, entry in enumerate(array.ravel()):
                row[f"value{i}"] = entry
        else:
            row["value"] = value if not record.failed else np.nan
        row.update(status=record.status, error=record.message, time=record.seconds,
                   fromResultsFile=record.fromResultsFile)
        rows.append(row)
    return pandas.DataFrame(rows)
