"""ObjectConnectorHydraulicActuatorSimple (HydraulicActuatorSimple) against closed forms and the equations of
Exudyn's documentation, written out here independently of the code:
- force f_HA = -p0 A0 + p1 A1 + d s_t along the axis, +f_HA v_f on marker 0 and -f_HA v_f on marker 1, and the
  pressure rates of the build-up equations (all valve cases, chamber volume change, cylinder and hose
  compliance), read from one explicit Euler step (x(h) = x(0) + h x_t(0) exactly);
- a blocked cylinder (valves closed) is a linear spring-damper of stiffness K (A0^2/V0 + A1^2/V1): the
  damped oscillator's closed form, and the oil volume balance p0 + K A0/V0 s = const;
- with the valves opened from a pre-step user function (run-time parameters), the piston reaches the
  steady velocity of the flow equations A0 v = Qn sqrt(ps - p0), A1 v = Qn sqrt(p1 - pt) and the force balance;
- the node's ODE1 coordinates are the pressures; inactive: no force, frozen pressures; bad input."""
import math

import numpy as np
import pytest
from scipy.optimize import brentq

import multidyn as exu
from multidyn.itemInterface import (CoordinateConstraint, HydraulicActuatorSimple, LoadForceVector, MarkerBodyPosition,
                                    MarkerNodeCoordinate, MassPoint, NodeGenericODE1, NodePoint, NodePointGround,
                                    ObjectConnectorHydraulicActuatorSimple, ObjectGround, SensorNode, SensorObject,
                                    VHydraulicActuatorSimple)

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
GROUND_POINT = np.array([0.1, -0.2, 0.3])
AXIS = np.array([1., 0., 0.])


def Cylinder(length, velocity=0., pressures=(0., 0.), mass=20., load=0., **parameters):
    """A mass point on the rod of a cylinder whose base is fixed at GROUND_POINT, along AXIS = x; `load` [N]
    pushes the mass towards the base. y and z of the mass are held: a compressed strut under a load of fixed
    direction buckles sideways (at the rate sqrt(F/(m L)))."""
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround(referencePosition=GROUND_POINT.tolist()))
    node = mbs.AddNode(NodePoint(referenceCoordinates=(GROUND_POINT + length * AXIS).tolist(),
                                 initialVelocities=(velocity * AXIS).tolist()))
    body = mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground))
    mBody = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    groundCoordinate = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    for coordinate in (1, 2):
        mbs.AddObject(CoordinateConstraint(markerNumbers=[
            groundCoordinate, mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))]))
    if load:
        mbs.AddLoad(LoadForceVector(markerNumber=mBody, loadVector=(-load * AXIS).tolist()))
    nodeODE1 = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[0., 0.], initialCoordinates=list(pressures),
                                           numberOfODE1Coordinates=2))
    values = dict(offsetLength=0.3, strokeLength=0.6, chamberCrossSection0=2e-3, chamberCrossSection1=1.2e-3,
                  hoseVolume0=5e-4, hoseVolume1=4e-4, oilBulkModulus=1.4e9, nominalFlow=1e-8, systemPressure=1e7)
    values.update(parameters)
    actuator = mbs.AddObject(HydraulicActuatorSimple(markerNumbers=[mGround, mBody], nodeNumbers=[nodeODE1], **values))
    mbs.Assemble()
    return mbs, node, nodeODE1, actuator, values


def SignedSqrt(x):
    return math.copysign(math.sqrt(abs(x)), x)


def DocumentedRates(p, s, s_t, v):
    """Exudyn's pressure build-up equations (docs/RST/items/ObjectConnectorHydraulicActuatorSimple.rst)."""
    A0, A1, K = v["chamberCrossSection0"], v["chamberCrossSection1"], v["oilBulkModulus"]
    Vh0, Vh1 = v["hoseVolume0"], v["hoseVolume1"]
    V0, V1, K0, K1 = Vh0, Vh1, K, K
    if v.get("useChamberVolumeChange"):
        V0, V1 = Vh0 + A0 * s, Vh1 + A1 * (v["strokeLength"] - s)
        Kcyl, Khose = v.get("cylinderBulkModulus", 0.), v.get("hoseBulkModulus", 0.)
        K0, K1 = [1. / (1. / K + ((V - Vh) / (V * Kcyl) if Kcyl else 0.) + (Vh / (V * Khose) if Khose else 0.))
                  for V, Vh in ((V0, Vh0), (V1, Vh1))]
    Qn, ps, pt = v["nominalFlow"], v["systemPressure"], v.get("tankPressure", 0.)
    flow = [a * Qn * SignedSqrt(ps - pk if a >= 0 else pk - pt)
            for a, pk in ((v.get("valveOpening0", 0.), p[0]), (v.get("valveOpening1", 0.), p[1]))]
    return np.array([K0 / V0 * (-A0 * s_t + flow[0]), K1 / V1 * (A1 * s_t + flow[1])])


