"""Parameter studies on executors: 200 runs of the 10-body chain (chainSpeed.py's model, 500 steps
of 1 ms, the bodies' density varied), by multidyn.processing.ParameterVariation on 1 and on 2
workers of a process pool, a thread pool (solves release the GIL) and a Dask LocalCluster (in-process
workers, one thread each); side by side, when the exudyn wheel imports, Exudyn's own
ParameterVariation on its multiprocessing pool and Exudyn's solve on a thread pool.

Prints per executor the wall time, the mean solve time and run time (building the model in Python
and solving, measured inside the parameter function), the executor's overhead per run,
(wall time x workers - sum of the run times) / runs: the time a worker spends per run outside the
parameter function (transport, scheduling, bookkeeping, idle waiting), and the speed-up of 2
workers over 1. Every executor's values are checked to equal those of the serial study. The Exudyn
rows use --exudynRuns runs (Exudyn's solve of this chain is slower). Speed-ups need two idle cores:
the load average before the runs is printed. For the executors in this process (serial, threads,
Dask's in-process workers) cpu/wall is this process's CPU time over the wall time: above 1, two
threads computed at the same time (with the GIL held through a solve it stays at or below 1).

    .venv/bin/python benchmarks/processingSpeed.py [--runs 200] [--exudynRuns 50] [--bodies 10] [--steps 500]
"""
import argparse
import concurrent.futures as futures
import importlib
import os
import sys
import time

import numpy as np

from sideBySide import Packages, QuietSettings, ScratchDirectory

options = {"bodies": 10, "steps": 500}


def ChainTip(parameters, packageName="multidyn"):
    """[tip height [m] of the chain after the steps, the solve's time [s], the run's time [s]
    (building the model and solving)]."""
    runStart = time.perf_counter()
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    inertia = utilities.InertiaCuboid(density=parameters["density"], sideLengths=[1., 0.1, 0.1])
    previous = mbs.CreateGround()
    for i in range(options["bodies"]):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[i + 0.5, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    # a damper at the tip makes the density matter (gravity alone scales with it)
    mbs.CreateSpringDamper(itemNumbers=[mbs.CreateGround(), previous], localPosition0=[options["bodies"], 0, 0],
                           localPosition1=[0.5, 0, 0], stiffness=0., damping=50.)
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = 0.001 * options["steps"]
    settings.timeIntegration.numberOfSteps = options["steps"]
    settings.timeIntegration.newton.useModifiedNewton = True
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    tip = mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, localPosition=[0.5, 0, 0])
    return [float(tip[1]), seconds, time.perf_counter() - runStart]


def ExudynChainTip(parameters):
    return ChainTip(parameters, "exudyn")


def Study(processing, function, runs, **keywords):
    """(wall time [s], tip heights, solve times, run times, this process's CPU time [s]) of a
    ParameterVariation over the density."""
    start, cpuStart = time.perf_counter(), time.process_time()
    _, values = processing.ParameterVariation(function, {"density": (500., 1500., runs)}, showProgress=False,
                                              **keywords)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpuStart
    values = np.asarray(values, dtype=float)
    return wall, values[:, 0], values[:, 1], values[:, 2], cpu


