"""Exudyn's enums of the Python side: exu.DynamicSolverType, exu.LinearSolverType, exu.ItemType and
exu.NodeType, with Exudyn's values (the enums of the compiled module, e.g. exu.OutputVariableType,
come from _multidyn)."""
from multidyn.api.exudynEnum import ExudynEnum as _ExudynEnum


class DynamicSolverType(_ExudynEnum):
    """Dynamic solvers: GeneralizedAlpha (with its Newmark/index-2 variant TrapezoidalIndex2), the explicit
    fixed-step methods, the explicit pairs ODE23, DOPRI5, DVERK6 with automatic step size control, and (multidyn)
    SUNDIALS' error-controlled IDA and CVODE."""
    GeneralizedAlpha = 1
    TrapezoidalIndex2 = 2
    ExplicitEuler = 3
    ExplicitMidpoint = 4
    RK33 = 5
    RK44 = 6
    RK67 = 7
    ODE23 = 8
    DOPRI5 = 9
    DVERK6 = 10
    VelocityVerlet = 11
    IDA = 12  # multidyn: SUNDIALS IDA on the stabilised index-2 DAE (docs/solvers/Sundials.md)
    CVODE = 13  # multidyn: SUNDIALS CVODE (BDF or Adams), constraints by projection


class LinearSolverType(_ExudynEnum):
    """Linear solvers (simulationSettings.linearSolverType / linearSolver.solverType), Exudyn's values."""
    _None = 0
    EXUdense = 1
    EigenSparse = 2
    EigenSparseSymmetric = 4
    EigenDense = 8


class ItemType(_ExudynEnum):
    """Item categories, Exudyn's values (used e.g. by visualizationSettings.interactive.highlightItemType)."""
    _None = 0
    Node = 1
    Object = 2
    Marker = 3
    Load = 4
    Sensor = 5


class NodeType(_ExudynEnum):
    """Node types with Exudyn's values; mbs.CreateRigidBody(nodeType=...) takes RotationEulerParameters
    and RotationRxyz."""
    _None = 0
    Ground = 1
    Position2D = 2
    Orientation2D = 4
    Point2DSlope1 = 8
    Position = 16
    Orientation = 32
    RigidBody = 64
    RotationEulerParameters = 128
    RotationRxyz = 256
    RotationRotationVector = 512
    LieGroupWithDirectUpdate = 1024
    GenericODE2 = 4096
    GenericODE1 = 8192
    GenericAE = 16384
    GenericData = 32768
    PointSlope1 = 65536
    PointSlope12 = 131072
    PointSlope23 = 262144
