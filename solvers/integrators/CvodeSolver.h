// SUNDIALS CVODE on the multibody equations as the first-order ODE y' = f(t, y), y = [q, v, x]:
// f = [v, a, f_FO] with the accelerations a (and multipliers) of ConstrainedDynamics. BDF with
// Newton (dense Jacobian by CVODE's difference quotients) for stiff systems, or Adams with
// fixed-point iteration (sundials.linearSolver = 'fixedPoint') for non-stiff ones. Constraints
// on positions are kept by CVODE's projection onto the constraint manifold after each step
// (CVodeSetProjFn, BDF only): positions by Gauss-Newton, then velocities. Outputs, observers and
// restarts as IdaSolver. docs/solvers/Sundials.md.
#pragma once

#include <exception>

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nonlinearsolver.h>
#include <sundials/sundials_nvector.h>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/ConstrainedDynamics.h"
#include "solvers/integrators/SundialsIntegrator.h"
#include "solvers/sundials/SundialsContext.h"
#include "solvers/sundials/SundialsVector.h"

namespace multidyn {

class CvodeSolver : public SundialsIntegrator {
 public:
  // Throws ValueError naming the setting or the items for settings or systems CVODE cannot treat
  // (constraints with Adams' method, constraints on velocities, the sparse linear solver).
  CvodeSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer);
  ~CvodeSolver() override;

 private:
  static int RightHandSide(sunrealtype t, N_Vector y, N_Vector ydot, void* self);
  static int Project(sunrealtype t, N_Vector y, N_Vector correction, sunrealtype epsProjection, N_Vector error,
                     void* self);
  void ToState(double t, const double* y, SystemState& state) const;
  void FromState(const SystemState& state, double* y) const;
  void Start(SystemState& state) override;
  int Advance(double tOutput, SystemState& state) override;
  [[noreturn]] void Fail(int flag, SystemState& state) override;
  long NonlinearIterations() const override;
  void CollectStatistics() override;

  Index numberOfODE2_, numberOfODE1_, numberOfAE_, size_;
  bool adams_ = false;
  ConstrainedDynamics dynamics_;
  SundialsContext context_;
  SundialsVector y_;
  const VectorX projectionMetric_;  // D = I: the projection's smallest Euclidean correction
  VectorX velocityConstraintChange_;
  SUNMatrix matrix_ = nullptr;
  SUNLinearSolver linearSolver_ = nullptr;
  SUNNonlinearSolver fixedPoint_ = nullptr;
  void* cvode_ = nullptr;
  SystemState work_;
  double positionTolerance_ = 0.;
};

}  // namespace multidyn
