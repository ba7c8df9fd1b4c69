#include "solvers/integrators/CvodeSolver.h"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>
#include <cvode/cvode_proj.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"
#include "solvers/sundials/SundialsFlags.h"

namespace multidyn {

CvodeSolver::CvodeSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer)
    : SundialsIntegrator("CVODE", equations, settings, observer), numberOfODE2_(equations.NumberOfODE2()),
      numberOfODE1_(equations.NumberOfODE1()), numberOfAE_(equations.NumberOfAE()),
      size_(2 * numberOfODE2_ + numberOfODE1_),
      dynamics_(equations, SundialsLinearSolverType(settings.timeIntegration.sundials), settings.linearSolverSettings),
      y_(std::max<Index>(size_, 1), context_), projectionMetric_(VectorX::Ones(numberOfODE2_)) {
  const SundialsSettings& s = settings.timeIntegration.sundials;
  CheckTimeSpan(settings.timeIntegration);
  adams_ = s.linearSolver == "fixedPoint";
  CheckSundialsSettings(s, "CVODE", adams_ ? 12 : 5, true);
  if (s.linearSolver == "sparse")
    throw ValueError(
        "CVODE: timeIntegration.sundials.linearSolver 'sparse' is not available (CVODE's Newton matrix "
        "is formed by difference quotients, dense); use 'automatic' or 'dense', or IDA for large systems");
  if (size_ == 0) throw ValueError("CVODE: the system has no ODE2 or ODE1 coordinates to integrate");
  if (numberOfAE_ > 0) {
    std::vector<AlgebraicEquationKind> kinds;
    equations.AlgebraicEquationKinds(kinds);
    const std::string velocityLevel = equations.DescribeVelocityLevelConstraints();
    if (!velocityLevel.empty())
      throw ValueError("CVODE: constraints on velocities cannot be kept by projection (" + velocityLevel +
                       "); use DynamicSolverType.IDA or GeneralizedAlpha");
    if (adams_)
      throw ValueError("CVODE: the system has " + std::to_string(numberOfAE_) + " algebraic equations (" +
                       equations.DescribeUnknown(numberOfODE2_ + numberOfODE1_) +
                       ", ...), which CVODE keeps by projection, available with BDF only: set "
                       "timeIntegration.sundials.linearSolver to 'automatic' or 'dense' instead of 'fixedPoint', or "
                       "use DynamicSolverType.IDA");
  }
  positionTolerance_ = 1e-2 * s.absoluteTolerance;
}

CvodeSolver::~CvodeSolver() {
  if (cvode_) CVodeFree(&cvode_);
  if (linearSolver_) SUNLinSolFree(linearSolver_);
  if (matrix_) SUNMatDestroy(matrix_);
  if (fixedPoint_) SUNNonlinSolFree(fixedPoint_);
}

void CvodeSolver::ToState(double t, const double* y, SystemState& state) const {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  state.time = t;
  state.ode2 = Eigen::Map<const VectorX>(y, n2);
  state.ode2_t = Eigen::Map<const VectorX>(y + n2, n2);
  state.ode1 = Eigen::Map<const VectorX>(y + 2 * n2, n1);
}

void CvodeSolver::FromState(const SystemState& state, double* y) const {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  Eigen::Map<VectorX>(y, n2) = state.ode2;
  Eigen::Map<VectorX>(y + n2, n2) = state.ode2_t;
  Eigen::Map<VectorX>(y + 2 * n2, n1) = state.ode1;
}

int CvodeSolver::RightHandSide(sunrealtype t, N_Vector y, N_Vector ydot, void* data) {
  auto& self = *static_cast<CvodeSolver*>(data);
  try {
    self.ToState(t, N_VGetArrayPointer(y), self.work_);
    self.dynamics_.ComputeAccelerations(self.work_);
    const Index n2 = self.numberOfODE2_, n1 = self.numberOfODE1_;
    double* f = N_VGetArrayPointer(ydot);
    Eigen::Map<VectorX>(f, n2) = self.work_.ode2_t;
    Eigen::Map<VectorX>(f + n2, n2) = self.work_.ode2_tt;
    Eigen::Map<VectorX>(f + 2 * n2, n1) = self.work_.ode1_t;
    return AllFinite(VectorOf(ydot)) ? 0 : 1;
  } catch (const SolverError& e) {  // a singular augmented matrix: CVODE may retry smaller
    self.context_.SetMessage(e.what());
    return 1;
  } catch (...) {
    self.KeepCallbackError();
    return -1;
  }
}