def Row(label, workers, wall, solveTimes, runTimes, reference, tips, cpu=None):
    runs = len(tips)
    cpuShare = f"{cpu / wall:5.2f}" if cpu is not None else "    -"
    overhead = (wall * workers - np.sum(runTimes)) / runs
    same = "equal" if np.array_equal(tips, reference) else f"DIFFER by {np.max(np.abs(tips - reference)):.1e}"
    print(f"{label:36s} {workers:2d} {runs:5d}  {wall:7.2f} s  {1e3 * np.mean(solveTimes):7.2f} ms  "
          f"{1e3 * np.mean(runTimes):7.2f} ms  {1e3 * overhead:8.2f} ms  {cpuShare}   values {same}")
    return wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--exudynRuns", type=int, default=50, help="runs of the (slower) Exudyn rows")
    parser.add_argument("--bodies", type=int, default=10)
    parser.add_argument("--steps", type=int, default=500)
    arguments = parser.parse_args()
    options.update(bodies=arguments.bodies, steps=arguments.steps)
    runs = arguments.runs
    packages = Packages()
    import multidyn.processing as processing
    print(f"{runs} runs of the {options['bodies']}-body chain, {options['steps']} steps each; {os.cpu_count()} CPUs, "
          f"load average before: {os.getloadavg()[0]:.2f} (speed-ups need idle cores)")
    print(f"{'executor':36s} {'w':>2s} {'runs':>5s}  {'wall':>9s}  {'solve/run':>10s}  {'run':>10s}  {'overhead/run':>11s}"
          f"  {'cpu/wall':>8s}")
    speedUps = {}
    with ScratchDirectory():
        wall, reference, solveTimes, runTimes, cpu = Study(processing, ChainTip, runs)
        Row("multidyn serial (in this process)", 1, wall, solveTimes, runTimes, reference, reference, cpu)
        for label, make in (("multidyn ProcessPoolExecutor", lambda n: futures.ProcessPoolExecutor(n)),
                            ("multidyn ThreadPoolExecutor", lambda n: futures.ThreadPoolExecutor(n))):
            walls = []
            for workers in (1, 2):
                with make(workers) as executor:
                    if "Process" in label:  # start the workers before timing
                        list(executor.map(abs, range(workers)))
                    wall, tips, solveTimes, runTimes, cpu = Study(processing, ChainTip, runs, executor=executor)
                walls.append(Row(label, workers, wall, solveTimes, runTimes, reference, tips,
                                 None if "Process" in label else cpu))
            speedUps[label] = walls[0] / walls[1]
        try:
            import distributed
            walls = []
            for workers in (1, 2):
                with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                              dashboard_address=None) as cluster, distributed.Client(cluster) as client:
                    wall, tips, solveTimes, runTimes, cpu = Study(processing, ChainTip, runs,
                                                                  executor=client.get_executor())
                walls.append(Row("multidyn Dask LocalCluster (threads)", workers, wall, solveTimes, runTimes, reference,
                                 tips, cpu))
            speedUps["multidyn Dask LocalCluster (threads)"] = walls[0] / walls[1]
        except ImportError:
            print("dask.distributed not installed: no Dask rows")
        if "exudyn" in packages:
            import exudyn.processing as exudynProcessing
            exudynRuns = arguments.exudynRuns
            walls, exudynReference = [], None
            for workers in (1, 2):
                wall, tips, solveTimes, runTimes, _ = Study(exudynProcessing, ExudynChainTip, exudynRuns,
                                                            useMultiProcessing=True, numberOfThreads=workers)
                exudynReference = tips if exudynReference is None else exudynReference
                walls.append(Row("exudyn multiprocessing.Pool", workers, wall, solveTimes, runTimes, exudynReference,
                                 tips))
            speedUps["exudyn multiprocessing.Pool"] = walls[0] / walls[1]
            walls = []
            for workers in (1, 2):  # Exudyn's own processing has no executor: its solves on a thread pool directly
                parameterSets = [{"density": d} for d in np.linspace(500., 1500., exudynRuns)]
                with futures.ThreadPoolExecutor(workers) as executor:
                    start, cpuStart = time.perf_counter(), time.process_time()
                    results = np.array(list(executor.map(ExudynChainTip, parameterSets)))
                    wall, cpu = time.perf_counter() - start, time.process_time() - cpuStart
                walls.append(Row("exudyn solves on ThreadPoolExecutor", workers, wall, results[:, 1], results[:, 2],
                                 exudynReference, results[:, 0], cpu))
            speedUps["exudyn solves on ThreadPoolExecutor"] = walls[0] / walls[1]
            same = Study(processing, ChainTip, exudynRuns)[1]
            print(f"tip heights of the {exudynRuns} Exudyn runs against multidyn's: max difference "
                  f"{np.max(np.abs(same - exudynReference)):.1e} m")
    print("speed-up of 2 workers over 1 (wall time of 1 / wall time of 2):")
    for label, speedUp in speedUps.items():
        print(f"  {label:38s} {speedUp:5.2f}")


if __name__ == "__main__":
    sys.exit(main())
