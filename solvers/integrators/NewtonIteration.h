// Exudyn's Newton iteration (docs/solvers/GeneralizedAlpha.md, "Newton iteration"), shared by
// the solvers that pose a nonlinear system per step: generalized-alpha's time step and the
// static solver's load step. The error is the residual norm (or, with newtonResidualMode 1, the
// increment norm) relative to the error at the start; modified Newton keeps the factorization
// across iterations and steps and renews it on slow contraction and after
// maxModifiedNewtonIterations, and restarts from the start (once with modified, then with full
// Newton) on divergence.
//
// The state Newton starts from is the predictor (a load step's: the last solution). A Problem
// gives the iteration, at the state it is called with:
//   double Residual(const SystemState&, Index newtonIteration)
//                                          computes its residual and returns the error norm
//                                          (newtonIteration: the iterations done so far, which
//                                          Exudyn's preNewtonResidualUserFunction gets)
//   void RenewJacobian(const SystemState&) assembles and factorizes the Newton matrix
//   bool IsFactorized() const
//   void ApplyIncrement(SystemState&)      solves for the increment of the last residual and
//                                          subtracts it from the state
//   double IncrementNorm() const           the error of newtonResidualMode 1
//   std::string WorstResidualText() const  "worst residual ... in ..." of the last residual
#pragma once

#include <cmath>
#include <string>

#include "core/foundation/Errors.h"
#include "core/foundation/SystemState.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/SolverStatistics.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

// newtonResidualMode 1's error: the norms of the ODE2 and the ODE1 part of the increment (of
// unknowns [ODE2 | ODE1 | AE]), divided by errorCoordinateFactor.
inline double IncrementErrorNorm(const VectorX& increment, Index numberOfODE2, Index numberOfODE1,
                                 double errorCoordinateFactor) {
  return (increment.head(numberOfODE2).norm() + increment.segment(numberOfODE2, numberOfODE1).norm()) /
         errorCoordinateFactor;
}

struct NewtonResult {
  bool converged = false;
  Index iterations = 0;
  std::string failure;  // why it did not converge
};

class NewtonIteration {
 public:
  // The next iteration renews the factorization (modified Newton keeps it otherwise).
  void RequestJacobian() { jacobianUpdateRequested_ = true; }
  // Whether a singular matrix at the predictor (before any increment) is a failure of the step,
  // for a caller that can retry with a smaller step (a stiff element at a large step makes the
  // matrix nearly singular in floating point), or thrown as it is (a redundant constraint: the
  // caller's smallest step, or no step control).
  void SetSingularStartIsStepFailure(bool isFailure) { singularStartIsStepFailure_ = isFailure; }

