#include "solvers/integrators/IdaSolver.h"

#include <algorithm>
#include <cmath>

#include <ida/ida.h>
#include <ida/ida_ls.h>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"
#include "solvers/sundials/SundialsFlags.h"

namespace multidyn {

IdaSolver::IdaSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer)
    : SundialsIntegrator("IDA", equations, settings, observer), ggl_(equations, true),
      consistent_(equations, SundialsLinearSolverType(settings.timeIntegration.sundials),
                  settings.linearSolverSettings),
      linearSolver_(SundialsLinearSolverType(settings.timeIntegration.sundials), settings.linearSolverSettings),
      y_(ggl_.Size(), context_), yp_(ggl_.Size(), context_), id_(ggl_.Size(), context_),
      matrixAdapter_(jacobian_, context_), solverAdapter_(linearSolver_, ggl_.Size(), context_) {
  CheckTimeSpan(settings.timeIntegration);
  CheckSundialsSettings(settings.timeIntegration.sundials, "IDA", 5, false);
  linearSolver_.SetUnknownDescriber([this](Index row) { return ggl_.DescribeUnknown(row); });
  ggl_.DifferentialComponents(N_VGetArrayPointer(id_.Get()));
  solverAdapter_.SetScaling(&ggl_.RowScaling(), &ggl_.ColumnScaling());
}

IdaSolver::~IdaSolver() {
  if (ida_) IDAFree(&ida_);
}

int IdaSolver::Residual(sunrealtype t, N_Vector y, N_Vector yp, N_Vector F, void* data) {
  auto& self = *static_cast<IdaSolver*>(data);
  try {
    self.ggl_.Residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(F));
    return AllFinite(VectorOf(F)) ? 0 : 1;  // non-finite: IDA retries with a smaller step
  } catch (...) {
    self.KeepCallbackError();
    return -1;
  }
}

int IdaSolver::Jacobian(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J, void* data,
                        N_Vector, N_Vector, N_Vector) {
  auto& self = *static_cast<IdaSolver*>(data);
  try {
    SystemMatrix& matrix = SystemMatrixAdapter::MatrixOf(J);
    self.ggl_.Jacobian(t, cj, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), matrix,
                       self.linearSolver_.StorageFor(self.ggl_.Size()));
    return 0;
  } catch (...) {
    self.KeepCallbackError();
    return -1;
  }
}

void IdaSolver::Start(SystemState& state) {
  const SundialsSettings& s = settings_.timeIntegration.sundials;
  // Positions only if they violate the constraints beyond the absolute tolerance (as assembled
  // otherwise); velocities onto the velocity constraints; then accelerations and multipliers.
  try {
    if (consistent_.PositionViolation(state) > 0.1 * s.absoluteTolerance)  // then to round-off, not just below it
      consistent_.ProjectPositions(state, 1e-3 * s.absoluteTolerance);
    consistent_.ProjectVelocities(state);
    consistent_.ComputeAccelerations(state);
  } catch (const SolverError& e) {
    throw SundialsError("IDA: no consistent initial values at t=" + NumberText(state.time) + ": " + e.what());
  }
  ggl_.SetBaseState(state);
  ggl_.FromState(state, N_VGetArrayPointer(y_.Get()), N_VGetArrayPointer(yp_.Get()));
  int flag = 0;
  if (!idaInitialized_) {
    ida_ = IDACreate(context_);
    if (!ida_) throw SolverError("IDA: IDACreate failed");
    context_.CollectIdaMessages(ida_);
    flag = IDAInit(ida_, Residual, state.time, y_.Get(), yp_.Get());
    if (flag == IDA_SUCCESS) flag = IDASetUserData(ida_, this);
    // One tolerance for all: the multipliers' integrals Lambda, M are scaled like momenta and
    // positions (GGLEquations); they are left out of the error test (IDASetSuppressAlg).
    if (flag == IDA_SUCCESS) flag = IDASStolerances(ida_, s.relativeTolerance, s.absoluteTolerance);
    if (flag == IDA_SUCCESS) flag = IDASetId(ida_, id_.Get());
    if (flag == IDA_SUCCESS) flag = IDASetSuppressAlg(ida_, SUNTRUE);  // Lambda, M: not in the error test
    if (flag == IDA_SUCCESS) flag = IDASetMaxOrd(ida_, int(s.maximumOrder));
    if (flag == IDA_SUCCESS && s.maximumStepSize > 0.) flag = IDASetMaxStep(ida_, s.maximumStepSize);
    if (flag == IDA_SUCCESS) flag = IDASetMinStep(ida_, settings_.timeIntegration.minimumStepSize);
    if (flag == IDA_SUCCESS) flag = IDASetMaxNumSteps(ida_, 1000000);
    if (flag == IDA_SUCCESS) flag = IDASetLinearSolver(ida_, solverAdapter_.Get(), matrixAdapter_.Get());
    if (flag == IDA_SUCCESS) flag = IDASetJacFn(ida_, Jacobian);
    idaInitialized_ = true;
  } else {
    CollectStatistics();
    flag = IDAReInit(ida_, state.time, y_.Get(), yp_.Get());
  }
  if (flag == IDA_SUCCESS && s.initialStepSize > 0.) flag = IDASetInitStep(ida_, s.initialStepSize);
  if (flag == IDA_SUCCESS) flag = IDASetStopTime(ida_, settings_.timeIntegration.endTime);
  if (flag != IDA_SUCCESS)
    throw SundialsError("IDA: setting up failed at t=" + NumberText(state.time) + ": " + IdaFlagText(flag) + " " +
                        context_.LastMessage());
}

