"""Compares multidyn's linear analysis (mbs.ComputeLinearizedSystem, mbs.ComputeODE2Eigenvalues,
mbs.ComputeSystemDegreeOfFreedom) with Exudyn's (PyPI package `exudyn`, not a multidyn
dependency) on the same small models, built here with each package's items:
  1. two mass points in x on coordinate spring-dampers, y and z held by coordinate constraints
     (nullspace projection; real and complex eigenvalues);
  2. the same chain without constraints, y and z fixed by constrainedCoordinates;
  3. a bar (Euler parameters) on a revolute joint with a torsional spring-damper, tilted: M, K, D,
     the constraint Jacobian C = C_q^T, eigenvalues (projected, complex);
  4. a spinning rigid body (Euler parameters, initial angular velocity) on two Cartesian springs at
     offset points: without damping (gyroscopic D), and with damping;
  5. a pendulum in minimal coordinates (a kinematic tree with one revolute joint) under gravity;
  6. a bar on a revolute joint under gravity (the load's stiffness is no part of either package's K);
  7. degrees of freedom: a spatial four-bar linkage (three redundant constraints), a planar one,
     a free rigid body.
Exudyn differentiates numerically (its K and D of rotating bodies differ from multidyn's exact
derivatives by about 1e-9 of their largest entry, the eigenvalues by about 1e-7).
It prints the values of both side by side (matrices by their shape and largest entry) and the
largest relative difference: per entry for vectors, relative to the largest entry for matrices.
Rows marked "known difference" are the two documented ones (docs/solvers/LinearAnalysis.md): K of
Euler-parameter coordinates normal to the unit sphere (removed by the projection) and the
derivative of connector damping forces by the positions at non-zero velocities (in multidyn's K,
not in Exudyn's); they are listed apart from the largest difference of the rest.
Run: python scripts/compareLinearAnalysisWithExudyn.py   (pip install exudyn)
"""
import importlib
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings and parameters
try:
    import exudyn  # noqa: F401
except ImportError:
    sys.exit("this script needs Exudyn: pip install exudyn")


def Packages(name):
    exu = importlib.import_module(name)
    return exu, importlib.import_module(name + ".itemInterface"), importlib.import_module(name + ".utilities")


def TwoMassChain(exu, ii, ut, withConstraints=True):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.AddNode(ii.NodePointGround())
    mGround = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    previous = mGround
    for i, (m, k, d) in enumerate([(2., 100., 5.), (3., 40., 0.5)]):
        node = mbs.AddNode(ii.NodePoint(referenceCoordinates=[i + 1., 0, 0]))
        mbs.AddObject(ii.MassPoint(physicsMass=m, nodeNumber=node))
        markers = [mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=node, coordinate=c)) for c in range(3)]
        mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[previous, markers[0]], stiffness=k, damping=d))
        if withConstraints:
            for c in (1, 2):
                mbs.AddObject(ii.CoordinateConstraint(markerNumbers=[mGround, markers[c]]))
        previous = markers[0]
    mbs.Assemble()
    return mbs


def TiltedBar(exu, ii, ut):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    R = ut.RotationMatrixX(0.3) @ ut.RotationMatrixZ(0.4)
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[1., 0.1, 0.05])
    bar = mbs.CreateRigidBody(inertia=inertia, referencePosition=R @ [0.5, 0, 0], referenceRotationMatrix=R)
    axis = R @ [0, 0, 1.]
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, bar], position=[0, 0, 0], axis=axis)
    mbs.CreateTorsionalSpringDamper(bodyNumbers=[ground, bar], position=[0, 0, 0], axis=axis, stiffness=500.,
                                    damping=2.)
    mbs.Assemble()
    return mbs


def SpinningBody(exu, ii, ut, damping=0.):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[0.4, 0.2, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1., 0, 0], initialAngularVelocity=[0.5, 3., 20.],
                               initialVelocity=[0.1, 0, 0])
    mbs.CreateCartesianSpringDamper(bodyNumbers=[ground, body], localPosition0=[1.2, 0.1, 0], localPosition1=[0.2, 0.1, 0],
                                    stiffness=[1e3, 2e3, 3e3], damping=[damping, 2 * damping, 3 * damping])
    mbs.CreateCartesianSpringDamper(bodyNumbers=[ground, body], localPosition0=[0.8, -0.1, 0.05],
                                    localPosition1=[-0.2, -0.1, 0.05], stiffness=[3e3, 1e3, 2e3],
                                    damping=[3 * damping, damping, 2 * damping])
    mbs.Assemble()
    return mbs


