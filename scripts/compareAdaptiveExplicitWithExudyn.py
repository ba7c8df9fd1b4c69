#!/usr/bin/env python3
"""Solves the same small models with the automatic step size control of ODE23 and DOPRI5 on
multidyn and on Exudyn (the PyPI package 'exudyn', which must be installed; multidyn never depends
on it) and prints, per model, solver and tolerance, the number of accepted and rejected steps of
each and the largest relative differences of the accepted step sizes and of the final coordinates
(a developer tool, not a test). Exudyn 1.13.6 has no DVERK6 ("solver type not implemented").

Models: the ODE1/ODE2 system of Exudyn's solverExplicitODE1ODE2test.py (linear), and a mass point
on a spring to ground under gravity (nonlinear).

    python3 scripts/compareAdaptiveExplicitWithExudyn.py
"""
import importlib
import warnings

import numpy as np


def LinearModel(exu, mbs):
    ii = importlib.import_module(exu.__name__ + '.itemInterface')
    m = 2.
    node1 = mbs.AddNode(ii.NodeGenericODE1(referenceCoordinates=[0, 0, 0, 0], initialCoordinates=[1, 0, 0, 0],
                                           numberOfODE1Coordinates=4))
    A = np.array([[0, 0, 1, 0], [0, 0, 0, 1], [-200 / m, 0, 0, 0], [0, -100 / m, 0, 0]])
    mbs.AddObject(ii.ObjectGenericODE1(nodeNumbers=[node1], systemMatrix=A, rhsVector=[0, 0, 0, 1 / m]))
    node2 = mbs.AddNode(ii.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[1, 0],
                                           initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    mbs.AddObject(ii.ObjectGenericODE2(nodeNumbers=[node2], massMatrix=np.diag([m, m]),
                                       stiffnessMatrix=np.diag([200, 100]), forceVector=[0, 1]))
    return node2


def SpringPendulum(exu, mbs):
    ii = importlib.import_module(exu.__name__ + '.itemInterface')
    ground = mbs.AddObject(ii.ObjectGround())
    node = mbs.AddNode(ii.NodePoint(referenceCoordinates=[0.8, -0.9, 0.], initialVelocities=[1.5, 0., 0.2]))
    mbs.AddObject(ii.ObjectMassPoint(physicsMass=0.5, nodeNumber=node))
    mGround = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[0., 0., 0.]))
    mBody = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(ii.ObjectConnectorSpringDamper(markerNumbers=[mGround, mBody], stiffness=80., referenceLength=1.))
    mbs.AddLoad(ii.Force(markerNumber=mBody, loadVector=[0., -0.5 * 9.81, 0.]))
    return node


def Solve(moduleName, model, solverName, tolerance, endTime, numberOfSteps):
    exu = importlib.import_module(moduleName)
    ii = importlib.import_module(moduleName + '.itemInterface')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = model(exu, mbs)
    sensor = mbs.AddSensor(ii.SensorNode(nodeNumber=node, storeInternal=True,
                                         outputVariableType=exu.OutputVariableType.Coordinates))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Exudyn 1.13's deprecation warnings of the old setting names
        settings.solution.file.write = False
        settings.solution.sensors.writePeriod = 0.  # every step, as Exudyn
    ti = settings.timeIntegration
    ti.endTime, ti.numberOfSteps, ti.verboseMode = endTime, numberOfSteps, 0
    ti.absoluteTolerance, ti.relativeTolerance = tolerance, 1e-4
    mbs.SolveDynamic(settings, solverType=getattr(exu.DynamicSolverType, solverName))
    data = mbs.GetSensorStoredData(sensor)
    if moduleName == 'exudyn':
        rejected = mbs.sys['dynamicSolver'].it.rejectedAutomaticStepSizeSteps
    else:
        rejected = mbs.sys['dynamicSolverStatistics']['rejectedSteps']
    return np.diff(data[:, 0]), data[-1, 1:], rejected


def main():
    for modelName, model, endTime, numberOfSteps in (('ODE1/ODE2 test', LinearModel, 2., 2),
                                                     ('spring pendulum', SpringPendulum, 2., 10)):
        for solverName in ('ODE23', 'DOPRI5'):
            for tolerance in (1., 1e-2, 1e-4, 1e-6, 1e-8):
                hE, xE, rE = Solve('exudyn', model, solverName, tolerance, endTime, numberOfSteps)
                hM, xM, rM = Solve('multidyn', model, solverName, tolerance, endTime, numberOfSteps)
                text = (f"{modelName:16s} {solverName:6s} atol={tolerance:7.0e}: steps {len(hE)}/{len(hM)}, "
                        f"rejected {rE}/{rM} (Exudyn/multidyn)")
                if len(hE) == len(hM):
                    dh = np.max(np.abs(hM - hE) / hE)
                    dx = np.max(np.abs(xM - xE)) / max(np.max(np.abs(xE)), 1e-300)
                    text += f", step sizes rel. diff {dh:.1e}, final coordinates rel. diff {dx:.1e}"
                else:
                    text += "  DIFFERENT NUMBER OF STEPS"
                print(text)


if __name__ == '__main__':
    main()
