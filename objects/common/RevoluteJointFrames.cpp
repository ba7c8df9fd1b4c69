#include "objects/common/RevoluteJointFrames.h"

#include "core/foundation/Errors.h"
#include "objects/joints/ObjectJointRevolute2D.h"
#include "objects/joints/ObjectJointRevoluteZ.h"

namespace multidyn {

namespace {
// A rigid marker, or a position marker on a rigid or ground body, or on a ground node.
bool SideRotates(const SystemView& system, const Marker& marker) {
  if (marker.ProvidesOrientation()) return true;
  if (marker.BodyNumber().IsValid()) {
    const Object& body = system.GetObject(marker.BodyNumber().value);
    if (body.Kind() == ObjectKind::Ground) return true;
    const auto nodes = body.NodeNumbers();
    return nodes.size() == 1 && system.GetNode(nodes[0].value).ProvidesOrientation();
  }
  return marker.NodeNumber().IsValid() && system.GetNode(marker.NodeNumber().value).NumberOfODE2Coordinates() == 0;
}
}  // namespace

std::array<MarkerIndex, 2> ResolveRevoluteJoint(const SystemView& system, Index joint, const std::string& parameter) {
  const Object& object = system.GetObject(joint);
  if (!dynamic_cast<const ObjectJointRevoluteZ*>(&object) && !dynamic_cast<const ObjectJointRevolute2D*>(&object)) {
    throw TypeError(parameter + ": object " + std::to_string(joint) + " is a " + object.TypeInfo().className +
                    "; expected a revolute joint (ObjectJointRevoluteZ, ObjectJointRevolute2D)");
  }
  const auto markers = object.MarkerNumbers();
  for (MarkerIndex m : markers) {
    const Marker& marker = system.GetMarker(m.value);
    if (!SideRotates(system, marker))
      throw TypeError(parameter + ": joint " + std::to_string(joint) + " acts on marker " + std::to_string(m.value) +
                      " (" + marker.TypeInfo().className +
                      "), which has no rotation to measure or to apply a "
                      "torque to; the joint must connect rigid bodies or ground");
  }
  return {markers[0], markers[1]};
}

void RevoluteJointRotations(const Object& joint, Matrix3& rotation0, Matrix3& rotation1) {
  if (const auto* z = dynamic_cast<const ObjectJointRevoluteZ*>(&joint)) {
    rotation0 = z->rotationMarker0;
    rotation1 = z->rotationMarker1;
  } else {
    rotation0 = rotation1 = Matrix3::Identity();
  }
}

}  // namespace multidyn
