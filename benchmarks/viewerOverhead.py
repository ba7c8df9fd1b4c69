"""What the browser viewer costs a solve: steps per second of the torsional spring-damper's mini
example and of the chain of rigid bodies, without a viewer and with the viewer running and a
browser watching (headless Chromium through Playwright), poses pushed every
graphicsUpdateInterval (20 Hz by default here). Prints both figures and the loss; the issue's
target is a loss of at most 10 %. Exudyn is not timed side by side: its OpenGL renderer needs a
display, which this machine has not.

    python3 benchmarks/viewerOverhead.py [--runs 7] [--interval 0.05] [--bodies 100] [--no-browser]
        [--pin] [--groupNice -20] [--miniSteps 2000000] [--chainSteps 5000]

The last column is the browser's CPU time during the solve over the solve's wall-clock time (median;
100 % = one core busy rendering).

Columns: without a viewer; the viewer running with nobody watching; the viewer with the headless
browser watching (which itself renders in software). Each run times the configurations one after
the other (interleaved, so that a busy machine slows them alike), and each solve is timed in
wall-clock time and in the solving thread's CPU time (which leaves out waiting for a core that other
processes, such as the browser, hold; it includes the drawing done in the hook). Printed per
configuration: steps/s of the best run, and the loss as the median (min..max) over the runs of
1 - (time without) / (time with) of the same run.

The browser runs at the priority an unprivileged user's browser has (as root, Chromium would raise its
rendering processes to nice -8 above the solve; see BrowserExecutable).

--pin puts the solving thread on CPU 0 (for the solve only) and the browser (through taskset) on CPU 1,
so that the browser's software rendering does not take the solver's core (on a machine with a GPU,
or with the browser on another machine, the rendering is not the solve's either); the viewer's
server threads may use both. --groupNice -20 (root) gives this benchmark's scheduling group (Linux
autogroup: this session's processes, the browser included) the priority that keeps other sessions of a
busy machine from taking its cores: the wall-clock times are then those of the solve and of the
viewer's work, not of the machine's other load.
"""
import argparse
import atexit
import os
import shutil
import threading
import time

import numpy as np

from sideBySide import QuietSettings, ScratchDirectory

import multidyn as exu
from multidyn.itemInterface import MarkerBodyRigid, MarkerNodeRigid, ObjectGround, RevoluteJointZ, RigidBody, RigidRxyz, \
    Torque, TorsionalSpringDamper

from chainSpeed import Chain


def MiniExample(steps):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(RigidRxyz())
    body = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=node))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=node))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=2e3, damping=20, offset=0))
    mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = steps * 1e-3
    assert body == 1
    return SC, mbs, settings


def ChainModel(bodies, steps):
    _, mbs, _ = Chain('multidyn', bodies)
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = steps * 1e-3
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    return mbs.GetSystemContainer(), mbs, settings


