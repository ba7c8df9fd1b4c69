"""Compares multidyn's rolling disc joint with Exudyn's (PyPI package `exudyn`, not a multidyn
dependency): a leaning coin rolling on a circle (consistent initial velocities) and an upright
wheel launched with a wobble, each through both packages (ObjectJointRollingDisc and
CreateRollingDisc), and a slipping wheel on CreateRollingDiscPenalty (rotated friction axes), 0.5 s.
With computeInitialAccelerations=False both start from zero
accelerations and should agree to the Newton tolerance; with True (the default) Exudyn's
initial accelerations leave out the velocity term of constraints on velocities
(docs/solvers/GeneralizedAlpha.md), which shows in its contact forces as a step-to-step ringing.
Prints final positions and forces and the ringing of the normal force over the first steps.
Run: python scripts/compareRollingDiscWithExudyn.py   (pip install exudyn)
"""
import importlib
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings and arguments
try:
    import exudyn  # noqa: F401
except ImportError:
    sys.exit("this script needs Exudyn: pip install exudyn")


def Run(packageName, model, initialAccelerations):
    exu = importlib.import_module(packageName)
    ut = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    if model == "leaning coin":
        r, tilt = 0.05, 10. / 180. * np.pi
        A0 = ut.RotationMatrixY(tilt)
        omega = np.array([0., 0., 4. * np.pi])
        body = mbs.CreateRigidBody(inertia=ut.RigidBodyInertia(mass=1., inertiaTensor=np.diag([0.5, 0.25, 0.25]) * r**2),
                                   referencePosition=[r * np.sin(tilt), 0., r * np.cos(tilt)], referenceRotationMatrix=A0,
                                   initialVelocity=list(ut.Skew(omega) @ A0 @ [0., 0., r]),
                                   initialAngularVelocity=list(omega), gravity=[0., 0., -9.81])
        ground = mbs.AddMarker(ut.MarkerBodyRigid(bodyNumber=mbs.AddObject(ut.ObjectGround())))
        joint = mbs.AddObject(ut.ObjectJointRollingDisc(
            markerNumbers=[ground, mbs.AddMarker(ut.MarkerBodyRigid(bodyNumber=body))], discRadius=r))
    elif model == "penalty disc":
        r = 0.2
        body = mbs.CreateRigidBody(inertia=ut.InertiaCylinder(density=5000., length=0.02, outerRadius=r, axis=0),
                                   referencePosition=[1., 0., r - 0.001], initialAngularVelocity=[-6. * np.pi, 0.5, 0.3],
                                   initialVelocity=[0.3, r * 6. * np.pi * 0.9, 0.], gravity=[0., 0., -9.81])
        joint = mbs.CreateRollingDiscPenalty(bodyNumbers=[mbs.CreateGround(), body], axisPosition=[0, 0, 0],
                                             axisVector=[1, 0, 0], discRadius=r, contactStiffness=1e5,
                                             contactDamping=1e3, dryFriction=[0.5, 0.3], dryFrictionAngle=0.3,
                                             dryFrictionProportionalZone=0.01)
    else:
        r = 0.2
        body = mbs.CreateRigidBody(inertia=ut.InertiaCylinder(density=5000., length=0.02, outerRadius=r, axis=0),
                                   referencePosition=[1., 0., r], initialAngularVelocity=[-6. * np.pi, 2., 0.],
                                   initialVelocity=[0., r * 6. * np.pi, 0.], gravity=[0., 0., -9.81])
        joint = mbs.CreateRollingDisc(bodyNumbers=[mbs.CreateGround(), body], axisPosition=[0, 0, 0],
                                      axisVector=[1, 0, 0], discRadius=r)
    OVT = exu.OutputVariableType
    sensor = mbs.AddSensor(ut.SensorObject(objectNumber=joint, storeInternal=True, outputVariableType=OVT.ForceLocal))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 1000
    settings.timeIntegration.endTime = 0.5
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = initialAccelerations
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = 0.0005
    mbs.SolveDynamic(settings)
    forces = mbs.GetSensorStoredData(sensor)
    ringing = np.max(np.abs(np.diff(forces[1:40, 3], 2)))  # second differences of the normal force
    return np.asarray(mbs.GetObjectOutputBody(body, OVT.Position)), forces[-1, 1:], ringing


print(f"{'model':13} {'initial acc.':12} {'max |dp| [m]':>13} {'max |dF| [N]':>13} {'|F|':>8} "
      f"{'ringing multidyn':>17} {'ringing exudyn':>15}")
for model in ("leaning coin", "wobbling disc", "penalty disc"):
    for initialAccelerations in (False, True):
        pM, fM, ringM = Run("multidyn", model, initialAccelerations)
        pE, fE, ringE = Run("exudyn", model, initialAccelerations)
        print(f"{model:13} {str(initialAccelerations):12} {np.max(np.abs(pM - pE)):13.3e} {np.max(np.abs(fM - fE)):13.3e} "
              f"{np.linalg.norm(fE):8.3f} {ringM:17.3e} {ringE:15.3e}")
