// Exact item Jacobians by forward-mode differentiation: each item's kernel is evaluated with
// fixed-size AD scalars seeded on the [q; q_t] of the nodes it depends on, and the derivatives
// are scattered into the system Jacobian. Used by SystemEquations only.
#pragma once

#include <algorithm>
#include <memory>
#include <type_traits>
#include <string>
#include <vector>

#include "core/Errors.h"
#include "core/MainSystem.h"
#include "core/SystemEquations.h"

namespace multidyn {
namespace differentiation {

// Calls function(AD()) with the smallest AD scalar that holds 2*numberOfCoordinates derivatives.
template <class Function> void WithADScalarFor(Index numberOfCoordinates, Function&& function) {
  if (2 * numberOfCoordinates <= 16) {
    function(ADScalar16());
  } else if (2 * numberOfCoordinates <= maxLocalDerivatives) {
    function(ADScalar32());
  } else {
    throw SolverError("an item depends on " + std::to_string(numberOfCoordinates) +
                      " coordinates; exact Jacobians support at most " + std::to_string(maxLocalDerivatives / 2));
  }
}

inline Index NumberOfCoordinates(const MainSystem& system, const std::vector<Index>& nodes) {
  Index n = 0;
  for (Index node : nodes) n += system.GetNode(node).NumberOfODE2Coordinates();
  return n;
}

inline std::vector<Index> UnionOfNodes(const std::vector<Index>& a, const std::vector<Index>& b) {
  std::vector<Index> all = a;
  for (Index node : b)
    if (std::find(all.begin(), all.end(), node) == all.end()) all.push_back(node);
  return all;
}

// One Jacobian evaluation's inputs and output.
struct JacobianTarget {
  const MainSystem& system;
  const CompiledSystem& compiled;
  const VectorX& qTotal;
  const SystemState& state;
  const JacobianFactors& factors;
  Triplets& jacobian;
  Index aeOffset;  // first AE row/column: [ODE2 | ODE1 | AE]
  // Seeded kinematics of single nodes, shared by the items on that node within one evaluation.
  mutable std::vector<std::unique_ptr<NodeKinematics<ADScalar16>>> singleNodeKinematics;
};

// Kinematics of a set of nodes whose [q; q_t] are the independent variables; derivative
// d < n is d/dq, n <= d < 2n is d/dq_t (the rest of the fixed-size vector stays zero).
template <class AD> class SeededNodes {
 public:
  static constexpr int capacity = AD::DerType::RowsAtCompileTime;

  SeededNodes(const JacobianTarget& t, std::vector<Index> nodes) : nodes_(std::move(nodes)) {
    for (Index node : nodes_) {
      offsets_.push_back(size_);
      size_ += t.system.GetNode(node).NumberOfODE2Coordinates();
    }
    kinematics_.resize(nodes_.size());
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Index node = nodes_[i];
      const Index start = t.compiled.nodeODE2Start[node];
      for (Index k = 0; k < t.system.GetNode(node).NumberOfODE2Coordinates(); ++k) columns_.push_back(start + k);
    }
    if constexpr (std::is_same_v<AD, ADScalar16>) {
      if (nodes_.size() == 1) {  // the same seeds for every item on this node: compute once
        auto& cached = t.singleNodeKinematics[nodes_[0]];
        if (!cached) {
          cached = std::make_unique<NodeKinematics<AD>>();
          ComputeNode(t, 0, *cached);
        }
        kinematics_[0] = *cached;
        return;
      }
    }
    for (size_t i = 0; i < nodes_.size(); ++i) ComputeNode(t, i, kinematics_[i]);
  }

  // The kinematics of `nodeList` (a subset of the seeded nodes) in that order.
  std::vector<NodeKinematics<AD>> KinematicsOf(const std::vector<Index>& nodeList) const {
    std::vector<NodeKinematics<AD>> list;
    for (Index node : nodeList) list.push_back(kinematics_[std::find(nodes_.begin(), nodes_.end(), node) - nodes_.begin()]);
    return list;
  }

