"""What the browser viewer costs a solve: steps per second of the torsional spring-damper's mini
example and of the chain of rigid bodies, without a viewer and with the viewer running and a
browser watching (headless Chromium through Playwright), poses pushed every
graphicsUpdateInterval (20 Hz by default here). Prints both figures and the loss; the issue's
target is a loss of at most 10 %. Exudyn is not timed side by side: its OpenGL renderer needs a
display, which this machine has not.

    python3 benchmarks/viewerOverhead.py [--runs 5] [--interval 0.05] [--bodies 100] [--no-browser] [--cpu]

Columns: without a viewer; the viewer running with nobody watching; the viewer with the headless
browser watching (which itself renders in software on the same cores).
"""
import argparse
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


def TimeOnce(build, withViewer, interval, browserPage):
    SC, mbs, settings = build()
    frames = 0
    if withViewer:
        from multidyn.renderer import RunningServer
        SC.visualizationSettings.general.graphicsUpdateInterval = interval
        SC.renderer.Start()
        server = RunningServer(SC)
        if browserPage is not None:
            browserPage.goto(SC.renderer.url)
            end = time.monotonic() + 20
            while not server.IsWatched() and time.monotonic() < end:
                time.sleep(0.1)
            time.sleep(1.)  # the page has drawn the scene
        before = server.framesSent
    start, startCpu = time.perf_counter(), time.thread_time()
    mbs.SolveDynamic(settings)
    seconds, cpuSeconds = time.perf_counter() - start, time.thread_time() - startCpu
    if withViewer:
        frames = server.framesSent - before
        exu.StopRenderer()
        if browserPage is not None:
            browserPage.goto('about:blank')
    return (seconds if not measureCpu[0] else cpuSeconds), frames


#: [False]: wall-clock time; [True]: the CPU time of the solving thread (leaves out waiting for a core that
#: other processes, such as the browser rendering in software, hold; includes the drawing done in the hook)
measureCpu = [False]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--interval', type=float, default=0.05, help='graphicsUpdateInterval [s] (0.05: 20 Hz)')
    parser.add_argument('--bodies', type=int, default=100)
    parser.add_argument('--no-browser', action='store_true', help='viewer running, no browser connected')
    parser.add_argument('--cpu', action='store_true', help="the solving thread's CPU time instead of wall-clock time")
    arguments = parser.parse_args()
    measureCpu[0] = arguments.cpu

    browser = page = playwright = None
    if not arguments.no_browser:
        from playwright.sync_api import sync_playwright
        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(executable_path='/usr/bin/chromium', args=[
            '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'])
        page = browser.new_page(viewport={'width': 800, 'height': 600})

    models = [('mini example', 400_000, lambda steps: MiniExample(steps)),
              (f'chain of {arguments.bodies} bodies', 1000, lambda steps: ChainModel(arguments.bodies, steps))]
    print(f"viewer at {1 / arguments.interval:.0f} Hz; best of {arguments.runs} runs; loss = 1 - (steps/s with) / "
          f"(steps/s without); {'CPU time of the solving thread' if arguments.cpu else 'wall-clock time'}")
    print(f"{'model':24s} {'steps':>7s} {'without':>9s} {'viewer, no browser':>19s} {'loss':>6s} "
          f"{'viewer + browser':>17s} {'loss':>6s} {'frames':>6s}   [steps/s]")
    with ScratchDirectory():
        for name, steps, build in models:
            # the configurations interleaved, run after run, so that a busy machine slows them alike; best of runs
            configurations = [(False, None), (True, None)] + ([(True, page)] if page is not None else [])
            best = [np.inf] * len(configurations)
            frames = 0
            for _ in range(arguments.runs):
                for k, (withViewer, browserPage) in enumerate(configurations):
                    seconds, count = TimeOnce(lambda: build(steps), withViewer, arguments.interval, browserPage)
                    best[k] = min(best[k], seconds)
                    frames = count if browserPage is not None else frames
            without = best[0]
            row = f"{name:24s} {steps:7d} {steps / without:9.0f} {steps / best[1]:19.0f} {100 * (1 - without / best[1]):5.1f}%"
            if page is not None:
                row += f" {steps / best[2]:17.0f} {100 * (1 - without / best[2]):5.1f}% {frames:6d}"
            print(row, flush=True)
    if browser is not None:
        browser.close()
        playwright.stop()


if __name__ == '__main__':
    main()
