#include "objects/joints/ObjectJointPrismaticX.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectJointPrismaticX::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointPrismaticX");
}

bool ObjectJointPrismaticX::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                      const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  const VectorX lambdaUsed = activeConnector ? lambda : VectorX::Zero(5);
  return JointFrameOutput(type, Axes(), JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, true), m0, lambdaUsed,
                          value);
}

void ObjectJointPrismaticX::AddTestInstance(SystemBuilder& system) {
  const Index body0 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(1.1, 0.3, 0.));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointPrismaticX"},
                      {"rotationMarker0", {{0.36, 0.48, -0.8}, {-0.8, 0.6, 0.}, {0.48, 0.64, 0.6}}},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
                        testInstances::RigidMarker(system, body1, Vector3(-0.3, 0.1, 0.2))}}});
}

const ItemTypeInfo& ObjectJointPrismaticX::Info() {
  using T = ObjectJointPrismaticX;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two markers [m0, m1] (position and orientation)")
          .Add(&T::rotationMarker0, "rotationMarker0", "", "rotation matrix A_M0J0 from joint frame 0 to marker 0 axes")
          .Add(&T::rotationMarker1, "rotationMarker1", "", "rotation matrix A_M1J1 from joint frame 1 to marker 1 axes")
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
      ItemCategory::Object, "JointPrismaticX", "ObjectJointPrismaticX", {"PrismaticJointX"}, "joints",
      "A prismatic joint: joint frame 1 may only translate along the x-axis of joint frame 0, without relative "
      "rotation (index-3 constraints, 5 Lagrange multipliers).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::DisplacementLocal,
       OutputVariableType::VelocityLocal, OutputVariableType::Rotation, OutputVariableType::AngularVelocityLocal,
       OutputVariableType::ForceLocal, OutputVariableType::TorqueLocal});
  return info;
}

}  // namespace multidyn
