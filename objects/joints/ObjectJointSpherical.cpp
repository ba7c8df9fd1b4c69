#include "objects/joints/ObjectJointSpherical.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectJointSpherical::Check(const SystemView& system) const {
  CheckLockedAxes(constrainedAxes, 3);
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectJointSpherical");
}

bool ObjectJointSpherical::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                     const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  switch (type) {
    case OutputVariableType::Position: value = m0.position; return true;
    case OutputVariableType::Velocity: value = m0.velocity; return true;
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    case OutputVariableType::Force: {
      const JointAxes axes = Axes();
      value = activeConnector ? Vector3(axes.MultipliersPerAxis(lambda).head<3>()) : Vector3::Zero();
      return true;
    }
    default: return false;
  }
}

void ObjectJointSpherical::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::MassPoint(system, Vector3(1.1, 0.3, 0.));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointSpherical"},
                      {"constrainedAxes", {1, 0, 1}},
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, Vector3(0.4, 0.1, -0.2)),
                        testInstances::PositionMarker(system, point, Vector3(0., 0., 0.))}}});
}

const ItemTypeInfo& ObjectJointSpherical::Info() {
  using T = ObjectJointSpherical;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1]")
          .Add(&T::constrainedAxes, "constrainedAxes", "",
               "three flags, 1 = locked, 0 = free: the global translations the joint locks")
          .Structural()
          .AddActiveConnector()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationJointRadius, "jointRadius", "m", "radius of the drawn joint sphere")
          .Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointSpherical", "ObjectJointSpherical", {"SphericalJoint"}, "joints",
      "A spherical joint: the two marker points coincide along the locked global axes, rotations are free "
      "(index-3 constraints, one Lagrange multiplier per locked axis: the force on marker 0).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::Displacement,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
