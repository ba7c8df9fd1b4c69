"""Compares the joint ranges of multidyn's ObjectKinematicTree with MuJoCo's soft joint limits
(PyPI package `mujoco`, not a multidyn dependency).

The same models in both: a slider (1.5 kg) hitting its lower limit at 2 m/s; the same slider
with a second one (3 kg) sliding freely on it (the limit sees the effective inertia 1/(M^-1)_00);
a pendulum (2 kg, center of mass 0.5 m from the hinge) resting on its limit in gravity. MuJoCo:
range + limited, solref = (0.02, 1) (or the direct (-omega^2, 0) for the elastic case, since
MuJoCo's dampratio 0 is an infinitely stiff limit), solimp its default (0.9, 0.95, 0.001, 0.5, 2),
implicitfast, h = 1e-5. multidyn: jointLimitTimeConstant 0.02, jointLimitDampingRatio 1 (or 0),
generalized-alpha without damping, h = 2.5e-5. Printed: contact time, deepest penetration, exit
speed, static penetration, with the closed forms of multidyn's law beside them.

Result (MuJoCo 4.0.0): the impacts agree with each other and with the closed forms to about 1e-4
(contact time, deepest penetration, exit speed; also with the free second slider, so MuJoCo's limit
too sees the effective inertia 1/(M^-1)_00); the static penetration does not: MuJoCo's limit is not
a plain spring-damper, its impedance d (0.9 to 0.95 by default) makes the constraint absorb the
fraction d of the other forces, a1 + d (b v + k r) = (1 - d) a0, so gravity presses the pendulum
about (1 - d)/d as deep into a MuJoCo limit (5.5e-4 rad) as into multidyn's (7.4e-3 rad, the
closed form). A force law cannot depend on the other forces (connectors on the tree's markers
among them), which is why multidyn's limit is the spring-damper of solref alone.
Run: python scripts/compareJointLimitsMuJoCo.py   (pip install mujoco into your environment)
"""
import math
import sys

import numpy as np

try:
    import mujoco
except ImportError:
    sys.exit("this script needs MuJoCo: pip install mujoco")

import multidyn as exu
from multidyn import itemInterface as ii

OVT = exu.OutputVariableType
TIME_CONSTANT, SPEED, START = 0.02, 2., 0.010013
MJ_STEP, MD_STEP = 1e-5, 2.5e-5
SLIDER_MASSES = (1.5, 3.)
MASS, LENGTH, J_COM, G = 2., 0.5, 0.03, 9.81


def MuJoCoSolref(dampingRatio):
    omega = 1. / TIME_CONSTANT
    return f"{-omega ** 2} 0" if dampingRatio == 0. else f"{TIME_CONSTANT} {dampingRatio}"


def MuJoCoSliders(masses, dampingRatio):
    bodies, closing = "", ""
    for i, m in enumerate(masses):
        limit = f'limited="true" range="0 10" solreflimit="{MuJoCoSolref(dampingRatio)}"' if i == 0 else ""
        bodies += f"""<body><joint type="slide" axis="1 0 0" {limit}/>
                      <inertial pos="0 0 0" mass="{m}" diaginertia="0.1 0.1 0.1"/>"""
        closing += "</body>"
    xml = f"""<mujoco><option timestep="{MJ_STEP}" integrator="implicitfast" gravity="0 0 0"/>
              <worldbody>{bodies}{closing}</worldbody></mujoco>"""
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    data.qpos[0], data.qvel[0] = START, -SPEED
    return model, data


def MuJoCoRun(model, data, endTime):
    n = int(round(endTime / MJ_STEP))
    t, q, v = np.zeros(n + 1), np.zeros(n + 1), np.zeros(n + 1)
    q[0], v[0] = data.qpos[0], data.qvel[0]
    for k in range(1, n + 1):
        mujoco.mj_step(model, data)
        t[k], q[k], v[k] = data.time, data.qpos[0], data.qvel[0]
    return t, q, v


def MultidynSliders(masses, dampingRatio, endTime=0.2):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = len(masses)
    node = mbs.AddNode(ii.NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                          initialCoordinates=[START] + [0.] * (n - 1),
                                          initialCoordinates_t=[-SPEED] + [0.] * (n - 1)))
    mbs.AddObject(ii.ObjectKinematicTree(
        nodeNumber=node, jointTypes=[exu.JointType.PrismaticX] * n, linkParents=list(range(-1, n - 1)),
        jointTransformations=[np.eye(3)] * n, jointOffsets=[[0., 0., 0.]] * n,
        linkInertiasCOM=[np.eye(3) * 0.1] * n, linkCOMs=[[0., 0., 0.]] * n, linkMasses=list(masses),
        jointRangeLower=[0.] + [-1e30] * (n - 1), jointLimitTimeConstant=TIME_CONSTANT,
        jointLimitDampingRatio=dampingRatio))
    return Solve(mbs, node, endTime)


