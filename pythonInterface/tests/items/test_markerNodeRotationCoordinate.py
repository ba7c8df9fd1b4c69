"""MarkerNodeRotationCoordinate (Exudyn's marker on a rotation coordinate of a rigid node): its
value against scipy's Euler angles of the node's rotation, its velocity against the node's global
angular velocity, a rotor on a coordinate spring against the closed-form oscillation, a
LoadCoordinate on it against the same torque as a TorqueVector (the loads act through the global
angular velocity Jacobian), a velocity-level CoordinateConstraint to a Rotor1D, and bad input."""
import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import multidyn as exu
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate,
                                    MarkerNodeRigid, MarkerNodeRotationCoordinate, Node1D, NodePoint, NodePointGround,
                                    NodeRigidBodyEP, RigidBody, RigidRxyz, Rotor1D, Torque)
from multidyn.utilities import RotationMatrix2EulerParameters
from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
INERTIA = [0.3, 0.5, 0.7, 0., 0., 0.]


def Rotor(mbs, node):
    return mbs.AddObject(RigidBody(mass=2., inertia=INERTIA, nodeNumber=node))


def test_valueIsTheTaitBryanAngleAndVelocityTheGlobalAngularVelocity(workDir):
    # a general rotation and angular velocity, on an Euler-parameter node: scipy's intrinsic XYZ
    # angles (A = Rx Ry Rz) and the node's own global angular velocity output
    A = Rotation.from_euler('XYZ', [0.6, -0.5, 2.4]).as_matrix()
    mbs = NewSystem()
    omega = np.array([0.4, -1.1, 2.3])  # global
    G = RotationMatrix2EulerParameters  # noqa: F841 (the reference values come from the rotation matrix)
    ep = RotationMatrix2EulerParameters(A)
    e0, e1, e2, e3 = ep
    # e_t = 1/2 Gbar^T omega (global), with G = 2 [-e1 e0 -e3 e2; -e2 e3 e0 -e1; -e3 -e2 e1 e0]
    Gglobal = 2. * np.array([[-e1, e0, -e3, e2], [-e2, e3, e0, -e1], [-e3, -e2, e1, e0]])
    node = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0.1, 0.2, 0.3] + list(ep),
                                       initialVelocities=[0., 0., 0.] + list(0.25 * Gglobal.T @ omega)))
    Rotor(mbs, node)
    markers = [mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=node, rotationCoordinate=i)) for i in range(3)]
    mbs.Assemble()
    angles = Rotation.from_matrix(A).as_euler('XYZ')
    omegaNode = mbs.GetNodeOutput(node, OVT.AngularVelocity)
    assert np.allclose(omegaNode, omega, atol=1e-12)
    for i, marker in enumerate(markers):
        assert mbs.GetMarkerOutput(marker, OVT.Coordinates)[0] == pytest.approx(angles[i], abs=1e-12)
        assert mbs.GetMarkerOutput(marker, OVT.Coordinates_t)[0] == pytest.approx(omega[i], abs=1e-12)


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.GeneralizedAlpha, exu.DynamicSolverType.DOPRI5])
def test_rotorOnACoordinateSpringOscillatesWithTheClosedFormFrequency(workDir, solverType):
    """A free Rxyz rotor turned 0.5 rad about z, on a CoordinateSpringDamper from its z angle to a
    ground coordinate: J_z phi'' + d phi' + k phi = 0 (rotation about the fixed z axis only, where
    the angle, omega_z and the Jacobian G row 2 = [0, 0, 1] are exact)."""
    k, d, phi0, endTime = 40., 0.3, 0.5, 1.
    mbs = NewSystem()
    node = mbs.AddNode(RigidRxyz(referenceCoordinates=[0.] * 6, initialCoordinates=[0., 0., 0., 0., 0., phi0]))
    Rotor(mbs, node)
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    mAngle = mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=node, rotationCoordinate=2))
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mAngle], stiffness=k, damping=d))
    mbs.Assemble()
    settings = Settings(endTime, 2000, spectralRadius=1., tightNewton=True)
    settings.timeIntegration.absoluteTolerance = settings.timeIntegration.relativeTolerance = 1e-10
    mbs.SolveDynamic(settings, solverType=solverType)
    exact, exact_t = DampedOscillator(endTime, INERTIA[2], k, d, 0., theta0=phi0)
    phi = mbs.GetNodeOutput(node, OVT.Coordinates)[5]
    tolerance = 1e-5 if solverType == exu.DynamicSolverType.GeneralizedAlpha else 1e-8
    assert phi == pytest.approx(float(exact), abs=tolerance)
    assert mbs.GetNodeOutput(node, OVT.AngularVelocity)[2] == pytest.approx(float(exact_t), abs=20 * tolerance)


