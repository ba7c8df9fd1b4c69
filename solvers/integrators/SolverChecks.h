// Shared by the solvers: numbers and residuals in messages, and the checks of settings and states.
#pragma once

#include <string>

#include "core/evaluation/DAESystem.h"
#include "core/model/SimulationSettings.h"

namespace multidyn {

// A number as solver messages show it (6 significant digits).
std::string NumberText(double value);

// Throws ValueError unless numberOfSteps > 0 and startTime <= endTime, both finite.
void CheckTimeSpan(const TimeIntegrationSettings& timeIntegration);

// Throws ValueError naming the setting (path: "timeIntegration.newton", ...) for a Newton
// iteration that cannot run.
void CheckNewtonSettings(const NewtonSettings& newton, const std::string& path);

// Throws ValueError naming the setting (path: "timeIntegration", ...) unless decrease is in
// (0, 1) and increase >= 1.
void CheckAdaptiveStepFactors(double decrease, double increase, const std::string& path);

// Throws ValueError naming the setting (timeIntegration.absoluteTolerance, ...) for an automatic
// step size control of `solver` that cannot work: tolerances, step size bounds and factors.
void CheckAutomaticStepSizeSettings(const TimeIntegrationSettings& timeIntegration, const std::string& solver);

// Throws ValueError unless the state has the system's sizes and finite coordinates.
void CheckState(const SystemState& state, const DAESystem& system);

// The discontinuous iteration's verdict after PostNewtonStep returned switchingError in its
// iteration k (from 0): accept the step, repeat it (counted in discontinuousIterations), or fail
// (why, in failure) when maxIterations are used up and ignoreMaxIterations is off.
enum class SwitchingVerdict { Accept, Repeat, Fail };
struct SolverStatistics;
SwitchingVerdict JudgeSwitching(double switchingError, Index k, const DiscontinuousSettings& settings,
                                SolverStatistics& statistics, std::string& failure);

// "worst residual 1.2e+03 in coordinate 0 of node 1 (...)": the largest (or first non-finite)
// entry of a residual of the system's unknowns.
std::string WorstResidualText(const VectorX& residual, const DAESystem& system);

}  // namespace multidyn

namespace multidyn {

// Throws ValueError naming the setting (timeIntegration.sundials.relativeTolerance, ...) for
// settings SUNDIALS' `solver` ("IDA", "CVODE") cannot use; maximumOrderLimit: 5 (BDF) or 12 (Adams).
void CheckSundialsSettings(const SundialsSettings& sundials, const std::string& solver, Index maximumOrderLimit,
                           bool allowFixedPoint);

// multidyn's linear solver type for timeIntegration.sundials.linearSolver (automatic, dense, sparse).
std::string SundialsLinearSolverType(const SundialsSettings& sundials);

}  // namespace multidyn