@pytest.mark.parametrize("openings", [(0.7, -0.4), (-0.3, 0.9), (0., 0.)])
@pytest.mark.parametrize("volumeChange", [False, True])
def test_force_and_pressure_rates_follow_the_documented_equations(openings, volumeChange):
    """One explicit Euler step of size h: (p(h) - p(0))/h is the pressure rate, (v(h) - v(0))/h the
    acceleration F/m at the initial state; both masses are free, at skew positions, moving."""
    mbs = NewSystem()
    positions = [np.array([0.2, -0.1, 0.4]), np.array([0.9, 0.5, -0.1])]
    velocities = [np.array([0.3, -0.2, 0.1]), np.array([-0.4, 0.6, 0.5])]
    masses = [3., 5.]
    markers = []
    for position, velocity, mass in zip(positions, velocities, masses):
        node = mbs.AddNode(NodePoint(referenceCoordinates=position.tolist(), initialVelocities=velocity.tolist()))
        markers.append(mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(MassPoint(physicsMass=mass,
                                                                                           nodeNumber=node)))))
    p = [4.1e6, 2.7e6]
    nodeODE1 = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[0., 0.], initialCoordinates=p,
                                           numberOfODE1Coordinates=2))
    v = dict(offsetLength=0.5, strokeLength=0.9, chamberCrossSection0=3e-3, chamberCrossSection1=1.8e-3,
             hoseVolume0=6e-4, hoseVolume1=7e-4, valveOpening0=openings[0], valveOpening1=openings[1],
             actuatorDamping=800., oilBulkModulus=1.5e9, nominalFlow=2e-8, systemPressure=1.6e7,
             tankPressure=3e5, useChamberVolumeChange=volumeChange)
    if volumeChange:
        v.update(cylinderBulkModulus=3e10, hoseBulkModulus=5e9)
    actuator = mbs.AddObject(ObjectConnectorHydraulicActuatorSimple(markerNumbers=markers, nodeNumbers=[nodeODE1], **v))
    mbs.Assemble()

    dp = positions[1] - positions[0]
    L = np.linalg.norm(dp)
    direction = dp / L
    s_t = (velocities[1] - velocities[0]) @ direction
    fHA = -p[0] * v["chamberCrossSection0"] + p[1] * v["chamberCrossSection1"] + v["actuatorDamping"] * s_t
    np.testing.assert_allclose(mbs.GetObjectOutput(actuator, OVT.Force), fHA * direction, rtol=1e-12)
    assert mbs.GetObjectOutput(actuator, OVT.Distance) == pytest.approx(L, rel=1e-14)
    assert mbs.GetObjectOutput(actuator, OVT.VelocityLocal) == pytest.approx(s_t, rel=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(actuator, OVT.Displacement), dp, rtol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutput(actuator, OVT.Velocity), velocities[1] - velocities[0], rtol=1e-14)

    h = 1e-7
    settings = Settings(endTime=h, numberOfSteps=1)
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.ExplicitEuler)
    rates = (mbs.GetNodeOutput(nodeODE1, OVT.Coordinates) - p) / h
    expected = DocumentedRates(p, L - v["offsetLength"], s_t, v)
    np.testing.assert_allclose(rates, expected, rtol=1e-7, atol=1e-9 * np.max(np.abs(p)) / h)
    if openings == (0., 0.):  # closed valves: only the volume change of the chambers
        assert rates[0] * rates[1] < 0.
    # equal and opposite: +f_HA v_f on marker 0, -f_HA v_f on marker 1
    for k, (sign, mass) in enumerate(((1., masses[0]), (-1., masses[1]))):
        velocity = mbs.GetNodeOutput(k, OVT.Velocity)
        np.testing.assert_allclose((velocity - velocities[k]) / h, sign * fHA * direction / mass, rtol=1e-6)


