// MainSystem: the evaluation helpers items call and the outputs of nodes, objects, markers and loads.
#include "core/model/MainSystem.h"

#include "core/foundation/Errors.h"
#include "core/foundation/Rotations.h"
#include "core/items/ItemRegistry.h"

namespace multidyn {

namespace {
VectorX ToVector(const Vector3& v) { return VectorX(v); }
}  // namespace

// ---- evaluation helpers --------------------------------------------------------------

void MainSystem::NodeTotalCoordinates(Index node, const SystemState& state, VectorX& q, VectorX& q_t) const {
  const CompiledSystem& c = Compiled();
  const Index n = GetNode(node).NumberOfODE2Coordinates();
  const Index start = c.nodeODE2Start[node];
  if (n == 0) {
    q.resize(0);
    q_t.resize(0);
    return;
  }
  q = c.ode2Reference.segment(start, n) + state.ode2.segment(start, n);
  q_t = state.ode2_t.segment(start, n);
}

NodeKinematics<double> MainSystem::NodeKinematicsOf(Index node, const SystemState& state) const {
  VectorX q, q_t;
  NodeTotalCoordinates(node, state, q, q_t);
  NodeKinematics<double> kinematics;
  GetNode(node).ComputeKinematics(NodeCoordinates<double>{q, q_t}, kinematics);
  return kinematics;
}

MarkerData<double> MainSystem::MarkerDataOf(Index marker, const SystemState& state) const {
  const CompiledSystem& c = Compiled();
  const Marker& m = GetMarker(marker);
  std::vector<NodeKinematics<double>> nodes;
  for (Index node : c.markerNodes[marker]) nodes.push_back(NodeKinematicsOf(node, state));
  const Body* body = m.BodyNumber().IsValid() ? static_cast<const Body*>(&GetObject(m.BodyNumber().value)) : nullptr;
  MarkerData<double> data;
  m.ComputeMarkerData(body, nodes.data(), data);
  return data;
}
Index MainSystem::ItemNumberOf(ItemCategory category, const Item& item) const {
  for (Index i = 0; i < NumberOfItems(category); ++i)
    if (&GetItem(category, i) == &item) return i;
  throw ValueError(ItemDescription(item, invalidIndex) + " is not an item of this system");
}

EvaluationContext MainSystem::ContextOf(Index object, const SystemState& state) const {
  const CompiledSystem& c = Compiled();
  EvaluationContext context;
  context.time = state.time;
  context.system = this;
  context.itemNumber = object;
  if (c.objectDataStart[object] >= 0) context.data = state.data.data() + c.objectDataStart[object];
  if (c.objectInternalStart[object] >= 0) context.internal = state.ode1.data() + c.objectInternalStart[object];
  context.state = &state;
  return context;
}

void MainSystem::ResetDataCoordinates(Index objectIndex, const std::string& call) {
  CheckNotSolving(call, "the solver owns the state during a solve");
  InitializeDataCoordinates(objectIndex, initial_);
  InitializeDataCoordinates(objectIndex, current_);
}

void MainSystem::InitializeDataCoordinates(Index objectIndex, SystemState& state) const {
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  const auto markers = object.MarkerNumbers();
  if (object.NumberOfDataCoordinates() == 0 || markers.size() != 2)
    throw TypeError(ItemDescription(ItemCategory::Object, objectIndex) +
                    ": has no data coordinates of its own to reset");
  const EvaluationContext context = ContextOf(objectIndex, state);
  object.InitializeDataCoordinates(context, MarkerDataOf(markers[0].value, state),
                                   MarkerDataOf(markers[1].value, state),
                                   state.data.data() + c.objectDataStart[objectIndex]);
}

// ---- outputs -------------------------------------------------------------------------

namespace {
// Coordinates outputs are the stored values, relative to the reference coordinates.
// CoordinatesTotal adds the reference coordinates, and so do Coordinates in the reference
// configuration, whose stored values are zero (Exudyn's).
bool AddsReferenceCoordinates(OutputVariableType type, ConfigurationType configuration) {
  return type == OutputVariableType::CoordinatesTotal ||
         (type == OutputVariableType::Coordinates && configuration == ConfigurationType::Reference);
}

// The outputs an item type declares (its reference page lists them), for error messages.
std::string DeclaredOutputs(const ItemTypeInfo& info) {
  std::string available;
  for (OutputVariableType t : info.outputs)
    available += (available.empty() ? "" : ", ") + std::string(OutputVariableTypeName(t));
  return available.empty() ? "none" : available;
}

[[noreturn]] void NotAvailable(const std::string& item, OutputVariableType type, const std::string& available) {
  throw ValueError(item + ": OutputVariableType." + OutputVariableTypeName(type) +
                   " is not available; available: " + available);
}
}  // namespace

VectorX MainSystem::GetNodeOutput(Index nodeIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Node& node = GetNode(nodeIndex);
  const SystemState& state = State(configuration);
  const std::string description = ItemDescription(ItemCategory::Node, nodeIndex);
  const Index n = node.NumberOfODE2Coordinates();
  const Index start = c.nodeODE2Start[nodeIndex];
  const Index n1 = node.NumberOfODE1Coordinates();
  if (n1 > 0 && n == 0) {
    const Index start1 = c.nodeODE1Start[nodeIndex];
    if (type == OutputVariableType::Coordinates || type == OutputVariableType::CoordinatesTotal) {
      const auto stored = state.ode1.segment(start1, n1);
      return AddsReferenceCoordinates(type, configuration) ? VectorX(c.ode1Reference.segment(start1, n1) + stored)
                                                           : VectorX(stored);
    }
    if (type == OutputVariableType::Coordinates_t) return state.ode1_t.segment(start1, n1);
    NotAvailable(description, type, "Coordinates, Coordinates_t, CoordinatesTotal");
  }
  if (node.NumberOfDataCoordinates() > 0 && n == 0) {
    if (type == OutputVariableType::Coordinates)
      return state.data.segment(c.nodeDataStart[nodeIndex], node.NumberOfDataCoordinates());
    NotAvailable(description, type, "Coordinates");
  }
  VectorX q, q_t;
  NodeTotalCoordinates(nodeIndex, state, q, q_t);
  NodeKinematics<double> k;
  node.ComputeKinematics(NodeCoordinates<double>{q, q_t}, k);
  // Nodes without coordinates (NodePointGround) have empty coordinate vectors.
  const VectorX stored = n > 0 ? VectorX(state.ode2.segment(start, n)) : VectorX();  // zero in the reference
  const VectorX q_tt = n > 0 ? VectorX(state.ode2_tt.segment(start, n)) : VectorX();
  // The translational coordinates padded to 3D (planar nodes have two, ground nodes none).
  auto translation = [&](const VectorX& coordinates) {
    Vector3 value = Vector3::Zero();
    value.head(k.positionCoordinates) = coordinates.head(k.positionCoordinates);
    return value;
  };
  const bool hasPosition = node.ProvidesPosition();
  const bool hasOrientation = node.ProvidesOrientation();
  switch (type) {
    case OutputVariableType::Coordinates:
    case OutputVariableType::CoordinatesTotal: return AddsReferenceCoordinates(type, configuration) ? q : stored;
    case OutputVariableType::Coordinates_t: return n > 0 ? VectorX(state.ode2_t.segment(start, n)) : VectorX();
    case OutputVariableType::Coordinates_tt: return q_tt;
    case OutputVariableType::Position:
      if (hasPosition) return ToVector(k.position);
      break;
    case OutputVariableType::Displacement:
      if (hasPosition) return ToVector(translation(stored));
      break;
    case OutputVariableType::Velocity:
      if (hasPosition) return ToVector(k.velocity);
      break;
    case OutputVariableType::Acceleration:
      if (hasPosition) return ToVector(translation(q_tt));
      break;
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(k.rotation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(node.RotationOutput(NodeCoordinates<double>{q, q_t}));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(k.rotation * k.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(k.angularVelocityLocal);
      break;
    case OutputVariableType::AngularAcceleration:
      if (hasOrientation) {
        if (k.Glocal.cols() == 0) return VectorX(VectorX::Zero(3));  // a node that cannot rotate
        const Vector3 alphaLocal = k.Glocal * q_tt.segment(k.rotationStart, k.Glocal.cols()) + k.Glocal_tTheta_t;
        return ToVector(Vector3(k.rotation * alphaLocal));
      }
      break;
    default: break;
  }
  NotAvailable(description, type,
               std::string("Coordinates, Coordinates_t, Coordinates_tt, CoordinatesTotal") +
                   (hasPosition ? ", Position, Displacement, Velocity, Acceleration" : "") +
                   (hasOrientation ? ", RotationMatrix, Rotation, AngularVelocity, AngularVelocityLocal, "
                                     "AngularAcceleration"
                                   : ""));
}

VectorX MainSystem::GetObjectOutputBody(Index objectIndex, OutputVariableType type, const Vector3& localPosition,
                                        ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  const std::string description = ItemDescription(ItemCategory::Object, objectIndex);
  if (object.Kind() != ObjectKind::Body && object.Kind() != ObjectKind::Ground)
    throw TypeError(description + ": is not a body; use GetObjectOutput");
  const Body& body = static_cast<const Body&>(object);
  const SystemState& state = State(configuration);
  VectorX bodyValue;
  if (body.GetBodyOutput(type, *this, state, localPosition, bodyValue)) return bodyValue;
  std::vector<NodeKinematics<double>> nodes;
  for (NodeIndex node : body.NodeNumbers()) nodes.push_back(NodeKinematicsOf(node.value, state));
  MarkerData<double> frame;
  body.ComputeFrame(nodes.data(), localPosition, frame);
  const bool hasOrientation = body.ProvidesOrientation();
  switch (type) {
    case OutputVariableType::Position: return ToVector(frame.position);
    case OutputVariableType::Displacement: {
      std::vector<NodeKinematics<double>> referenceNodes;
      const SystemState& reference = State(ConfigurationType::Reference);
      for (NodeIndex node : body.NodeNumbers()) referenceNodes.push_back(NodeKinematicsOf(node.value, reference));
      MarkerData<double> referenceFrame;
      body.ComputeFrame(referenceNodes.data(), localPosition, referenceFrame);
      return ToVector(Vector3(frame.position - referenceFrame.position));
    }
    case OutputVariableType::Velocity: return ToVector(frame.velocity);
    case OutputVariableType::VelocityLocal:
      if (hasOrientation) return ToVector(Vector3(frame.orientation.transpose() * frame.velocity));
      break;
    case OutputVariableType::Acceleration:
    case OutputVariableType::AccelerationLocal:
    case OutputVariableType::AngularAcceleration:
    case OutputVariableType::AngularAccelerationLocal: {
      // from the node's accelerations: only for bodies that declare them (a Mass1D's node has none)
      const auto& declared = body.TypeInfo().outputs;
      const bool isDeclared = std::find(declared.begin(), declared.end(), type) != declared.end();
      if (isDeclared && nodes.size() == 1 && (hasOrientation || type == OutputVariableType::Acceleration)) {
        const NodeKinematics<double>& k = nodes[0];
        const Index start = c.nodeODE2Start[body.NodeNumbers()[0].value];
        const VectorX q_tt = state.ode2_tt.segment(start, k.numberOfCoordinates);
        Vector3 acceleration = Vector3::Zero();
        acceleration.head(k.positionCoordinates) = q_tt.head(k.positionCoordinates);
        Vector3 alphaLocal = Vector3::Zero();
        if (k.hasOrientation) {
          alphaLocal = k.Glocal * q_tt.segment(k.rotationStart, k.Glocal.cols()) + k.Glocal_tTheta_t;
          const Vector3& w = k.angularVelocityLocal;
          acceleration += k.rotation * (alphaLocal.cross(localPosition) + w.cross(w.cross(localPosition)));
        }
        if (type == OutputVariableType::Acceleration) return ToVector(acceleration);
        if (type == OutputVariableType::AccelerationLocal)
          return ToVector(Vector3(k.rotation.transpose() * acceleration));
        if (type == OutputVariableType::AngularAcceleration) return ToVector(Vector3(k.rotation * alphaLocal));
        return ToVector(alphaLocal);
      }
      break;
    }
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(frame.orientation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(RotationMatrixToRotXYZ(frame.orientation));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(frame.orientation * frame.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(frame.angularVelocityLocal);
      break;
    case OutputVariableType::KineticEnergy: {
      VectorX value(1);
      value(0) = body.KineticEnergy(nodes.data());
      return value;
    }
    default: break;
  }
  NotAvailable(description, type, DeclaredOutputs(body.TypeInfo()));
}

VectorX MainSystem::GetObjectOutput(Index objectIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  if (object.Kind() == ObjectKind::Body || object.Kind() == ObjectKind::Ground)
    return GetObjectOutputBody(objectIndex, type, Vector3::Zero(), configuration);
  const SystemState& state = State(configuration);
  if (object.HasODE1Equations()) {
    // The ODE1 coordinates of the object's nodes, in node order (as node outputs).
    const auto& indices = c.objectODE1Indices[objectIndex];
    const bool addReference = AddsReferenceCoordinates(type, configuration);
    if (type == OutputVariableType::Coordinates || type == OutputVariableType::Coordinates_t || addReference) {
      const VectorX& source = type == OutputVariableType::Coordinates_t ? state.ode1_t : state.ode1;
      VectorX value(indices.size());
      for (size_t i = 0; i < indices.size(); ++i)
        value(i) = source(indices[i]) + (addReference ? c.ode1Reference(indices[i]) : 0.);
      return value;
    }
    NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type,
                 "Coordinates, Coordinates_t, CoordinatesTotal");
  }
  const auto markers = object.MarkerNumbers();
  if (markers.size() < 2) NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type, "none");
  const MarkerData<double> m0 = MarkerDataOf(markers[0].value, state);
  const MarkerData<double> m1 = MarkerDataOf(markers[1].value, state);
  VectorX lambda;
  if (c.objectAEStart[objectIndex] >= 0)
    lambda = state.ae.segment(c.objectAEStart[objectIndex], object.NumberOfAlgebraicEquations());
  VectorX value;
  if (object.GetOutput(type, ContextOf(objectIndex, state), m0, m1, lambda, value)) return value;
  NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type, DeclaredOutputs(object.TypeInfo()));
}

VectorX MainSystem::GetMarkerOutput(Index markerIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const Marker& marker = GetMarker(markerIndex);
  const MarkerData<double> data = MarkerDataOf(markerIndex, State(configuration));
  const bool hasOrientation = marker.ProvidesOrientation();
  const bool hasCoordinateVector = marker.ProvidesCoordinateVector();
  const bool hasCoordinate = marker.ProvidesCoordinate() || hasCoordinateVector;
  switch (type) {
    case OutputVariableType::Coordinates:
      if (hasCoordinateVector) return data.coordinateVector;
      if (hasCoordinate) return VectorX::Constant(1, data.coordinate);
      break;
    case OutputVariableType::Coordinates_t:
      if (hasCoordinateVector) return data.coordinateVector_t;
      if (hasCoordinate) return VectorX::Constant(1, data.coordinate_t);
      break;
    case OutputVariableType::Position: return ToVector(data.position);
    case OutputVariableType::Velocity: return ToVector(data.velocity);
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(data.orientation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(RotationMatrixToRotXYZ(data.orientation));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(data.orientation * data.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(data.angularVelocityLocal);
      break;
    default: break;
  }
  NotAvailable(ItemDescription(ItemCategory::Marker, markerIndex), type,
               std::string(hasCoordinate ? "Coordinates, Coordinates_t, " : "") + "Position, Velocity" +
                   (hasOrientation ? ", RotationMatrix, Rotation, AngularVelocity, AngularVelocityLocal" : ""));
}

VectorX MainSystem::GetLoadValues(Index loadIndex) const {
  const Load& load = GetLoad(loadIndex);
  EvaluationContext context;
  context.time = current_.time;
  context.system = this;
  context.itemNumber = loadIndex;
  return load.CurrentLoadVector(context).head(load.NumberOfLoadValues());
}

}  // namespace multidyn