  Index Size() const { return size_; }
  Index Column(Index derivative) const { return columns_[derivative % size_]; }
  bool IsVelocity(Index derivative) const { return derivative >= size_; }

  // Adds sign*d(f)/d[q, q_t] into the rows `rows`, weighted by the factors.
  void AddDerivatives(const VecX<AD>& f, const std::vector<Index>& rows, double sign, const JacobianFactors& factors,
                      Triplets& jacobian) const {
    for (Index r = 0; r < f.size(); ++r) {
      const auto& derivatives = f(r).derivatives();
      for (Index d = 0; d < 2 * size_; ++d) {
        const double value = derivatives(d);
        if (value == 0.) continue;
        const double factor = IsVelocity(d) ? factors.damping : factors.stiffness;
        if (factor != 0.) jacobian.emplace_back(rows[r], Column(d), sign * factor * value);
      }
    }
  }

 private:
  void ComputeNode(const JacobianTarget& t, size_t i, NodeKinematics<AD>& kinematics) const {
    const Index node = nodes_[i];
    const Index n = t.system.GetNode(node).NumberOfODE2Coordinates();
    const Index start = t.compiled.nodeODE2Start[node];
    VecX<AD> q(n), q_t(n);
    for (Index k = 0; k < n; ++k) {
      q(k) = AD(t.qTotal(start + k), capacity, offsets_[i] + k);
      q_t(k) = AD(t.state.ode2_t(start + k), capacity, size_ + offsets_[i] + k);
    }
    t.system.GetNode(node).ComputeKinematics(NodeCoordinates<AD>{q, q_t}, kinematics);
  }

