#include "objects/joints/ObjectJointRollingDisc.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

Index ObjectJointRollingDisc::NumberOfAlgebraicEquations() const {
  Index count = 0;
  for (bool locked : LockedAxes<3>(constrainedAxes)) count += locked ? 1 : 0;
  return count;
}

Vector3 ObjectJointRollingDisc::LocalMultipliers(const VectorX& lambda) const {
  Vector3 local = Vector3::Zero();
  const std::array<bool, 3> locked = LockedAxes<3>(constrainedAxes);
  for (Index k = 0, row = 0; k < 3; ++k)
    if (locked[k]) local(k) = lambda(row++);
  return local;
}

void ObjectJointRollingDisc::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointRollingDisc");
  CheckLockedAxes(constrainedAxes, 3);
}

bool ObjectJointRollingDisc::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                       const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  const RollingDiscFrame<double> f = FrameOf(m0, m1);
  switch (type) {
    case OutputVariableType::Position: value = f.p_C; return true;
    case OutputVariableType::Velocity: value = RollingDiscTrailVelocity(f, m0, m1, discAxis, discRadius); return true;
    // the contact force on the disc in joint axes [lateral, forward, normal]: -lambda (Exudyn's)
    case OutputVariableType::ForceLocal:
      value = activeConnector ? Vector3(-LocalMultipliers(lambda)) : Vector3::Zero();
      return true;
    case OutputVariableType::RotationMatrix: value = RowMajorEntries(f.A_0J); return true;
    default: return false;
  }
}

void ObjectJointRollingDisc::AddTestInstance(SystemBuilder& system) {
  // a moving, turning plane (marker 0) and a tilted disc, so that every term is exercised
  const Index plane = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.1, 0.2, -0.3));
  const Index disc = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.4, -0.1, 0.5));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointRollingDisc"},
                      {"discRadius", 0.45},
                      {"discAxis", {0., 0.6, 0.8}},
                      {"planeNormal", {0., 0., 1.}},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, plane, Vector3(0.2, 0.1, -0.1)),
                        testInstances::RigidMarker(system, disc, Vector3(0., 0., 0.))}}});
}

const ItemTypeInfo& ObjectJointRollingDisc::Info() {
  using T = ObjectJointRollingDisc;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two markers [m0, m1] (position and orientation): m0 on the body with the rolling plane "
               "(ground), m1 at the disc center")
          .Add(&T::constrainedAxes, "constrainedAxes", "",
               "flags [j0, j1, j2], 1 = constrained: j0 lateral, j1 forward (longitudinal), j2 normal (contact) "
               "velocity of the contact point; free axes have no equation")
          .TestValue(R"([1, 1, 0])")
          .Structural()
          .AddActiveConnector()
          .Add(&T::discRadius, "discRadius", "m", "radius r of the disc")
          .NonNegative()
          .Add(&T::discAxis, "discAxis", "", "axis of the disc in marker 1 axes, a unit vector (used as given)")
          .NonZero()
          .Add(&T::planeNormal, "planeNormal", "",
               "normal of the rolling plane in marker 0 axes, pointing towards the disc, a unit vector (used as given)")
          .NonZero()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationDiscWidth, "discWidth", "m", "width of the disc as drawn")
          .Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointRollingDisc", "ObjectJointRollingDisc", {"RollingDiscJoint"}, "joints",
      "An ideal rolling disc: an infinitely thin disc (center and axis given by marker 1) rolls without slipping "
      "on a flat plane fixed to marker 0 (ground or a moving body). Nonholonomic: its equations constrain the "
      "velocity of the contact point (lateral, forward, normal), index-2 constraints on velocities in every solver "
      "(3 Lagrange multipliers = the contact force on the plane in joint axes).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::ForceLocal,
       OutputVariableType::RotationMatrix});
  return info;
}

}  // namespace multidyn
