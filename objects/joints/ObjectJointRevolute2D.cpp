#include "objects/joints/ObjectJointRevolute2D.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectJointRevolute2D::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectJointRevolute2D");
}

bool ObjectJointRevolute2D::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                      const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  switch (type) {
    case OutputVariableType::Position: value = m0.position; return true;
    case OutputVariableType::Velocity: value = m0.velocity; return true;
    // p_m1 - p_m0: the drift of the constraint (z is not constrained)
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    // as Exudyn's: the multipliers, the force the joint applies to the body of marker 0 (global axes)
    case OutputVariableType::Force:
      value = activeConnector ? Vector3(lambda(0), lambda(1), 0.) : Vector3::Zero();
      return true;
    default: return false;
  }
}

void ObjectJointRevolute2D::AddTestInstance(SystemBuilder& system) {
  const Index ground = testInstances::Add(system, ItemCategory::Node,
                                          {{"nodeType", "PointGround"}, {"referenceCoordinates", {0.4, -0.5, 0.}}});
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  const Index groundMarker =
      testInstances::Add(system, ItemCategory::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", ground}});
  testInstances::Add(
      system, ItemCategory::Object,
      {{"objectType", "JointRevolute2D"},
       {"markerNumbers", {groundMarker, testInstances::RigidMarker(system, body, Vector3(-0.5, 0.1, 0.))}}});
}

const ItemTypeInfo& ObjectJointRevolute2D::Info() {
  using T = ObjectJointRevolute2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1] used in the joint")
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size = radius of revolute joint")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointRevolute2D", "ObjectJointRevolute2D", {"RevoluteJoint2D"}, "joints",
      "A revolute joint in 2D: constrains the global x and y positions of two points given by position or rigid "
      "markers to coincide (index-3 constraints, 2 Lagrange multipliers = the global x, y forces on marker 0).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::Displacement,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
