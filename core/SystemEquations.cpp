#include "core/SystemEquations.h"

#include <algorithm>

#include "core/Errors.h"

namespace multidyn {

namespace {

// Kinematics of a set of nodes whose [q; q_t] are the independent variables of forward-mode
// differentiation; derivative d < n is d/dq, d >= n is d/dq_t.
class SeededNodes {
 public:
  SeededNodes(const MainSystem& system, const CompiledSystem& compiled, const VectorX& qTotal,
              const SystemState& state, std::vector<Index> nodes)
      : nodes_(std::move(nodes)) {
    for (Index node : nodes_) {
      offsets_.push_back(size_);
      size_ += system.GetNode(node).NumberOfODE2Coordinates();
    }
    if (2 * size_ > maxLocalDerivatives)
      throw SolverError("an item depends on " + std::to_string(size_) + " coordinates; exact Jacobians support at most " +
                        std::to_string(maxLocalDerivatives / 2));
    kinematics_.resize(nodes_.size());
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const Index node = nodes_[i];
      const Index n = system.GetNode(node).NumberOfODE2Coordinates();
      const Index start = compiled.nodeODE2Start[node];
      VecX<ADScalar> q(n), q_t(n);
      for (Index k = 0; k < n; ++k) {
        q(k) = ADScalar(qTotal(start + k), 2 * size_, offsets_[i] + k);
        q_t(k) = ADScalar(state.ode2_t(start + k), 2 * size_, size_ + offsets_[i] + k);
        columns_.push_back(start + k);
      }
      system.GetNode(node).ComputeKinematics(NodeCoordinates<ADScalar>{q, q_t}, kinematics_[i]);
    }
  }

  // The kinematics of `nodeList` (a subset of the seeded nodes) in that order.
  std::vector<NodeKinematics<ADScalar>> KinematicsOf(const std::vector<Index>& nodeList) const {
    std::vector<NodeKinematics<ADScalar>> list;
    for (Index node : nodeList) {
      const auto it = std::find(nodes_.begin(), nodes_.end(), node);
      list.push_back(kinematics_[it - nodes_.begin()]);
    }
    return list;
  }

  Index Size() const { return size_; }
  Index Column(Index derivative) const { return columns_[derivative % size_]; }
  bool IsVelocity(Index derivative) const { return derivative >= size_; }

  // Adds sign*d(f)/d[q, q_t] into the rows `rows`, weighted by the factors.
  void AddDerivatives(const VecX<ADScalar>& f, const std::vector<Index>& rows, double sign,
                      const JacobianFactors& factors, Triplets& jacobian) const {
    for (Index r = 0; r < f.size(); ++r) {
      const auto& derivatives = f(r).derivatives();
      for (Index d = 0; d < derivatives.size(); ++d) {
        const double value = derivatives(d);
        if (value == 0.) continue;
        const double factor = IsVelocity(d) ? factors.damping : factors.stiffness;
        if (factor != 0.) jacobian.emplace_back(rows[r], Column(d), sign * factor * value);
      }
    }
  }

 private:
  std::vector<Index> nodes_;
  std::vector<Index> offsets_;
  std::vector<Index> columns_;
  Index size_ = 0;
  std::vector<NodeKinematics<ADScalar>> kinematics_;
};

template <class S> VecX<S> GeneralizedLoad(const MarkerData<S>& data, const MarkerLoad<S>& load) {
  return data.positionJacobian.transpose() * load.force + data.rotationJacobian.transpose() * load.torque;
}

std::vector<Index> UnionOfNodes(const std::vector<Index>& a, const std::vector<Index>& b) {
  std::vector<Index> all = a;
  for (Index node : b)
    if (std::find(all.begin(), all.end(), node) == all.end()) all.push_back(node);
  return all;
}

std::vector<Index> Range(Index start, Index count) {
  std::vector<Index> rows(count);
  for (Index i = 0; i < count; ++i) rows[i] = start + i;
  return rows;
}

}  // namespace

SystemEquations::SystemEquations(const MainSystem& system) : system_(system), compiled_(system.Compiled()) {
  nodeKinematics_.resize(system.NumberOfItems(ItemCategory::Node));
}

