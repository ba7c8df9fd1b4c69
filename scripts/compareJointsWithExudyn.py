"""Compares multidyn's joints between frames and axis/rigid-body spring-dampers with Exudyn's (PyPI
package `exudyn`, not a multidyn dependency): the same model, built here in our own code through
each package's Create functions: a body on a prismatic joint with a linear spring-damper along it,
a body on a tilted universal joint (CreateGenericJoint), a body on a spherical joint, a mass point
on a Cartesian spring-damper, and a body on a rigid-body spring-damper, under gravity, 1000 steps.
Prints each body's final position in both and the largest differences.
Run: python scripts/compareJointsWithExudyn.py   (pip install exudyn)
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


def Run(packageName):
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    gravity = [0., -9.81, 0.]

    def Bar(position, **kwargs):
        return mbs.CreateRigidBody(inertia=utilities.InertiaCuboid(1000., [1., 0.1, 0.1]), referencePosition=position,
                                   gravity=gravity, **kwargs)

    slider = Bar([4., 0., 0.], initialVelocity=[0., 4., 0.])
    mbs.CreatePrismaticJoint(itemNumbers=[ground, slider], position=[3.5, 0., 0.], axis=[0., 1., 0.])
    spring = mbs.CreateLinearSpringDamper(itemNumbers=[ground, slider], position=[3.5, 0., 0.], axis=[0., 1., 0.],
                                          stiffness=1e4, damping=100., offset=0.1)
    universal = Bar([6., 0., 0.], initialAngularVelocity=[0., 8., 0.])
    mbs.CreateGenericJoint(itemNumbers=[ground, universal], position=[5.5, 0., 0.], constrainedAxes=[1, 1, 1, 1, 0, 0],
                           rotationMatrixAxes=utilities.RotationMatrixX(0.125 * np.pi))
    spherical = Bar([5., 0., 0.], initialAngularVelocity=[5., 0., 0.])
    mbs.CreateSphericalJoint(itemNumbers=[ground, spherical], position=[5.5, 0., 0.])
    point = mbs.CreateMassPoint(referencePosition=[7., 0., 0.], mass=1., gravity=gravity)
    mbs.CreateCartesianSpringDamper(itemNumbers=[ground, point], localPosition0=[7.5, 1., 0.],
                                    stiffness=[200., 2000., 0.], damping=[2., 20., 0.])
    bushing = Bar([8., 0., 0.])
    mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, bushing], localPosition0=[8., 0., 0.],
                                    stiffness=np.diag([1e4, 2e4, 3e4, 100., 200., 300.]), damping=np.diag([10.] * 6),
                                    useIntrinsicFormulation=False)
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 1000
    settings.timeIntegration.endTime = 2.
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    OVT = exu.OutputVariableType
    positions = {name: mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
                 for name, body in [("prismatic + linear spring", slider), ("universal (generic joint)", universal),
                                    ("spherical", spherical), ("Cartesian spring", point), ("rigid-body spring", bushing)]}
    return positions, float(mbs.GetObjectOutput(spring, OVT.ForceLocal))


results = {name: Run(name) for name in ("multidyn", "exudyn")}
for name in results["multidyn"][0]:
    ours, theirs = results["multidyn"][0][name], results["exudyn"][0][name]
    print(f"{name:28s} multidyn {np.array2string(ours, precision=9)}  exudyn {np.array2string(theirs, precision=9)}"
          f"  difference {np.max(np.abs(ours - theirs)):.2e} m")
forces = [results[name][1] for name in ("multidyn", "exudyn")]
print(f"linear spring force: multidyn {forces[0]:.12g} N, exudyn {forces[1]:.12g} N, "
      f"relative difference {abs(forces[0] - forces[1]) / abs(forces[1]):.2e}")