def TreePendulum(exu, ii, ut):
    mbs = exu.SystemContainer().AddSystem()
    node = mbs.AddNode(ii.NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.], initialCoordinates=[0.],
                                          initialCoordinates_t=[0.]))
    mbs.AddObject(ii.ObjectKinematicTree(nodeNumber=node, jointTypes=[exu.JointType.RevoluteZ], linkParents=[-1],
                                         jointTransformations=exu.Matrix3DList([np.eye(3)]),
                                         jointOffsets=exu.Vector3DList([[0., 0, 0]]),
                                         linkInertiasCOM=exu.Matrix3DList([np.diag([0.01, 0.02, 0.05])]),
                                         linkCOMs=exu.Vector3DList([[0., -0.8, 0]]), linkMasses=[2.],
                                         gravity=[0., -9.81, 0]))
    mbs.Assemble()
    return mbs


def BarUnderGravity(exu, ii, ut):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[0.1, 1., 0.1])
    bar = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, -0.5, 0], gravity=[0, -9.81, 0])
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    return mbs


def FourBar(exu, ii, ut, planar=False):
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.AddObject(ii.ObjectGround())
    points = [np.array(p) for p in ([0, 0, 0], [0, 1., 0], [2.5, 1.5, 0], [3., 0, 0])]
    bodies = []
    for a, b in zip(points[:-1], points[1:]):
        center = 0.5 * (a + b)
        if planar:
            node = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[center[0], center[1], 0]))
            bodies.append(mbs.AddObject(ii.ObjectRigidBody2D(nodeNumber=node, physicsMass=1., physicsInertia=0.1)))
        else:
            inertia = ut.InertiaCuboid(density=100., sideLengths=[0.1, 0.1, 0.1])
            bodies.append(mbs.CreateRigidBody(inertia=inertia, referencePosition=center))
    for k, point in enumerate(points):
        left = ground if k == 0 else bodies[k - 1]
        right = bodies[k] if k < 3 else ground
        if planar:
            markers = []
            for body in (left, right):
                position = point if body == ground else point - (0.5 * (points[bodies.index(body)] +
                                                                         points[bodies.index(body) + 1]))
                markers.append(mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=body, localPosition=list(position))))
            mbs.AddObject(ii.RevoluteJoint2D(markerNumbers=markers))
        else:
            mbs.CreateRevoluteJoint(bodyNumbers=[left, right], position=list(point), axis=[0, 0, 1])
    mbs.Assemble()
    return mbs


def FreeBody(exu, ii, ut):
    mbs = exu.SystemContainer().AddSystem()
    mbs.CreateRigidBody(inertia=ut.InertiaCuboid(density=100., sideLengths=[0.3, 0.2, 0.1]), referencePosition=[0, 0, 0])
    mbs.Assemble()
    return mbs


def RelativeDifference(a, b):
    """vectors: the largest |a_i - b_i| / |b_i| (entries below 1e-12 of the largest count against
    that); matrices: the largest |a_ij - b_ij| over the largest |b_ij|"""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return np.inf
    if a.size == 0:
        return 0.
    scale = max(np.abs(b).max(), 1e-300)
    if a.ndim == 2:
        return float(np.abs(a - b).max() / scale)
    return float((np.abs(a - b) / np.maximum(np.abs(b), 1e-12 * scale)).max())


def Row(text, valuesMultidyn, valuesExudyn):
    """vectors side by side; matrices by their shape and largest entry"""
    def Format(values):
        values = np.asarray(values)
        if values.ndim == 2:
            return f"{values.shape[0]} x {values.shape[1]} matrix, largest entry {np.abs(values).max(initial=0):.10g}"
        return np.array2string(values, precision=10, max_line_width=200, separator=', ')
    difference = RelativeDifference(valuesMultidyn, valuesExudyn)
    print(f"  {text}\n    multidyn {Format(valuesMultidyn)}\n    exudyn   {Format(valuesExudyn)}\n"
          f"    largest relative difference {difference:.2e}")
    return difference


def Compare(name, build, compute):
    print(name)
    results = {}
    for packageName in ["multidyn", "exudyn"]:
        exu, ii, ut = Packages(packageName)
        mbs = build(exu, ii, ut)
        results[packageName] = compute(mbs)
    worst, known = 0., 0.
    for label in results["exudyn"]:
        difference = Row(label, results["multidyn"][label], results["exudyn"][label])
        if label.startswith("known difference"):
            known = max(known, difference)
        else:
            worst = max(worst, difference)
    return worst, known


