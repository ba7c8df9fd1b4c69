"""Speed of a planar chain of N links as one ObjectKinematicTree, side by side with MuJoCo (and the
exudyn wheel) on the same chain: revolute z joints, links of 1 m and 1 kg (a 1 x 0.1 x 0.1 m
cuboid), gravity along -y, released horizontally, h = 1 ms. Explicit: multidyn RK44 against
MuJoCo's RK4 (both 4 evaluations per step); implicit: multidyn generalized-alpha (spectral radius
0.8, EigenDense) with full Newton and with modified Newton against MuJoCo's implicitfast. Prints
microseconds per step and per link and step (best of R runs, the solvers taking turns in each run), the largest difference of the
final joint angles of multidyn and MuJoCo's RK4, the error of both implicit methods at equal step
size against an RK4 solution with h/10, and saves a plot of us per link and step against N.
MuJoCo is timed by mj_step(model, data, nstep), its fastest loop from Python. Where Pinocchio is
installed (pip install pin), the same chain runs on it too: an RK4 loop in Python over pin.aba
(4 evaluations per step, so it includes Python's loop overhead), and its dynamics functions
(rnea, crba, aba, computeRNEADerivatives) side by side with the same outputs of multidyn's tree
(multidyn.kinematicTree.KinematicTree33: InverseDynamics, MassMatrix, ForwardDynamicsCRB,
InverseDynamicsDerivatives), microseconds per call from Python, with the largest difference of
their results. multidyn never depends on mujoco, pinocchio or exudyn (pip install mujoco pin exudyn
for the comparison).

    python3 benchmarks/kinematicTreeSpeed.py [--links 5 20 64 200 1000] [--steps 2000] [--runs 3]
        [--plot kinematicTreeSpeed.png] [--exudyn]
"""
import argparse
import importlib
import os
import time

import numpy as np

from sideBySide import QuietSettings, ScratchDirectory

LENGTH, WIDTH, MASS, GRAVITY = 1., 0.1, 1., 9.81


def MultidynChain(packageName, numberOfLinks):
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    density = MASS / (LENGTH * WIDTH * WIDTH)
    inertia = utilities.InertiaCuboid(density=density, sideLengths=[LENGTH, WIDTH, WIDTH]).Translated([0.5 * LENGTH, 0, 0])
    links = [utilities.TreeLink(linkInertia=inertia, jointType=exu.JointType.RevoluteZ,
                                jointHT=utilities.HTtranslate([LENGTH if i > 0 else 0., 0., 0.]))
             for i in range(numberOfLinks)]
    tree = mbs.CreateKinematicTree(listOfTreeLinks=links, gravity=[0., -GRAVITY, 0.], baseGraphicsDataList=[])
    mbs.Assemble()
    return exu, mbs, tree


def SolveMultidyn(packageName, numberOfLinks, steps, h, explicit, modified):
    exu, mbs, tree = MultidynChain(packageName, numberOfLinks)
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = h * steps
    settings.timeIntegration.numberOfSteps = steps
    settings.linearSolverType = exu.LinearSolverType.EigenDense
    if explicit:
        settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = False
        solver = exu.DynamicSolverType.RK44
    else:
        settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
        settings.timeIntegration.newton.useModifiedNewton = modified
        solver = exu.DynamicSolverType.GeneralizedAlpha
    start = time.perf_counter()
    mbs.SolveDynamic(settings, solverType=solver)
    seconds = time.perf_counter() - start
    node = mbs.GetObject(tree)["nodeNumber"]
    return seconds, np.array(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates))


def MujocoChain(numberOfLinks, h, integrator):
    import mujoco
    ixx = MASS / 12. * 2 * WIDTH ** 2
    iyy = MASS / 12. * (LENGTH ** 2 + WIDTH ** 2)
    body = ""
    for i in range(numberOfLinks):
        position = "0 0 0" if i == 0 else f"{LENGTH} 0 0"
        body += (f'<body pos="{position}"><joint type="hinge" axis="0 0 1"/>'
                 f'<inertial pos="{0.5 * LENGTH} 0 0" mass="{MASS}" diaginertia="{ixx} {iyy} {iyy}"/>')
    body += "</body>" * numberOfLinks
    xml = (f'<mujoco><option timestep="{h}" integrator="{integrator}" gravity="0 {-GRAVITY} 0">'
           f'<flag contact="disable" constraint="disable"/></option><worldbody>{body}</worldbody></mujoco>')
    model = mujoco.MjModel.from_xml_string(xml)
    return mujoco, model, mujoco.MjData(model)


