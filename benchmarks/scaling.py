"""Cost per item as models grow, multidyn beside Exudyn (PyPI package 'exudyn', when it imports) in one
run: every case runs in a fresh Python process of its own, so that peak memory (VmHWM) belongs to that
case only. multidyn never depends on exudyn.

  chain       N rigid bodies on revolute joints (benchmarks/chainSpeed.py's model), h = 1 ms
  massPoints  N free mass points under gravity (mbs.CreateMassPoint), h = 1 ms
  sensors     N mass points with a position sensor each (storeInternal), 100 steps; the stored data's
              memory is the difference to the same model whose sensors store nothing
  build       mbs.CreateMassPoint N times, and mbs.Assemble()
  overhead    a 10-step solve of the torsional spring-damper mini example, repeated
  longRun     the mini example for 10^6 steps: resident memory must not grow

For each case and N it prints microseconds per item and step of the solve, peak resident memory per
item (VmHWM after the solve minus the resident memory before the model was built, divided by N), and
for the sensors the stored data against its raw size (8 bytes per value). `--plot file.png` draws time
and memory per item against N.

    python3 benchmarks/scaling.py [--cases chain massPoints sensors build overhead] [--quick] [--sizes N ...] [--plot scaling.png]
"""
import argparse
import importlib
import json
import os
import subprocess
import sys
import time

from sideBySide import Packages, QuietSettings, ScratchDirectory

here = os.path.dirname(os.path.abspath(__file__))


