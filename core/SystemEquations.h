// The one interface solvers see: sizes, residuals, Jacobians and the post-step update, with
// no knowledge of item types. Unknowns are ordered [ODE2 | ODE1 | AE] as in Exudyn.
//
//   ODE2 residual   r = M(q) q_tt + f_internal(q, q_t) + C_q^T lambda - f_applied(q, q_t, t)
//   ODE1 residual   r1 = y_t - f_FO(y, t)       (y = reference + stored ODE1 coordinates)
//   AE residual     g(q) (index 3) or g_t(q, q_t) (velocity level)
#pragma once

#include <string>
#include <vector>

#include <Eigen/Sparse>

#include "core/MainSystem.h"

namespace multidyn {

using Triplets = std::vector<Eigen::Triplet<double>>;

// How the blocks of the Newton matrix are weighted:
//   ODE2 rows: mass*M + stiffness*K + damping*D  | multiplierColumns*C_q^T
//   ODE1 rows: ode1Derivative*I (dr1/dy_t) + ode1Stiffness*(-df_FO/dy)
//   AE rows:   constraintRows*C_q (position level) or constraintRows*d(g_t)/dq_t (velocity level)
// ODE1-ODE2 coupling blocks are not formed (Exudyn neglects them; no item couples them yet).
struct JacobianFactors {
  double mass = 1.;
  double stiffness = 1.;
  double damping = 1.;
  double multiplierColumns = 1.;
  double constraintRows = 1.;
  double ode1Derivative = 1.;
  double ode1Stiffness = 1.;
  bool velocityLevelConstraints = false;
  bool includeLoads = false;  // load Jacobians (follower loads); off by default in time integration
};

class SystemEquations {
 public:
  explicit SystemEquations(const MainSystem& system);  // throws NotAssembledError

  Index NumberOfODE2() const { return compiled_.numberOfODE2; }
  Index NumberOfODE1() const { return compiled_.numberOfODE1; }
  Index NumberOfAE() const { return compiled_.numberOfAE; }
  Index NumberOfUnknowns() const { return compiled_.numberOfODE2 + compiled_.numberOfODE1 + compiled_.numberOfAE; }
  const MainSystem& System() const { return system_; }

  void ComputeODE2Residual(const SystemState& state, VectorX& residual);
  // r1 = y_t - f_FO(y, t) from state.ode1 (stored, plus reference) and state.ode1_t.
  void ComputeODE1Residual(const SystemState& state, VectorX& residual);
  void ComputeAlgebraicResidual(const SystemState& state, bool velocityLevel, VectorX& residual);
  // Newton matrix of [r; r1; g] with respect to [q; y; lambda] (q_t, q_tt and y_t through the factors).
  void ComputeJacobian(const SystemState& state, const JacobianFactors& factors, Triplets& jacobian);
  void ComputeMassMatrix(const SystemState& state, Triplets& massMatrix);
  // The part of g_tt that does not depend on q_tt: g_tt = C_q q_tt + h(q, q_t).
  void ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h);
  // Updates data coordinates after a converged step; returns the largest switching error.
  double PostNewtonStep(SystemState& state);
  bool HasPostNewtonItems() const { return !compiled_.postNewtonObjects.empty(); }

  // Which item an unknown (row of the Newton system) belongs to, for messages.
  std::string DescribeUnknown(Index row) const;

 private:
  void UpdateNodeKinematics(const SystemState& state);
  const NodeKinematics<double>* MarkerNodes(Index marker, std::vector<NodeKinematics<double>>& buffer) const;
  MarkerData<double> ComputeMarkerData(Index marker);
  void AddGeneralizedLoad(Index marker, const MarkerData<double>& data, const MarkerLoad<double>& load, double sign,
                          VectorX& residual) const;
  EvaluationContext Context(Index object, const SystemState& state) const;
  Vector3 LoadVectorAt(Index load, const SystemState& state) const;  // evaluates a user function
  // The total ODE1 coordinates of an object's nodes, in its local order.
  void GatherODE1(Index object, const VectorX& y, VectorX& yLocal) const;

  const MainSystem& system_;
  const CompiledSystem& compiled_;
  VectorX qTotal_;
  std::vector<NodeKinematics<double>> nodeKinematics_;
  std::vector<NodeKinematics<double>> markerNodeBuffer_;
};

}  // namespace multidyn