  std::vector<Index> nodes_;
  std::vector<Index> offsets_;
  std::vector<Index> columns_;
  Index size_ = 0;
  std::vector<NodeKinematics<AD>> kinematics_;
};

template <class S> VecX<S> GeneralizedLoad(const MarkerData<S>& data, const MarkerLoad<S>& load) {
  VecX<S> generalized = data.positionJacobian.transpose() * load.force + data.rotationJacobian.transpose() * load.torque;
  if (data.coordinateJacobian.cols() == 0) return generalized;
  if (generalized.size() == 0) return data.coordinateJacobian.transpose() * load.coordinateForce;
  return generalized + data.coordinateJacobian.transpose() * load.coordinateForce;
}


template <class AD> MarkerData<AD> SeededMarkerData(const JacobianTarget& t, const SeededNodes<AD>& seeds, Index marker) {
  const Marker& m = t.system.GetMarker(marker);
  const Body* body = m.BodyNumber().IsValid() ? static_cast<const Body*>(&t.system.GetObject(m.BodyNumber().value)) : nullptr;
  const auto markerNodes = seeds.KinematicsOf(t.compiled.markerNodes[marker]);
  MarkerData<AD> data;
  m.ComputeMarkerData(body, markerNodes.data(), data);
  return data;
}

template <class AD> void AddMarkerLoad(const JacobianTarget& t, const SeededNodes<AD>& seeds, Index marker,
                                       const MarkerData<AD>& data, const MarkerLoad<AD>& load) {
  const auto& indices = t.compiled.markerODE2Indices[marker];
  if (!indices.empty()) seeds.AddDerivatives(GeneralizedLoad(data, load), indices, -1., t.factors, t.jacobian);
}

// Constraint rows (dg/dq, or dg_t/dq_t at velocity level) and, if asked, the multiplier
// columns dg/dq^T.
template <class AD> void AddConstraintBlocks(const JacobianTarget& t, const SeededNodes<AD>& seeds, const VecX<AD>& g,
                                             const VecX<AD>& g_t, Index aeStart, bool multiplierColumnsFromG) {
  for (Index r = 0; r < g.size(); ++r) {
    const Index row = t.aeOffset + aeStart + r;
    const auto& derivatives = g(r).derivatives();
    for (Index d = 0; d < seeds.Size(); ++d) {
      const double value = derivatives(d);
      if (value == 0.) continue;
      if (multiplierColumnsFromG && t.factors.multiplierColumns != 0.)
        t.jacobian.emplace_back(seeds.Column(d), row, t.factors.multiplierColumns * value);
      if (!t.factors.velocityLevelConstraints) t.jacobian.emplace_back(row, seeds.Column(d), t.factors.constraintRows * value);
    }
    if (t.factors.velocityLevelConstraints) {
      const auto& velocityDerivatives = g_t(r).derivatives();
      for (Index d = seeds.Size(); d < 2 * seeds.Size(); ++d)
        if (velocityDerivatives(d) != 0.)
          t.jacobian.emplace_back(row, seeds.Column(d), t.factors.constraintRows * velocityDerivatives(d));
    }
  }
}

template <class AD> void BodyJacobian(const JacobianTarget& t, const Body& body, const std::vector<Index>& bodyNodes,
                                      const std::vector<Index>& indices) {
  const SeededNodes<AD> seeds(t, bodyNodes);
  VectorX q_ttLocal(indices.size());
  for (size_t i = 0; i < indices.size(); ++i) q_ttLocal(i) = t.state.ode2_tt(indices[i]);
  const auto nodes = seeds.KinematicsOf(bodyNodes);
  VecX<AD> lhs;
  body.ComputeODE2LHS(nodes.data(), q_ttLocal, lhs);
  seeds.AddDerivatives(lhs, indices, 1., t.factors, t.jacobian);
}

// The node's own algebraic equations use its raw coordinates, seeded like its kinematics.
template <class AD> void SeededCoordinates(const JacobianTarget& t, Index node, VecX<AD>& q, VecX<AD>& q_t) {
  const Index start = t.compiled.nodeODE2Start[node];
  const Index size = t.system.GetNode(node).NumberOfODE2Coordinates();
  q.resize(size);
  q_t.resize(size);
  for (Index k = 0; k < size; ++k) {
    q(k) = AD(t.qTotal(start + k), SeededNodes<AD>::capacity, k);
    q_t(k) = AD(t.state.ode2_t(start + k), SeededNodes<AD>::capacity, size + k);
  }
}

template <class AD> void NodeAlgebraicJacobian(const JacobianTarget& t, Index node) {
  const Node& n = t.system.GetNode(node);
  const SeededNodes<AD> seeds(t, {node});
  VecX<AD> q, q_t, forces, g, g_t;
  SeededCoordinates(t, node, q, q_t);
  const VectorX lambda = t.state.ae.segment(t.compiled.nodeAEStart[node], n.NumberOfAlgebraicEquations());
  n.ComputeAlgebraicForces(NodeCoordinates<AD>{q, q_t}, lambda, forces);
  std::vector<Index> rows(q.size());
  for (Index k = 0; k < q.size(); ++k) rows[k] = t.compiled.nodeODE2Start[node] + k;
  seeds.AddDerivatives(forces, rows, 1., t.factors, t.jacobian);
  n.ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, false, g);
  if (t.factors.velocityLevelConstraints) n.ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, true, g_t);
  AddConstraintBlocks(t, seeds, g, g_t, t.compiled.nodeAEStart[node], true);
}

template <class AD> void ConnectorJacobian(const JacobianTarget& t, const Connector& connector,
                                           const EvaluationContext& context, const std::vector<Index>& nodes) {
  const auto markers = connector.MarkerNumbers();
  const SeededNodes<AD> seeds(t, nodes);
  const MarkerData<AD> m0 = SeededMarkerData(t, seeds, markers[0].value);
  const MarkerData<AD> m1 = SeededMarkerData(t, seeds, markers[1].value);
  MarkerLoad<AD> loads[2];
  connector.ComputeMarkerLoads(context, m0, m1, loads);
  AddMarkerLoad(t, seeds, markers[0].value, m0, loads[0]);
  AddMarkerLoad(t, seeds, markers[1].value, m1, loads[1]);
}

