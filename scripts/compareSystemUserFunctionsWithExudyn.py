"""Side by side with the exudyn wheel (pip install exudyn==1.13.6): a mass on a Node1D whose
spring-damper is replicated by mbs.SetPreNewtonResidualUserFunction (a LoadCoordinate set from the
iterate) with and without mbs.SetSystemJacobianUserFunction, solved by both engines; prints the
final displacement and the Newton iterations of each.

    .venv/bin/python scripts/compareSystemUserFunctionsWithExudyn.py
"""
import importlib
import sys

MASS, SPRING, DAMPER, U0, END_TIME, STEPS = 4., 12000., 20., 0.2, 0.5, 500


def Run(package, withJacobian):
    exu = importlib.import_module(package)
    items = importlib.import_module(package + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(items.Node1D(referenceCoordinates=[0], initialCoordinates=[U0]))
    mbs.AddObject(items.ObjectMass1D(nodeNumber=node, mass=MASS))
    marker = mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    load = mbs.AddLoad(items.LoadCoordinate(markerNumber=marker, load=-SPRING * U0))
    mbs.Assemble()
    index = mbs.GetNodeODE2Index(node)

    def PreNewton(mbs, t, newtonIt, discontinuousIt):
        u = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
        v = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t)
        mbs.SetLoadParameter(load, 'load', -SPRING * u - DAMPER * v)

    def Jacobian(mbs, t, factorODE2, factorODE2_t, factorODE1):
        mc = exu.MatrixContainer()
        mc.SetWithSparseMatrix([[index, index, -factorODE2 * SPRING - factorODE2_t * DAMPER]], 1, 1)
        return mc

    mbs.SetPreNewtonResidualUserFunction(PreNewton)
    if withJacobian:
        mbs.SetSystemJacobianUserFunction(Jacobian)
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = STEPS
    s.timeIntegration.endTime = END_TIME
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
    mbs.SolveDynamic(s)
    solver = mbs.sys.get("dynamicSolver")
    iterations = solver.it.newtonStepsCount if hasattr(solver, "it") else mbs.sys["dynamicSolverStatistics"]["newtonIterations"]
    return mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates), iterations


def main():
    try:
        importlib.import_module("exudyn")
    except ImportError:
        sys.exit("exudyn is not installed: pip install exudyn==1.13.6")
    for withJacobian in (True, False):
        uExu, itExu = Run("exudyn", withJacobian)
        uMd, itMd = Run("multidyn", withJacobian)
        print(f"jacobian={withJacobian}: exudyn u={uExu:.15g} ({itExu} iterations), multidyn u={uMd:.15g} "
              f"({itMd} iterations), relative difference {abs(uMd - uExu) / abs(uExu):.2e}")


if __name__ == "__main__":
    main()
