#include "objects/markers/MarkerChecks.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void CheckMarkerBody(const SystemView& system, ObjectIndex body, bool needsOrientation) {
  if (!body.IsValid()) throw ValueError("parameter 'bodyNumber': a body is required, got none (-1)");
  const Object& object = system.GetObject(body.value);
  if (object.Kind() != ObjectKind::Body && object.Kind() != ObjectKind::Ground)
    throw TypeError("parameter 'bodyNumber': object " + std::to_string(body.value) + " is a " +
                    object.TypeInfo().className + ", not a body");
  if (object.TypeInfo().typeName == "KinematicTree")  // its frames are its links'
    throw TypeError(
        "parameter 'bodyNumber': object " + std::to_string(body.value) +
        " is an ObjectKinematicTree; use MarkerKinematicTreeRigid (objectNumber, linkNumber, localPosition)");
  if (!static_cast<const Body&>(object).ProvidesFrames())
    throw TypeError("parameter 'bodyNumber': object " + std::to_string(body.value) + " is an " +
                    object.TypeInfo().className + ", which has no body frame; attach markers to its nodes");
  if (needsOrientation && !static_cast<const Body&>(object).ProvidesOrientation())
    throw TypeError("parameter 'bodyNumber': object " + std::to_string(body.value) + " is a " +
                    object.TypeInfo().className + ", which has no orientation; use MarkerBodyPosition");
}

void CheckMarkerNode(const SystemView& system, NodeIndex node, bool needsOrientation) {
  if (!node.IsValid()) throw ValueError("parameter 'nodeNumber': a node is required, got none (-1)");
  const Node& n = system.GetNode(node.value);
  if (!n.ProvidesPosition())
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(node.value) + " is a " + n.TypeInfo().className +
                    ", which has no position");
  if (needsOrientation && !n.ProvidesOrientation())
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(node.value) + " is a " + n.TypeInfo().className +
                    ", which has no orientation; use MarkerNodePosition");
}

void CheckCoordinateMarkerNode(const SystemView& system, NodeIndex node, const std::string& marker) {
  if (!node.IsValid()) throw ValueError("parameter 'nodeNumber': a node is required, got none (-1)");
  const Node& n = system.GetNode(node.value);
  if (n.NumberOfODE2Coordinates() == 0 && !n.ProvidesPosition())
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(node.value) + " is a " + n.TypeInfo().className +
                    ", which has no ODE2 coordinates; " + marker +
                    " needs a node with ODE2 coordinates or a ground node (NodePointGround)");
}

}  // namespace multidyn