// Derivatives of the constraint loads (K block) and the constraint rows.
template <class AD> void ConstraintJacobian(const JacobianTarget& t, const Constraint& constraint,
                                            const EvaluationContext& context, Index aeStart, const std::vector<Index>& nodes) {
  const auto markers = constraint.MarkerNumbers();
  const SeededNodes<AD> seeds(t, nodes);
  const MarkerData<AD> m0 = SeededMarkerData(t, seeds, markers[0].value);
  const MarkerData<AD> m1 = SeededMarkerData(t, seeds, markers[1].value);
  const VectorX lambda = t.state.ae.segment(aeStart, constraint.NumberOfAlgebraicEquations());
  MarkerLoad<AD> loads[2];
  constraint.ComputeConstraintLoads(m0, m1, lambda, loads);
  AddMarkerLoad(t, seeds, markers[0].value, m0, loads[0]);
  AddMarkerLoad(t, seeds, markers[1].value, m1, loads[1]);
  VecX<AD> g, g_t;
  constraint.ComputeAlgebraicEquations(context, m0, m1, false, g);
  if (t.factors.velocityLevelConstraints) constraint.ComputeAlgebraicEquations(context, m0, m1, true, g_t);
  AddConstraintBlocks(t, seeds, g, g_t, aeStart, false);
}

template <class AD> void LoadJacobian(const JacobianTarget& t, const Load& load, const Vector3& loadVector) {
  const Index marker = load.MarkerNumber().value;
  const SeededNodes<AD> seeds(t, t.compiled.markerNodes[marker]);
  const MarkerData<AD> data = SeededMarkerData(t, seeds, marker);
  MarkerLoad<AD> markerLoad;
  load.ComputeMarkerLoad(data, loadVector, markerLoad);
  AddMarkerLoad(t, seeds, marker, data, markerLoad);
}

// h += d(g_t)/dq * q_t for the rows of g_t starting at aeStart.
template <class AD> void AccumulateAccelerationTerm(const SeededNodes<AD>& seeds, const VecX<AD>& g_t, Index aeStart,
                                                    const SystemState& state, VectorX& h) {
  for (Index r = 0; r < g_t.size(); ++r) {
    const auto& derivatives = g_t(r).derivatives();
    for (Index d = 0; d < seeds.Size(); ++d) h(aeStart + r) += derivatives(d) * state.ode2_t(seeds.Column(d));
  }
}

template <class AD> void NodeAccelerationTerm(const JacobianTarget& t, Index node, VectorX& h) {
  const SeededNodes<AD> seeds(t, {node});
  VecX<AD> q, q_t, g_t;
  SeededCoordinates(t, node, q, q_t);
  t.system.GetNode(node).ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, true, g_t);
  AccumulateAccelerationTerm(seeds, g_t, t.compiled.nodeAEStart[node], t.state, h);
}

template <class AD> void ConstraintAccelerationTerm(const JacobianTarget& t, const Constraint& constraint,
                                                    const EvaluationContext& context, Index aeStart,
                                                    const std::vector<Index>& nodes, VectorX& h) {
  const auto markers = constraint.MarkerNumbers();
  const SeededNodes<AD> seeds(t, nodes);
  const MarkerData<AD> m0 = SeededMarkerData(t, seeds, markers[0].value);
  const MarkerData<AD> m1 = SeededMarkerData(t, seeds, markers[1].value);
  VecX<AD> g_t;
  constraint.ComputeAlgebraicEquations(context, m0, m1, true, g_t);
  AccumulateAccelerationTerm(seeds, g_t, aeStart, t.state, h);
}

}  // namespace differentiation
}  // namespace multidyn
