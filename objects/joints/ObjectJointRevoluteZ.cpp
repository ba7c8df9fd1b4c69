#include "objects/joints/ObjectJointRevoluteZ.h"

#include "objects/TestInstances.h"

#include "core/foundation/Rotations.h"
#include "objects/markers/MarkerRequirements.h"

namespace multidyn {

void ObjectJointRevoluteZ::Check(const MainSystem& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointRevoluteZ");
}

bool ObjectJointRevoluteZ::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                     const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  const Matrix3 A_0J0 = RotatedBy<double>(m0.orientation, rotationMarker0);
  const Matrix3 A_0J1 = RotatedBy<double>(m1.orientation, rotationMarker1);
  const Vector3 w0 = m0.orientation * m0.angularVelocityLocal;
  const Vector3 w1 = m1.orientation * m1.angularVelocityLocal;
  const VectorX lambdaUsed = activeConnector ? lambda : VectorX::Zero(5);
  switch (type) {
    case OutputVariableType::Position: value = m0.position; return true;
    case OutputVariableType::Velocity: value = m0.velocity; return true;
    case OutputVariableType::DisplacementLocal: value = A_0J0.transpose() * (m1.position - m0.position); return true;
    case OutputVariableType::VelocityLocal: value = A_0J0.transpose() * (m1.velocity - m0.velocity); return true;
    case OutputVariableType::Rotation: value = RotationMatrixToRotXYZ(A_0J0.transpose() * A_0J1); return true;
    case OutputVariableType::AngularVelocityLocal: value = A_0J0.transpose() * (w1 - w0); return true;
    // As Exudyn's: the multipliers, i.e. the force on marker 0's body (in joint-0 axes) and the
    // multipliers of the two rotation constraints.
    case OutputVariableType::ForceLocal: value = A_0J0.transpose() * lambdaUsed.head<3>(); return true;
    case OutputVariableType::TorqueLocal: value = Vector3(lambdaUsed(3), lambdaUsed(4), 0.); return true;
    default: return false;
  }
}

void ObjectJointRevoluteZ::AddTestInstance(MainSystem& system) {
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(1.1, 0.3, 0.));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointRevoluteZ"},
                      {"markerNumbers", {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
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
          .Add(&T::activeConnector, "activeConnector", "", "False: the joint is inactive and its multipliers are 0")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization").Visualization()
          .Add(&T::visualizationAxisRadius, "axisRadius", "m", "radius of the drawn joint axis").Visualization()
          .Add(&T::visualizationAxisLength, "axisLength", "m", "length of the drawn joint axis").Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color").Visualization()
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