void SystemEquations::UpdateNodeKinematics(const SystemState& state) {
  qTotal_ = compiled_.ode2Reference + state.ode2;
  for (Index node : compiled_.ode2Nodes) {
    const Index start = compiled_.nodeODE2Start[node];
    const Index n = system_.GetNode(node).NumberOfODE2Coordinates();
    system_.GetNode(node).ComputeKinematics(
        NodeCoordinates<double>{qTotal_.segment(start, n), state.ode2_t.segment(start, n)}, nodeKinematics_[node]);
  }
}

const NodeKinematics<double>* SystemEquations::MarkerNodes(Index marker,
                                                           std::vector<NodeKinematics<double>>& buffer) const {
  const auto& nodes = compiled_.markerNodes[marker];
  if (nodes.size() == 1) return &nodeKinematics_[nodes[0]];
  buffer.clear();
  for (Index node : nodes) buffer.push_back(nodeKinematics_[node]);
  return buffer.data();
}

MarkerData<double> SystemEquations::ComputeMarkerData(Index marker) {
  const Marker& m = system_.GetMarker(marker);
  const Body* body =
      m.BodyNumber().IsValid() ? static_cast<const Body*>(&system_.GetObject(m.BodyNumber().value)) : nullptr;
  MarkerData<double> data;
  m.ComputeMarkerData(body, MarkerNodes(marker, markerNodeBuffer_), data);
  return data;
}

void SystemEquations::AddGeneralizedLoad(Index marker, const MarkerData<double>& data, const MarkerLoad<double>& load,
                                         double sign, VectorX& residual) const {
  const auto& indices = compiled_.markerODE2Indices[marker];
  if (indices.empty()) return;
  const VectorX q = GeneralizedLoad(data, load);
  for (size_t i = 0; i < indices.size(); ++i) residual(indices[i]) += sign * q(i);
}

EvaluationContext SystemEquations::Context(Index object, const SystemState& state) const {
  EvaluationContext context;
  context.time = state.time;
  context.system = &system_;
  context.itemNumber = object;
  for (NodeIndex node : system_.GetObject(object).NodeNumbers())
    if (compiled_.nodeDataStart[node.value] >= 0) context.data = state.data.data() + compiled_.nodeDataStart[node.value];
  return context;
}

void SystemEquations::ComputeODE2Residual(const SystemState& state, VectorX& residual) {
  residual.setZero(compiled_.numberOfODE2);
  UpdateNodeKinematics(state);
  VectorX q_ttLocal;
  VecX<double> local;
  std::vector<NodeKinematics<double>> buffer;
  for (Index b : compiled_.bodies) {
    const Body& body = static_cast<const Body&>(system_.GetObject(b));
    const auto& indices = compiled_.objectODE2Indices[b];
    q_ttLocal.resize(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) q_ttLocal(i) = state.ode2_tt(indices[i]);
    buffer.clear();
    for (NodeIndex node : body.NodeNumbers()) buffer.push_back(nodeKinematics_[node.value]);
    body.ComputeODE2LHS(buffer.data(), q_ttLocal, local);
    for (size_t i = 0; i < indices.size(); ++i) residual(indices[i]) += local(i);
  }
  for (Index node : compiled_.nodesWithAE) {
    const Node& n = system_.GetNode(node);
    const Index start = compiled_.nodeODE2Start[node];
    const Index size = n.NumberOfODE2Coordinates();
    const VectorX lambda = state.ae.segment(compiled_.nodeAEStart[node], n.NumberOfAlgebraicEquations());
    n.ComputeAlgebraicForces(NodeCoordinates<double>{qTotal_.segment(start, size), state.ode2_t.segment(start, size)},
                             lambda, local);
    residual.segment(start, size) += local;
  }
  MarkerLoad<double> loads[2];
  for (Index c : compiled_.connectors) {
    const auto& connector = static_cast<const Connector&>(system_.GetObject(c));
    if (!connector.IsActive()) continue;
    const auto markers = connector.MarkerNumbers();
    const MarkerData<double> m0 = ComputeMarkerData(markers[0].value);
    const MarkerData<double> m1 = ComputeMarkerData(markers[1].value);
    loads[0] = loads[1] = MarkerLoad<double>();
    connector.ComputeMarkerLoads(Context(c, state), m0, m1, loads);
    AddGeneralizedLoad(markers[0].value, m0, loads[0], -1., residual);
    AddGeneralizedLoad(markers[1].value, m1, loads[1], -1., residual);
  }
  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    if (!constraint.IsActive()) continue;
    const auto markers = constraint.MarkerNumbers();
    const MarkerData<double> m0 = ComputeMarkerData(markers[0].value);
    const MarkerData<double> m1 = ComputeMarkerData(markers[1].value);
    const VectorX lambda = state.ae.segment(compiled_.objectAEStart[c], constraint.NumberOfAlgebraicEquations());
    loads[0] = loads[1] = MarkerLoad<double>();
    constraint.ComputeConstraintLoads(m0, m1, lambda, loads);
    AddGeneralizedLoad(markers[0].value, m0, loads[0], -1., residual);
    AddGeneralizedLoad(markers[1].value, m1, loads[1], -1., residual);
  }
  for (Index l : compiled_.loads) {
    const Load& load = system_.GetLoad(l);
    EvaluationContext context;
    context.time = state.time;
    context.system = &system_;
    context.itemNumber = l;
    const Vector3 loadVector = load.CurrentLoadVector(context);
    const Index marker = load.MarkerNumber().value;
    const MarkerData<double> data = ComputeMarkerData(marker);
    MarkerLoad<double> markerLoad;
    load.ComputeMarkerLoad(data, loadVector, markerLoad);
    AddGeneralizedLoad(marker, data, markerLoad, -1., residual);
  }
}

