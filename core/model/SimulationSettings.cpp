#include "core/model/SimulationSettings.h"

namespace multidyn {

const FieldTable& NumericalDifferentiationSettings::Fields() {
  using T = NumericalDifferentiationSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::relativeEpsilon, "relativeEpsilon", "",
               "user functions are differentiated numerically in their arguments x with the step "
               "relativeEpsilon*max(minimumCoordinateSize, |x|); items themselves have exact Jacobians")
          .Positive()
          .Add(&T::minimumCoordinateSize, "minimumCoordinateSize", "",
               "smallest |x| in the step rule of relativeEpsilon")
          .Positive()
          .Add(&T::addReferenceCoordinatesToEpsilon, "addReferenceCoordinatesToEpsilon", "",
               "accepted for compatibility; no effect (user-function arguments are total values already)")
          .Add(&T::doSystemWideDifferentiation, "doSystemWideDifferentiation", "",
               "accepted for compatibility; no effect (Jacobians are exact)")
          .Add(&T::forAE, "forAE", "", "accepted for compatibility; no effect")
          .Add(&T::forODE2, "forODE2", "", "accepted for compatibility; no effect")
          .Add(&T::forODE2connectors, "forODE2connectors", "", "accepted for compatibility; no effect")
          .Add(&T::jacobianConnectorDerivative, "jacobianConnectorDerivative", "",
               "accepted for compatibility; derivatives of marker Jacobians are always included")
          .Build();
  return table;
}

const FieldTable& NewtonSettings::Fields() {
  using T = NewtonSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::absoluteTolerance, "absoluteTolerance", "", "Newton converges when the residual norm is below this")
          .Positive()
          .Add(&T::relativeTolerance, "relativeTolerance", "", "or when residual/initial residual is below this")
          .Positive()
          .Add(&T::useNewtonSolver, "useNewtonSolver", "",
               "False: each step is one linear solve, accepted without a convergence check")
          .Add(&T::weightTolerancePerCoordinate, "weightTolerancePerCoordinate", "",
               "divide the residual norm by sqrt(number of unknowns)")
          .Add(&T::newtonResidualMode, "newtonResidualMode", "", "0: residual norm; 1: norm of the Newton increment")
          .NonNegative()
          .Add(&T::adaptInitialResidual, "adaptInitialResidual", "",
               "raise the reference residual if the first iteration increases it")
          .Add(&T::modifiedNewtonContractivity, "modifiedNewtonContractivity", "",
               "modified Newton: update the Jacobian when the contraction is worse")
          .Positive()
          .Add(&T::useModifiedNewton, "useModifiedNewton", "", "reuse the Jacobian across iterations and steps")
          .Add(&T::modifiedNewtonJacUpdatePerStep, "modifiedNewtonJacUpdatePerStep", "",
               "modified Newton: one Jacobian per step")
          .Add(&T::maxIterations, "maxIterations", "", "iterations per Newton solve before the step is reduced")
          .Positive()
          .Add(&T::maxModifiedNewtonIterations, "maxModifiedNewtonIterations", "",
               "modified Newton: iterations before a Jacobian update")
          .Positive()
          .Add(&T::maxModifiedNewtonRestartIterations, "maxModifiedNewtonRestartIterations", "",
               "modified Newton: iterations before a restart with full Newton")
          .Positive()
          .Add(&T::maximumSolutionNorm, "maximumSolutionNorm", "",
               "a solution with a larger squared norm counts as diverged")
          .Positive()
          .AddNested(&T::numericalDifferentiation, "numericalDifferentiation", "numerical differentiation settings")
          .Build();
  return table;
}

const FieldTable& DiscontinuousSettings::Fields() {
  using T = DiscontinuousSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::iterationTolerance, "iterationTolerance", "", "largest switching error accepted after a step")
          .Positive()
          .Add(&T::maxIterations, "maxIterations", "", "repetitions of a step with updated switching states")
          .Positive()
          .Add(&T::ignoreMaxIterations, "ignoreMaxIterations", "", "accept the step after maxIterations anyway")
          .Add(&T::useRecommendedStepSize, "useRecommendedStepSize", "",
               "accepted for compatibility; no item recommends step sizes")
          .Build();
  return table;
}

