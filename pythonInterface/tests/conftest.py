"""Shared fixtures of the Python tests, which are grouped by what they test:
items/ (an item or a family of items against closed forms and independent formulations),
solvers/ (the solvers and what a solve allows), interface/ (the script surface, the API, files,
bad input, docs), centroidal/ (multidyn.centroidal) and robotics/ (multidyn.robotics).

* `workDir`: every test runs in its own temporary directory, so solution and sensor files
  never land in the repository.
* `buildMini`: builds (and optionally solves) the mini example of
  ObjectConnectorTorsionalSpringDamper (seed 002): a RigidRxyz body with unit inertia on a
  RevoluteJointZ to ground, a torsional spring-damper k = 2e3, d = 20 and a torque 1 about z.
  Options select the variants the tests need (Create functions, user function, generic data
  node, inactive connector, initial angular velocity, step count, ...).
* `Pendulum`: the angle and rate of theta'' = -c cos(theta) by RK4 (pendulum references).
* `dampedOscillator`: the exact solution of I th'' + d th' + k th = tau with th(0) = th0,
  th'(0) = om0 (underdamped, critically damped and overdamped cases).
"""
import math
import types

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, NodeGenericData, ObjectGround,
                                    RevoluteJointZ, RigidBody, RigidRxyz, SensorNode, SensorObject, Torque,
                                    TorsionalSpringDamper)

#: Exudyn's published testResult of the mini example (node Rotation[2] at t = 1 s)
MINI_REFERENCE = 0.0004999866342439527


