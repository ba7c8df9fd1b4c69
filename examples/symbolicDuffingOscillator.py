"""A Duffing oscillator whose spring law and load are symbolic user functions (docs/symbolic.md):
written once as Python functions with esym's math, recorded with CreateSymbolicUserFunction and
evaluated in C++ during the solve (no Python call), with exact derivatives for Newton. Solved once
with the Python functions and once with the symbolic ones; prints both final positions, their
difference and the solve times."""
import time

import numpy as np

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate, MassPoint, NodePoint,
                                    NodePointGround)
from multidyn.utilities import CreateSymbolicUserFunction

esym = exu.symbolic
mass, stiffness, damping, load0 = 1.6, 4000., 4., 80.  # [kg], [N/m], [N*s/m], [N]


def Functions(lib):
    """The spring force (linear plus cubic, [N]) and a load at 10 Hz ([N]), with lib = numpy or esym."""
    def springForce(mbs, t, itemNumber, u, v, k, d, offset):
        return 0.1 * k * u + k * u**3 + v * d

    def load(mbs, t, load):
        return load * lib.sin(2 * np.pi * 10. * t)
    return springForce, load


def Solve(symbolic):
    """(final position [m], seconds in SolveDynamic)"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0.5, 0, 0]))
    ground = mbs.AddNode(NodePointGround())
    mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    springForce, load = Functions(esym if symbolic else np)
    spring = mbs.AddObject(CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=stiffness, damping=damping,
                                                  springForceUserFunction=springForce))
    coordinateLoad = mbs.AddLoad(LoadCoordinate(markerNumber=m1, load=load0, loadUserFunction=load))
    if symbolic:
        mbs.SetObjectParameter(spring, 'springForceUserFunction',
                               CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', spring))
        mbs.SetLoadParameter(coordinateLoad, 'loadUserFunction',
                             CreateSymbolicUserFunction(mbs, load, 'loadUserFunction', coordinateLoad))
        print('recorded:', mbs.GetObjectParameter(spring, 'springForceUserFunction'))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 20000
    settings.timeIntegration.endTime = 2.
    settings.solution.file.write = False
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    return mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0], time.perf_counter() - start


(xPython, secondsPython), (xSymbolic, secondsSymbolic) = Solve(False), Solve(True)
print(f"final position: Python functions {xPython:.12f} m ({secondsPython:.3f} s), symbolic {xSymbolic:.12f} m "
      f"({secondsSymbolic:.3f} s), difference {abs(xSymbolic - xPython):.1e} m")