const FieldTable& GeneralizedAlphaSettings::Fields() {
  using T = GeneralizedAlphaSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::spectralRadius, "spectralRadius", "",
               "rho_infinity in [0,1]: 1 no numerical damping, 0 maximal damping")
          .NonNegative()
          .Add(&T::useNewmark, "useNewmark", "", "use Newmark's method with newmarkBeta and newmarkGamma")
          .Add(&T::useIndex2Constraints, "useIndex2Constraints", "",
               "velocity-level constraints (only with useNewmark)")
          .Add(&T::newmarkBeta, "newmarkBeta", "", "Newmark beta (with useNewmark)")
          .Positive()
          .Add(&T::newmarkGamma, "newmarkGamma", "", "Newmark gamma (with useNewmark)")
          .Positive()
          .Add(&T::computeInitialAccelerations, "computeInitialAccelerations", "",
               "solve for consistent accelerations and multipliers at the start")
          .Add(&T::storeInitialAlgebraicCoordinates, "storeInitialAlgebraicCoordinates", "",
               "True: the multipliers of the initial-acceleration solve become the initial algebraic coordinates")
          .Add(&T::resetAccelerations, "resetAccelerations", "",
               "with computeInitialAccelerations=False: True starts from zero accelerations")
          .Add(&T::lieGroupAddTangentOperator, "lieGroupAddTangentOperator", "",
               "accepted for compatibility (there are no Lie-group nodes)")
          .Add(&T::lieGroupSimplifiedKinematicRelations, "lieGroupSimplifiedKinematicRelations", "",
               "accepted for compatibility (there are no Lie-group nodes)")
          .Build();
  return table;
}

const FieldTable& ExplicitIntegrationSettings::Fields() {
  using T = ExplicitIntegrationSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::eliminateConstraints, "eliminateConstraints", "", "accepted for compatibility; no effect")
          .Add(&T::useLieGroupIntegration, "useLieGroupIntegration", "", "accepted for compatibility; no effect")
          .Add(&T::computeEndOfStepAccelerations, "computeEndOfStepAccelerations", "",
               "explicit solvers: accelerations (and ODE1 rates) evaluated again at the end of each step (one more "
               "evaluation per step); otherwise those of the last stage are kept")
          .Add(&T::computeMassMatrixInversePerBody, "computeMassMatrixInversePerBody", "",
               "accepted for compatibility; no effect")
          .Build();
  return table;
}

const FieldTable& SundialsSettings::Fields() {
  using T = SundialsSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::relativeTolerance, "relativeTolerance", "",
               "IDA/CVODE: relative tolerance of the local error test (weights 1/(rtol |y_i| + atol))")
          .Positive()
          .Add(&T::absoluteTolerance, "absoluteTolerance", "", "IDA/CVODE: absolute tolerance of the local error test")
          .Positive()
          .Add(&T::maximumOrder, "maximumOrder", "",
               "IDA/CVODE: largest order of the BDF (1..5) or Adams (1..12) formulas")
          .Positive()
          .Add(&T::maximumStepSize, "maximumStepSize", "s", "IDA/CVODE: largest step size; 0: no limit")
          .NonNegative()
          .Add(&T::initialStepSize, "initialStepSize", "s", "IDA/CVODE: first step size; 0: SUNDIALS' estimate")
          .NonNegative()
          .Add(&T::linearSolver, "linearSolver", "",
               "IDA/CVODE: automatic (dense LU up to 100 unknowns, sparse LU beyond), dense, sparse; CVODE also "
               "fixedPoint (Adams' method with fixed-point iteration, no linear solver: non-stiff systems)")
          .Build();
  return table;
}

