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

#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>
#include <sundials/sundials_types.h>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/ConstrainedDynamics.h"
#include "solvers/integrators/GGLEquations.h"
#include "solvers/integrators/SundialsIntegrator.h"
#include "solvers/linear/LinearSolver.h"
#include "solvers/sundials/LinearSolverAdapter.h"
#include "solvers/sundials/SundialsContext.h"
#include "solvers/sundials/SundialsVector.h"
#include "solvers/sundials/SystemMatrixAdapter.h"

namespace multidyn {

class IdaSolver : public SundialsIntegrator {
 public:
  // Throws ValueError naming the setting for settings IDA cannot use.
  IdaSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer);
  ~IdaSolver() override;

 private:
  static int Residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector F, void* self);
  static int Jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector F, SUNMatrix J, void* self,
                      N_Vector, N_Vector, N_Vector);
  void Start(SystemState& state) override;
  int Advance(double tOutput, SystemState& state) override;
  [[noreturn]] void Fail(int flag, SystemState& state) override;
  long NonlinearIterations() const override;
  void CollectStatistics() override;

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
};

}  // namespace multidyn