// The projection is the smallest correction in the Euclidean norm of the coordinates (metric
// D = I), and CVODE's error estimate is projected with it onto the constraints' tangent space
// (CPODES' scheme). Measured on Andrews' squeezer (inertias from 1e-7 to 1e-5 kg m^2): the
// mass-weighted correction of a Newton-tolerance violation moved the light bodies by about 100 x
// the violation, every step; CVODE adds the correction to its history and, with the error estimate
// not projected, its error test then failed at every step size (steps down to 1e-322 s, or
// minimumStepSize). With the error estimate projected, the metric of CVODE's error weights was
// 60 x less accurate there than D = I; for a pendulum and Euler parameters D = I is the radial
// correction, as the mass-weighted one.
int CvodeSolver::Project(sunrealtype t, N_Vector y, N_Vector correction, sunrealtype, N_Vector error, void* data) {
  auto& self = *static_cast<CvodeSolver*>(data);
  try {
    const Index n2 = self.numberOfODE2_;
    self.ToState(t, N_VGetArrayPointer(y), self.work_);
    self.dynamics_.ProjectPositions(self.work_, self.positionTolerance_, 4, &self.projectionMetric_);
    self.dynamics_.ProjectVelocities(self.work_, &self.projectionMetric_);
    Eigen::Map<VectorX> c = VectorOf(correction);
    const Eigen::Map<VectorX> current = VectorOf(y);
    self.FromState(self.work_, N_VGetArrayPointer(correction));
    c -= current;
    if (error) {  // with the factorization of ProjectVelocities at the projected state
      Eigen::Map<VectorX> e = VectorOf(error);
      // The tangent space of {g = 0, C_q v = 0}: C_q e_q = 0 and C_q e_v = -d(C_q v)/dq e_q.
      self.dynamics_.ProjectOntoConstraintTangent(self.projectionMetric_, e.head(n2));
      self.dynamics_.VelocityConstraintChange(self.work_, e.head(n2), self.velocityConstraintChange_);
      self.velocityConstraintChange_ *= -1.;
      self.dynamics_.ProjectOntoConstraintTangent(self.projectionMetric_, e.segment(n2, n2),
                                                  &self.velocityConstraintChange_);
    }
    return 0;
  } catch (const SolverError& e) {
    self.context_.SetMessage(e.what());
    return 1;
  } catch (...) {
    self.KeepCallbackError();
    return -1;
  }
}

