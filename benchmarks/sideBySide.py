"""What every side-by-side benchmark shares: multidyn from a source checkout if it is not
installed, the packages to time (multidyn, and exudyn when it imports), settings that time the
solve only, a scratch working directory for whatever a package writes by default, and the best of
several timed runs."""
import contextlib
import os
import sys
import tempfile
import warnings

here = os.path.dirname(os.path.abspath(__file__))
try:
    import multidyn  # noqa: F401
except ImportError:  # source checkout: compiled module copied into pythonInterface/
    sys.path.insert(0, os.path.join(os.path.dirname(here), "pythonInterface"))


def Packages():
    """['multidyn'] plus 'exudyn' when the PyPI package imports (multidyn never depends on it)."""
    warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings and parameters
    packages = ["multidyn"]
    try:
        import exudyn  # noqa: F401
        packages.append("exudyn")
    except Exception as error:  # not installed, or it fails to load
        print(f"exudyn not available ({type(error).__name__}: {error}); timing multidyn only")
    return packages


@contextlib.contextmanager
def ScratchDirectory():
    """Runs the body in a temporary working directory, so that files a package writes by default
    stay out of the caller's."""
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="multidynBenchmark_") as directory:
        os.chdir(directory)
        try:
            yield directory
        finally:
            os.chdir(cwd)


def QuietSettings(exu):
    """exu.SimulationSettings() that time the solve only: no solution file, no console output."""
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.verboseMode = 0
    settings.show.computationTime = False
    settings.show.statistics = False
    return settings


def BestOf(runs, timeOnce, *arguments):
    """(smallest seconds, result of the first run) of `runs` calls timeOnce(*arguments) -> (seconds, result)."""
    results = [timeOnce(*arguments) for _ in range(runs)]
    return min(r[0] for r in results), results[0][1]


def PerItemAndStep(packages, runs, timeOnce, n, steps, item, describe=lambda result: ""):
    """Microseconds per item and step (best of `runs`) of timeOnce(packageName, n, steps) ->
    (seconds, result) on each package, one printed row each (describe(result) appended); returns
    ({package: figure}, {package: result})."""
    figures, results = {}, {}
    for packageName in packages:
        seconds, results[packageName] = BestOf(runs, timeOnce, packageName, n, steps)
        figures[packageName] = seconds / (n * steps) * 1e6
        print(f"N = {n:4d}  {packageName:9s} {figures[packageName]:8.3f} us/{item}/step   {describe(results[packageName])}")
    return figures, results
