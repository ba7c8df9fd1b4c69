"""What multidyn does not support is refused with NotImplementedError, and the message says what is
not supported and what to use instead (it speaks of the product, never of plans)."""
import re

import pytest

import multidyn as exu
from multidyn import utilities as ut


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def AssertProductMessage(error, unsupported, insteadUse):
    message = str(error.value)
    assert unsupported in message and "not supported" in message, message
    assert insteadUse in message, message
    assert not re.search(r"\b(yet|later|issue|planned|comes with)\b", message), message


def test_unknownSolverTypesAreNamed():
    """(every DynamicSolverType is supported: ODE23, DOPRI5, DVERK6 in test_adaptiveExplicitSolvers.py)"""
    mbs = exu.SystemContainer().AddSystem()
    mbs.CreateGround()
    mbs.Assemble()
    with pytest.raises(ValueError, match="solverType must be an exu.DynamicSolverType, got 99"):
        mbs.SolveDynamic(exu.SimulationSettings(), solverType=99)


def test_create2DNamesThe3DBodyInstead():
    mbs = exu.SystemContainer().AddSystem()
    with pytest.raises(NotImplementedError) as error:
        mbs.CreateRigidBody(inertia=ut.InertiaCuboid(density=1000, sideLengths=[1, 0.1, 0.1]), create2D=True)
    AssertProductMessage(error, "create2D=True", "create2D=False")