void SystemEquations::ComputeODE1Residual(const SystemState& state, VectorX& residual) {
  residual = state.ode1_t;
  if (compiled_.ode1Objects.empty()) return;
  const VectorX y = compiled_.ode1Reference + state.ode1;
  VectorX yLocal, f;
  for (Index o : compiled_.ode1Objects) {
    const Object& object = system_.GetObject(o);
    if (!object.IsActive()) continue;
    const auto& indices = compiled_.objectODE1Indices[o];
    yLocal.resize(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) yLocal(i) = y(indices[i]);
    object.ComputeODE1RightHandSide(Context(o, state), yLocal, f);
    for (size_t i = 0; i < indices.size(); ++i) residual(indices[i]) -= f(i);
  }
}

void SystemEquations::ComputeAlgebraicResidual(const SystemState& state, bool velocityLevel, VectorX& residual) {
  residual.setZero(compiled_.numberOfAE);
  UpdateNodeKinematics(state);
  VecX<double> g;
  for (Index node : compiled_.nodesWithAE) {
    const Node& n = system_.GetNode(node);
    const Index start = compiled_.nodeODE2Start[node];
    const Index size = n.NumberOfODE2Coordinates();
    n.ComputeAlgebraicEquations(
        NodeCoordinates<double>{qTotal_.segment(start, size), state.ode2_t.segment(start, size)}, velocityLevel, g);
    residual.segment(compiled_.nodeAEStart[node], g.size()) = g;
  }
  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    const Index start = compiled_.objectAEStart[c];
    const Index size = constraint.NumberOfAlgebraicEquations();
    if (!constraint.IsActive()) {
      residual.segment(start, size) = state.ae.segment(start, size);  // inactive: lambda = 0
      continue;
    }
    const auto markers = constraint.MarkerNumbers();
    const MarkerData<double> m0 = ComputeMarkerData(markers[0].value);
    const MarkerData<double> m1 = ComputeMarkerData(markers[1].value);
    constraint.ComputeAlgebraicEquations(m0, m1, velocityLevel, g);
    residual.segment(start, size) = g;
  }
}