def test_loadCoordinateIsATorqueAboutTheGlobalAxis(workDir):
    """A LoadCoordinate M on the angle about global axis i gives the generalized force G_i^T M:
    the same motion as a TorqueVector M e_i in global axes, also at large rotations."""
    results = []
    for useMarker in (True, False):
        mbs = NewSystem()
        node = mbs.AddNode(RigidRxyz(referenceCoordinates=[0., 0., 0., 0.4, -0.3, 0.8],
                                     initialVelocities=[0., 0., 0., 1., 2., -1.]))
        Rotor(mbs, node)
        if useMarker:
            marker = mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=node, rotationCoordinate=1))
            mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=0.8))
        else:
            mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerNodeRigid(nodeNumber=node)), loadVector=[0., 0.8, 0.],
                               bodyFixed=False))
        mbs.Assemble()
        mbs.SolveDynamic(Settings(1., 200), solverType=exu.DynamicSolverType.RK44)
        results.append(mbs.systemData.GetODE2Coordinates())
    assert np.linalg.norm(results[0][3:]) > 1.  # it turned
    assert np.allclose(results[0], results[1], rtol=1e-13, atol=1e-13)


def test_velocityLevelConstraintToARotor1D(workDir):
    """driveTrainTest.py's coupling: a Rotor1D's angle tied to a rigid rotor's z rotation by a
    velocity-level CoordinateConstraint; a torque on the rigid rotor spins both with
    theta'' = M / (J_z + J_1D)."""
    torque, inertia1D, endTime = 0.6, 0.2, 1.
    mbs = NewSystem()
    node = mbs.AddNode(RigidRxyz(referenceCoordinates=[0.] * 6))
    Rotor(mbs, node)
    mAngle = mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=node, rotationCoordinate=2))
    node1D = mbs.AddNode(Node1D(referenceCoordinates=[0.]))
    mbs.AddObject(Rotor1D(physicsInertia=inertia1D, nodeNumber=node1D))
    m1D = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node1D, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[m1D, mAngle], velocityLevel=True))
    mbs.AddLoad(LoadCoordinate(markerNumber=mAngle, load=torque))
    mbs.Assemble()
    settings = Settings(endTime, 500, tightNewton=True)
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    settings.timeIntegration.generalizedAlpha.useNewmark = True
    mbs.SolveDynamic(settings)
    alpha = torque / (INERTIA[2] + inertia1D)
    assert mbs.GetNodeOutput(node1D, OVT.Coordinates_t) == pytest.approx(alpha * endTime, rel=1e-9)
    assert mbs.GetNodeOutput(node, OVT.Coordinates)[5] == pytest.approx(0.5 * alpha * endTime ** 2, rel=1e-6)


def test_badInputIsNamed(workDir):
    mbs = NewSystem()
    rigid = mbs.AddNode(RigidRxyz(referenceCoordinates=[0.] * 6))
    point = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.]))
    with pytest.raises(ValueError, match="MarkerNodeRotationCoordinate.*rotationCoordinate.*0, 1 or 2"):
        mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=rigid, rotationCoordinate=3))
    with pytest.raises(TypeError, match="MarkerNodeRotationCoordinate.*nodeNumber.*NodePoint.*no orientation"):
        mbs.AddMarker(MarkerNodeRotationCoordinate(nodeNumber=point, rotationCoordinate=0))
    assert mbs.NumberOfMarkers() == 0
