"""Residuals on several threads (simulationSettings.parallel.numberOfThreads).

A chain of rigid bodies falls the same way on one and on two threads (the threads only change
the order of the sums in the ODE2 residual); a system with a Python user function stays on the
caller's thread (Python is never called from a worker) and gives the serial result exactly.
"""
import threading

import numpy as np

import multidyn as exu
from multidyn import utilities as ut

from conftest import NewSystem, Settings


def Chain(numberOfBodies, userFunction=None):
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[1., 0.1, 0.1])
    previous = mbs.CreateGround()
    for i in range(numberOfBodies):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[i + 0.5, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    if userFunction is not None:  # a spring from the ground to the tip
        mbs.CreateSpringDamper(itemNumbers=[mbs.CreateGround(), previous], localPosition0=[numberOfBodies, 1, 0],
                               localPosition1=[0.5, 0, 0], stiffness=10., springForceUserFunction=userFunction)
    mbs.Assemble()
    return mbs, previous


def TipAfterSolve(numberOfThreads, userFunction=None):
    mbs, tip = Chain(30, userFunction)
    settings = Settings(endTime=0.2, numberOfSteps=200, tightNewton=True)
    settings.parallel.numberOfThreads = numberOfThreads
    mbs.SolveDynamic(settings)
    return np.array(mbs.GetObjectOutputBody(tip, exu.OutputVariableType.Position, localPosition=[0.5, 0, 0]))


def test_chain_falls_the_same_on_two_threads():
    serial, parallel = TipAfterSolve(1), TipAfterSolve(2)
    assert serial[1] < -0.1  # it has fallen
    assert np.allclose(parallel, serial, rtol=0, atol=1e-10)


def test_python_user_function_runs_on_the_callers_thread():
    callers = set()

    def springForce(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
        callers.add(threading.get_ident())
        return stiffness * deltaL + damping * deltaL_t

    serial = TipAfterSolve(1, springForce)
    parallel = TipAfterSolve(2, springForce)
    assert callers == {threading.get_ident()}
    assert np.array_equal(parallel, serial)  # serial evaluation: the same sums in the same order