const FieldTable& TimeIntegrationSettings::Fields() {
  using T = TimeIntegrationSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::startTime, "startTime", "s", "start time of the simulation")
          .Add(&T::endTime, "endTime", "s", "end time of the simulation")
          .Add(&T::numberOfSteps, "numberOfSteps", "",
               "number of steps; the step size is (endTime-startTime)/numberOfSteps")
          .Positive()
          .Add(&T::adaptiveStep, "adaptiveStep", "", "reduce the step size when Newton fails, and recover it later")
          .Add(&T::adaptiveStepRecoverySteps, "adaptiveStepRecoverySteps", "",
               "successful steps before the step size is increased again")
          .NonNegative()
          .Add(&T::adaptiveStepRecoveryIterations, "adaptiveStepRecoveryIterations", "",
               "increase only if the last step needed at most this many Newton iterations")
          .NonNegative()
          .Add(&T::adaptiveStepIncrease, "adaptiveStepIncrease", "", "factor of a step-size increase")
          .Positive()
          .Add(&T::adaptiveStepDecrease, "adaptiveStepDecrease", "", "factor of a step-size reduction")
          .Positive()
          .Add(&T::automaticStepSize, "automaticStepSize", "",
               "ODE23, DOPRI5, DVERK6 control their step size by an error estimate; False: fixed steps")
          .Add(&T::minimumStepSize, "minimumStepSize", "s",
               "the solver stops with an error below this step size (automatic step size: the smallest step)")
          .Positive()
          .Add(&T::initialStepSize, "initialStepSize", "s",
               "first step of the automatic step size control; 0: (endTime-startTime)/numberOfSteps")
          .NonNegative()
          .Add(&T::absoluteTolerance, "absoluteTolerance", "",
               "automatic step size: absolute part of the error scale atol + max(x, x0) rtol")
          .Positive()
          .Add(&T::relativeTolerance, "relativeTolerance", "", "automatic step size: relative part of the error scale")
          .Positive()
          .Add(&T::stepSizeSafety, "stepSizeSafety", "",
               "automatic step size: factor on the optimal step size, in (0, 1]")
          .Positive()
          .Add(&T::stepSizeMaxIncrease, "stepSizeMaxIncrease", "",
               "automatic step size: largest growth factor of the step size from one step to the next")
          .Positive()
          .Add(&T::computeLoadsJacobian, "computeLoadsJacobian", "",
               "0: neglect load Jacobians; 1: include them (follower loads)")
          .NonNegative()
          .Add(&T::computeConstraintForcesJacobian, "computeConstraintForcesJacobian", "",
               "False (Exudyn's Newton matrix): leave out the derivative of the constraint forces C_q^T lambda with "
               "respect to the coordinates; True: include it (exact Newton matrix, fewer iterations when constraint "
               "forces are large)")
          .Add(&T::reuseConstantMassMatrix, "reuseConstantMassMatrix", "",
               "explicit solvers: factorize the mass matrix once per solve when no body's mass matrix depends on the "
               "coordinates; set False if a user function changes masses or inertias during the solve (as in Exudyn)")
          .Add(&T::simulateInRealtime, "simulateInRealtime", "", "accepted for compatibility")
          .Add(&T::realtimeFactor, "realtimeFactor", "", "accepted for compatibility")
          .Positive()
          .Add(&T::realtimeWaitMicroseconds, "realtimeWaitMicroseconds", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::verboseMode, "verboseMode", "",
               "0: silent; 1: start and end, and a progress line every 2 s; 2: every step")
          .NonNegative()
          .LevelAcceptsBool()
          .Add(&T::verboseModeFile, "verboseModeFile", "", "accepted for compatibility")
          .NonNegative()
          .LevelAcceptsBool()
          .Add(&T::stepInformation, "stepInformation", "", "accepted for compatibility")
          .NonNegative()
          .AddNested(&T::newton, "newton", "Newton settings")
          .AddNested(&T::discontinuous, "discontinuous", "discontinuous-iteration settings")
          .AddNested(&T::generalizedAlpha, "generalizedAlpha", "generalized-alpha settings")
          .AddNested(&T::explicitIntegration, "explicitIntegration", "explicit-integration settings")
          .AddNested(&T::sundials, "sundials", "SUNDIALS IDA/CVODE settings (DynamicSolverType IDA, CVODE)")
          .Build();
  return table;
}

