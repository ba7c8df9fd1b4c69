"""Compares multidyn's actuators with MuJoCo (PyPI package `mujoco`, not a multidyn dependency).

For each shortcut and a few general actuators, the same one-joint model is built in MuJoCo
(MJCF) and in multidyn; the script prints
  1. the general parameters both compile the shortcut to (dyntype/gaintype/biastype, prm),
  2. the largest difference of the joint coordinate, the actuator force and the activation
     over 1 s (MuJoCo: implicitfast, h = 1e-5 (its activation lags one step: negligible here);
     multidyn: generalized-alpha without damping, h = 1e-3),
  3. the compile-time errors of both on MuJoCo's bad definitions.
Run: python scripts/compareActuatorsMuJoCo.py   (pip install mujoco into your environment)
"""
import sys

import numpy as np

try:
    import mujoco
except ImportError:
    sys.exit("this script needs MuJoCo: pip install mujoco")

import multidyn as exu
from multidyn import itemInterface as ii

OVT = exu.OutputVariableType
END_TIME = 1.
MJ_STEP, MD_STEPS = 1e-5, 1000
DYN = ["none", "integrator", "filter", "filterexact", "muscle"]
GAIN = ["fixed", "affine", "muscle"]
BIAS = ["none", "affine", "muscle"]


def MuJoCoModel(joint, mass, q0, v0, actuatorXml):
    axis = "1 0 0" if joint == "slide" else "0 0 1"
    xml = f"""
<mujoco>
  <option timestep="{MJ_STEP}" integrator="implicitfast" gravity="0 0 0"/>
  <worldbody>
    <body>
      <joint name="j" type="{joint}" axis="{axis}"/>
      <inertial pos="0 0 0" mass="{mass if joint == 'slide' else 3.}" diaginertia="{mass} {mass} {mass}"/>
    </body>
  </worldbody>
  <actuator>{actuatorXml}</actuator>
</mujoco>"""
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    data.qpos[0], data.qvel[0] = q0, v0
    return model, data


def MultidynModel(joint, mass, q0, v0):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    if joint == "slide":
        nGround = mbs.AddNode(ii.NodePointGround(referenceCoordinates=[0, 0, 0]))
        node = mbs.AddNode(ii.Point(referenceCoordinates=[0, 0, 0], initialCoordinates=[q0, 0, 0],
                                    initialVelocities=[v0, 0, 0]))
        mbs.AddObject(ii.MassPoint(physicsMass=mass, nodeNumber=node))
        transmission = {"markerNumbers": [mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0)),
                                          mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))]}
        coordinate = 0
    else:
        node = mbs.AddNode(ii.Rigid2D(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, 0, q0],
                                      initialVelocities=[0, 0, v0]))
        body = mbs.AddObject(ii.RigidBody2D(nodeNumber=node, physicsMass=3., physicsInertia=mass))
        ground = mbs.AddObject(ii.ObjectGround())
        joint = mbs.AddObject(ii.RevoluteJoint2D(markerNumbers=[mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground)),
                                                                mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=body))]))
        transmission = {"jointNumber": joint}
        coordinate = 2
    return SC, mbs, node, coordinate, transmission


CASES = [
    # name, joint, mass/inertia, q0, v0, ctrl, MJCF actuator, multidyn shortcut class and parameters
    ("motor gear 2, ctrl clamped", "hinge", 0.5, 0., 0., 3., '<motor joint="j" gear="2" ctrlrange="-1 1"/>',
     ii.ActuatorMotor, dict(gear=[2, 0, 0, 0, 0, 0], ctrlrange=[-1, 1])),
    ("motor forcerange", "slide", 2., 0., 0., 1., '<motor joint="j" forcerange="-0.4 0.4"/>',
     ii.ActuatorMotor, dict(forcerange=[-0.4, 0.4])),
    ("position kp 10, dampratio 1", "slide", 0.523599, -0.1, 0., 0., '<position joint="j" kp="10" dampratio="1"/>',
     ii.ActuatorPosition, dict(kp=10., dampratio=1.)),
    ("position kp 5 kv 1 timeconst 0.2", "slide", 1., 0., 0., 0.3,
     '<position joint="j" kp="5" kv="1" timeconst="0.2"/>',
     ii.ActuatorPosition, dict(kp=5., kv=1., timeconst=0.2)),
    ("velocity kv 2", "slide", 1., 0., 1., 0., '<velocity joint="j" kv="2"/>', ii.ActuatorVelocity, dict(kv=2.)),
    ("intvelocity kp 1 kv 0.5 actrange", "hinge", 2., 0., 0., 2.,
     '<intvelocity joint="j" kp="1" kv="0.5" actrange="-1.57 1.57"/>',
     ii.ActuatorIntVelocity, dict(kp=1., kv=0.5, actrange=[-1.57, 1.57])),
    ("damper kv 3", "slide", 2., 0., 1.5, 0.5, '<damper joint="j" kv="3" ctrlrange="0 1"/>',
     ii.ActuatorDamper, dict(kv=3., ctrlrange=[0, 1])),
    ("cylinder d 0.1 timeconst 0.25", "slide", 1., 0., 0., 2.,
     '<cylinder joint="j" diameter="0.1" timeconst="0.25" bias="0.001 -0.002 -0.003"/>',
     ii.ActuatorCylinder, dict(diameter=0.1, timeconst=0.25, bias=[0.001, -0.002, -0.003])),
    ("muscle force 100 lengthrange [0, 1]", "slide", 1., 0.8, 0., 0.7,
     '<muscle joint="j" force="100" lengthrange="0 1" ctrlrange="0 1"/>', ii.ObjectActuator,
     dict(dyntype="muscle", dynprm=[0.01, 0.04] + [0] * 8, gaintype="muscle", biastype="muscle",
          gainprm=[0.75, 1.05, 100, 200, 0.5, 1.6, 1.5, 1.3, 1.2, 0], biasprm=[0.75, 1.05, 100, 200, 0.5, 1.6, 1.5, 1.3, 1.2, 0],
          lengthrange=[0, 1], ctrlrange=[0, 1])),
]