@pytest.fixture
def workDir(tmp_path, monkeypatch):
    """Run the test inside a fresh temporary directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def NewSystem():
    """A MainSystem in a SystemContainer, as Exudyn scripts create it."""
    SC = exu.SystemContainer()
    return SC.AddSystem()


def Settings(endTime=1., numberOfSteps=100, spectralRadius=0.9, sensorsWritePeriod=None, tightNewton=False):
    """Default settings (Exudyn's: 1 s, 100 steps, rho_inf = 0.9) without solution files.
    tightNewton: Newton relative/absolute tolerance 1e-12/1e-14 instead of 1e-8/1e-10, so that
    comparisons at the 1e-9 level see the integrator, not where Newton happened to stop."""
    settings = exu.SimulationSettings()
    if tightNewton:
        settings.timeIntegration.newton.relativeTolerance = 1e-12
        settings.timeIntegration.newton.absoluteTolerance = 1e-14
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = (endTime / numberOfSteps if sensorsWritePeriod is None
                                                    else sensorsWritePeriod)
    return settings


def Pendulum(theta0, endTime, c, steps=20000):
    """[theta, theta'] at endTime of the pendulum theta'' = -c cos(theta), theta'(0) = 0 (theta from
    the horizontal), by the classical Runge-Kutta method: the independent reference of the pendulum
    tests."""
    h = endTime / steps
    y = np.array([theta0, 0.])

    def f(y):
        return np.array([y[1], -c * math.cos(y[0])])

    for _ in range(steps):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def DampedOscillator(t, inertia, stiffness, damping, torque=0., theta0=0., omega0=0.):
    """Exact theta(t), theta'(t) of inertia*th'' + damping*th' + stiffness*th = torque."""
    t = np.asarray(t, dtype=float)
    thetaStatic = torque / stiffness
    x0 = theta0 - thetaStatic            # homogeneous part x = theta - theta_static
    wn = math.sqrt(stiffness / inertia)
    zeta = damping / (2. * math.sqrt(stiffness * inertia))
    if zeta < 1.:
        sigma = zeta * wn
        wd = wn * math.sqrt(1. - zeta ** 2)
        a, b = x0, (omega0 + sigma * x0) / wd
        e = np.exp(-sigma * t)
        x = e * (a * np.cos(wd * t) + b * np.sin(wd * t))
        xt = e * ((-sigma * a + wd * b) * np.cos(wd * t) + (-sigma * b - wd * a) * np.sin(wd * t))
    elif zeta == 1.:
        a, b = x0, omega0 + wn * x0
        e = np.exp(-wn * t)
        x = e * (a + b * t)
        xt = e * (b - wn * (a + b * t))
    else:
        r1 = -wn * (zeta - math.sqrt(zeta ** 2 - 1.))
        r2 = -wn * (zeta + math.sqrt(zeta ** 2 - 1.))
        c2 = (omega0 - r1 * x0) / (r2 - r1)
        c1 = x0 - c2
        x = c1 * np.exp(r1 * t) + c2 * np.exp(r2 * t)
        xt = c1 * r1 * np.exp(r1 * t) + c2 * r2 * np.exp(r2 * t)
    return x + thetaStatic, xt


@pytest.fixture
def dampedOscillator():
    return DampedOscillator


def BuildMini(useCreate=False, stiffness=2e3, damping=None, torque=1., inertiaZ=1., offset=0., velocityOffset=0.,
              connectorTorque=0., genericNode=False, activeConnector=True, userFunction=None,
              initialAngularVelocity=0., endTime=1., numberOfSteps=100, spectralRadius=0.9,
              sensors=True, solve=True, sensorsWritePeriod=None):
    """The seed's mini example with options; returns a namespace with mbs, settings and the indices.

    useCreate=False builds it item by item exactly as the seed (marker of the body first, then the
    ground marker); useCreate=True uses mbs.CreateRevoluteJoint and mbs.CreateTorsionalSpringDamper
    (which always adds a NodeGenericData). Sensors (stored internally, not written) record the node's
    Rotation and AngularVelocity and the connector's Rotation, AngularVelocityLocal and TorqueLocal."""
    damping = stiffness * 0.01 if damping is None else damping
    mbs = NewSystem()
    r = types.SimpleNamespace(mbs=mbs, stiffness=stiffness, damping=damping, torque=torque, inertiaZ=inertiaZ)
    r.oGround = mbs.AddObject(ObjectGround())
    r.nBody = mbs.AddNode(RigidRxyz(initialVelocities=[0., 0., 0., 0., 0., initialAngularVelocity]))
    r.oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, inertiaZ, 0, 0, 0], nodeNumber=r.nBody))
    r.mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=r.nBody))
    if useCreate:
        r.nData = None
        mbs.CreateRevoluteJoint(itemNumbers=[r.oGround, r.oBody], position=[0, 0, 0], axis=[0, 0, 1])
        r.numberOfMarkersBefore = mbs.NumberOfMarkers()
        r.numberOfNodesBefore = mbs.NumberOfNodes()
        r.oTSD = mbs.CreateTorsionalSpringDamper(itemNumbers=[r.oGround, r.oBody], position=[0, 0, 0],
                                                 axis=[0, 0, 1], stiffness=stiffness, damping=damping,
                                                 offset=offset, velocityOffset=velocityOffset,
                                                 torque=connectorTorque,
                                                 springTorqueUserFunction=userFunction or 0)
        if not activeConnector:
            mbs.SetObjectParameter(r.oTSD, 'activeConnector', False)
    else:
        r.mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=r.oGround, localPosition=[0, 0, 0]))
        mbs.AddObject(RevoluteJointZ(markerNumbers=[r.mGround, r.mBody]))
        r.nData = (mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
                   if genericNode else -1)
        r.oTSD = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[r.mGround, r.mBody], nodeNumber=r.nData,
                                                     stiffness=stiffness, damping=damping, offset=offset,
                                                     velocityOffset=velocityOffset, torque=connectorTorque,
                                                     activeConnector=activeConnector,
                                                     springTorqueUserFunction=userFunction or 0))
    if torque != 0.:
        mbs.AddLoad(Torque(markerNumber=r.mBody, loadVector=[0, 0, torque]))
    if sensors:
        OVT = exu.OutputVariableType
        r.sRotation = mbs.AddSensor(SensorNode(nodeNumber=r.nBody, storeInternal=True, writeToFile=False,
                                               outputVariableType=OVT.Rotation))
        r.sAngularVelocity = mbs.AddSensor(SensorNode(nodeNumber=r.nBody, storeInternal=True, writeToFile=False,
                                                      outputVariableType=OVT.AngularVelocity))
        r.sTSDRotation = mbs.AddSensor(SensorObject(objectNumber=r.oTSD, storeInternal=True, writeToFile=False,
                                                    outputVariableType=OVT.Rotation))
        r.sTSDAngularVelocity = mbs.AddSensor(SensorObject(objectNumber=r.oTSD, storeInternal=True,
                                                           writeToFile=False,
                                                           outputVariableType=OVT.AngularVelocityLocal))
        r.sTSDTorque = mbs.AddSensor(SensorObject(objectNumber=r.oTSD, storeInternal=True, writeToFile=False,
                                                  outputVariableType=OVT.TorqueLocal))
    mbs.Assemble()
    r.settings = Settings(endTime, numberOfSteps, spectralRadius, sensorsWritePeriod)
    if solve:
        mbs.SolveDynamic(r.settings)
    return r


@pytest.fixture
def buildMini(workDir):
    """The mini-example builder (runs in the temporary working directory)."""
    return BuildMini


@pytest.fixture
def newSystem(workDir):
    """Factory for an empty MainSystem (in the temporary working directory)."""
    return NewSystem


@pytest.fixture
def settingsFactory():
    return Settings


def RotationAngleZ(rotationMatrix):
    """Angle of a rotation about z from its matrix (independent of the code's RotXYZ extraction)."""
    A = np.asarray(rotationMatrix, dtype=float).reshape(3, 3)
    return math.atan2(A[1, 0], A[0, 0])


def WrapAngle(angle):
    """Angle mapped to (-pi, pi]."""
    wrapped = math.remainder(angle, 2. * math.pi)
    return math.pi if wrapped == -math.pi else wrapped


# re-exported for the tests through fixtures-free import (pytest puts this directory on sys.path)
__all__ = ['BuildMini', 'DampedOscillator', 'MINI_REFERENCE', 'NewSystem', 'RotationAngleZ', 'Settings',
           'WrapAngle', 'ut']
