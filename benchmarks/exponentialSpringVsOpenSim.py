"""multidyn's ObjectContactExponentialSpring against OpenSim's ExponentialContactForce (which wraps
Simbody's ExponentialSpringForce) on the same models, y up, gravity -9.8 m/s^2 along y, the floor
plane's z axis along ground y, default ExponentialSpringParameters:

  point:  a 1 kg point (one station at its center of mass) dropped from 5 cm while moving at
          1 m/s along x: it lands, bounces, slides, sticks.
  cube:   a 10 kg cube (half-size 0.1 m) with 8 corner stations, tilted, dropped from 0.3 m at
          1.5 m/s along x.

multidyn is solved with generalized-alpha (h = 1 ms and 0.1 ms, rho_inf = 0.9) and RK44 (h = 0.1 ms), OpenSim
with its default Runge-Kutta-Merson at accuracy 1e-8. Prints the wall-clock time of each run, the
largest differences of the trajectories and writes one figure per model (--figures DIR). OpenSim is
a reference installed beside multidyn (pip install opensim); multidyn never depends on it.

    python3 benchmarks/exponentialSpringVsOpenSim.py [--endTime 1.0] [--figures /tmp] [--printReference]
"""
import argparse
import math
import os
import sys
import time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
try:
    import multidyn  # noqa: F401
except ImportError:  # source checkout
    sys.path.insert(0, os.path.join(os.path.dirname(here), "pythonInterface"))
import multidyn as exu  # noqa: E402
from multidyn import utilities as ut  # noqa: E402
from multidyn.itemInterface import MarkerBodyRigid, ObjectGround  # noqa: E402

GRAVITY = 9.8
HALF, CUBE_MASS = 0.1, 10.
CORNERS = [[sx * HALF, sy * HALF, sz * HALF] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
A_0P = ut.RotationMatrixX(-math.pi / 2.)  # plane z axis = ground y

MODELS = {
    # mass, inertia (diagonal), stations, initial position, rotation (Rxyz), velocity
    "point": dict(mass=1., inertia=0.01, stations=[[0., 0., 0.]], position=[0., 0.05, 0.], rotation=[0., 0., 0.],
                  velocity=[1., 0., 0.]),
    "cube": dict(mass=CUBE_MASS, inertia=CUBE_MASS * (2 * HALF) ** 2 / 6., stations=CORNERS,
                 position=[0., 0.3, 0.], rotation=[0.3, 0., 0.2], velocity=[1.5, 0., 0.]),
}


def Multidyn(model, solverType, numberOfSteps, endTime, reportTimes):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    inertia = ut.RigidBodyInertia(mass=model["mass"], inertiaTensor=np.eye(3) * model["inertia"])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=model["position"],
                               referenceRotationMatrix=ut.RotXYZ2RotationMatrix(model["rotation"]),
                               initialVelocity=model["velocity"], gravity=[0., -GRAVITY, 0.],
                               nodeType=exu.NodeType.RotationRxyz)
    ground = mbs.AddObject(ObjectGround())
    plane = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localRotationMatrix=A_0P.tolist()))
    mbs.CreateExponentialSpringContact(body, model["stations"], planeMarker=plane)
    mbs.Assemble()
    positions = []
    stride = round(numberOfSteps / endTime * (reportTimes[1] - reportTimes[0]))
    count = [0]

    def Record(mbs, t):
        if count[0] % stride == 0:
            positions.append(mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, localPosition=[0., 0., 0.]))
        count[0] += 1
        return True

    mbs.SetPreStepUserFunction(Record)
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = endTime
    mbs.SolveDynamic(settings, solverType=solverType)
    positions.append(mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, localPosition=[0., 0., 0.]))
    return np.array(positions)


