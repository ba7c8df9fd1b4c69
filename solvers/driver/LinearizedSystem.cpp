#include "solvers/driver/LinearizedSystem.h"

#include <cmath>

#include "core/evaluation/SystemEquations.h"
#include "core/foundation/Errors.h"

namespace multidyn {

namespace {

// Exudyn's Jacobian of the ODE2 right-hand side: objects only (computeLoadsJacobian does not
// reach it), no constraint-force derivatives; position or velocity columns by the weights.
JacobianFactors LinearizationFactors(double stiffness, double damping) {
  JacobianFactors factors;
  factors.mass = 0.;
  factors.stiffness = stiffness;
  factors.damping = damping;
  factors.multiplierColumns = 1.;
  factors.constraintRows = 1.;
  factors.ode1Derivative = 1.;
  factors.ode1Stiffness = 1.;
  factors.ode1Damping = 0.;
  factors.ode2ODE1 = 1.;
  factors.velocityLevelConstraints = false;
  factors.includeLoads = false;
  factors.constraintForces = false;
  return factors;
}

}  // namespace

LinearizedSystemMatrices ComputeLinearizedSystemMatrices(const MainSystem& system, const SimulationSettings& settings,
                                                         const SystemState& state) {
  system.Compiled();  // throws NotAssembledError
  SystemEquations equations(system);
  equations.SetNumericalDifferentiation(&settings.staticSolver.newton.numericalDifferentiation);

  LinearizedSystemMatrices result;
  const Index n2 = result.numberOfODE2 = equations.NumberOfODE2();
  result.numberOfODE1 = equations.NumberOfODE1();
  const Index nAE = result.numberOfAE = equations.NumberOfAE();

  // A copy of the state: the system's states stay as they are.
  SystemState linearizationState = state;
  linearizationState.ode2_tt.setZero();
  linearizationState.ae.setZero();

  SystemMatrix mass;
  mass.Resize(n2, SystemMatrix::Storage::Dense);
  mass.SetZero();
  equations.ComputeMassMatrix(linearizationState, mass);
  mass.Finalize();
  result.massMatrix = mass.ToDense().topLeftCorner(n2, n2);

  const MatrixX positionJacobian = equations.JacobianDense(linearizationState, LinearizationFactors(1., 0.));
  result.stiffnessMatrix = positionJacobian.topLeftCorner(n2, n2);
  result.constraintColumns = positionJacobian.rightCols(nAE);
  // The multipliers' columns do not depend on the weights of q and q_t: taken from the first.
  const MatrixX velocityJacobian = equations.JacobianDense(linearizationState, LinearizationFactors(0., 1.));
  result.dampingMatrix = velocityJacobian.topLeftCorner(n2, n2);
  return result;
}

double InertiaAlong(const MainSystem& system, const VectorX& J) {
  const CompiledSystem& c = system.Compiled();
  const SystemState& state = system.State(ConfigurationType::Reference);
  SystemEquations equations(system);
  JacobianFactors factors;
  factors.stiffness = factors.damping = factors.ode1Stiffness = factors.ode2ODE1 = factors.ode1Damping = 0.;
  const MatrixX A = equations.JacobianDense(state, factors);  // [M C_q^T; C_q 0], the ODE1 block the identity
  VectorX rhs = VectorX::Zero(A.rows());
  rhs.head(c.numberOfODE2) = J;
  const Eigen::FullPivLU<MatrixX> lu(A);
  const double response = lu.isInvertible() ? J.dot(lu.solve(rhs).head(c.numberOfODE2)) : 0.;
  if (!(response > 0.) || !std::isfinite(1. / response))
    throw ValueError(
        "the transmission has no finite positive inertia at the reference configuration (massless or "
        "locked)");
  return 1. / response;
}

}  // namespace multidyn