void SystemEquations::ComputeMassMatrix(const SystemState& state, Triplets& massMatrix) {
  massMatrix.clear();
  UpdateNodeKinematics(state);
  MatrixX local;
  std::vector<NodeKinematics<double>> buffer;
  for (Index b : compiled_.bodies) {
    const Body& body = static_cast<const Body&>(system_.GetObject(b));
    const auto& indices = compiled_.objectODE2Indices[b];
    buffer.clear();
    for (NodeIndex node : body.NodeNumbers()) buffer.push_back(nodeKinematics_[node.value]);
    body.ComputeMassMatrix(buffer.data(), local);
    for (size_t i = 0; i < indices.size(); ++i)
      for (size_t j = 0; j < indices.size(); ++j)
        if (local(i, j) != 0.) massMatrix.emplace_back(indices[i], indices[j], local(i, j));
  }
}

void SystemEquations::ComputeJacobian(const SystemState& state, const JacobianFactors& factors, Triplets& jacobian) {
  jacobian.clear();
  const Index nODE2 = compiled_.numberOfODE2;
  const Index aeOffset = nODE2 + compiled_.numberOfODE1;  // first AE row/column: [ODE2 | ODE1 | AE]
  if (factors.mass != 0.) {
    Triplets mass;
    ComputeMassMatrix(state, mass);
    for (const auto& t : mass) jacobian.emplace_back(t.row(), t.col(), factors.mass * t.value());
  } else {
    UpdateNodeKinematics(state);
  }

  // Constraint rows (AE) and multiplier columns (C_q^T) from the derivative of g.
  auto addConstraintBlocks = [&](const SeededNodes& seeds, const VecX<ADScalar>& g, const VecX<ADScalar>& g_t,
                                 Index aeStart, bool multiplierColumnsFromG) {
    for (Index r = 0; r < g.size(); ++r) {
      const auto& derivatives = g(r).derivatives();
      for (Index d = 0; d < std::min<Index>(derivatives.size(), seeds.Size()); ++d) {
        const double value = derivatives(d);
        if (value == 0.) continue;
        if (multiplierColumnsFromG && factors.multiplierColumns != 0.)
          jacobian.emplace_back(seeds.Column(d), aeOffset + aeStart + r, factors.multiplierColumns * value);
        if (!factors.velocityLevelConstraints)
          jacobian.emplace_back(aeOffset + aeStart + r, seeds.Column(d), factors.constraintRows * value);
      }
      if (factors.velocityLevelConstraints) {
        const auto& velocityDerivatives = g_t(r).derivatives();
        for (Index d = seeds.Size(); d < velocityDerivatives.size(); ++d)
          if (velocityDerivatives(d) != 0.)
            jacobian.emplace_back(aeOffset + aeStart + r, seeds.Column(d), factors.constraintRows * velocityDerivatives(d));
      }
    }
  };

  std::vector<NodeKinematics<ADScalar>> nodes;
  VecX<ADScalar> local, g, g_t;
  for (Index b : compiled_.bodies) {
    const Body& body = static_cast<const Body&>(system_.GetObject(b));
    std::vector<Index> bodyNodes;
    for (NodeIndex node : body.NodeNumbers()) bodyNodes.push_back(node.value);
    const SeededNodes seeds(system_, compiled_, qTotal_, state, bodyNodes);
    const auto& indices = compiled_.objectODE2Indices[b];
    VectorX q_ttLocal(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) q_ttLocal(i) = state.ode2_tt(indices[i]);
    nodes = seeds.KinematicsOf(bodyNodes);
    body.ComputeODE2LHS(nodes.data(), q_ttLocal, local);
    seeds.AddDerivatives(local, indices, 1., factors, jacobian);
  }

  for (Index node : compiled_.nodesWithAE) {
    const Node& n = system_.GetNode(node);
    const SeededNodes seeds(system_, compiled_, qTotal_, state, {node});
    const Index start = compiled_.nodeODE2Start[node];
    const Index size = n.NumberOfODE2Coordinates();
    VecX<ADScalar> q(size), q_t(size);
    // the node's kinematics are not enough here: its equations use the raw coordinates
    for (Index k = 0; k < size; ++k) {
      q(k) = ADScalar(qTotal_(start + k), 2 * size, k);
      q_t(k) = ADScalar(state.ode2_t(start + k), 2 * size, size + k);
    }
    const VectorX lambda = state.ae.segment(compiled_.nodeAEStart[node], n.NumberOfAlgebraicEquations());
    n.ComputeAlgebraicForces(NodeCoordinates<ADScalar>{q, q_t}, lambda, local);
    seeds.AddDerivatives(local, Range(start, size), 1., factors, jacobian);
    n.ComputeAlgebraicEquations(NodeCoordinates<ADScalar>{q, q_t}, false, g);
    if (factors.velocityLevelConstraints) n.ComputeAlgebraicEquations(NodeCoordinates<ADScalar>{q, q_t}, true, g_t);
    addConstraintBlocks(seeds, g, g_t, compiled_.nodeAEStart[node], true);
  }

  MarkerLoad<ADScalar> loads[2];
  auto markerDataAD = [&](const SeededNodes& seeds, Index marker) {
    const Marker& m = system_.GetMarker(marker);
    const Body* body =
        m.BodyNumber().IsValid() ? static_cast<const Body*>(&system_.GetObject(m.BodyNumber().value)) : nullptr;
    const auto markerNodes = seeds.KinematicsOf(compiled_.markerNodes[marker]);
    MarkerData<ADScalar> data;
    m.ComputeMarkerData(body, markerNodes.data(), data);
    return data;
  };
  auto addMarkerLoad = [&](const SeededNodes& seeds, Index marker, const MarkerData<ADScalar>& data,
                           const MarkerLoad<ADScalar>& load) {
    const auto& indices = compiled_.markerODE2Indices[marker];
    if (indices.empty()) return;
    seeds.AddDerivatives(GeneralizedLoad(data, load), indices, -1., factors, jacobian);
  };

  for (Index c : compiled_.connectors) {
    const auto& connector = static_cast<const Connector&>(system_.GetObject(c));
    if (!connector.IsActive()) continue;
    const auto markers = connector.MarkerNumbers();
    const SeededNodes seeds(system_, compiled_, qTotal_, state,
                            UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]));
    const MarkerData<ADScalar> m0 = markerDataAD(seeds, markers[0].value);
    const MarkerData<ADScalar> m1 = markerDataAD(seeds, markers[1].value);
    loads[0] = loads[1] = MarkerLoad<ADScalar>();
    connector.ComputeMarkerLoads(Context(c, state), m0, m1, loads);
    addMarkerLoad(seeds, markers[0].value, m0, loads[0]);
    addMarkerLoad(seeds, markers[1].value, m1, loads[1]);
  }

  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    const Index aeStart = compiled_.objectAEStart[c];
    const Index size = constraint.NumberOfAlgebraicEquations();
    if (!constraint.IsActive()) {
      for (Index r = 0; r < size; ++r) jacobian.emplace_back(aeOffset + aeStart + r, aeOffset + aeStart + r, 1.);
      continue;
    }
    const auto markers = constraint.MarkerNumbers();
    const SeededNodes seeds(system_, compiled_, qTotal_, state,
                            UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]));
    const MarkerData<ADScalar> m0 = markerDataAD(seeds, markers[0].value);
    const MarkerData<ADScalar> m1 = markerDataAD(seeds, markers[1].value);
    const VectorX lambda = state.ae.segment(aeStart, size);
    loads[0] = loads[1] = MarkerLoad<ADScalar>();
    constraint.ComputeConstraintLoads(m0, m1, lambda, loads);
    addMarkerLoad(seeds, markers[0].value, m0, loads[0]);
    addMarkerLoad(seeds, markers[1].value, m1, loads[1]);
    constraint.ComputeAlgebraicEquations(m0, m1, false, g);
    if (factors.velocityLevelConstraints) constraint.ComputeAlgebraicEquations(m0, m1, true, g_t);
    addConstraintBlocks(seeds, g, g_t, aeStart, false);
    // Multiplier columns dr/dlambda from the constraint loads themselves: with Euler parameters
    // they differ from dg/dq in the direction normal to the unit sphere, and Newton needs the
    // derivative of the residual it solves.
    if (factors.multiplierColumns != 0.) {
      const MarkerData<double> d0 = ComputeMarkerData(markers[0].value);
      const MarkerData<double> d1 = ComputeMarkerData(markers[1].value);
      VectorX unit = VectorX::Zero(size);
      MarkerLoad<double> unitLoads[2];
      for (Index k = 0; k < size; ++k) {
        unit.setZero();
        unit(k) = 1.;
        unitLoads[0] = unitLoads[1] = MarkerLoad<double>();
        constraint.ComputeConstraintLoads(d0, d1, unit, unitLoads);
        for (int side = 0; side < 2; ++side) {
          const auto& indices = compiled_.markerODE2Indices[markers[side].value];
          const VectorX column = GeneralizedLoad(side == 0 ? d0 : d1, unitLoads[side]);
          for (size_t i = 0; i < indices.size(); ++i)
            if (column(i) != 0.) jacobian.emplace_back(indices[i], aeOffset + aeStart + k, -factors.multiplierColumns * column(i));
        }
      }
    }
  }

  // ODE1 block: dr1/dy_t = I for every ODE1 coordinate, dr1/dy = -df_FO/dy from the objects.
  if (factors.ode1Derivative != 0.)
    for (Index i = 0; i < compiled_.numberOfODE1; ++i) jacobian.emplace_back(nODE2 + i, nODE2 + i, factors.ode1Derivative);
  if (factors.ode1Stiffness != 0. && !compiled_.ode1Objects.empty()) {
    const VectorX y = compiled_.ode1Reference + state.ode1;
    VectorX yLocal;
    MatrixX dfdy;
    for (Index o : compiled_.ode1Objects) {
      const Object& object = system_.GetObject(o);
      if (!object.IsActive()) continue;
      const auto& indices = compiled_.objectODE1Indices[o];
      yLocal.resize(indices.size());
      for (size_t i = 0; i < indices.size(); ++i) yLocal(i) = y(indices[i]);
      object.ComputeODE1Jacobian(Context(o, state), yLocal, dfdy);
      for (size_t i = 0; i < indices.size(); ++i)
        for (size_t j = 0; j < indices.size(); ++j)
          if (dfdy(i, j) != 0.) jacobian.emplace_back(nODE2 + indices[i], nODE2 + indices[j], -factors.ode1Stiffness * dfdy(i, j));
    }
  }

  if (factors.includeLoads) {
    for (Index l : compiled_.loads) {
      const Load& load = system_.GetLoad(l);
      EvaluationContext context;
      context.time = state.time;
      context.system = &system_;
      context.itemNumber = l;
      const Vector3 loadVector = load.CurrentLoadVector(context);
      const Index marker = load.MarkerNumber().value;
      const SeededNodes seeds(system_, compiled_, qTotal_, state, compiled_.markerNodes[marker]);
      const MarkerData<ADScalar> data = markerDataAD(seeds, marker);
      MarkerLoad<ADScalar> markerLoad;
      load.ComputeMarkerLoad(data, loadVector, markerLoad);
      addMarkerLoad(seeds, marker, data, markerLoad);
    }
  }
}