def OpenSim(model, reportTimes, accuracy):
    import opensim as osim
    osimModel = osim.Model()
    osimModel.setGravity(osim.Vec3(0., -GRAVITY, 0.))
    J = model["inertia"]
    body = osim.Body("body", model["mass"], osim.Vec3(0.), osim.Inertia(J, J, J))
    osimModel.addBody(body)
    joint = osim.FreeJoint("free", osimModel.getGround(), body)
    osimModel.addJoint(joint)
    X_GP = osim.Transform(osim.Rotation(-math.pi / 2., osim.CoordinateAxis(0)), osim.Vec3(0.))
    forces = []
    for k, station in enumerate(model["stations"]):
        force = osim.ExponentialContactForce(X_GP, body, osim.Vec3(*station))
        force.setName(f"contact{k}")
        osimModel.addForce(force)
        forces.append(force)
    state = osimModel.initSystem()
    coordinates = osimModel.getCoordinateSet()  # FreeJoint: rotations X, Y, Z (body-fixed), translations
    for i in range(3):
        coordinates.get(i).setValue(state, model["rotation"][i])
        coordinates.get(3 + i).setValue(state, model["position"][i])
        coordinates.get(3 + i).setSpeedValue(state, model["velocity"][i])
    osimModel.realizePosition(state)
    for force in forces:  # the anchor at the station's projection, as multidyn starts
        force.resetAnchorPoint(state)
    manager = osim.Manager(osimModel)
    manager.setIntegratorAccuracy(accuracy)
    state.setTime(0.)
    manager.initialize(state)
    positions = []
    for t in reportTimes:
        if t > 0.:
            state = manager.integrate(t)
        osimModel.realizePosition(state)
        p = body.getPositionInGround(state)
        positions.append([p.get(0), p.get(1), p.get(2)])
    return np.array(positions)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--endTime", type=float, default=1.)
    parser.add_argument("--accuracy", type=float, default=1e-8, help="OpenSim integrator accuracy")
    parser.add_argument("--figures", default=None, help="directory for the figures (none: no figures)")
    parser.add_argument("--printReference", action="store_true", help="print OpenSim's positions every 0.1 s")
    arguments = parser.parse_args()
    reportTimes = np.linspace(0., arguments.endTime, int(round(arguments.endTime / 0.01)) + 1)
    try:
        import opensim  # noqa: F401
    except ImportError:
        print("OpenSim is not installed (pip install opensim): only multidyn's two solvers are compared")
        opensim = None
    solvers = [("GeneralizedAlpha h=1ms", exu.DynamicSolverType.GeneralizedAlpha, 1e-3),
               ("GeneralizedAlpha h=0.1ms", exu.DynamicSolverType.GeneralizedAlpha, 1e-4),
               ("RK44 h=0.1ms", exu.DynamicSolverType.RK44, 1e-4)]
    for name, model in MODELS.items():
        results, seconds = {}, {}
        for label, solverType, h in solvers:
            start = time.perf_counter()
            numberOfSteps = int(round(arguments.endTime / h))
            results[label] = Multidyn(model, solverType, numberOfSteps, arguments.endTime, reportTimes)
            seconds[label] = time.perf_counter() - start
        start = time.perf_counter()
        reference = OpenSim(model, reportTimes, arguments.accuracy) if opensim else None
        seconds["OpenSim"] = time.perf_counter() - start
        print(f"{name}: wall-clock seconds (model building and per-step recording included): " +
              ", ".join(f"{label} {value:.2f}" for label, value in seconds.items() if label != "OpenSim" or opensim))
        for label, result in results.items():
            if reference is not None:
                difference = np.abs(result - reference)
                print(f"{name}: largest |multidyn {label} - OpenSim| of the position: "
                      f"x {difference[:, 0].max() * 1e3:.3f} mm, "
                      f"y {difference[:, 1].max() * 1e3:.3f} mm, z {difference[:, 2].max() * 1e3:.3f} mm; final: "
                      f"multidyn {np.round(result[-1], 5).tolist()}, OpenSim {np.round(reference[-1], 5).tolist()}")
            else:
                difference = np.abs(result - results["RK44 h=0.1ms"])
                print(f"{name}: largest |multidyn {label} - RK44 h=0.1ms|: {difference.max() * 1e3:.3f} mm")
        if reference is not None and arguments.printReference:
            stride = int(round(0.1 / (reportTimes[1] - reportTimes[0])))
            print(f"{name}: OpenSim position every 0.1 s: {reference[::stride].tolist()}")
        if arguments.figures:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            figure, axes = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
            for axis, component, label in [(axes[0], 0, "x [m]"), (axes[1], 1, "y (height) [m]")]:
                for (solverLabel, result), style in zip(results.items(), ["-", "-.", "--"]):
                    axis.plot(reportTimes, result[:, component], style, label="multidyn " + solverLabel)
                if reference is not None:
                    axis.plot(reportTimes, reference[:, component], ":", label="OpenSim ExponentialContactForce")
                axis.set_ylabel(label)
                axis.grid(True)
            axes[0].legend()
            axes[1].set_xlabel("t [s]")
            figure.suptitle(f"exponential spring contact: {name}")
            path = os.path.join(arguments.figures, f"exponentialSpring_{name}.png")
            figure.savefig(path, dpi=100)
            print(f"figure: {path}")

if __name__ == "__main__":
    main()