const FieldTable& StaticSolverSettings::Fields() {
  using T = StaticSolverSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .AddNested(&T::newton, "newton", "Newton settings")
          .AddNested(&T::discontinuous, "discontinuous", "discontinuous-iteration settings")
          .Add(&T::numberOfLoadSteps, "numberOfLoadSteps", "", "number of load steps (geometric: at least 2)")
          .Positive()
          .Add(&T::loadStepDuration, "loadStepDuration", "s",
               "pseudo-time of all load steps; the load factor is the pseudo-time since loadStepStart over it")
          .Positive()
          .Add(&T::loadStepStart, "loadStepStart", "s", "pseudo-time at the start (the time user functions see)")
          .Add(&T::loadStepGeometric, "loadStepGeometric", "",
               "geometric load steps (load factors 1/range, ..., 1, growing by a constant factor; not adaptive) "
               "instead of arithmetic ones")
          .Add(&T::loadStepGeometricRange, "loadStepGeometricRange", "",
               "ratio of the last to the first geometric load factor")
          .Positive()
          .Add(&T::useLoadFactor, "useLoadFactor", "",
               "scale applied loads without a user function by the load factor (else factor 1)")
          .Add(&T::stabilizerODE2term, "stabilizerODE2term", "",
               "s: adds (1 - loadFactor^2) s M (q - q_stepStart) to the residual, a mass-proportional spring to the "
               "start of the load step, zero in the last step")
          .NonNegative()
          .Add(&T::adaptiveStep, "adaptiveStep", "", "reduce the load step when Newton fails (arithmetic steps only)")
          .Add(&T::adaptiveStepRecoverySteps, "adaptiveStepRecoverySteps", "",
               "accepted load steps after a reduction before the step grows again")
          .NonNegative()
          .Add(&T::adaptiveStepRecoveryIterations, "adaptiveStepRecoveryIterations", "",
               "the step grows only after steps with at most this many Newton iterations")
          .NonNegative()
          .Add(&T::adaptiveStepIncrease, "adaptiveStepIncrease", "",
               "factor of a load step increase (up to loadStepDuration / numberOfLoadSteps)")
          .Positive()
          .Add(&T::adaptiveStepDecrease, "adaptiveStepDecrease", "", "factor of a load step reduction, in (0, 1)")
          .Positive()
          .Add(&T::minimumStepSize, "minimumStepSize", "", "smallest load step tried before the solve fails")
          .Positive()
          .Add(&T::computeLoadsJacobian, "computeLoadsJacobian", "",
               "include the Jacobians of applied loads (follower loads) in the Newton matrix")
          .Add(&T::constrainODE1coordinates, "constrainODE1coordinates", "",
               "hold ODE1 coordinates at their initial values (False is refused for systems with ODE1 coordinates)")
          .Add(&T::verboseMode, "verboseMode", "",
               "0: silent; >= 1: a summary line after the solve and a progress line every 2 s")
          .NonNegative()
          .LevelAcceptsBool()
          .Add(&T::verboseModeFile, "verboseModeFile", "", "accepted for compatibility; no effect")
          .NonNegative()
          .LevelAcceptsBool()
          .Add(&T::stepInformation, "stepInformation", "", "accepted for compatibility; no effect")
          .NonNegative()
          .Build();
  return table;
}