void SystemEquations::ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h) {
  h.setZero(compiled_.numberOfAE);
  UpdateNodeKinematics(state);
  auto accumulate = [&](const SeededNodes& seeds, const VecX<ADScalar>& g_t, Index aeStart) {
    for (Index r = 0; r < g_t.size(); ++r) {
      const auto& derivatives = g_t(r).derivatives();
      for (Index d = 0; d < std::min<Index>(derivatives.size(), seeds.Size()); ++d)
        h(aeStart + r) += derivatives(d) * state.ode2_t(seeds.Column(d));
    }
  };
  VecX<ADScalar> g_t;
  for (Index node : compiled_.nodesWithAE) {
    const Node& n = system_.GetNode(node);
    const SeededNodes seeds(system_, compiled_, qTotal_, state, {node});
    const Index start = compiled_.nodeODE2Start[node];
    const Index size = n.NumberOfODE2Coordinates();
    VecX<ADScalar> q(size), q_t(size);
    for (Index k = 0; k < size; ++k) {
      q(k) = ADScalar(qTotal_(start + k), 2 * size, k);
      q_t(k) = ADScalar(state.ode2_t(start + k), 2 * size, size + k);
    }
    n.ComputeAlgebraicEquations(NodeCoordinates<ADScalar>{q, q_t}, true, g_t);
    accumulate(seeds, g_t, compiled_.nodeAEStart[node]);
  }
  std::vector<NodeKinematics<ADScalar>> markerNodes;
  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    if (!constraint.IsActive()) continue;
    const auto markers = constraint.MarkerNumbers();
    const SeededNodes seeds(system_, compiled_, qTotal_, state,
                            UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]));
    MarkerData<ADScalar> data[2];
    for (int k = 0; k < 2; ++k) {
      const Index marker = markers[k].value;
      const Marker& m = system_.GetMarker(marker);
      const Body* body =
          m.BodyNumber().IsValid() ? static_cast<const Body*>(&system_.GetObject(m.BodyNumber().value)) : nullptr;
      markerNodes = seeds.KinematicsOf(compiled_.markerNodes[marker]);
      m.ComputeMarkerData(body, markerNodes.data(), data[k]);
    }
    constraint.ComputeAlgebraicEquations(data[0], data[1], true, g_t);
    accumulate(seeds, g_t, compiled_.objectAEStart[c]);
  }
}