@pytest.mark.parametrize("damping", [0., 2e3])
def test_blocked_cylinder_is_the_closed_form_spring_damper(damping):
    """Valves closed, constant volumes: p0 = p0(0) - K A0/V0 x, p1 = p1(0) + K A1/V1 x (x = L - L(0)), so
    m x'' + d x' + K (A0^2/V0 + A1^2/V1) x = p0(0) A0 - p1(0) A1."""
    mass, length, velocity, pressures = 20., 0.55, 0.02, (3e6, 4e6)
    mbs, node, nodeODE1, actuator, v = Cylinder(length, velocity, pressures, mass, actuatorDamping=damping)
    K, A0, A1, V0, V1 = (v["oilBulkModulus"], v["chamberCrossSection0"], v["chamberCrossSection1"], v["hoseVolume0"],
                         v["hoseVolume1"])
    stiffness = K * (A0**2 / V0 + A1**2 / V1)
    force0 = pressures[0] * A0 - pressures[1] * A1
    endTime, steps = 0.02, 4000  # about three periods (omega = 901/s)
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=steps, spectralRadius=1., tightNewton=True))
    x, x_t = DampedOscillator(endTime, mass, stiffness, damping, torque=force0, omega0=velocity)
    amplitude = math.hypot(force0 / stiffness, velocity / math.sqrt(stiffness / mass))
    L = mbs.GetObjectOutput(actuator, OVT.Distance)
    assert L - length == pytest.approx(float(x), abs=2e-4 * amplitude)
    assert mbs.GetObjectOutput(actuator, OVT.VelocityLocal) == pytest.approx(float(x_t), abs=2e-4 * velocity)
    # the oil volume balance of each closed chamber holds at every step (trapezoidal rule on both)
    p = mbs.GetNodeOutput(nodeODE1, OVT.Coordinates)
    assert p[0] == pytest.approx(pressures[0] - K * A0 / V0 * (L - length), rel=1e-9)
    assert p[1] == pytest.approx(pressures[1] + K * A1 / V1 * (L - length), rel=1e-9)


def test_opened_valves_reach_the_steady_velocity_of_the_flow_equations():
    """Valve 0 to the pump and valve 1 to the tank, opened by a pre-step user function at t = 0.05 s
    (valveOpening0/1 are run-time parameters); a constant load F on the rod. In the steady state
    A0 v = a0 Qn sqrt(ps - p0), A1 v = a1 Qn sqrt(p1 - pt) and p0 A0 - p1 A1 - d v = F."""
    load, damping, a0, a1 = 5e3, 1e4, 0.8, 0.6
    start = (2.5e6, 0.)  # at rest: p0 A0 = load
    mbs, node, nodeODE1, actuator, v = Cylinder(0.5, 0., start, 10., load=load, actuatorDamping=damping,
                                                oilBulkModulus=1e9, hoseVolume0=1e-3, hoseVolume1=1e-3,
                                                chamberCrossSection1=1e-3, tankPressure=2e5)
    A0, A1, Qn, ps, pt = v["chamberCrossSection0"], v["chamberCrossSection1"], v["nominalFlow"], 1e7, 2e5

    def PreStep(mbs, t):
        if t > 0.0505:  # from the step that ends at t = 0.051
            mbs.SetObjectParameter(actuator, "valveOpening0", a0)
            mbs.SetObjectParameter(actuator, "valveOpening1", -a1)
        return True

    mbs.SetPreStepUserFunction(PreStep)
    sVelocity = mbs.AddSensor(SensorObject(objectNumber=actuator, storeInternal=True,
                                           outputVariableType=OVT.VelocityLocal))
    sPressures = mbs.AddSensor(SensorNode(nodeNumber=nodeODE1, storeInternal=True, outputVariableType=OVT.Coordinates))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=10., numberOfSteps=10000))  # the slowest mode decays as exp(-1.8 t)
    closed = mbs.GetSensorStoredData(sVelocity)[:, 0] <= 0.05 + 1e-12
    assert np.sum(closed) == 51
    np.testing.assert_allclose(mbs.GetSensorStoredData(sVelocity)[closed, 1], 0., atol=1e-12)  # closed: at rest
    np.testing.assert_allclose(mbs.GetSensorStoredData(sPressures)[closed, 1:], [start] * 51, rtol=1e-12, atol=1e-6)

    def ForceBalance(velocity):
        p0 = ps - (A0 * velocity / (a0 * Qn))**2
        p1 = pt + (A1 * velocity / (a1 * Qn))**2
        return p0 * A0 - p1 * A1 - damping * velocity - load

    steady = brentq(ForceBalance, 0., 1.)
    assert mbs.GetObjectOutput(actuator, OVT.VelocityLocal) == pytest.approx(steady, rel=1e-6)
    p = mbs.GetNodeOutput(nodeODE1, OVT.Coordinates)
    assert p[0] == pytest.approx(ps - (A0 * steady / (a0 * Qn))**2, rel=1e-6)
    assert p[1] == pytest.approx(pt + (A1 * steady / (a1 * Qn))**2, rel=1e-6)


def test_inactive_actuator_has_no_force_and_frozen_pressures():
    mbs, node, nodeODE1, actuator, v = Cylinder(0.5, 0.1, (3e6, 1e6), activeConnector=False, valveOpening0=1.)
    mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=100))
    np.testing.assert_allclose(mbs.GetNodeOutput(nodeODE1, OVT.Coordinates), [3e6, 1e6], rtol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutput(actuator, OVT.Force), 0., atol=0.)
    assert mbs.GetObjectOutput(actuator, OVT.Distance) == pytest.approx(0.5 + 0.01, rel=1e-12)  # free flight


