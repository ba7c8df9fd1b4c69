"""A user function's error shows the user's frames first (multidyn.api.userFunctionErrors): the
UserFunctionError is raised from the user's exception, whose traceback holds only the user's frames,
and at most one frame of multidyn stands between the user's call and the error."""
import pathlib
import subprocess
import sys
import traceback

import pytest

import multidyn as exu
from multidyn.itemInterface import LoadCoordinate, Mass1D, MarkerNodeCoordinate, Node1D

packageDirectory = str(pathlib.Path(exu.__file__).parent)


def Helper(t):
    return 1. / (t - t)  # the user's error, one call below the user function


def LoadFunction(mbs, t, load):
    return Helper(t)


def MassWithLoad(userFunction):
    mbs = exu.SystemContainer().AddSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[0.]))
    mbs.AddObject(Mass1D(physicsMass=1., nodeNumber=node))
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=0., loadUserFunction=userFunction))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.numberOfSteps = 10
    return mbs, settings


def PackageFrames(tb):
    return [frame for frame in traceback.extract_tb(tb) if frame.filename.startswith(packageDirectory)]


@pytest.mark.parametrize("solve", ["SolveDynamic", "SolveStatic", "SolveSystem"])
def test_userFunctionErrorComesFromTheUsersException(solve):
    mbs, settings = MassWithLoad(LoadFunction)
    call = {"SolveDynamic": lambda: mbs.SolveDynamic(settings),
            "SolveStatic": lambda: mbs.SolveStatic(settings),
            "SolveSystem": lambda: exu.MainSolverImplicitSecondOrder().SolveSystem(mbs, settings)}[solve]
    with pytest.raises(exu.UserFunctionError) as error:
        call()
    cause = error.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    userFrames = traceback.extract_tb(cause.__traceback__)
    assert [f.name for f in userFrames] == ["LoadFunction", "Helper"]  # the user's frames, and only those
    assert all(f.filename == __file__ for f in userFrames)
    assert len(PackageFrames(error.value.__traceback__)) <= 1  # the re-raise only
    # the message names the item, the function, the exception and the user's innermost line
    helperLine = Helper.__code__.co_firstlineno + 1
    assert (f"LoadCoordinate).loadUserFunction (Python function LoadFunction) failed: ZeroDivisionError: float division "
            f"by zero ({__file__}, line {helperLine}, in Helper)") in str(error.value)


def test_printedTracebackShowsTheUsersFrameFirst(tmp_path):
    script = tmp_path / "userScript.py"
    script.write_text(
        "import multidyn as exu\n"
        "from multidyn.itemInterface import LoadCoordinate, Mass1D, MarkerNodeCoordinate, Node1D\n"
        "mbs = exu.SystemContainer().AddSystem()\n"
        "node = mbs.AddNode(Node1D(referenceCoordinates=[0.]))\n"
        "mbs.AddObject(Mass1D(physicsMass=1., nodeNumber=node))\n"
        "marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))\n"
        "def LoadFunction(mbs, t, load):\n"
        "    return {}['missing']\n"
        "mbs.AddLoad(LoadCoordinate(markerNumber=marker, loadUserFunction=LoadFunction))\n"
        "settings = exu.SimulationSettings()\n"
        "settings.solution.file.write = False\n"
        "mbs.Assemble()\n"
        "mbs.SolveDynamic(settings)\n")
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1
    frames = [line.strip() for line in result.stderr.splitlines() if line.strip().startswith("File ")]
    assert frames[0] == f'File "{script}", line 8, in LoadFunction'  # the user's frame first
    assert frames[1] == f'File "{script}", line 13, in <module>'
    assert len(frames) == 3 and packageDirectory in frames[2]  # then one frame of multidyn: the re-raise
    assert result.stderr.rstrip().splitlines()[-1].startswith("multidyn._multidyn.UserFunctionError: load 0 "
                                                              "(LoadCoordinate).loadUserFunction")
    assert "KeyError: 'missing'" in result.stderr


def test_otherUserFunctionErrorsAreUnchanged():
    """a wrong return value is no exception of the user's: the UserFunctionError has no cause"""
    mbs, settings = MassWithLoad(lambda mbs, t, load: float("nan"))
    with pytest.raises(exu.UserFunctionError, match="finite") as error:
        mbs.SolveDynamic(settings)
    assert error.value.__cause__ is None
