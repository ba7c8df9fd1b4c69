// Counters a time integration reports when it finishes.
#pragma once

#include "core/foundation/Types.h"

namespace multidyn {

struct SolverStatistics {
  Index steps = 0;  // accepted steps
  Index rejectedSteps = 0;  // steps repeated with a smaller step size
  Index newtonIterations = 0;  // over all steps, including rejected ones
  Index jacobianEvaluations = 0;  // also those of the initial accelerations
  Index newtonJacobians = 0;  // of the Newton iteration only (Exudyn's it.newtonJacobiCount)
  Index factorizations = 0;
  Index discontinuousIterations = 0;  // repetitions of a step because PostNewtonStep switched
  Index modifiedNewtonRejections = 0;  // modified Newton given up for full Newton within a step
  // SUNDIALS (IDA, CVODE): their counters, summed over restarts
  Index residualEvaluations = 0;  // IDA's residual / CVODE's right-hand side evaluations
  Index errorTestFailures = 0;
  Index convergenceFailures = 0;  // nonlinear (Newton or fixed-point) convergence failures
  Index lastOrder = 0;  // order of the last internal step
};

}  // namespace multidyn