def Run(case):
    name, joint, mass, q0, v0, ctrl, xml, shortcut, parameters = case
    model, data = MuJoCoModel(joint, mass, q0, v0, xml)
    SC, mbs, node, coordinate, transmission = MultidynModel(joint, mass, q0, v0)
    actuator = mbs.AddObject(shortcut(control=ctrl, **transmission, **parameters))
    stateful = mbs.GetObject(actuator)["dyntype"] != "none"
    sensors = [mbs.AddSensor(ii.SensorObject(objectNumber=actuator, outputVariableType=ovt, storeInternal=True,
                                             writeToFile=False)) for ovt in [OVT.Displacement, OVT.Force]]
    if stateful:
        sensors.append(mbs.AddSensor(ii.SensorObject(objectNumber=actuator, outputVariableType=OVT.Activation,
                                                     storeInternal=True, writeToFile=False)))
    mbs.Assemble()  # compiles a dampratio to kv, as MuJoCo's compiler
    general = mbs.GetObject(actuator)
    mappingDifference = max(
        np.abs(np.asarray(general[key][:3]) - getattr(model, "actuator_" + key)[0][:3]).max()
        for key in ["dynprm", "gainprm", "biasprm"])
    sameTypes = (general["dyntype"] == DYN[model.actuator_dyntype[0]] and
                 general["gaintype"] == GAIN[model.actuator_gaintype[0]] and
                 general["biastype"] == BIAS[model.actuator_biastype[0]])
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = END_TIME
    settings.timeIntegration.numberOfSteps = MD_STEPS
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    if general["actlimited"] == "false" or general["actrange"] == [0, 0]:  # at an active actrange bound the
        settings.timeIntegration.newton.relativeTolerance = 1e-12          # rate is stiff: default tolerances
        settings.timeIntegration.newton.absoluteTolerance = 1e-14
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = END_TIME / MD_STEPS
    mbs.SolveDynamic(settings)
    md = [mbs.GetSensorStoredData(s) for s in sensors]
    times = md[0][:, 0]

    data.ctrl[0] = ctrl
    mj = {"length": [], "force": [], "act": []}
    mujoco.mj_forward(model, data)
    stride = round(END_TIME / MD_STEPS / MJ_STEP)
    for k in range(len(times)):
        if k > 0:
            for _ in range(stride):
                mujoco.mj_step(model, data)
        mujoco.mj_forward(model, data)  # outputs of the state at this time
        mj["length"].append(data.actuator_length[0])
        mj["force"].append(data.actuator_force[0])
        mj["act"].append(data.act[0] if model.na else 0.)
    differences = [np.abs(md[0][:, 1] - mj["length"]).max(), np.abs(md[1][:, 1] - mj["force"]).max()]
    differences.append(np.abs(md[2][:, 1] - mj["act"]).max() if stateful else float("nan"))
    scales = [max(np.abs(mj["length"]).max(), 1e-12), max(np.abs(mj["force"]).max(), 1e-12)]
    print(f"{name:36s} mapping {'same' if sameTypes and mappingDifference < 1e-12 else 'DIFFERENT'}"
          f" (prm diff {mappingDifference:.1e})  max|dl| {differences[0]:.2e} ({differences[0] / scales[0]:.1e} rel)"
          f"  max|dforce| {differences[1]:.2e} ({differences[1] / scales[1]:.1e} rel)  max|dact| {differences[2]:.2e}")
    return differences