def MemoryKiB(field):
    """A field of /proc/self/status (VmRSS, VmHWM) in KiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def SparseSettings(exu, steps, stepSize=1e-3):
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = steps * stepSize
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.linearSolverType = exu.LinearSolverType.EigenSparse
    settings.solutionSettings.sensorsWritePeriod = stepSize
    return settings


def Chain(exu, utilities, mbs, n):
    length, width = 1., 0.1
    inertia = utilities.InertiaCuboid(density=1000., sideLengths=[length, width, width])
    previous = mbs.CreateGround()
    for i in range(n):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[(i + 0.5) * length, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i * length, 0, 0], axis=[0, 0, 1])
        previous = body


def MassPoints(exu, mbs, n, sensors=False, store=True):
    for i in range(n):
        body = mbs.CreateMassPoint(referencePosition=[i, 0, 0], initialVelocity=[0, 1, 0], mass=1., gravity=[0, 0, -9.81])
        if sensors:
            mbs.AddSensor(exu.itemInterface.SensorBody(bodyNumber=body, storeInternal=store, writeToFile=False,
                                                       outputVariableType=exu.OutputVariableType.Position))


def Worker(case, packageName, n, steps):
    """One case in this process: a dict of figures (printed as JSON by the caller)."""
    exu = importlib.import_module(packageName)
    importlib.import_module(packageName + ".itemInterface")
    utilities = importlib.import_module(packageName + ".utilities")
    baseKiB = MemoryKiB("VmRSS")
    result = {"case": case, "package": packageName, "n": n, "steps": steps}
    if case == "longRun":  # the mini example, 10^4 and then n steps: resident memory after each
        from miniExampleSpeed import TimeOnce
        TimeOnce(packageName, 10000, False)
        after10k = MemoryKiB("VmRSS")
        result["usPerStep"] = TimeOnce(packageName, n, False)[0] / n * 1e6
        result["growthKiB"] = MemoryKiB("VmRSS") - after10k
        return result
    if case == "overhead":
        from miniExampleSpeed import MiniExample
        exu, mbs, _ = MiniExample(packageName)
        settings = QuietSettings(exu)
        settings.timeIntegration.endTime = 0.1
        settings.timeIntegration.numberOfSteps = 10
        mbs.SolveDynamic(settings)  # warm up
        start, startCpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            mbs.SolveDynamic(settings)
        result["usPerSolve"] = (time.perf_counter() - start) / n * 1e6
        # the process's CPU time too: on a loaded machine the wall time counts other processes' turns
        result["usPerSolveCpu"] = (time.process_time() - startCpu) / n * 1e6
        return result
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    start, startCpu = time.perf_counter(), time.process_time()
    if case == "chain":
        Chain(exu, utilities, mbs, n)
    else:
        MassPoints(exu, mbs, n, sensors=case.startswith("sensors"), store=case == "sensors")
    built, builtCpu = time.perf_counter(), time.process_time()
    mbs.Assemble()
    assembled, assembledCpu = time.perf_counter(), time.process_time()
    result["usPerItemCreate"] = (built - start) / n * 1e6
    result["usPerItemAssemble"] = (assembled - built) / n * 1e6
    result["usPerItemCreateCpu"] = (builtCpu - startCpu) / n * 1e6
    result["usPerItemAssembleCpu"] = (assembledCpu - builtCpu) / n * 1e6
    if case != "build":
        settings = SparseSettings(exu, steps)
        start = time.perf_counter()
        mbs.SolveDynamic(settings)
        result["usPerItemStep"] = (time.perf_counter() - start) / (n * steps) * 1e6
    if case == "sensors":
        result["kiBPerItem"] = (MemoryKiB("VmHWM") - baseKiB) / n  # before the arrays below
        data = mbs.GetSensorStoredData(0)
        result["rowsPerSensor"] = int(data.shape[0])
        result["rawKiB"] = n * data.size * 8 / 1024
        return result
    result["kiBPerItem"] = (MemoryKiB("VmHWM") - baseKiB) / n
    return result


def RunCase(case, packageName, n, steps):
    command = [sys.executable, os.path.abspath(__file__), "--worker", case, packageName, str(n), str(steps)]
    completed = subprocess.run(command, capture_output=True, text=True, cwd=os.getcwd())
    if completed.returncode != 0:
        return {"case": case, "package": packageName, "n": n, "error": completed.stderr.strip().splitlines()[-1:]}
    return json.loads(completed.stdout.strip().splitlines()[-1])


def Format(value, digits=2):
    return "-" if value is None else f"{value:.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", nargs="+", default=["chain", "massPoints", "sensors", "build", "overhead", "longRun"])
    parser.add_argument("--quick", action="store_true", help="smaller N (up to 1,000 bodies and 10,000 points)")
    parser.add_argument("--plot", default="", help="PNG file for time and memory per item against N")
    parser.add_argument("--sizes", type=int, nargs="+", help="these N for every case given (instead of its list)")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        case, packageName, n, steps = arguments.worker
        with ScratchDirectory():
            print(json.dumps(Worker(case, packageName, int(n), int(steps))))
        return

    packages = Packages()
    sizes = {"chain": [10, 100, 1000] + ([] if arguments.quick else [10000]),
             "massPoints": [100, 1000, 10000] + ([] if arguments.quick else [20000, 100000]),
             "sensors": [100, 1000, 10000],
             "build": [20000],
             "overhead": [2000],
             "longRun": [1000000]}
    if arguments.sizes:
        sizes = {case: arguments.sizes for case in sizes}
    def Steps(case, n):  # about 2e6 item-steps per run (at least 10 steps), 100 for the sensors
        return 100 if case == "sensors" else max(10, min(1000, 2000000 // n))
    results = []
    for case in arguments.cases:
        print(f"\n== {case}")
        for n in sizes[case]:
            row = {}
            for packageName in packages:
                r = RunCase(case, packageName, n, Steps(case, n))
                results.append(r)
                row[packageName] = r
                if "error" in r:
                    print(f"  N = {n:6d} {packageName:9s} failed: {r['error']}")
                    continue
                if case == "longRun":
                    text = f"{r['usPerStep']:6.2f} us/step, resident memory grew by {r['growthKiB']} KiB from 10^4 to 10^6 steps"
                elif case == "overhead":
                    text = f"{r['usPerSolve']:8.1f} us per 10-step solve ({r['usPerSolveCpu']:.1f} us CPU)"
                elif case == "build":
                    text = (f"create {r['usPerItemCreate']:6.1f} us/mass point ({r['usPerItemCreateCpu']:.1f} CPU), "
                            f"assemble {r['usPerItemAssemble']:6.2f} us/mass point ({r['usPerItemAssembleCpu']:.2f} CPU), "
                            f"peak {r['kiBPerItem']:6.2f} KiB/mass point")
                else:
                    text = (f"{r['usPerItemStep']:7.3f} us/item/step  peak {r['kiBPerItem']:7.2f} KiB/item  "
                            f"create {r['usPerItemCreate']:6.1f} us/item  assemble {r['usPerItemAssemble']:6.2f} us/item")
                    if case == "sensors":
                        # the same model with sensors that store nothing: the difference is the stored data
                        bare = RunCase("sensorsNotStored", packageName, n, Steps(case, n))
                        stored = (r["kiBPerItem"] - bare["kiBPerItem"]) * n
                        text += (f"  sensor data: raw {r['rawKiB'] / 1024:6.1f} MiB ({r['rowsPerSensor']} rows), "
                                 f"stored {stored / 1024:6.1f} MiB = {stored / r['rawKiB']:.2f} x raw")
                print(f"  N = {n:6d} {packageName:9s} {text}")
            if len(row) == 2 and not any("error" in r for r in row.values()):
                m, e = row["multidyn"], row["exudyn"]
                key = {"overhead": "usPerSolve", "build": "usPerItemCreate", "longRun": "usPerStep"}.get(case, "usPerItemStep")
                cpu = "".join(f", {name} CPU {m[k + 'Cpu'] / e[k + 'Cpu']:.2f}" for name, k in
                              (("time", key), ("assemble", "usPerItemAssemble")) if k + "Cpu" in m and k + "Cpu" in e)
                print(f"  N = {n:6d} multidyn / exudyn: time {m[key] / e[key]:.2f}{cpu}, "
                      f"peak memory {m.get('kiBPerItem', 0) / max(e.get('kiBPerItem', 1e-9), 1e-9):.2f}")
    if arguments.plot:
        Plot(results, arguments.plot)


def Plot(results, fileName):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    styles = {"multidyn": "-o", "exudyn": "--s"}
    for case in ["chain", "massPoints", "sensors"]:
        for packageName in ["multidyn", "exudyn"]:
            rows = [r for r in results if r["case"] == case and r["package"] == packageName and "error" not in r]
            if not rows:
                continue
            n = [r["n"] for r in rows]
            label = f"{case} {packageName}"
            axes[0].loglog(n, [r["usPerItemStep"] for r in rows], styles[packageName], label=label)
            axes[1].loglog(n, [r["kiBPerItem"] for r in rows], styles[packageName], label=label)
    axes[0].set(xlabel="N (items)", ylabel="us per item and step", title="time per item and step")
    axes[1].set(xlabel="N (items)", ylabel="KiB per item (peak RSS)", title="peak memory per item")
    for a in axes:
        a.grid(True, which="both", alpha=0.3)
        a.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(fileName, dpi=110)
    print(f"\nplot written to {fileName}")


if __name__ == "__main__":
    main()
