"""Two small models that check an installation, as Exudyn's exudyn.demos does:

    import multidyn as exu
    exu.demos.Demo1()   # a 2D mass point pushed by a constant force
    exu.demos.Demo2()   # a chain of twelve rigid links swinging under gravity

Each builds, assembles and solves its model and returns [mbs, SC]; showAll=False runs a shorter
simulation without messages; nothing is drawn unless the viewer was started (exu.StartRenderer()).
"""
import numpy as _np

import multidyn as _exu
from multidyn.modelling import graphics as _graphics
from multidyn.api import itemInterface as _items
from multidyn.modelling.rigidBodyUtilities import InertiaCuboid as _InertiaCuboid


def DemoInfo():
    """Where to go next."""
    _exu.Print("\nmultidyn: the examples in examples/ and the theory pages in docs/theory show more.\n")


def Demo1(showAll=True):
    """A 2D mass point of 10 kg, starting at rest, pushed along x by 0.001 N for 1 s (h = 1 ms):
    it ends at x = F t^2 / (2 m) = 5e-5 m. Returns [mbs, SC]."""
    if showAll:
        _exu.Print("start demo1: check that multidyn runs")
    SC = _exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(_items.NodePoint2D(referenceCoordinates=[0., 0.]))
    body = mbs.AddObject(_items.ObjectMassPoint2D(physicsMass=10., nodeNumber=node))
    marker = mbs.AddMarker(_items.MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(_items.LoadForceVector(markerNumber=marker, loadVector=[0.001, 0., 0.]))
    mbs.Assemble()
    settings = _exu.SimulationSettings()
    settings.timeIntegration.verboseMode = 1 if showAll else 0
    settings.solutionSettings.writeSolutionToFile = showAll
    settings.solutionSettings.coordinatesSolutionFileName = "solution/demo1.txt"
    mbs.SolveDynamic(settings)
    if showAll:
        x = mbs.GetObjectOutputBody(body, _exu.OutputVariableType.Position, localPosition=[0., 0., 0.])[0]
        _exu.Print(f"demo1: x(1 s) = {x:.6g} m (closed form 5e-05 m); coordinates in solution/demo1.txt")
        DemoInfo()
    return [mbs, SC]


def Demo2(showAll=True):
    """Twelve rigid links (0.6 m, 2 kg each) hanging from a revolute joint at the origin and linked by
    revolute joints about z, released horizontally under gravity; 20000 steps of 0.1 ms (showAll=False:
    200). Returns [mbs, SC]."""
    SC = _exu.SystemContainer()
    mbs = SC.AddSystem()
    if showAll:
        _exu.Print("multidyn version = " + _exu.config.Version())
    halfLength, width = 0.3, 0.1
    ground = mbs.CreateGround(graphicsDataList=[_graphics.CheckerBoard(point=[0., -4., -1.], size=16.)])
    previous = ground
    for i in range(12):
        link = mbs.CreateRigidBody(
            referencePosition=[(2 * i + 1) * halfLength, 0., 0.],
            inertia=_InertiaCuboid(density=2. / (2 * halfLength * width * width), sideLengths=[2 * halfLength, width, width]),
            gravity=[0., -9.81, 0.],
            graphicsDataList=[_graphics.Brick(size=[1.8 * halfLength * 2, width, width], color=_graphics.color.dodgerblue)])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, link], position=[2 * i * halfLength, 0., 0.], axis=[0., 0., 1.],
                                useGlobalFrame=True)
        previous = link
    mbs.Assemble()
    steps = 20000 if showAll else 200
    settings = _exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 1e-4 * steps
    settings.timeIntegration.verboseMode = 1 if showAll else 0
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6
    settings.solutionSettings.writeSolutionToFile = False
    mbs.SolveDynamic(settings)
    if showAll:
        tip = mbs.GetObjectOutputBody(previous, _exu.OutputVariableType.Position, localPosition=[halfLength, 0., 0.])
        _exu.Print(f"demo2: tip of the chain at t = {1e-4 * steps:g} s: {_np.round(tip, 4)}")
    return [mbs, SC]