BAD = [
    ("damper ctrlrange [-1, 1]", '<damper joint="j" kv="1" ctrlrange="-1 1"/>', ii.ActuatorDamper,
     dict(kv=1., ctrlrange=[-1, 1])),
    ("damper without ctrlrange", '<damper joint="j" kv="1"/>', ii.ActuatorDamper, dict(kv=1.)),
    ("position kv and dampratio", '<position joint="j" kv="1" dampratio="1"/>', ii.ActuatorPosition, dict(kv=1., dampratio=1.)),
    ("position kv = -1", '<position joint="j" kv="-1"/>', ii.ActuatorPosition, dict(kv=-1.)),
    ("position timeconst = -1", '<position joint="j" timeconst="-1"/>', ii.ActuatorPosition, dict(timeconst=-1.)),
    ("general ctrlrange [1, 1] limited", '<general joint="j" ctrllimited="true" ctrlrange="1 1"/>', ii.ObjectActuator,
     dict(ctrllimited=True, ctrlrange=[1, 1])),
    ("actrange on a stateless actuator", '<general joint="j" actlimited="true" actrange="-1 1"/>', ii.ObjectActuator,
     dict(actlimited=True, actrange=[-1, 1])),
    ("inheritrange without a joint range", '<position joint="j" inheritrange="1"/>', ii.ActuatorPosition,
     dict(inheritrange=1.)),
    ("inheritrange and ctrlrange", '<position joint="j" inheritrange="1" ctrlrange="-1 1"/>', ii.ActuatorPosition,
     dict(inheritrange=1., ctrlrange=[-1, 1])),
]


def Errors():
    print("\ncompile-time errors (MuJoCo | multidyn):")
    agree = 0
    for name, xml, shortcut, parameters in BAD:
        try:
            MuJoCoModel("hinge", 1., 0., 0., xml)
            mjError = "(accepted)"
        except ValueError as error:
            mjError = str(error).splitlines()[0][:70]
        SC, mbs, node, coordinate, transmission = MultidynModel("hinge", 1., 0., 0.)
        try:
            mbs.AddObject(shortcut(**transmission, **parameters))
            mdError = "(accepted)"
        except (ValueError, TypeError) as error:
            mdError = str(error)[:110]
        agree += (mjError == "(accepted)") == (mdError == "(accepted)")
        print(f"  {name:36s} {mjError}\n  {'':36s} | {mdError}")
    print(f"both reject / both accept: {agree} of {len(BAD)}")


def DampratioChain():
    """kv from dampratio = 1 for the servos of a planar two-link chain (MuJoCo: composite inertia
    of the subtree at qpos0)."""
    xml = """
<mujoco><option gravity="0 0 0"/><worldbody>
  <body><joint name="shoulder" type="hinge" axis="0 0 1"/><inertial pos="0.5 0 0" mass="2" diaginertia="0.1 0.1 0.1"/>
    <body pos="1 0 0"><joint name="elbow" type="hinge" axis="0 0 1"/>
      <inertial pos="0.5 0 0" mass="1" diaginertia="0.05 0.05 0.05"/></body>
  </body></worldbody>
  <actuator><position joint="shoulder" kp="3" dampratio="1"/><position joint="elbow" kp="3" dampratio="1"/></actuator>
</mujoco>"""
    model = mujoco.MjModel.from_xml_string(xml)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ii.ObjectGround())
    links = [mbs.AddObject(ii.RigidBody2D(nodeNumber=mbs.AddNode(ii.Rigid2D(referenceCoordinates=[0.5 + k, 0, 0])),
                                          physicsMass=m, physicsInertia=J)) for k, (m, J) in enumerate([(2., 0.1), (1., 0.05)])]
    servos = []
    for b0, b1, p0 in [(ground, links[0], [0, 0, 0]), (links[0], links[1], [0.5, 0, 0])]:
        joint = mbs.AddObject(ii.RevoluteJoint2D(markerNumbers=[
            mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=b0, localPosition=p0)),
            mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=b1, localPosition=[-0.5, 0, 0]))]))
        servos.append(mbs.AddObject(ii.ActuatorPosition(jointNumber=joint, kp=3., dampratio=1.)))
    mbs.Assemble()
    print("\ndampratio 1 on a two-link chain, biasprm[2] = -kv (MuJoCo | multidyn):")
    for k, name in enumerate(["shoulder", "elbow"]):
        print(f"  {name:8s} {model.actuator_biasprm[k][2]:.12f} | {mbs.GetObject(servos[k])['biasprm'][2]:.12f}")


if __name__ == "__main__":
    print(f"MuJoCo {mujoco.__version__}; each case 1 s: MuJoCo implicitfast h = {MJ_STEP}, multidyn h = {END_TIME / MD_STEPS}")
    for case in CASES:
        Run(case)
    DampratioChain()
    Errors()