void CvodeSolver::Start(SystemState& state) {
  const SundialsSettings& s = settings_.timeIntegration.sundials;
  try {
    dynamics_.ProjectPositions(state, positionTolerance_);
    dynamics_.ProjectVelocities(state);
    dynamics_.ComputeAccelerations(state);
  } catch (const SolverError& e) {
    throw SundialsError("CVODE: no consistent initial values at t=" + NumberText(state.time) + ": " + e.what());
  }
  CopyState(state, work_);
  FromState(state, N_VGetArrayPointer(y_.Get()));
  int flag = CV_SUCCESS;
  if (!cvode_) {
    cvode_ = CVodeCreate(adams_ ? CV_ADAMS : CV_BDF, context_);
    if (!cvode_) throw SolverError("CVODE: CVodeCreate failed");
    context_.CollectCvodeMessages(cvode_);
    flag = CVodeInit(cvode_, RightHandSide, state.time, y_.Get());
    if (flag == CV_SUCCESS) flag = CVodeSetUserData(cvode_, this);
    if (flag == CV_SUCCESS) flag = CVodeSStolerances(cvode_, s.relativeTolerance, s.absoluteTolerance);
    if (flag == CV_SUCCESS) flag = CVodeSetMaxOrd(cvode_, int(s.maximumOrder));
    if (flag == CV_SUCCESS && s.maximumStepSize > 0.) flag = CVodeSetMaxStep(cvode_, s.maximumStepSize);
    if (flag == CV_SUCCESS) flag = CVodeSetMinStep(cvode_, settings_.timeIntegration.minimumStepSize);
    if (flag == CV_SUCCESS) flag = CVodeSetMaxNumSteps(cvode_, 1000000);
    if (adams_) {
      fixedPoint_ = SUNNonlinSol_FixedPoint(y_.Get(), 0, context_);
      if (flag == CV_SUCCESS) flag = CVodeSetNonlinearSolver(cvode_, fixedPoint_);
    } else {
      matrix_ = SUNDenseMatrix(sunindextype(size_), sunindextype(size_), context_);
      linearSolver_ = SUNLinSol_Dense(y_.Get(), matrix_, context_);
      if (flag == CV_SUCCESS) flag = CVodeSetLinearSolver(cvode_, linearSolver_, matrix_);
      if (flag == CV_SUCCESS && numberOfAE_ > 0) flag = CVodeSetProjFn(cvode_, Project);
    }
  } else {
    CollectStatistics();
    flag = CVodeReInit(cvode_, state.time, y_.Get());
  }
  if (flag == CV_SUCCESS && s.initialStepSize > 0.) flag = CVodeSetInitStep(cvode_, s.initialStepSize);
  if (flag == CV_SUCCESS) flag = CVodeSetStopTime(cvode_, settings_.timeIntegration.endTime);
  if (flag != CV_SUCCESS)
    throw SundialsError("CVODE: setting up failed at t=" + NumberText(state.time) + ": " + CvodeFlagText(flag) + " " +
                        context_.LastMessage());
}

void CvodeSolver::CollectStatistics() {
  if (!cvode_) return;
  long steps = 0, rhs = 0, jacobians = 0, errorTests = 0, convergence = 0, iterations = 0;
  int order = 0;
  CVodeGetNumSteps(cvode_, &steps);
  CVodeGetNumRhsEvals(cvode_, &rhs);
  if (!adams_) CVodeGetNumJacEvals(cvode_, &jacobians);
  CVodeGetNumErrTestFails(cvode_, &errorTests);
  CVodeGetNumNonlinSolvConvFails(cvode_, &convergence);
  CVodeGetNumNonlinSolvIters(cvode_, &iterations);
  CVodeGetLastOrder(cvode_, &order);
  AddCounters({steps, rhs, jacobians, errorTests, convergence, iterations, order});
}

void CvodeSolver::Fail(int flag, SystemState& state) {
  sunrealtype tLast = state.time, h = 0.;
  CVodeGetCurrentTime(cvode_, &tLast);
  CVodeGetCurrentStep(cvode_, &h);
  std::string text = "CVODE failed at t=" + NumberText(tLast) + ", step size h=" + NumberText(h) + ": " +
                     CvodeFlagText(flag) + MinimumStepSizeText(h);
  if (!context_.LastMessage().empty()) text += "; SUNDIALS: " + context_.LastMessage();
  if (tLast > state.time && CVodeGetDky(cvode_, tLast, 0, y_.Get()) == CV_SUCCESS) {
    ToState(tLast, N_VGetArrayPointer(y_.Get()), state);
    try {
      dynamics_.ComputeAccelerations(state);
      observer_.OnStepAccepted(state, tLast - output_.time, 0);
    } catch (const SolverError&) {
    }
  }
  CollectStatistics();
  ThrowFailure(text);
}

long CvodeSolver::NonlinearIterations() const {
  long iterations = 0;
  CVodeGetNumNonlinSolvIters(cvode_, &iterations);
  return iterations;
}

int CvodeSolver::Advance(double tOutput, SystemState& state) {
  sunrealtype tReturned = state.time;
  const int flag = CVode(cvode_, tOutput, y_.Get(), &tReturned, CV_NORMAL);
  if (flag < 0) return flag;
  ToState(tOutput, N_VGetArrayPointer(y_.Get()), state);
  dynamics_.ComputeAccelerations(state);  // q_tt, lambda and ODE1 rates of the output state
  return flag;
}

}  // namespace multidyn