def Eigenvalues(**arguments):
    return lambda mbs: {f"ComputeODE2Eigenvalues({', '.join(f'{k}={v}' for k, v in arguments.items())})":
                        mbs.ComputeODE2Eigenvalues(**arguments)[0]}


def LinearizedMatrices(mbs, knownDifferenceOfK=None):
    """M, K, D, C and invariants of the projected matrices (the nullspace basis itself is not unique)"""
    result = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True)  # [M, K, D] without constraints
    M, K, D = result[:3]
    C = result[3] if len(result) > 3 else np.zeros((M.shape[0], 0))
    Mp, Kp, Dp = mbs.ComputeLinearizedSystem(projectIntoConstraintNullspace=True)[:3]
    labelK = f"known difference ({knownDifferenceOfK}): K" if knownDifferenceOfK else "K"
    return {"M": M, labelK: K, "D": D, "C = C_q^T": C,
            "eigenvalues of the projected (N K N^T, N M N^T)": np.sort(np.linalg.eigvals(np.linalg.solve(Mp, Kp)).real),
            "projected damping: trace((N M N^T)^-1 N D N^T)": [np.trace(np.linalg.solve(Mp, Dp))]}


def Known(label, computation):
    """the results of computation, each marked as a known difference"""
    return lambda mbs: {f"known difference ({label}): {key}": value for key, value in computation(mbs).items()}


def DegreeOfFreedom(mbs):
    result = mbs.ComputeSystemDegreeOfFreedom()
    resultSVD = mbs.ComputeSystemDegreeOfFreedom(useSVD=True)
    keys = ['degreeOfFreedom', 'redundantConstraints', 'nODE2', 'nODE1', 'nAE', 'nPureAE']
    return {"ComputeSystemDegreeOfFreedom() " + str(keys): [result[k] for k in keys],
            "ComputeSystemDegreeOfFreedom(useSVD=True)": [resultSVD[k] for k in keys]}


def Several(*computations):
    def Compute(mbs):
        results = {}
        for computation in computations:
            results.update(computation(mbs))
        return results
    return Compute


def main():
    comparisons = [
        ("1. two-mass chain, y and z by coordinate constraints", TwoMassChain,
         Several(Eigenvalues(), Eigenvalues(convert2Frequencies=True),
                 Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False),
                 Eigenvalues(ignoreAlgebraicEquations=True), LinearizedMatrices)),
        ("2. two-mass chain, y and z by constrainedCoordinates", lambda *a: TwoMassChain(*a, withConstraints=False),
         Several(Eigenvalues(constrainedCoordinates=[1, 2, 4, 5]),
                 Eigenvalues(constrainedCoordinates=[1, 2, 4, 5], numberOfEigenvalues=1))),
        ("3. tilted bar on a revolute joint with a torsional spring-damper (Euler parameters)", TiltedBar,
         Several(lambda mbs: LinearizedMatrices(mbs, "normal to the Euler parameters' unit sphere"), Eigenvalues(),
                 Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False), DegreeOfFreedom)),
        ("4a. spinning rigid body on two Cartesian springs without damping (gyroscopic damping matrix)", SpinningBody,
         Several(LinearizedMatrices, Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=True))),
        ("4b. the spinning body on Cartesian spring-dampers", lambda *a: SpinningBody(*a, damping=1.),
         Known("damping forces' derivative by the positions", Several(
             LinearizedMatrices, Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=True)))),
        ("5. pendulum as a kinematic tree under gravity (omega^2 = m g L / J = "
         f"{2 * 9.81 * 0.8 / (0.05 + 2 * 0.8**2):.10g})", TreePendulum,
         Several(Eigenvalues(), LinearizedMatrices)),
        ("6. bar on a revolute joint under gravity (loads are no part of K)", BarUnderGravity,
         Several(Eigenvalues(), LinearizedMatrices)),
        ("7a. spatial four-bar linkage", FourBar, DegreeOfFreedom),
        ("7b. planar four-bar linkage", lambda *a: FourBar(*a, planar=True), DegreeOfFreedom),
        ("7c. free rigid body", FreeBody, DegreeOfFreedom),
    ]
    worst = {}
    for name, build, compute in comparisons:
        worst[name] = Compare(name, build, compute)
        print()
    print("largest relative difference per model (and of its known differences):")
    for name, (value, known) in worst.items():
        print(f"  {value:.2e}  {'(known ' + format(known, '.2e') + ')' if known else '':18s} {name}")
    print(f"overall largest relative difference, known differences apart: {max(v for v, _ in worst.values()):.2e}")


if __name__ == "__main__":
    main()