double SystemEquations::PostNewtonStep(SystemState& state) {
  if (compiled_.postNewtonObjects.empty()) return 0.;
  UpdateNodeKinematics(state);
  double error = 0.;
  for (Index o : compiled_.postNewtonObjects) {
    const Object& object = system_.GetObject(o);
    if (!object.IsActive()) continue;
    const auto markers = object.MarkerNumbers();
    const MarkerData<double> m0 = ComputeMarkerData(markers[0].value);
    const MarkerData<double> m1 = ComputeMarkerData(markers[1].value);
    const EvaluationContext context = Context(o, state);
    double* data = const_cast<double*>(context.data);  // points into `state`, which we may change
    error = std::max(error, object.PostNewtonStep(context, m0, m1, data));
  }
  return error;
}

std::string SystemEquations::DescribeUnknown(Index row) const {
  if (row < compiled_.numberOfODE2) {
    for (Index node : compiled_.ode2Nodes) {
      const Index start = compiled_.nodeODE2Start[node];
      const Index n = system_.GetNode(node).NumberOfODE2Coordinates();
      if (row >= start && row < start + n) {
        std::string text = "coordinate " + std::to_string(row - start) + " of " +
                           system_.ItemDescription(ItemCategory::Node, node);
        for (Index b : compiled_.bodies)
          for (NodeIndex bodyNode : system_.GetObject(b).NodeNumbers())
            if (bodyNode.value == node) text += ", node of " + system_.ItemDescription(ItemCategory::Object, b);
        return text;
      }
    }
  }
  if (row >= compiled_.numberOfODE2 && row < compiled_.numberOfODE2 + compiled_.numberOfODE1) {
    const Index ode1 = row - compiled_.numberOfODE2;
    for (Index node : compiled_.ode1Nodes) {
      const Index start = compiled_.nodeODE1Start[node];
      if (ode1 >= start && ode1 < start + system_.GetNode(node).NumberOfODE1Coordinates())
        return "ODE1 coordinate " + std::to_string(ode1 - start) + " of " + system_.ItemDescription(ItemCategory::Node, node);
    }
  }
  const Index ae = row - compiled_.numberOfODE2 - compiled_.numberOfODE1;
  for (Index node : compiled_.nodesWithAE)
    if (ae >= compiled_.nodeAEStart[node] && ae < compiled_.nodeAEStart[node] + system_.GetNode(node).NumberOfAlgebraicEquations())
      return "algebraic equation of " + system_.ItemDescription(ItemCategory::Node, node);
  for (Index c : compiled_.constraints)
    if (ae >= compiled_.objectAEStart[c] && ae < compiled_.objectAEStart[c] + system_.GetObject(c).NumberOfAlgebraicEquations())
      return "algebraic equation " + std::to_string(ae - compiled_.objectAEStart[c]) + " of " +
             system_.ItemDescription(ItemCategory::Object, c);
  return "unknown " + std::to_string(row);
}

}  // namespace multidyn