const FieldTable& SolutionSettings::Fields() {
  using T = SolutionSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::writeSolutionToFile, "writeSolutionToFile", "", "write coordinates to coordinatesSolutionFileName")
          .Add(&T::coordinatesSolutionFileName, "coordinatesSolutionFileName", "",
               "solution file name (.txt is added to a name without an extension)")
          .Add(&T::solutionWritePeriod, "solutionWritePeriod", "s",
               "period of solution output; 0: every step (as Exudyn)")
          .NonNegative()
          .Add(&T::binarySolutionFile, "binarySolutionFile", "", "accepted for compatibility; text files are written")
          .Add(&T::writeFileHeader, "writeFileHeader", "", "write a header to the solution file")
          .Add(&T::writeFileFooter, "writeFileFooter", "", "write a footer to the solution file")
          .Add(&T::writeInitialValues, "writeInitialValues", "", "write the initial state as first row")
          .Add(&T::appendToFile, "appendToFile", "", "append to an existing solution file")
          .Add(&T::flushFilesImmediately, "flushFilesImmediately", "", "flush after every row")
          .Add(&T::flushFilesDOF, "flushFilesDOF", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::exportVelocities, "exportVelocities", "", "write ODE2 velocities")
          .Add(&T::exportAccelerations, "exportAccelerations", "", "write ODE2 accelerations")
          .Add(&T::exportAlgebraicCoordinates, "exportAlgebraicCoordinates", "", "write algebraic coordinates")
          .Add(&T::exportDataCoordinates, "exportDataCoordinates", "", "write data coordinates")
          .Add(&T::exportODE1Velocities, "exportODE1Velocities", "", "write ODE1 velocities")
          .Add(&T::outputPrecision, "outputPrecision", "", "significant digits in files")
          .Positive()
          .Add(&T::writeRestartFile, "writeRestartFile", "", "accepted for compatibility")
          .Add(&T::restartFileName, "restartFileName", "", "accepted for compatibility")
          .Add(&T::restartWritePeriod, "restartWritePeriod", "s", "accepted for compatibility")
          .NonNegative()
          .Add(&T::sensorsWritePeriod, "sensorsWritePeriod", "s",
               "period at which sensors are evaluated, stored and written; 0: every step (as Exudyn)")
          .NonNegative()
          .Add(&T::sensorsStoreAndWriteFiles, "sensorsStoreAndWriteFiles", "", "evaluate sensors during the solve")
          .Add(&T::sensorsAppendToFile, "sensorsAppendToFile", "", "append to existing sensor files")
          .Add(&T::sensorsWriteFileHeader, "sensorsWriteFileHeader", "", "write a header to sensor files")
          .Add(&T::sensorsWriteFileFooter, "sensorsWriteFileFooter", "", "write a footer to sensor files")
          .Add(&T::solutionInformation, "solutionInformation", "", "text written into file headers")
          .Add(&T::solverInformationFileName, "solverInformationFileName", "", "accepted for compatibility")
          .Add(&T::recordImagesInterval, "recordImagesInterval", "s",
               "record an image every recordImagesInterval of simulation time (the first at the start; -1: none) "
               "while the viewer runs and a browser renders (visualizationSettings.exportImages: file names)")
          .Build();
  return table;
}

const FieldTable& LinearSolverSettings::Fields() {
  using T = LinearSolverSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(&T::pivotThreshold, "pivotThreshold", "", "a pivot below this counts as singular")
          .NonNegative()
          .Add(&T::ignoreSingularJacobian, "ignoreSingularJacobian", "",
               "use a rank-revealing factorisation instead of failing")
          .Add(&T::reuseAnalyzedPattern, "reuseAnalyzedPattern", "",
               "accepted for compatibility; no effect: the analysed pattern is always reused (the sparsity pattern "
               "is fixed at the first assembly of the Newton matrix and ordered once)")
          .Add(&T::showCausingItems, "showCausingItems", "",
               "accepted for compatibility; a singular Jacobian always names the items")
          .Build();
  return table;
}

