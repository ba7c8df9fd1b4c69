#include "core/model/SystemCompiler.h"

#include <algorithm>
#include <string>

#include "core/foundation/Errors.h"
#include "core/items/DirectBody.h"

namespace multidyn {

std::unique_ptr<CompiledSystem> SystemCompiler::Compile() const {
  auto compiled = std::make_unique<CompiledSystem>();
  CompiledSystem& c = *compiled;
  NumberNodeCoordinates(c);
  MapObjects(c);
  MapMarkers(c);
  PlaceInternalStates(c);
  CheckKernelSizes(c);
  StoreReferenceCoordinates(c);
  return compiled;
}

void SystemCompiler::AppendNodeIndices(const CompiledSystem& c, Index node, std::vector<Index>& indices) const {
  for (Index k = 0; k < system_.GetNode(node).NumberOfODE2Coordinates(); ++k)
    indices.push_back(c.nodeODE2Start[node] + k);
}

void SystemCompiler::NumberNodeCoordinates(CompiledSystem& c) const {
  const Index nNodes = system_.NumberOfItems(ItemCategory::Node);
  c.nodeODE2Start.assign(nNodes, -1);
  c.nodeODE1Start.assign(nNodes, -1);
  c.nodeAEStart.assign(nNodes, -1);
  c.nodeDataStart.assign(nNodes, -1);
  for (Index i = 0; i < nNodes; ++i) {
    const Node& node = system_.GetNode(i);
    if (node.NumberOfODE2Coordinates() > 0) {
      c.nodeODE2Start[i] = c.numberOfODE2;
      c.numberOfODE2 += node.NumberOfODE2Coordinates();
      c.ode2Nodes.push_back(i);
    }
    // ODE1 indices in node order too; the unknowns are [ODE2 | ODE1 | AE] as in Exudyn.
    if (node.NumberOfODE1Coordinates() > 0) {
      c.nodeODE1Start[i] = c.numberOfODE1;
      c.numberOfODE1 += node.NumberOfODE1Coordinates();
      c.ode1Nodes.push_back(i);
    }
    if (node.NumberOfAlgebraicEquations() > 0) {
      c.nodeAEStart[i] = c.numberOfAE;
      c.numberOfAE += node.NumberOfAlgebraicEquations();
      c.nodesWithAE.push_back(i);
    }
    if (node.NumberOfDataCoordinates() > 0) {
      c.nodeDataStart[i] = c.numberOfData;
      c.numberOfData += node.NumberOfDataCoordinates();
    }
  }
}

void SystemCompiler::MapObjects(CompiledSystem& c) const {
  const Index nObjects = system_.NumberOfItems(ItemCategory::Object);
  c.objectAEStart.assign(nObjects, -1);
  c.objectODE2Indices.assign(nObjects, {});
  c.objectODE1Indices.assign(nObjects, {});
  c.objectNodes.assign(nObjects, {});
  c.objectMarkers.assign(nObjects, {});
  c.objectDataStart.assign(nObjects, -1);
  for (Index i = 0; i < nObjects; ++i) {
    const Object& object = system_.GetObject(i);
    for (NodeIndex node : object.NodeNumbers()) {
      c.objectNodes[i].push_back(node.value);
      if (c.nodeDataStart[node.value] >= 0) c.objectDataStart[i] = c.nodeDataStart[node.value];
    }
    for (MarkerIndex marker : object.MarkerNumbers()) c.objectMarkers[i].push_back(marker.value);
    c.maxObjectMarkers = std::max<Index>(c.maxObjectMarkers, Index(c.objectMarkers[i].size()));
    if (object.Kind() == ObjectKind::Body) {
      c.bodies.push_back(i);
      for (NodeIndex node : object.NodeNumbers()) AppendNodeIndices(c, node.value, c.objectODE2Indices[i]);
    }
    if (object.Kind() == ObjectKind::Connector) c.connectors.push_back(i);
    if (object.Kind() == ObjectKind::Constraint) {
      c.constraints.push_back(i);
      c.objectAEStart[i] = c.numberOfAE;
      c.numberOfAE += object.NumberOfAlgebraicEquations();
    }
    if (object.NumberOfDataCoordinates() > 0) {  // the object's own, after those of the nodes
      if (c.objectDataStart[i] >= 0)
        throw ValueError(system_.ItemDescription(ItemCategory::Object, i) +
                         ": has data coordinates of its own and a data node");
      c.objectDataStart[i] = c.numberOfData;
      c.numberOfData += object.NumberOfDataCoordinates();
    }
    if (object.HasPostNewtonStep()) c.postNewtonObjects.push_back(i);
    if (object.HasODE1Equations()) {
      c.ode1Objects.push_back(i);
      for (NodeIndex node : object.NodeNumbers())
        for (Index k = 0; k < system_.GetNode(node.value).NumberOfODE1Coordinates(); ++k)
          c.objectODE1Indices[i].push_back(c.nodeODE1Start[node.value] + k);
    }
  }
}

// Marker maps; connectors and constraints then depend on the coordinates of their markers.
void SystemCompiler::MapMarkers(CompiledSystem& c) const {
  const Index nMarkers = system_.NumberOfItems(ItemCategory::Marker);
  c.markerODE2Indices.assign(nMarkers, {});
  c.markerNodes.assign(nMarkers, {});
  for (Index i = 0; i < nMarkers; ++i) {
    const Marker& marker = system_.GetMarker(i);
    if (marker.BodyNumber().IsValid()) {
      for (NodeIndex node : system_.GetObject(marker.BodyNumber().value).NodeNumbers())
        c.markerNodes[i].push_back(node.value);
    } else if (marker.NodeNumber().IsValid()) {
      c.markerNodes[i].push_back(marker.NodeNumber().value);
    }
    for (Index node : c.markerNodes[i]) AppendNodeIndices(c, node, c.markerODE2Indices[i]);
    // A marker on more than maxItemCoordinates coordinates (only on a body that evaluates directly,
    // DirectBody, or its node) serves loads and sensors in double; connectors and constraints on it,
    // whose kernels are differentiated automatically, are refused by CheckKernelSizes.
  }
  for (Index i : c.connectors)
    for (MarkerIndex m : system_.GetObject(i).MarkerNumbers())
      for (Index k : c.markerODE2Indices[m.value]) c.objectODE2Indices[i].push_back(k);
  for (Index i : c.constraints)
    for (MarkerIndex m : system_.GetObject(i).MarkerNumbers())
      for (Index k : c.markerODE2Indices[m.value]) c.objectODE2Indices[i].push_back(k);
  for (Index i = 0; i < system_.NumberOfItems(ItemCategory::Load); ++i) c.loads.push_back(i);
}

void SystemCompiler::PlaceInternalStates(CompiledSystem& c) const {
  const Index nNodes = system_.NumberOfItems(ItemCategory::Node);
  const Index nObjects = system_.NumberOfItems(ItemCategory::Object);
  // Internal first-order states of objects: ODE1 unknowns after those of all nodes, or the ODE1
  // coordinates of the node the object names for them (one object per node: each connector
  // writes the rates of its own states, also when connectors are evaluated in parallel).
  c.objectInternalStart.assign(nObjects, -1);
  std::vector<Index> internalStatesOwner(nNodes, -1);
  for (Index i = 0; i < nObjects; ++i) {
    const Index n = system_.GetObject(i).NumberOfInternalStates();
    if (n == 0) continue;
    if (system_.GetObject(i).Kind() != ObjectKind::Connector)
      throw ValueError(system_.ItemDescription(ItemCategory::Object, i) +
                       ": internal states are supported for connectors only");
    const NodeIndex node = system_.GetObject(i).InternalStatesNode();
    if (node.IsValid()) {
      if (system_.GetNode(node.value).NumberOfODE1Coordinates() != n)
        throw ValueError(system_.ItemDescription(ItemCategory::Object, i) + ": its " + std::to_string(n) +
                         " first-order states are the ODE1 coordinates of " +
                         system_.ItemDescription(ItemCategory::Node, node.value) + ", which has " +
                         std::to_string(system_.GetNode(node.value).NumberOfODE1Coordinates()));
      if (internalStatesOwner[node.value] >= 0)
        throw ValueError(system_.ItemDescription(ItemCategory::Object, i) + ": the ODE1 coordinates of " +
                         system_.ItemDescription(ItemCategory::Node, node.value) + " are already the states of " +
                         system_.ItemDescription(ItemCategory::Object, internalStatesOwner[node.value]) +
                         "; give each its own node");
      internalStatesOwner[node.value] = i;
      c.objectInternalStart[i] = c.nodeODE1Start[node.value];
    } else {
      c.objectInternalStart[i] = c.numberOfODE1;
      c.numberOfODE1 += n;
    }
    c.internalStateObjects.push_back(i);
  }
}

void SystemCompiler::CheckKernelSizes(CompiledSystem& c) const {
  const Index nObjects = system_.NumberOfItems(ItemCategory::Object);
  // Kernels see at most maxItemCoordinates coordinates (their vectors are sized at compile time).
  c.objectMarkerNodes.assign(nObjects, {});
  for (Index i = 0; i < nObjects; ++i) {
    auto& nodes = c.objectMarkerNodes[i];
    for (Index marker : c.objectMarkers[i])
      for (Index node : c.markerNodes[marker])
        if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) nodes.push_back(node);
    Index coordinates = 0;
    if (system_.GetObject(i).Kind() == ObjectKind::Body) {
      coordinates = Index(c.objectODE2Indices[i].size());
    } else {
      for (Index node : nodes) coordinates += system_.GetNode(node).NumberOfODE2Coordinates();
    }
    // bodies that evaluate directly on their coordinate vectors have no such bound
    const bool direct = dynamic_cast<const DirectBody*>(&system_.GetObject(i)) != nullptr;
    if (coordinates > maxItemCoordinates && !direct)
      throw ValueError(system_.ItemDescription(ItemCategory::Object, i) + " depends on " + std::to_string(coordinates) +
                       " coordinates; an item may depend on at most " + std::to_string(maxItemCoordinates));
  }
}

void SystemCompiler::StoreReferenceCoordinates(CompiledSystem& c) const {
  const Index nNodes = system_.NumberOfItems(ItemCategory::Node);
  c.ode2Reference.setZero(c.numberOfODE2);
  c.ode1Reference.setZero(c.numberOfODE1);
  for (Index i = 0; i < nNodes; ++i) {
    const Node& node = system_.GetNode(i);
    if (node.NumberOfODE2Coordinates() > 0)
      c.ode2Reference.segment(c.nodeODE2Start[i], node.NumberOfODE2Coordinates()) = node.ReferenceCoordinates();
    if (node.NumberOfODE1Coordinates() > 0)
      c.ode1Reference.segment(c.nodeODE1Start[i], node.NumberOfODE1Coordinates()) = node.ReferenceODE1Coordinates();
  }
}

}  // namespace multidyn
