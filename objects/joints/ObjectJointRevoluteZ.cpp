#include "objects/joints/ObjectJointRevoluteZ.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

void ObjectJointRevoluteZ::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointRevoluteZ");
}

bool ObjectJointRevoluteZ::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                     const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  // As Exudyn's: the generic joint's outputs with the z rotation free; ForceLocal is the force on
  // marker 0's body in joint-0 axes, TorqueLocal the two rotation multipliers (and 0).
  static const JointAxes axes({true, true, true, true, true, false}, true);
  const VectorX lambdaUsed = activeConnector ? lambda : VectorX::Zero(5);
  return JointFrameOutput(type, axes, JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, true), m0, lambdaUsed,
                          value);
}

void ObjectJointRevoluteZ::AddTestInstance(SystemBuilder& system) {
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(1.1, 0.3, 0.));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointRevoluteZ"},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
                        testInstances::RigidMarker(system, body1, Vector3(-0.3, 0.1, 0.2))}}});
}

const ItemTypeInfo& ObjectJointRevoluteZ::Info() {
  using T = ObjectJointRevoluteZ;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of markers used in the joint (position and orientation)")
          .Add(&T::rotationMarker0, "rotationMarker0", "", "rotation matrix from joint frame 0 to marker 0 axes")
          .Add(&T::rotationMarker1, "rotationMarker1", "", "rotation matrix from joint frame 1 to marker 1 axes")
          .AddActiveConnector()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationAxisRadius, "axisRadius", "m", "radius of the drawn joint axis")
          .Visualization()
          .Add(&T::visualizationAxisLength, "axisLength", "m", "length of the drawn joint axis")
          .Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointRevoluteZ", "ObjectJointRevoluteZ", {"RevoluteJointZ"}, "joints",
      "A revolute joint: the marker points coincide and the joint frames may only rotate relative to each other "
      "about the z-axis of joint frame 0 (index-3 constraints, 5 Lagrange multipliers).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::DisplacementLocal,
       OutputVariableType::VelocityLocal, OutputVariableType::Rotation, OutputVariableType::AngularVelocityLocal,
       OutputVariableType::ForceLocal, OutputVariableType::TorqueLocal});
  return info;
}

}  // namespace multidyn
