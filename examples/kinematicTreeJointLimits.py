"""Joint ranges of a kinematic tree (multidyn's extension, as MuJoCo's soft joint limits): a
two-link arm (revolute z joints, vertical plane) starts horizontal and falls in gravity onto the
lower ends of its joint ranges, where it comes to rest.

The ranges are soft: at rest each joint sits beyond its bound by the penetration at which the
limit's stiffness k_i = m_i omega^2 (omega = 1/(jointLimitTimeConstant * jointLimitDampingRatio),
m_i = 1/(M^-1)_ii at the reference configuration) balances the gravity torque about the joint.
The script compares the penetrations with that closed form (planar two-link formulas) and prints
the fall: the time each joint first reaches its bound and the largest penetration."""
import math

import numpy as np

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import SensorNode

SC = exu.SystemContainer()
mbs = SC.AddSystem()
g = 9.81
L, w = 0.6, 0.08
lower = [-0.4, -0.3]                # [rad] shoulder, elbow
timeConstant, dampingRatio = 0.02, 1.

link = ut.InertiaCuboid(density=2000., sideLengths=[L, w, w]).Translated([0.5 * L, 0., 0.])
links = [ut.TreeLink(linkInertia=link, jointType=exu.JointType.RevoluteZ),
         ut.TreeLink(linkInertia=link, jointType=exu.JointType.RevoluteZ, jointHT=ut.HTtranslate([L, 0., 0.]))]
tree = mbs.CreateKinematicTree(name='arm', listOfTreeLinks=links, gravity=[0., -g, 0.], baseGraphicsDataList=[])
# only lower limits: jointRangeUpper stays empty
mbs.SetObjectParameter(tree, 'jointRangeLower', lower)
mbs.SetObjectParameter(tree, 'jointLimitTimeConstant', timeConstant)
mbs.SetObjectParameter(tree, 'jointLimitDampingRatio', dampingRatio)
node = mbs.GetObjectParameter(tree, 'nodeNumber')
angles = mbs.AddSensor(SensorNode(nodeNumber=node, outputVariableType=exu.OutputVariableType.Coordinates,
                                  storeInternal=True, writeToFile=False))
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 5.
settings.timeIntegration.numberOfSteps = 10000
settings.solution.file.write = False
settings.solution.sensors.writePeriod = 5e-4
mbs.SolveDynamic(settings)

# closed form: planar two-link arm, center of mass c at L/2, inertia J about it
m, c, J = link.Mass(), link.COM()[0], link.InertiaCOM()[2, 2]
M0 = np.array([[2. * J + m * c ** 2 + m * (L ** 2 + c ** 2 + 2. * L * c), J + m * (c ** 2 + L * c)],
               [J + m * (c ** 2 + L * c), J + m * c ** 2]])  # mass matrix at q = 0 (the reference)
omega = 1. / (timeConstant * dampingRatio)
stiffness = omega ** 2 / np.diag(np.linalg.inv(M0))  # k_i = m_i omega^2, m_i = 1/(M^-1)_ii


def GravityForces(q):
    """generalized gravity forces -dV/dq, V = m g c sin q1 + m g (L sin q1 + c sin(q1 + q2))"""
    return np.array([-m * g * c * math.cos(q[0]) - m * g * (L * math.cos(q[0]) + c * math.cos(q[0] + q[1])),
                     -m * g * c * math.cos(q[0] + q[1])])


penetration = np.zeros(2)
for _ in range(200):  # at rest: k_i pen_i = -Q_i(q), q = lower - pen
    penetration = -GravityForces(np.array(lower) - penetration) / stiffness

data = mbs.GetSensorStoredData(angles)
q = mbs.GetObjectOutput(tree, exu.OutputVariableType.Coordinates)
simulated = np.array(lower) - q
print(f"effective inertias 1/(M^-1)_ii at the reference: {1. / np.diag(np.linalg.inv(M0))} kg*m^2 "
      f"(M_ii: {np.diag(M0)})")
for i, name in enumerate(["shoulder", "elbow"]):
    reached = data[np.argmax(data[:, 1 + i] < lower[i]), 0]
    print(f"{name}: reaches its bound {lower[i]} rad at t = {reached:.4f} s, deepest penetration "
          f"{np.max(lower[i] - data[:, 1 + i]):.5f} rad; at rest {simulated[i]:.8f} rad beyond it, "
          f"closed form {penetration[i]:.8f} rad (difference {abs(simulated[i] - penetration[i]):.1e})")
assert np.allclose(simulated, penetration, rtol=1e-9), "the arm does not rest at the closed-form penetration"