const FieldTable& ParallelSettings::Fields() {
  using T = ParallelSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .Add(
              &T::numberOfThreads, "numberOfThreads", "",
              "threads for the residuals' item loops (at most the number of cores; serial for systems with Python user "
              "functions or with at most multithreadedLLimitResiduals bodies, connectors, constraints and loads)")
          .Positive()
          .Add(&T::useLoadBalancing, "useLoadBalancing", "", "accepted for compatibility")
          .Add(&T::multithreadedLLimitLoads, "multithreadedLLimitLoads", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::multithreadedLLimitResiduals, "multithreadedLLimitResiduals", "",
               "with numberOfThreads > 1: residuals in parallel only for more bodies, connectors, constraints and "
               "loads than this")
          .NonNegative()
          .Add(&T::multithreadedLLimitJacobians, "multithreadedLLimitJacobians", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::multithreadedLLimitMassMatrices, "multithreadedLLimitMassMatrices", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::taskSplitMinItems, "taskSplitMinItems", "", "accepted for compatibility")
          .NonNegative()
          .Add(&T::taskSplitTasksPerThread, "taskSplitTasksPerThread", "", "accepted for compatibility")
          .NonNegative()
          .Build();
  return table;
}

const FieldTable& SimulationSettings::Fields() {
  using T = SimulationSettings;
  static const FieldTable table =
      FieldTableBuilder<T>()
          .AddNested(&T::timeIntegration, "timeIntegration", "dynamic solver settings")
          .AddNested(&T::staticSolver, "staticSolver", "static solver settings")
          .AddNested(&T::solutionSettings, "solutionSettings", "solution and sensor output")
          .AddNested(&T::linearSolverSettings, "linearSolverSettings", "linear solver settings")
          .AddNested(&T::parallel, "parallel", "parallel computation settings")
          .Add(&T::linearSolverType, "linearSolverType", "",
               "EXUdense: automatic (dense LU up to 100 unknowns, sparse LU beyond); EigenDense: dense LU; "
               "EigenSparse or EigenSparseSymmetric: sparse LU")
          .Add(&T::cleanUpMemory, "cleanUpMemory", "", "accepted for compatibility")
          .Add(&T::displayComputationTime, "displayComputationTime", "", "print the computation time after the solve")
          .Add(&T::displayGlobalTimers, "displayGlobalTimers", "", "accepted for compatibility")
          .Add(&T::displayStatistics, "displayStatistics", "", "print step and iteration counts after the solve")
          .Add(&T::outputPrecision, "outputPrecision", "", "accepted for compatibility; no effect")
          .Positive()
          .Add(&T::pauseAfterEachStep, "pauseAfterEachStep", "", "accepted for compatibility")
          .Build();
  return table;
}

Json SettingsToJson(const FieldTable& table, const void* settings) {
  Json json = Json::object();
  for (const auto& field : table.fields) {
    if (field.type == FieldType::Nested) {
      json[field.key] = SettingsToJson(*field.nested, field.nestedAccess(const_cast<void*>(settings)));
    } else {
      json[field.key] = field.get(settings);
    }
  }
  return json;
}

void SettingsFromJson(const FieldTable& table, void* settings, const Json& json, const std::string& path) {
  if (!json.is_object())
    throw TypeError(
        (path.empty() ? std::string("SimulationSettings") : "SimulationSettings." + path + " is a structure;") +
        " expected a dict of its settings, got " + JsonKindName(json));
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string fullName = path.empty() ? it.key() : path + "." + it.key();
    const FieldDescriptor* field = table.Find(it.key());
    if (!field) throw TypeError("SimulationSettings has no setting '" + fullName + "'");
    if (field->type == FieldType::Nested) {
      SettingsFromJson(*field->nested, field->nestedAccess(settings), it.value(), fullName);
      continue;
    }
    try {
      field->set(*field, settings, it.value());
    } catch (const TypeError& e) {
      throw TypeError("SimulationSettings." + fullName + ": " + e.what());
    } catch (const std::exception& e) {
      throw ValueError("SimulationSettings." + fullName + ": " + e.what());
    }
  }
}

}  // namespace multidyn