void IdaSolver::CollectStatistics() {
  if (!ida_) return;
  long steps = 0, residuals = 0, jacobians = 0, errorTests = 0, convergence = 0, iterations = 0;
  int order = 0;
  IDAGetNumSteps(ida_, &steps);
  IDAGetNumResEvals(ida_, &residuals);
  IDAGetNumJacEvals(ida_, &jacobians);
  IDAGetNumErrTestFails(ida_, &errorTests);
  IDAGetNumNonlinSolvConvFails(ida_, &convergence);
  IDAGetNumNonlinSolvIters(ida_, &iterations);
  IDAGetLastOrder(ida_, &order);
  AddCounters({steps, residuals, jacobians, errorTests, convergence, iterations, order});
}

long IdaSolver::NonlinearIterations() const {
  long iterations = 0;
  IDAGetNumNonlinSolvIters(ida_, &iterations);
  return iterations;
}

int IdaSolver::Advance(double tOutput, SystemState& state) {
  sunrealtype tReturned = state.time;
  const int flag = IDASolve(ida_, tOutput, &tReturned, y_.Get(), yp_.Get(), IDA_NORMAL);
  if (flag >= 0) ggl_.ToState(tOutput, N_VGetArrayPointer(y_.Get()), N_VGetArrayPointer(yp_.Get()), state);
  return flag;
}

void IdaSolver::Fail(int flag, SystemState& state) {
  sunrealtype tLast = state.time, h = 0.;
  IDAGetCurrentTime(ida_, &tLast);
  IDAGetCurrentStep(ida_, &h);
  std::string text = "IDA failed at t=" + NumberText(tLast) + ", step size h=" + NumberText(h) + ": " +
                     IdaFlagText(flag) + MinimumStepSizeText(h);
  if (!context_.LastMessage().empty()) text += "; SUNDIALS: " + context_.LastMessage();
  if (!solverAdapter_.LastFailure().empty()) text += "; last linear solver failure: " + solverAdapter_.LastFailure();
  // Keep the last step IDA accepted (beyond the last output point), for the observers too.
  if (tLast > state.time && IDAGetDky(ida_, tLast, 0, y_.Get()) == IDA_SUCCESS &&
      IDAGetDky(ida_, tLast, 1, yp_.Get()) == IDA_SUCCESS) {
    ggl_.ToState(tLast, N_VGetArrayPointer(y_.Get()), N_VGetArrayPointer(yp_.Get()), state);
    observer_.OnStepAccepted(state, tLast - output_.time, 0);
  }
  CollectStatistics();
  ThrowFailure(text);
}

}  // namespace multidyn
