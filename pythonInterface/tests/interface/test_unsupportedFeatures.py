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


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.DOPRI5, exu.DynamicSolverType.ODE23,
                                        exu.DynamicSolverType.DVERK6])
def test_unsupportedSolverTypesNameTheSupportedOnesInstead(solverType):
    mbs = exu.SystemContainer().AddSystem()
    mbs.CreateGround()
    mbs.Assemble()
    with pytest.raises(ValueError) as error:
        mbs.SolveDynamic(exu.SimulationSettings(), solverType=solverType)
    AssertProductMessage(error, solverType.name, "GeneralizedAlpha")
    AssertProductMessage(error, solverType.name, "RK44")


def test_create2DNamesThe3DBodyInstead():
    mbs = exu.SystemContainer().AddSystem()
    with pytest.raises(NotImplementedError) as error:
        mbs.CreateRigidBody(inertia=ut.InertiaCuboid(density=1000, sideLengths=[1, 0.1, 0.1]), create2D=True)
    AssertProductMessage(error, "create2D=True", "create2D=False")
