"""Threads that do not get a core of their own: the chain of benchmarks/chainSpeed.py solved with
parallel.numberOfThreads = 1 and 2 (multidyn beside Exudyn, PyPI package 'exudyn', in one run), each
solve in a process of its own,
  1 CPU     under `taskset -c 0` (a container limited to one CPU): both threads would share it;
  busy CPU  on CPUs 0 and 1 while another process spins on CPU 1 (a busy machine).
Prints seconds (best of R) and the ratio of 2 threads to 1.

    python3 benchmarks/threadContention.py [--bodies 50] [--steps 1000] [--runs 3]
"""
import argparse
import json
import os
import subprocess
import sys
import time

from sideBySide import Packages, ScratchDirectory

here = os.path.dirname(os.path.abspath(__file__))


def Worker(packageName, bodies, steps, threads):
    from chainSpeed import TimeOnce
    with ScratchDirectory():
        seconds, _ = TimeOnce(packageName, bodies, steps, threads)
    print(json.dumps(seconds))


def Solve(packageName, bodies, steps, threads, cpus):
    command = [sys.executable, os.path.abspath(__file__), "--worker", packageName, str(bodies), str(steps), str(threads)]
    completed = subprocess.run(command, capture_output=True, text=True, preexec_fn=lambda: os.sched_setaffinity(0, cpus))
    if completed.returncode != 0:
        raise RuntimeError(completed.stderr)
    return json.loads(completed.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bodies", type=int, default=50)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        packageName, bodies, steps, threads = arguments.worker
        Worker(packageName, int(bodies), int(steps), int(threads))
        return
    if len(os.sched_getaffinity(0)) < 2:
        sys.exit("needs 2 CPUs")
    packages = Packages()
    print(f"chain of {arguments.bodies} bodies, {arguments.steps} steps, best of {arguments.runs}")
    for case in ["1 CPU", "busy CPU"]:
        spinner = None
        cpus = {0} if case == "1 CPU" else {0, 1}
        if case == "busy CPU":
            spinner = subprocess.Popen([sys.executable, "-c", "import os\nos.sched_setaffinity(0, {1})\nwhile True: pass"])
            time.sleep(0.2)
        try:
            for packageName in packages:
                seconds = {threads: min(Solve(packageName, arguments.bodies, arguments.steps, threads, cpus)
                                        for _ in range(arguments.runs)) for threads in (1, 2)}
                print(f"{case:9s} {packageName:9s} 1 thread {seconds[1]:7.3f} s, 2 threads {seconds[2]:7.3f} s, "
                      f"ratio {seconds[2] / seconds[1]:.2f}")
        finally:
            if spinner is not None:
                spinner.kill()
                spinner.wait()


if __name__ == "__main__":
    main()
