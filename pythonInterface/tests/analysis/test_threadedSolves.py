"""mbs.SolveDynamic and mbs.SolveStatic release the GIL while no Python user function runs: systems
solved at the same time on several Python threads give bit for bit the results of serial solves,
also with Python user functions (which take the GIL back) and when a solve fails. Speed-up is
measured by benchmarks/processingSpeed.py, not here."""
import threading

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut

from conftest import BuildMini, NewSystem, Settings


def ChainTip(numberOfBodies=10, endTime=0.5, userFunction=None):
    """The tip of a chain of rigid bodies on revolute joints falling under gravity, after a solve;
    with userFunction, a spring-damper from the tip to the ground computes its force in Python."""
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[1., 0.1, 0.1])
    previous = mbs.CreateGround()
    for i in range(numberOfBodies):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[i + 0.5, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    if userFunction is not None:
        mbs.CreateSpringDamper(itemNumbers=[mbs.CreateGround(), previous], localPosition0=[numberOfBodies, 1, 0],
                               localPosition1=[0.5, 0, 0], stiffness=1e5, damping=10.,
                               springForceUserFunction=userFunction)
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=int(endTime * 1000), tightNewton=True))
    return np.array(mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, localPosition=[0.5, 0, 0]))


def SpringForce(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    return stiffness * deltaL + damping * deltaL_t + 0.1 * np.sin(10. * t)


def InThreads(*calls):
    """Runs the calls at the same time on threads: their results (or exceptions), in order."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def Run(i, call):
        start.wait()
        try:
            results[i] = call()
        except Exception as error:  # noqa: BLE001 (compared by the test)
            results[i] = error

    threads = [threading.Thread(target=Run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_threads_solving_their_own_systems_give_the_serial_results_bit_for_bit():
    serial = [ChainTip(10), ChainTip(12)]
    threaded = InThreads(lambda: ChainTip(10), lambda: ChainTip(12))
    assert serial[0][1] < -0.1  # it has fallen
    for a, b in zip(serial, threaded):
        assert np.array_equal(a, b)


def test_user_functions_on_two_threads_give_the_serial_results_bit_for_bit():
    serial = ChainTip(8, userFunction=SpringForce)
    threaded = InThreads(lambda: ChainTip(8, userFunction=SpringForce), lambda: ChainTip(8, userFunction=SpringForce),
                         lambda: ChainTip(10))
    assert np.array_equal(threaded[0], serial) and np.array_equal(threaded[1], serial)
    assert np.array_equal(threaded[2], ChainTip(10))


def StaticRotation(stiffness):
    """Rotation [rad] of the torsional spring-damper's mini example by a static solve (torque 1 N*m)."""
    r = BuildMini(stiffness=stiffness, sensors=False, solve=False)
    r.mbs.SolveStatic(r.settings)
    return r.mbs.GetNodeOutput(r.nBody, exu.OutputVariableType.Rotation)[2]


def test_static_solves_on_two_threads_give_the_serial_results_bit_for_bit():
    serial = [StaticRotation(2e3), StaticRotation(5e3)]
    assert serial == pytest.approx([1 / 2e3, 1 / 5e3], rel=1e-10)  # torque / stiffness
    threaded = InThreads(lambda: StaticRotation(2e3), lambda: StaticRotation(5e3))
    assert threaded == serial


def test_a_failing_user_function_on_a_thread_raises_there_and_the_other_solve_completes():
    def Failing(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        if t > 0.5:
            raise ValueError("fails on purpose")
        return stiffness * rotation + damping * angularVelocity

    def FailingSolve():
        return BuildMini(userFunction=Failing)

    threaded = InThreads(FailingSolve, lambda: ChainTip(10))
    assert isinstance(threaded[0], Exception) and "fails on purpose" in str(threaded[0])
    assert np.array_equal(threaded[1], ChainTip(10))


def test_python_runs_on_another_thread_while_a_solve_runs():
    """With the GIL handed over only when a thread blocks or releases it (switch interval 1000 s),
    the main thread gets to run Python while another thread solves only if the solve released it."""
    import sys
    started, solveFinished = threading.Event(), threading.Event()
    mbs = NewSystem()
    previous = mbs.CreateGround()
    for i in range(30):
        body = mbs.CreateRigidBody(inertia=ut.InertiaCuboid(1000., [1., 0.1, 0.1]), referencePosition=[i + 0.5, 0, 0],
                                   gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    mbs.Assemble()
    settings = Settings(endTime=1., numberOfSteps=2000)

    def Solve():
        started.set()
        mbs.SolveDynamic(settings)
        solveFinished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.)
    try:
        thread = threading.Thread(target=Solve)
        thread.start()
        started.wait()  # blocks, so the solver thread runs; this thread wakes when it gets the GIL again
        ranDuringSolve = not solveFinished.is_set()
    finally:
        sys.setswitchinterval(interval)
        thread.join()
    assert ranDuringSolve