def Solve(mbs, node, endTime):
    sensors = [mbs.AddSensor(ii.SensorNode(nodeNumber=node, outputVariableType=v, storeInternal=True,
                                           writeToFile=False)) for v in (OVT.Coordinates, OVT.Coordinates_t)]
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = int(round(endTime / MD_STEP))
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = MD_STEP
    settings.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(settings)
    q, v = (mbs.GetSensorStoredData(s) for s in sensors)
    return q[:, 0], q[:, 1], v[:, 1]


def ImpactFigures(t, q, v):
    inside = np.nonzero(q < 0.)[0]
    return t[inside[-1] + 1] - t[inside[0]], -q.min(), v[-1]


def ClosedForms(dampingRatio):
    omega = 1. / TIME_CONSTANT
    if dampingRatio == 0.:
        return math.pi / omega, SPEED / omega, SPEED
    return 4. / omega, SPEED / (math.e * omega), SPEED * math.exp(-2.)


def PendulumStatic():
    """Static penetration of a pendulum pressed by gravity onto its lower limit at 0 (horizontal)."""
    inertia = J_COM + MASS * LENGTH ** 2
    xml = f"""<mujoco><option timestep="{MJ_STEP * 10}" integrator="implicitfast" gravity="0 -{G} 0"/>
      <worldbody><body><joint type="hinge" axis="0 0 1" limited="true" range="0 3" solreflimit="{TIME_CONSTANT} 1"/>
      <inertial pos="{LENGTH} 0 0" mass="{MASS}" diaginertia="{J_COM} {J_COM} {J_COM}"/></body></worldbody></mujoco>"""
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    data.qpos[0] = 0.05
    for _ in range(int(2. / model.opt.timestep)):
        mujoco.mj_step(model, data)
    mujocoPenetration = -data.qpos[0]

    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(ii.NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.],
                                          initialCoordinates=[0.05], initialCoordinates_t=[0.]))
    mbs.AddObject(ii.ObjectKinematicTree(
        nodeNumber=node, jointTypes=[exu.JointType.RevoluteZ], linkParents=[-1], jointTransformations=[np.eye(3)],
        jointOffsets=[[0., 0., 0.]], linkInertiasCOM=[np.eye(3) * J_COM], linkCOMs=[[LENGTH, 0., 0.]],
        linkMasses=[MASS], gravity=[0., -G, 0.], jointRangeLower=[0.], jointLimitTimeConstant=TIME_CONSTANT))
    _, q, _ = Solve(mbs, node, 2.)
    stiffness = inertia / TIME_CONSTANT ** 2
    penetration = 0.
    for _ in range(100):
        penetration = MASS * G * LENGTH * math.cos(penetration) / stiffness
    return mujocoPenetration, -q[-1], penetration


def main():
    print(f"MuJoCo {mujoco.__version__}, multidyn {exu.__version__}; slider hits its limit at {SPEED} m/s, "
          f"timeconst {TIME_CONSTANT} s")
    print(f"{'model':34s} {'quantity':22s} {'closed form':>12s} {'multidyn':>12s} {'MuJoCo':>12s}")
    for masses in (SLIDER_MASSES[:1], SLIDER_MASSES):
        for dampingRatio in (0., 1.):
            label = f"{len(masses)} slider(s), dampingRatio {dampingRatio:g}"
            model, data = MuJoCoSliders(masses, dampingRatio)
            mujocoFigures = ImpactFigures(*MuJoCoRun(model, data, 0.2))
            multidynFigures = ImpactFigures(*MultidynSliders(masses, dampingRatio))
            for name, exact, md, mj in zip(("contact time [s]", "deepest [m]", "exit speed [m/s]"),
                                           ClosedForms(dampingRatio), multidynFigures, mujocoFigures):
                print(f"{label:34s} {name:22s} {exact:12.6g} {md:12.6g} {mj:12.6g}")
    mujocoPenetration, multidynPenetration, exact = PendulumStatic()
    print(f"{'pendulum on its limit, gravity':34s} {'static penetration':22s} {exact:12.6g} "
          f"{multidynPenetration:12.6g} {mujocoPenetration:12.6g}")


if __name__ == "__main__":
    main()
