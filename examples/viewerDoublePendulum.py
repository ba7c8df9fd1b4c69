"""A double pendulum of two bricks watched in the browser: exu.StartRenderer() prints the address
of the viewer (open it while the script runs), the solve is shown live, and mbs.ExportHTML writes
doublePendulum.html, a self-contained animation that plays offline in any browser. Without
viser (pip install multidyn[viewer]) the renderer calls say so and the solve runs as usual.

Interactive use: `python -i examples/viewerDoublePendulum.py`, then mbs.SolutionViewer() replays
the solution with a slider, play/pause, speed and loop.
"""
import multidyn as exu
import multidyn.graphics as graphics
from multidyn.utilities import InertiaCuboid

SC = exu.SystemContainer()
mbs = SC.AddSystem()
ground = mbs.CreateGround(graphicsDataList=[graphics.CheckerBoard([0, -1.2, -0.2], size=3, nTiles=12)])
length, width = 1., 0.1
previous = ground
for i, color in enumerate([graphics.color.red, graphics.color.dodgerblue]):
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [length, width, width]),
                               referencePosition=[(i + 0.5) * length, 0, 0], gravity=[0, -9.81, 0],
                               graphicsDataList=[graphics.Brick(size=[length, width, width], color=color)])
    mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i * length, 0, 0], axis=[0, 0, 1])
    previous = body
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 2.
settings.timeIntegration.numberOfSteps = 2000
settings.timeIntegration.verboseMode = 0
settings.solution.file.writePeriod = 0.01
SC.visualizationSettings.general.graphicsUpdateInterval = 0.02

viewing = exu.StartRenderer()  # prints the address; False without viser
mbs.SolveDynamic(settings)
SC.renderer.DoIdleTasks()  # waits for Continue in the browser; returns at once when nobody watches
if viewing:
    mbs.ExportHTML('doublePendulum.html')
    exu.StopRenderer()

tip = mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, localPosition=[0.5 * length, 0, 0])
exu.sys['testResult'] = tip[1]
print('tip of the double pendulum after 2 s [m]:', tip, ('written: doublePendulum.html' if viewing else ''))