def SolveMujoco(numberOfLinks, steps, h, integrator):
    mujoco, model, data = MujocoChain(numberOfLinks, h, integrator)
    start = time.perf_counter()
    mujoco.mj_step(model, data, nstep=steps)
    seconds = time.perf_counter() - start
    return seconds, np.array(data.qpos)


def ChainCOMInertia():
    """the link's inertia about its COM (a 1 x 0.1 x 0.1 m cuboid), link axes"""
    return np.diag([MASS / 12. * 2 * WIDTH ** 2] + [MASS / 12. * (LENGTH ** 2 + WIDTH ** 2)] * 2)


def PinocchioChain(numberOfLinks):
    import pinocchio as pin
    model = pin.Model()
    parent = 0
    for i in range(numberOfLinks):
        placement = pin.SE3(np.eye(3), np.array([LENGTH if i > 0 else 0., 0., 0.]))
        joint = model.addJoint(parent, pin.JointModelRZ(), placement, f"joint{i}")
        model.appendBodyToJoint(joint, pin.Inertia(MASS, np.array([0.5 * LENGTH, 0., 0.]), ChainCOMInertia()),
                                pin.SE3.Identity())
        parent = joint
    model.gravity.linear = np.array([0., -GRAVITY, 0.])
    return pin, model, model.createData()


def SolvePinocchio(numberOfLinks, steps, h):
    """classical RK4 over pin.aba in a Python loop, from rest (q = 0: horizontal)"""
    pin, model, data = PinocchioChain(numberOfLinks)
    q, v, tau = np.zeros(numberOfLinks), np.zeros(numberOfLinks), np.zeros(numberOfLinks)
    start = time.perf_counter()
    for _ in range(steps):
        a1 = pin.aba(model, data, q, v, tau)
        a2 = pin.aba(model, data, q + 0.5 * h * v, v + 0.5 * h * a1, tau)
        a3 = pin.aba(model, data, q + 0.5 * h * (v + 0.5 * h * a1), v + 0.5 * h * a2, tau)
        a4 = pin.aba(model, data, q + h * (v + 0.5 * h * a2), v + h * a3, tau)
        q = q + h * v + h * h / 6. * (a1 + a2 + a3)
        v = v + h / 6. * (a1 + 2. * a2 + 2. * a3 + a4)
    return time.perf_counter() - start, q


def MultidynTreeFunctions(numberOfLinks):
    from multidyn.kinematicTree import KinematicTree33
    c = np.array([0.5 * LENGTH, 0., 0.])
    inertia = ChainCOMInertia() + MASS * (c @ c * np.eye(3) - np.outer(c, c))  # about the joint point
    return KinematicTree33(['Rz'] * numberOfLinks, [np.eye(3)] * numberOfLinks,
                           [[LENGTH if i > 0 else 0., 0., 0.] for i in range(numberOfLinks)], [inertia] * numberOfLinks,
                           [c] * numberOfLinks, [MASS] * numberOfLinks, gravity=[0., -GRAVITY, 0.])


