// SUNDIALS IDA (variable-order, variable-step BDF) on the multibody DAE in the stabilised
// index-2 form of GGLEquations. Consistent initial values come from ConstrainedDynamics
// (positions as given, projected only if they violate the constraints; velocities projected;
// accelerations and multipliers from the augmented system). The outputs are the points
// startTime + k (endTime - startTime)/numberOfSteps, given by IDA's interpolation (IDA_NORMAL:
// IDA steps past them as its error control decides); the observers (sensors, solution file,
// pre/post-step user functions) see these points as the steps. After each one the data
// coordinates are switched (PostNewtonStep); a switch, or a state changed by a user function,
// restarts IDA from consistent values there. docs/solvers/Sundials.md.
#pragma once

#include <exception>
#include <memory>

#include <sundials/sundials_types.h>
#include <sundials/sundials_nvector.h>
#include <sundials/sundials_matrix.h>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/ConstrainedDynamics.h"
#include "solvers/integrators/GGLEquations.h"
#include "solvers/integrators/TimeIntegrator.h"
#include "solvers/linear/LinearSolver.h"
#include "solvers/sundials/LinearSolverAdapter.h"
#include "solvers/sundials/SundialsContext.h"
#include "solvers/sundials/SundialsVector.h"
#include "solvers/sundials/SystemMatrixAdapter.h"

namespace multidyn {

class IdaSolver : public TimeIntegrator {
 public:
  // Throws ValueError naming the setting for settings IDA cannot use.
  IdaSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer);
  ~IdaSolver() override;

  SolverStatistics Solve(SystemState& state) override;
  bool StateHoldsOnlyAcceptedSteps() const override { return true; }

 private:
  static int Residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector F, void* self);
  static int Jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector F, SUNMatrix J, void* self,
                      N_Vector, N_Vector, N_Vector);
  // Consistent values from `state` (which they are written back into) and IDA (re)started there.
  void Start(SystemState& state);
  // IDA's counters since the last (re)start, added to the totals.
  void CollectStatistics();
  [[noreturn]] void Fail(int flag, SystemState& state);
  bool StateChangedSinceOutput(const SystemState& state) const;

  DAESystem& equations_;
  const SimulationSettings settings_;
  SolverObserver& observer_;
  SolverStatistics statistics_;
  GGLEquations ggl_;
  ConstrainedDynamics consistent_;
  LinearSolver linearSolver_;
  SystemMatrix jacobian_;
  SundialsContext context_;
  SundialsVector y_, yp_, id_;
  SystemMatrixAdapter matrixAdapter_;
  LinearSolverAdapter solverAdapter_;
  void* ida_ = nullptr;
  bool idaInitialized_ = false;
  std::exception_ptr callbackError_;  // an exception inside a callback, rethrown after IDA returns
  SystemState output_;               // the state last given to the observers
};

}  // namespace multidyn