  // Iterates from `state` (the predictor); counts modified-Newton rejections in statistics.
  template <class Problem>
  NewtonResult Run(Problem& problem, SystemState& state, const NewtonSettings& ns, SolverStatistics& statistics) {
    NewtonResult result;
    CopyState(state, start_);  // for restarts (member: no allocation per step)
    double error = problem.Residual(state, 0);
    if (!std::isfinite(error)) {
      result.failure = "non-finite residual at the predictor, " + problem.WorstResidualText();
      return result;
    }
    double initialError = ns.newtonResidualMode == 1 ? 2. * ns.relativeTolerance : error;
    if (initialError <= ns.absoluteTolerance) initialError = 2. * ns.absoluteTolerance;  // at least one iteration
    double lastError = initialError;
    bool fullNewton = !ns.useModifiedNewton;
    bool restarted = false;  // modified Newton has restarted this step once
    bool iterateOnceMoreAfterRestart = false;  // a restarted iteration must not stop at its first iterate
    bool atPredictor = true;  // no increment applied since the start or the restart

    while (result.iterations < ns.maxIterations) {
      ++result.iterations;
      if (jacobianUpdateRequested_ || fullNewton || !problem.IsFactorized()) {
        try {
          problem.RenewJacobian(state);
        } catch (const SolverError& e) {
          // A singular (or non-finite) matrix at the predictor before any increment is the
          // model's (a redundant constraint), reported as it is; at an iterate the iteration
          // moved to, it diverged there: a failure of this step that a smaller step may avoid.
          if (atPredictor && !singularStartIsStepFailure_) throw;
          return DivergedAt(result, atPredictor ? "the Newton matrix at the predictor" : "the Newton matrix", e);
        }
        jacobianUpdateRequested_ = false;
      }
      try {
        problem.ApplyIncrement(state);
      } catch (const SolverError& e) {  // a non-finite increment
        if (atPredictor && !singularStartIsStepFailure_) throw;
        return DivergedAt(result, "the Newton increment", e);
      }
      atPredictor = false;

      error = problem.Residual(state, result.iterations);
      if (ns.newtonResidualMode == 1 && std::isfinite(error)) error = problem.IncrementNorm();
      if (ns.adaptInitialResidual && result.iterations == 1 && error > initialError) initialError = lastError = error;

      const bool converged =
          std::isfinite(error) &&
          (!ns.useNewtonSolver || error / initialError <= ns.relativeTolerance || error <= ns.absoluteTolerance);
      if (converged) {
        if (!iterateOnceMoreAfterRestart) {
          result.converged = true;
          return result;
        }
        iterateOnceMoreAfterRestart = false;
        continue;
      }
      iterateOnceMoreAfterRestart = false;

      const double maximum = ns.maximumSolutionNorm;
      const bool diverged = !std::isfinite(error) || !(state.ode2.squaredNorm() < maximum) ||
                            !(state.ode2_t.squaredNorm() < maximum) || std::isnan(state.ae.squaredNorm());
      if (diverged && fullNewton) {
        result.failure = std::string(std::isfinite(error) ? "solution norm exceeded maximumSolutionNorm"
                                                          : "residual became non-finite") +
                         " after " + std::to_string(result.iterations) + " Newton iterations, " +
                         problem.WorstResidualText();
        return result;
      }
      if (!fullNewton) {
        if (result.iterations > ns.maxModifiedNewtonIterations) jacobianUpdateRequested_ = true;
        const Index restartLimit = ns.modifiedNewtonJacUpdatePerStep ? 0 : ns.maxModifiedNewtonRestartIterations;
        if (result.iterations > ns.maxModifiedNewtonIterations + restartLimit) {
          fullNewton = true;  // continues from the current iterate
          ++statistics.modifiedNewtonRejections;
        }
      }
      const double contractivity = error / lastError;
      lastError = error;
      if (!fullNewton && (diverged || (result.iterations > 2 && contractivity > ns.modifiedNewtonContractivity))) {
        jacobianUpdateRequested_ = true;
        if (restarted) {
          fullNewton = true;
          ++statistics.modifiedNewtonRejections;
        }
        if (diverged || contractivity > 2. || fullNewton) {
          // Back to the start with a new Jacobian.
          restarted = true;
          lastError = initialError;
          CopyState(start_, state);
          atPredictor = true;
          problem.Residual(state, result.iterations);
          iterateOnceMoreAfterRestart = true;
        }
      }
    }
    result.failure = "residual " + NumberText(error) + " (relative " + NumberText(error / initialError) + ") after " +
                     std::to_string(result.iterations) + " Newton iterations, " + problem.WorstResidualText();
    return result;
  }

 private:
  NewtonResult& DivergedAt(NewtonResult& result, const char* what, const SolverError& error) {
    jacobianUpdateRequested_ = true;
    result.failure = std::string(what) + " failed after " + std::to_string(result.iterations - 1) +
                     " Newton iterations: " + error.what();
    return result;
  }

  bool jacobianUpdateRequested_ = true;
  bool singularStartIsStepFailure_ = false;
  SystemState start_;
};

}  // namespace multidyn