def CompareDynamicsFunctions(links, runs):
    """us per call from Python of the dynamics functions on the same chain at a random state, multidyn's tree
    (KinematicTree33) beside Pinocchio, and the largest difference of their results"""
    print("\ndynamics functions on the same chain, us per call from Python (best of runs; both include the "
          "Python call), multidyn | Pinocchio, and max |difference| of the results")
    print("|   N | InverseDynamics / rnea | MassMatrix / crba | ForwardDynamicsCRB / aba | "
          "InverseDynamicsDerivatives / computeRNEADerivatives | max difference |")
    print("|---|---|---|---|---|---|")
    for n in links:
        pin, model, data = PinocchioChain(n)
        tree = MultidynTreeFunctions(n)
        rng = np.random.default_rng(1)
        q, v, a = rng.uniform(-1, 1, n), rng.uniform(-1, 1, n), rng.uniform(-1, 1, n)
        tau = pin.rnea(model, data, q, v, a)
        calls = max(20, 20000 // n)

        def Time(function):
            best = float("inf")
            for _ in range(runs):
                start = time.perf_counter()
                for _ in range(calls):
                    function()
                best = min(best, (time.perf_counter() - start) / calls * 1e6)
            return best
        pairs = [(lambda: tree.InverseDynamics(q, v, a), lambda: pin.rnea(model, data, q, v, a)),
                 (lambda: tree.MassMatrix(q), lambda: pin.crba(model, data, q)),
                 (lambda: tree.ForwardDynamicsCRB(q, v, tau), lambda: pin.aba(model, data, q, v, tau)),
                 (lambda: tree.InverseDynamicsDerivatives(q, v, a),
                  lambda: pin.computeRNEADerivatives(model, data, q, v, a))]
        cells = [f"{Time(ours):8.1f} | {Time(theirs):8.1f}" for ours, theirs in pairs]
        pin.computeRNEADerivatives(model, data, q, v, a)
        M = pin.crba(model, data, q)
        M = np.triu(M) + np.triu(M, 1).T  # crba fills the upper triangle
        dtau_dq, dtau_dv = tree.InverseDynamicsDerivatives(q, v, a)
        difference = max(np.abs(tree.InverseDynamics(q, v, a) - tau).max(), np.abs(tree.MassMatrix(q) - M).max(),
                         np.abs(tree.ForwardDynamicsCRB(q, v, tau) - a).max(),
                         np.abs(dtau_dq - data.dtau_dq).max(), np.abs(dtau_dv - data.dtau_dv).max())
        print(f"| {n:4d} | " + " | ".join(cells) + f" | {difference:.1e} |", flush=True)


def Interleaved(runs, tasks):
    """the best time of each task (key: (solve, arguments)) and the result of its first run; the tasks take
    turns in every run, so that a change of the (shared) machine's load affects all of them alike"""
    best, results = {}, {}
    for _ in range(runs):
        for key, (solve, arguments) in tasks.items():
            seconds, result = solve(*arguments)
            best[key] = min(best.get(key, float("inf")), seconds)
            results.setdefault(key, result)
    return best, results


def Available(name):
    try:
        importlib.import_module(name)
        return True
    except Exception as error:
        print(f"{name} not available ({type(error).__name__}: {error})")
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, nargs="+", default=[5, 20, 64, 200, 1000])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--exudyn", action="store_true", help="also time the exudyn wheel's RK44 (slow for large N)")
    parser.add_argument("--plot", default="kinematicTreeSpeed.png")
    parser.add_argument("--mujocoLimit", type=int, default=200, help="largest N run on MuJoCo (its chain is O(N^3))")
    parser.add_argument("--pinocchioLimit", type=int, default=200,
                        help="largest N run on Pinocchio (its data for this chain took 2.7 GB at N = 300, 22 GB at 1000)")
    arguments = parser.parse_args()
    h = 1e-3
    hasMujoco = Available("mujoco")
    hasExudyn = arguments.exudyn and Available("exudyn")
    hasPinocchio = Available("pinocchio")
    plotPath = os.path.abspath(arguments.plot)
    rows = []
    print(f"planar chain of N links, {arguments.steps} steps of h = {h * 1e3:g} ms, best of {arguments.runs} runs; "
          f"us per step (us per link and step); GA: generalized-alpha, full / modified Newton")
    header = ("|   N | multidyn RK44 | MuJoCo RK4 | ratio | multidyn GA full | multidyn GA modified | MuJoCo implicitfast | "
              "ratio full | ratio modified |" + (" Pinocchio RK4 (Python loop over aba) | max abs(q_md - q_pin) |"
                                                   if hasPinocchio else "")
              + (" exudyn RK44 |" if hasExudyn else "") + " max abs(q_md - q_mj) (RK4) |")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    with ScratchDirectory():
        for n in arguments.links:
            steps = max(20, arguments.steps if n <= 200 else arguments.steps // 50)
            runs = arguments.runs if n <= 200 else 1
            tasks = {"multidyn RK44": (SolveMultidyn, ("multidyn", n, steps, h, True, False)),
                     "multidyn GA": (SolveMultidyn, ("multidyn", n, steps, h, False, False)),
                     "multidyn GA modified": (SolveMultidyn, ("multidyn", n, steps, h, False, True))}
            if hasMujoco and n <= arguments.mujocoLimit:
                tasks["MuJoCo RK4"] = (SolveMujoco, (n, steps, h, "RK4"))
                tasks["MuJoCo implicitfast"] = (SolveMujoco, (n, steps, h, "implicitfast"))
            if hasPinocchio and n <= arguments.pinocchioLimit:
                tasks["Pinocchio RK4"] = (SolvePinocchio, (n, steps, h))
            seconds, results = Interleaved(runs, tasks)
            row = {"N": n, **{key: t / steps * 1e6 for key, t in seconds.items()}}
            q_rk = results["multidyn RK44"]
            difference = np.abs(q_rk - results["MuJoCo RK4"]).max() if "MuJoCo RK4" in results else float("nan")
            pinocchioDifference = (np.abs(q_rk - results["Pinocchio RK4"]).max() if "Pinocchio RK4" in results
                                   else float("nan"))
            if hasExudyn and n <= 100:
                exudynSeconds, _ = Interleaved(1, {"exudyn RK44": (SolveMultidyn, ("exudyn", n, min(steps, 500), h,
                                                                                   True, False))})
                row["exudyn RK44"] = exudynSeconds["exudyn RK44"] / min(steps, 500) * 1e6
            rows.append(row)
            f = lambda key: f"{row[key]:9.1f}" if key in row else "        -"
            ratio = lambda a, b: f"{row[a] / row[b]:5.2f}" if a in row and b in row else "    -"
            print(f"| {n:4d} | {f('multidyn RK44')} ({row['multidyn RK44'] / n:6.3f}/link) | {f('MuJoCo RK4')} | "
                  f"{ratio('multidyn RK44', 'MuJoCo RK4')} | {f('multidyn GA')} ({row['multidyn GA'] / n:6.3f}/link) | "
                  f"{f('multidyn GA modified')} ({row['multidyn GA modified'] / n:6.3f}/link) | "
                  f"{f('MuJoCo implicitfast')} | {ratio('multidyn GA', 'MuJoCo implicitfast')} | "
                  f"{ratio('multidyn GA modified', 'MuJoCo implicitfast')} |"
                  + (f" {f('Pinocchio RK4')} | {pinocchioDifference:.1e} |" if hasPinocchio else "")
                  + (f" {f('exudyn RK44')} |" if hasExudyn else "") + f" {difference:.1e} |", flush=True)
        if hasPinocchio:
            CompareDynamicsFunctions([n for n in arguments.links if n <= arguments.pinocchioLimit], arguments.runs)
        if hasMujoco:
            Accuracy(h)
    Plot(rows, plotPath)


def Accuracy(h):
    """Error of the final joint angles after 1 s at equal step size h: multidyn generalized-alpha
    and MuJoCo implicitfast against MuJoCo RK4 with h/10 (which agrees with multidyn's RK44)."""
    print(f"\naccuracy at equal step size h = {h * 1e3:g} ms after 1 s, max |q - q_ref| [rad] (reference: MuJoCo RK4, h/10)")
    for n in [5, 20, 64]:
        steps = int(round(1. / h))
        _, reference = SolveMujoco(n, 10 * steps, h / 10, "RK4")
        _, q_ga = SolveMultidyn("multidyn", n, steps, h, False, False)
        _, q_if = SolveMujoco(n, steps, h, "implicitfast")
        _, q_rk = SolveMultidyn("multidyn", n, steps, h, True, False)
        e_ga, e_if, e_rk = (np.abs(q - reference).max() for q in (q_ga, q_if, q_rk))
        print(f"N = {n:3d}: multidyn generalized-alpha {e_ga:.2e}, MuJoCo implicitfast {e_if:.2e} "
              f"(ratio {e_if / e_ga:.0f}), multidyn RK44 {e_rk:.2e}")


def Plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not available: no plot")
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    for key, style in [("multidyn RK44", "o-"), ("MuJoCo RK4", "s--"), ("multidyn GA", "o-"), ("multidyn GA modified", "o-"),
                       ("MuJoCo implicitfast", "s--"), ("Pinocchio RK4", "d-."), ("exudyn RK44", "x:")]:
        points = [(r["N"], r[key] / r["N"]) for r in rows if key in r]
        if points:
            axes.loglog(*zip(*points), style, label=key.replace("GA", "gen.-alpha"))
    axes.set_xlabel("links N")
    axes.set_ylabel("us per link and step")
    axes.set_title("planar chain, h = 1 ms, one thread")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    print(f"plot: {path}")


if __name__ == "__main__":
    main()
