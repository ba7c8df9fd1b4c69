#!/usr/bin/env python3
"""Runs some of Exudyn's examples that draw (main/pythonDev/Examples) on multidyn with the browser
viewer and a headless Chromium watching, and checks that the frames it shows are not blank
(a developer tool; nothing of Exudyn's is copied into this repository).

Given a local copy of Exudyn's repository (a bare git directory, e.g. the one the `fetch` tool
returns, or a work tree), it extracts the named examples into a temporary directory, replaces
`exudyn` by `multidyn` in their import lines (nothing else) and runs each in a subprocess of its
own. There, the viewer's start opens the page in Chromium (Playwright with the system browser),
every pause of the script (SC.renderer.DoIdleTasks, WaitForUserToContinue, SolutionViewer, ...)
takes a screenshot of the 3D view and goes on at once, and so does the end of the script; an
InteractiveDialog runs (Run pressed) --dialogSeconds, then a screenshot and Quit. A frame
counts as drawn when more than 0.5 % of its pixels, away from the axes gizmo and the browser's
software-rendering notice, differ from the white background. Prints one row per example.

    python scripts/runExudynExamplesWithViewer.py /path/to/EXUDYN[.git] [--out DIR] [--timeout 300]
        [--dialogSeconds 10] [EXAMPLE.py ...]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

examplesPath = 'main/pythonDev/Examples'
defaultExamples = ['springDamperTutorialNew.py', 'rigidBodyTutorial3.py', 'doublePendulum2D.py',
                   'flexiblePendulumANCF.py']

# runs in the subprocess: the example with the viewer watched by a headless Chromium
driver = r'''
import json, os, queue, sys, threading, time, traceback
import numpy as np
outDirectory, fileName = %(out)r, %(fileName)r
requests, shots = queue.Queue(), []

def Browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path='/usr/bin/chromium', args=[
            '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'])
        page = browser.new_page(viewport={'width': 900, 'height': 600})
        while True:
            command, argument, done = requests.get()
            try:
                if command == 'open':
                    page.goto(argument)
                elif command == 'shot':
                    time.sleep(1.5)  # the last poses have arrived and are drawn
                    page.locator('canvas').first.screenshot(path=argument)
                    shots.append(argument)
                elif command == 'quit':
                    browser.close()
                    return
            finally:
                done.set()

thread = threading.Thread(target=Browser, daemon=True)
thread.start()

def Ask(command, argument=None, timeout=60):
    done = threading.Event()
    requests.put((command, argument, done))
    done.wait(timeout)

import multidyn.renderer as renderer
from multidyn.viewer import server as serverModule
originalStart = renderer.Renderer.Start
def Start(self, *arguments, **keywords):
    started = originalStart(self, *arguments, **keywords)
    server = renderer.RunningServer()
    if started and server is not None and not server.IsWatched():
        Ask('open', server.url)
        end = time.monotonic() + 30
        while not server.IsWatched() and time.monotonic() < end:
            time.sleep(0.1)
    return started
renderer.Renderer.Start = Start

def Shot():
    Ask('shot', os.path.join(outDirectory, os.path.basename(fileName)[:-3] + '_%%d.png' %% len(shots)))

def WaitForUser(self, waitSeconds=-1.):  # a pause of the script: a screenshot, then on
    self.UpdateScene()
    self.Redraw()
    if waitSeconds < 0:
        Shot()
    else:
        time.sleep(min(waitSeconds, 0.05))
serverModule.ViewerServer.WaitForUser = WaitForUser
from multidyn.viewer import interactiveDialog as dialogModule
originalLoop = dialogModule.InteractiveDialog._MainLoop
def MainLoop(self):  # an InteractiveDialog runs (Run pressed) %(dialogSeconds)s s, then a screenshot and Quit
    def End():
        Shot()
        report.setdefault('dialogPeriods', []).append(self.counter)
        self._quit.set()
    timer = threading.Timer(%(dialogSeconds)s, End)
    timer.start()
    if self.simulationStopped:  # as a user pressing Run
        self.StartSimulation()
    try:
        originalLoop(self)
    finally:
        timer.cancel()
dialogModule.InteractiveDialog._MainLoop = MainLoop
report = {}
try:
    code = compile(open(fileName, encoding='utf8').read(), fileName, 'exec')
    namespace = sys.modules['__main__'].__dict__
    namespace['__file__'] = fileName
    exec(code, namespace)
    if renderer.RunningServer() is not None:
        Shot()
except BaseException as error:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == fileName]
    where = ' (line %%d: %%s)' %% (frames[-1].lineno, (frames[-1].line or '').strip()) if frames else ''
    report['error'] = (type(error).__name__ + ': ' + str(error).strip().split('\n')[0])[:300] + where
report['shots'] = list(shots)
print('RUNEXAMPLE ' + json.dumps(report), flush=True)
Ask('quit', timeout=10)
os._exit(0)
'''

importLine = re.compile(r'^(\s*)(import|from)\s+exudyn\b')


def Extract(source, names, target):
    for name in names:
        path = f'{examplesPath}/{name}'
        if os.path.isdir(os.path.join(source, examplesPath)):
            text = open(os.path.join(source, path), encoding='utf8').read()
        else:
            text = subprocess.run(['git', '--git-dir', source, 'show', f'HEAD:{path}'], check=True,
                                  capture_output=True, text=True).stdout
        lines = [re.sub(r'\bexudyn\b', 'multidyn', line) if importLine.match(line) else line for line in text.split('\n')]
        with open(os.path.join(target, name), 'w', encoding='utf8') as file:
            file.write('\n'.join(lines))


def DrawnFraction(pngFile):
    """the fraction of pixels that are not background (white), away from the gizmo and the top-left notice"""
    import imageio.v3 as imageio
    import numpy as np
    image = np.asarray(imageio.imread(pngFile))[:, :, :3].astype(int)
    mask = np.abs(image - 255).sum(axis=2) > 30
    mask[-80:, :80] = False  # the axes gizmo
    mask[:150, :300] = False  # Chromium's software-rendering notice
    return mask.mean()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('exudyn', help="Exudyn's repository (bare git directory or work tree)")
    parser.add_argument('examples', nargs='*', default=defaultExamples)
    parser.add_argument('--out', default=None, help='where the screenshots go (default: a temporary directory)')
    parser.add_argument('--timeout', type=float, default=300.)
    parser.add_argument('--dialogSeconds', type=float, default=10., help='how long an InteractiveDialog runs')
    arguments = parser.parse_intermixed_args()
    work = tempfile.mkdtemp(prefix='exudynExamples_')
    out = os.path.abspath(arguments.out or os.path.join(work, 'shots'))
    os.makedirs(out, exist_ok=True)
    try:
        Extract(arguments.exudyn, arguments.examples, work)
        print(f"{'example':34s} {'result':8s} frames (drawn fraction)")
        for name in arguments.examples:
            script = driver % {'out': out, 'fileName': os.path.join(work, name), 'dialogSeconds': arguments.dialogSeconds}
            try:
                run = subprocess.run([sys.executable, '-c', script], cwd=work, capture_output=True, text=True,
                                     timeout=arguments.timeout, env=dict(os.environ, MPLBACKEND='Agg'))
            except subprocess.TimeoutExpired:
                print(f"{name:34s} timeout")
                continue
            lines = [line for line in run.stdout.split('\n') if line.startswith('RUNEXAMPLE ')]
            if not lines:
                print(f"{name:34s} crashed  {run.stderr.strip().splitlines()[-1:]}")
                continue
            report = json.loads(lines[-1][len('RUNEXAMPLE '):])
            fractions = [DrawnFraction(shot) for shot in report['shots']]
            result = 'error' if 'error' in report else ('drawn' if fractions and min(fractions) > 0.005 else 'blank')
            frames = ', '.join(f"{os.path.basename(s)} ({f:.1%})" for s, f in zip(report['shots'], fractions))
            periods = f" dialog periods simulated: {report['dialogPeriods']}" if 'dialogPeriods' in report else ''
            print(f"{name:34s} {result:8s} {frames} {report.get('error', '')}{periods}")
        print(f"screenshots in {out}")
    finally:
        if arguments.out:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