def test_item_keeps_exudyns_names_defaults_and_visualization():
    item = HydraulicActuatorSimple(visualization=VHydraulicActuatorSimple(cylinderRadius=0.06,
                                                                          colorPiston=[1, 0, 0, 1]))
    d = dict(item)
    assert d["objectType"] == "ConnectorHydraulicActuatorSimple"
    assert d["nodeNumbers"] == [] and d["markerNumbers"] == [-1, -1]
    assert d["useChamberVolumeChange"] is False and d["activeConnector"] is True
    for name in ("offsetLength", "strokeLength", "chamberCrossSection0", "chamberCrossSection1", "hoseVolume0",
                 "hoseVolume1", "valveOpening0", "valveOpening1", "actuatorDamping", "oilBulkModulus",
                 "cylinderBulkModulus", "hoseBulkModulus", "nominalFlow", "systemPressure", "tankPressure"):
        assert d[name] == 0.
    assert d["VcylinderRadius"] == pytest.approx(0.06) and d["VcolorPiston"] == [1., 0., 0., 1.]
    assert d["VrodRadius"] == pytest.approx(0.03)


def test_bad_input_names_the_item_and_the_parameter():
    mbs, node, nodeODE1, actuator, v = Cylinder(0.5)
    markers = mbs.GetObject(actuator)["markerNumbers"]
    def Add(**changes):
        values = dict(v, markerNumbers=markers, nodeNumbers=[nodeODE1])
        values.update(changes)
        return mbs.AddObject(HydraulicActuatorSimple(**values))

    for name in ("strokeLength", "chamberCrossSection0", "chamberCrossSection1", "hoseVolume0", "hoseVolume1",
                 "oilBulkModulus", "nominalFlow"):
        with pytest.raises(ValueError, match=rf"ObjectConnectorHydraulicActuatorSimple.*'{name}'.*> 0.*placeholder"):
            Add(**{name: 0.})
        with pytest.raises(ValueError, match=rf"'{name}'.*>= 0"):
            Add(**{name: -1.})
    for name in ("offsetLength", "actuatorDamping", "cylinderBulkModulus", "hoseBulkModulus"):
        with pytest.raises(ValueError, match=rf"'{name}'.*>= 0"):
            Add(**{name: -1.})
    with pytest.raises(ValueError, match="'systemPressure'"):
        Add(systemPressure=float("nan"))
    with pytest.raises(ValueError, match=r"'nodeNumbers'.*NodeGenericODE1 with 2 coordinates"):
        Add(nodeNumbers=[])
    with pytest.raises(TypeError, match=r"ObjectConnectorHydraulicActuatorSimple.*'nodeNumbers'.*NodePoint"):
        Add(nodeNumbers=[node])
    threeCoordinates = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[0.] * 3, initialCoordinates=[0.] * 3,
                                                   numberOfODE1Coordinates=3))
    with pytest.raises(ValueError, match=r"'nodeNumbers'.*3 coordinates.*needs a NodeGenericODE1 with 2"):
        Add(nodeNumbers=[threeCoordinates])
    shifted = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[1e5, 0.], initialCoordinates=[0., 0.],
                                          numberOfODE1Coordinates=2))
    with pytest.raises(ValueError, match=r"'nodeNumbers'.*reference.*zero"):
        Add(nodeNumbers=[shifted])
    coordinateMarker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    with pytest.raises(TypeError, match=r"'markerNumbers'.*provides no position"):
        Add(markerNumbers=[markers[0], coordinateMarker])
    objects = mbs.NumberOfObjects()
    # two actuators cannot share the pressures of one node: refused when assembled
    Add()
    assert mbs.NumberOfObjects() == objects + 1
    with pytest.raises(ValueError, match=r"ODE1 coordinates of node .* are already the states of object"):
        mbs.Assemble()


def test_coinciding_markers_stop_the_solver_with_a_clear_error():
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.]))
    body = mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    nodeODE1 = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[0., 0.], initialCoordinates=[0., 0.],
                                           numberOfODE1Coordinates=2))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)), mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))]
    mbs.AddObject(HydraulicActuatorSimple(
        markerNumbers=markers, nodeNumbers=[nodeODE1], strokeLength=1., chamberCrossSection0=1e-3, chamberCrossSection1=1e-3,
        hoseVolume0=1e-3, hoseVolume1=1e-3, oilBulkModulus=1e9, nominalFlow=1e-8))
    mbs.Assemble()
    with pytest.raises(exu.SolverError, match=r"ObjectConnectorHydraulicActuatorSimple.*markers coincide"):
        mbs.SolveDynamic(Settings(endTime=0.01, numberOfSteps=10))
