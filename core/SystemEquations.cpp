#include "core/SystemEquations.h"

#include <algorithm>

#include "core/Errors.h"
#include "core/ItemDifferentiation.h"

namespace multidyn {

using differentiation::GeneralizedLoad;
using differentiation::UnionOfNodes;

SystemEquations::SystemEquations(const MainSystem& system) : system_(system), compiled_(system.Compiled()) {
  nodeKinematics_.resize(system.NumberOfItems(ItemCategory::Node));
  // Nodes without ODE2 coordinates (e.g. NodePointGround) have constant kinematics.
  const VectorX none;
  for (Index node = 0; node < system.NumberOfItems(ItemCategory::Node); ++node)
    if (system.GetNode(node).NumberOfODE2Coordinates() == 0)
      system.GetNode(node).ComputeKinematics(NodeCoordinates<double>{none, none}, nodeKinematics_[node]);
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

void SystemEquations::GatherODE1(Index object, const VectorX& y, VectorX& yLocal) const {
  const auto& indices = compiled_.objectODE1Indices[object];
  yLocal.resize(indices.size());
  for (size_t i = 0; i < indices.size(); ++i) yLocal(i) = y(indices[i]);
}

Vector3 SystemEquations::LoadVectorAt(Index load, const SystemState& state) const {
  EvaluationContext context;
  context.time = state.time;
  context.system = &system_;
  context.itemNumber = load;
  return system_.GetLoad(load).CurrentLoadVector(context);
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
    const Vector3 loadVector = LoadVectorAt(l, state);
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
    GatherODE1(o, y, yLocal);
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
    constraint.ComputeAlgebraicEquations(Context(c, state), m0, m1, velocityLevel, g);
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

  using namespace differentiation;
  JacobianTarget target{system_, compiled_, qTotal_, state, factors, jacobian, aeOffset, {}};
  target.singleNodeKinematics.resize(system_.NumberOfItems(ItemCategory::Node));

  for (Index b : compiled_.bodies) {
    const Body& body = static_cast<const Body&>(system_.GetObject(b));
    std::vector<Index> bodyNodes;
    for (NodeIndex node : body.NodeNumbers()) bodyNodes.push_back(node.value);
    WithADScalarFor(NumberOfCoordinates(system_, bodyNodes), [&](auto ad) {
      BodyJacobian<decltype(ad)>(target, body, bodyNodes, compiled_.objectODE2Indices[b]);
    });
  }

  for (Index node : compiled_.nodesWithAE)
    WithADScalarFor(system_.GetNode(node).NumberOfODE2Coordinates(),
                    [&](auto ad) { NodeAlgebraicJacobian<decltype(ad)>(target, node); });

  for (Index c : compiled_.connectors) {
    const auto& connector = static_cast<const Connector&>(system_.GetObject(c));
    if (!connector.IsActive()) continue;
    const auto markers = connector.MarkerNumbers();
    const auto nodes = UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]);
    WithADScalarFor(NumberOfCoordinates(system_, nodes), [&](auto ad) {
      ConnectorJacobian<decltype(ad)>(target, connector, Context(c, state), nodes);
    });
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
    const auto nodes = UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]);
    WithADScalarFor(NumberOfCoordinates(system_, nodes), [&](auto ad) {
      ConstraintJacobian<decltype(ad)>(target, constraint, Context(c, state), aeStart, nodes);
    });
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
      GatherODE1(o, y, yLocal);
      object.ComputeODE1Jacobian(Context(o, state), yLocal, dfdy);
      for (size_t i = 0; i < indices.size(); ++i)
        for (size_t j = 0; j < indices.size(); ++j)
          if (dfdy(i, j) != 0.) jacobian.emplace_back(nODE2 + indices[i], nODE2 + indices[j], -factors.ode1Stiffness * dfdy(i, j));
    }
  }

  if (factors.includeLoads) {
    for (Index l : compiled_.loads) {
      const Load& load = system_.GetLoad(l);
      const Vector3 loadVector = LoadVectorAt(l, state);
      WithADScalarFor(NumberOfCoordinates(system_, compiled_.markerNodes[load.MarkerNumber().value]),
                      [&](auto ad) { LoadJacobian<decltype(ad)>(target, load, loadVector); });
    }
  }
}

void SystemEquations::ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h) {
  using namespace differentiation;
  h.setZero(compiled_.numberOfAE);
  UpdateNodeKinematics(state);
  Triplets unused;
  const JacobianFactors factors;
  JacobianTarget target{system_, compiled_, qTotal_, state, factors, unused, 0, {}};
  target.singleNodeKinematics.resize(system_.NumberOfItems(ItemCategory::Node));
  for (Index node : compiled_.nodesWithAE)
    WithADScalarFor(system_.GetNode(node).NumberOfODE2Coordinates(),
                    [&](auto ad) { NodeAccelerationTerm<decltype(ad)>(target, node, h); });
  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    if (!constraint.IsActive()) continue;
    const auto markers = constraint.MarkerNumbers();
    const auto nodes = UnionOfNodes(compiled_.markerNodes[markers[0].value], compiled_.markerNodes[markers[1].value]);
    WithADScalarFor(NumberOfCoordinates(system_, nodes), [&](auto ad) {
      ConstraintAccelerationTerm<decltype(ad)>(target, constraint, Context(c, state), compiled_.objectAEStart[c], nodes, h);
    });
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