def BrowserCpuSeconds():
    """CPU seconds (user + system) used so far by the browser's processes (those named chrom* among this process's
    descendants, from /proc); None where there is no /proc"""
    try:
        parents, names, times = {}, {}, {}
        for entry in os.listdir('/proc'):
            if not entry.isdigit():
                continue
            try:
                with open(f'/proc/{entry}/stat') as file:
                    text = file.read()
            except OSError:
                continue
            name = text[text.index('(') + 1:text.rindex(')')]
            fields = text[text.rindex(')') + 2:].split()
            pid = int(entry)
            parents[pid], names[pid] = int(fields[1]), name
            times[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
    except OSError:
        return None
    me, total = os.getpid(), 0.

    def Descends(pid):
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == me:
                return True
        return False
    for pid, name in names.items():
        if 'chrom' in name and Descends(pid):
            total += times[pid]
    return total


def TimeOnce(build, withViewer, interval, browserPage):
    """(wall-clock seconds, CPU seconds of the solving thread, frames sent, browser CPU seconds) of one solve"""
    SC, mbs, settings = build()
    frames = 0
    if withViewer:
        from multidyn.renderer import RunningServer
        SC.visualizationSettings.general.graphicsUpdateInterval = interval
        SC.renderer.Start()
        server = RunningServer(SC)
        if browserPage is not None:
            browserPage.goto(SC.renderer.url)
            end = time.monotonic() + 60
            while not server.IsWatched() and time.monotonic() < end:
                browserPage.wait_for_timeout(100)
            browserPage.wait_for_timeout(1000)  # the page has drawn the scene
        before = server.framesSent
    thread = threading.get_native_id()
    if pinSolver[0]:  # this thread only, for the solve: the viewer's server threads (made before) keep both CPUs
        os.sched_setaffinity(thread, {0})
    try:
        browserBefore = BrowserCpuSeconds() if browserPage is not None else None
        start, startCpu = time.perf_counter(), time.thread_time()
        mbs.SolveDynamic(settings)
        seconds, cpuSeconds = time.perf_counter() - start, time.thread_time() - startCpu
        browserSeconds = BrowserCpuSeconds() - browserBefore if browserBefore is not None else None
    finally:
        if pinSolver[0]:
            os.sched_setaffinity(thread, allCpus)
    if withViewer:
        frames = server.framesSent - before
        exu.StopRenderer()
        if browserPage is not None:
            browserPage.goto('about:blank')
    return seconds, cpuSeconds, frames, browserSeconds


#: [True]: the solve runs on CPU 0 only (--pin)
pinSolver = [False]
allCpus = os.sched_getaffinity(0)


def BrowserExecutable(directory, pin):
    """a script that starts Debian's chromium, for Playwright's executable_path: with pin on CPU 1 only (taskset);
    run as root, without the capability to raise its priority (setpriv): Chromium raises its browser and GPU
    processes to nice -8 where it may, which an unprivileged user's browser cannot, and the GPU process is where the
    software rendering runs, so as root it took the cores from the solve (nice 0) first"""
    path = os.path.join(directory, 'chromium')
    command = '/usr/bin/chromium'
    if pin:
        command = 'taskset -c 1 ' + command
    if os.geteuid() == 0 and shutil.which('setpriv'):
        command = 'setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice ' + command
    with open(path, 'w') as file:
        file.write(f'#!/bin/sh\nexec {command} "$@"\n')
    os.chmod(path, 0o755)
    return path


def Loss(without, with_):
    """median (min, max) over runs of 1 - without/with [%]"""
    losses = 100 * (1 - np.asarray(without) / np.asarray(with_))
    return f"{np.median(losses):5.1f}% ({losses.min():.0f}..{losses.max():.0f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--runs', type=int, default=7)
    parser.add_argument('--interval', type=float, default=0.05, help='graphicsUpdateInterval [s] (0.05: 20 Hz)')
    parser.add_argument('--bodies', type=int, default=100)
    parser.add_argument('--miniSteps', type=int, default=2_000_000)
    parser.add_argument('--chainSteps', type=int, default=5000)
    parser.add_argument('--no-browser', action='store_true', help='viewer running, no browser connected')
    parser.add_argument('--pin', action='store_true', help='the solver on CPU 0, the browser on CPU 1')
    parser.add_argument('--groupNice', type=int, default=None,
                        help="the nice value of this benchmark's scheduling group (Linux autogroup: solver, server "
                             "threads and browser) against other sessions' (e.g. -20, needs root), restored at the end: "
                             "on a machine busy with other work, the benchmark then has the cores as on an idle machine")
    arguments = parser.parse_args()

    browser = page = playwright = None
    with ScratchDirectory() as scratch:
        pinSolver[0] = arguments.pin
        if arguments.groupNice is not None:
            SetGroupNice(arguments.groupNice)
        if not arguments.no_browser:
            from playwright.sync_api import sync_playwright
            playwright = sync_playwright().start()
            executable = BrowserExecutable(scratch, arguments.pin)
            browser = playwright.chromium.launch(executable_path=executable, args=[
                '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'])
            page = browser.new_page(viewport={'width': 800, 'height': 600})

        models = [('mini example', arguments.miniSteps, lambda steps: MiniExample(steps)),
                  (f'chain of {arguments.bodies} bodies', arguments.chainSteps,
                   lambda steps: ChainModel(arguments.bodies, steps))]
        print(f"viewer at {1 / arguments.interval:.0f} Hz; {arguments.runs} interleaved runs"
              f"{'; solver on CPU 0, browser on CPU 1' if arguments.pin else ''}"
              f"{f'; scheduling group at nice {arguments.groupNice}' if arguments.groupNice is not None else ''}"
              f"; steps/s of the best run; loss = "
              f"median (min..max) over runs of 1 - (time without) / (time with)")
        header = f"{'model':22s} {'time':5s} {'without':>9s} {'viewer, no browser':>19s} {'loss':>16s}"
        if page is not None:
            header += f" {'viewer + browser':>17s} {'loss':>16s} {'frames':>6s} {'browser CPU':>11s}"
        print(header + '   [steps/s]')
        for name, steps, build in models:
            configurations = [(False, None), (True, None)] + ([(True, page)] if page is not None else [])
            wall = [[] for _ in configurations]
            cpu = [[] for _ in configurations]
            frames, browserShare = [], []
            for _ in range(arguments.runs):
                for k, (withViewer, browserPage) in enumerate(configurations):
                    seconds, cpuSeconds, count, browserSeconds = TimeOnce(lambda: build(steps), withViewer,
                                                                          arguments.interval, browserPage)
                    wall[k].append(seconds)
                    cpu[k].append(cpuSeconds)
                    if browserPage is not None:
                        frames.append(count)
                        if browserSeconds is not None:
                            browserShare.append(100 * browserSeconds / seconds)
            for label, times in (('wall', wall), ('CPU', cpu)):
                row = (f"{name:22s} {label:5s} {steps / min(times[0]):9.0f} {steps / min(times[1]):19.0f} "
                       f"{Loss(times[0], times[1]):>16s}")
                if page is not None:
                    row += f" {steps / min(times[2]):17.0f} {Loss(times[0], times[2]):>16s} {int(np.median(frames)):6d}"
                    if browserShare:
                        row += f" {np.median(browserShare):10.0f}%"
                print(row, flush=True)
        if browser is not None:
            browser.close()
            playwright.stop()


def SetGroupNice(value):
    """the nice value of this process's autogroup (its session's processes), restored when the process ends"""
    with open('/proc/self/autogroup') as autogroup:
        before = int(autogroup.read().split('nice')[-1])
    with open('/proc/self/autogroup', 'w') as autogroup:
        autogroup.write(str(value))

    def Restore():
        with open('/proc/self/autogroup', 'w') as autogroup:
            autogroup.write(str(before))
    atexit.register(Restore)


if __name__ == '__main__':
    main()
