// exu.SimulationSettings(): Exudyn's settings tree, names and defaults (v1.11), each
// structure declared once with its field table. Settings a solver does not use yet are
// accepted and stored; docs/solvers/SimulationSettings.md says which ones take effect.
#pragma once

#include <string>

#include "core/items/FieldTable.h"
#include "core/items/NumericalDifferentiation.h"

namespace multidyn {

struct NewtonSettings {
  double absoluteTolerance = 1e-10;
  double relativeTolerance = 1e-8;
  bool useNewtonSolver = true;
  bool weightTolerancePerCoordinate = false;
  Index newtonResidualMode = 0;
  bool adaptInitialResidual = true;
  double modifiedNewtonContractivity = 0.5;
  bool useModifiedNewton = false;
  bool modifiedNewtonJacUpdatePerStep = false;
  Index maxIterations = 25;
  Index maxModifiedNewtonIterations = 8;
  Index maxModifiedNewtonRestartIterations = 7;
  double maximumSolutionNorm = 1e38;
  NumericalDifferentiationSettings numericalDifferentiation;
  static const FieldTable& Fields();
};

struct DiscontinuousSettings {
  double iterationTolerance = 1.;
  Index maxIterations = 5;
  bool ignoreMaxIterations = true;
  bool useRecommendedStepSize = true;
  static const FieldTable& Fields();
};

struct GeneralizedAlphaSettings {
  double spectralRadius = 0.9;
  bool useNewmark = false;
  bool useIndex2Constraints = false;
  double newmarkBeta = 0.25;
  double newmarkGamma = 0.5;
  bool computeInitialAccelerations = true;
  bool storeInitialAlgebraicCoordinates = true;
  bool resetAccelerations = false;
  bool lieGroupAddTangentOperator = true;
  bool lieGroupSimplifiedKinematicRelations = false;
  static const FieldTable& Fields();
};

struct ExplicitIntegrationSettings {
  bool eliminateConstraints = true;
  bool useLieGroupIntegration = true;
  bool computeEndOfStepAccelerations = true;
  bool computeMassMatrixInversePerBody = false;
  static const FieldTable& Fields();
};

// SUNDIALS' error-controlled integrators (DynamicSolverType IDA and CVODE), docs/solvers/Sundials.md.
struct SundialsSettings {
  double relativeTolerance = 1e-6;
  double absoluteTolerance = 1e-8;
  Index maximumOrder = 5;
  double maximumStepSize = 0.;  // 0: no limit
  double initialStepSize = 0.;  // 0: SUNDIALS' estimate
  // automatic (dense up to 100 unknowns, sparse beyond), dense, sparse; CVODE also fixedPoint
  // (Adams' method with fixed-point iteration, no linear solver: non-stiff systems).
  std::string linearSolver = "automatic";
  static const FieldTable& Fields();
};

struct TimeIntegrationSettings {
  double startTime = 0.;
  double endTime = 1.;
  Index numberOfSteps = 100;
  bool adaptiveStep = true;
  Index adaptiveStepRecoverySteps = 10;
  Index adaptiveStepRecoveryIterations = 7;
  double adaptiveStepIncrease = 2.;
  double adaptiveStepDecrease = 0.5;
  bool automaticStepSize = true;
  double minimumStepSize = 1e-8;
  double initialStepSize = 0.;
  double absoluteTolerance = 1e-8;
  double relativeTolerance = 1e-8;
  double stepSizeSafety = 0.9;
  double stepSizeMaxIncrease = 2.;
  Index computeLoadsJacobian = 0;
  // Exudyn's Newton matrix leaves out d(C_q^T lambda)/dq; True adds it (exact Newton matrix).
  bool computeConstraintForcesJacobian = false;
  bool reuseConstantMassMatrix = true;
  bool simulateInRealtime = false;
  double realtimeFactor = 1.;
  Index realtimeWaitMicroseconds = 1000;
  Index verboseMode = 0;
  Index verboseModeFile = 0;
  Index stepInformation = 67;
  // As in Exudyn 1.13, time integration reuses the Jacobian (modified Newton) by default; the
  // static solver's Newton keeps the full-Newton default.
  NewtonSettings newton = [] {
    NewtonSettings timeIntegrationNewton;
    timeIntegrationNewton.useModifiedNewton = true;
    return timeIntegrationNewton;
  }();
  DiscontinuousSettings discontinuous;
  GeneralizedAlphaSettings generalizedAlpha;
  ExplicitIntegrationSettings explicitIntegration;
  SundialsSettings sundials;
  static const FieldTable& Fields();
};

struct StaticSolverSettings {
  NewtonSettings newton;
  DiscontinuousSettings discontinuous;
  Index numberOfLoadSteps = 1;
  double loadStepDuration = 1.;
  double loadStepStart = 0.;
  bool loadStepGeometric = false;
  double loadStepGeometricRange = 1000.;
  bool useLoadFactor = true;
  double stabilizerODE2term = 0.;
  bool adaptiveStep = true;
  Index adaptiveStepRecoverySteps = 4;
  Index adaptiveStepRecoveryIterations = 7;
  double adaptiveStepIncrease = 2.;
  double adaptiveStepDecrease = 0.25;
  double minimumStepSize = 1e-8;
  bool computeLoadsJacobian = true;
  bool constrainODE1coordinates = true;
  Index verboseMode = 1;
  Index verboseModeFile = 0;
  Index stepInformation = 67;
  static const FieldTable& Fields();
};

struct SolutionSettings {
  bool writeSolutionToFile = true;
  std::string coordinatesSolutionFileName = "coordinatesSolution";
  double solutionWritePeriod = 0.01;
  bool binarySolutionFile = false;
  bool writeFileHeader = true;
  bool writeFileFooter = true;
  bool writeInitialValues = true;
  bool appendToFile = false;
  bool flushFilesImmediately = false;
  Index flushFilesDOF = 10000;
  bool exportVelocities = true;
  bool exportAccelerations = true;
  bool exportAlgebraicCoordinates = true;
  bool exportDataCoordinates = true;
  bool exportODE1Velocities = true;
  Index outputPrecision = 10;
  bool writeRestartFile = false;
  std::string restartFileName = "restartFile.txt";
  double restartWritePeriod = 0.01;
  double sensorsWritePeriod = 0.01;
  bool sensorsStoreAndWriteFiles = true;
  bool sensorsAppendToFile = false;
  bool sensorsWriteFileHeader = true;
  bool sensorsWriteFileFooter = false;
  std::string solutionInformation;
  std::string solverInformationFileName = "solverInformation.txt";
  double recordImagesInterval = -1.;
  static const FieldTable& Fields();
};

struct LinearSolverSettings {
  double pivotThreshold = 0.;
  bool ignoreSingularJacobian = false;
  bool reuseAnalyzedPattern = false;
  bool showCausingItems = true;
  static const FieldTable& Fields();
};

struct ParallelSettings {
  Index numberOfThreads = 1;
  bool useLoadBalancing = true;
  Index multithreadedLLimitLoads = 20;
  Index multithreadedLLimitResiduals = 20;
  Index multithreadedLLimitJacobians = 20;
  Index multithreadedLLimitMassMatrices = 20;
  Index taskSplitMinItems = 50;
  Index taskSplitTasksPerThread = 16;
  static const FieldTable& Fields();
};

struct SimulationSettings {
  TimeIntegrationSettings timeIntegration;
  StaticSolverSettings staticSolver;
  SolutionSettings solutionSettings;
  LinearSolverSettings linearSolverSettings;
  ParallelSettings parallel;
  std::string linearSolverType = "EXUdense";
  bool cleanUpMemory = false;
  bool displayComputationTime = false;
  bool displayGlobalTimers = true;
  bool displayStatistics = false;
  Index outputPrecision = 6;
  bool pauseAfterEachStep = false;
  static const FieldTable& Fields();
};

// Whole settings tree to and from JSON (nested objects); unknown keys and bad values throw,
// naming the path ("timeIntegration.newton.relativeTolerance").
Json SettingsToJson(const FieldTable& table, const void* settings);
void SettingsFromJson(const FieldTable& table, void* settings, const Json& json, const std::string& path = "");

}  // namespace multidyn
