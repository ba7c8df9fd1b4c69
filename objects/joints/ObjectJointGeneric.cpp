#include "objects/joints/ObjectJointGeneric.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

JointAxes ObjectJointGeneric::Axes() const {
  const std::array<bool, 6> locked = LockedAxes<6>(constrainedAxes);
  return JointAxes(locked, locked[0] && locked[1] && locked[2]);
}

void ObjectJointGeneric::Check(const SystemView& system) const {
  CheckLockedAxes(constrainedAxes, 6);
  if (alternativeConstraints)
    throw ValueError(
        "parameter 'alternativeConstraints': True (Exudyn's experimental rotation "
        "equations) is not supported; expected False");
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointGeneric");
}

Vector6 ObjectJointGeneric::Offset(const EvaluationContext& context) const {
  if (!offsetUserFunction) return Vector6::Zero();
  return CallUserFunctionVector(
      *offsetUserFunction, *this, context.itemNumber, "offsetUserFunction",
      {context.system, context.time, context.itemNumber, VectorX(offsetUserFunctionParameters)}, 6);
}

Vector6 ObjectJointGeneric::Offset_t(const EvaluationContext& context) const {
  if (!offsetUserFunction_t) return Vector6::Zero();
  return CallUserFunctionVector(
      *offsetUserFunction_t, *this, context.itemNumber, "offsetUserFunction_t",
      {context.system, context.time, context.itemNumber, VectorX(offsetUserFunctionParameters)}, 6);
}

bool ObjectJointGeneric::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                   const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  // As Exudyn's: the frames without the offset rotation.
  const JointAxes axes = Axes();
  const VectorX lambdaUsed = activeConnector ? lambda : VectorX::Zero(axes.NumberOfEquations());
  return JointFrameOutput(type, axes, JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, true), m0, lambdaUsed,
                          value);
}

void ObjectJointGeneric::AddTestInstance(SystemBuilder& system) {
  // One joint of each kind of equations: global translations and three rotations, local
  // translations with two, one and no rotations; turned joint frames.
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(1.1, 0.3, 0.));
  const Json turned0 = {{0.36, 0.48, -0.8}, {-0.8, 0.6, 0.}, {0.48, 0.64, 0.6}};
  const Json turned1 = {{0.6, 0., 0.8}, {0., 1., 0.}, {-0.8, 0., 0.6}};
  const std::vector<std::vector<int>> cases = {
      {1, 1, 1, 1, 1, 1}, {1, 0, 1, 0, 1, 1}, {0, 1, 1, 1, 0, 0}, {1, 1, 0, 0, 0, 0}};
  for (const auto& axes : cases)
    testInstances::Add(system, ItemCategory::Object,
                       {{"objectType", "JointGeneric"},
                        {"constrainedAxes", axes},
                        {"rotationMarker0", turned0},
                        {"rotationMarker1", turned1},
                        {"markerNumbers",
                         {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
                          testInstances::RigidMarker(system, body1, Vector3(-0.3, 0.1, 0.2))}}});
}

const ItemTypeInfo& ObjectJointGeneric::Info() {
  using T = ObjectJointGeneric;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two markers [m0, m1] (position and orientation)")
          .Add(&T::constrainedAxes, "constrainedAxes", "",
               "six flags, 1 = locked, 0 = free: translations along (0, 1, 2) and rotations about (3, 4, 5) the axes "
               "of joint frame 0")
          .Structural()
          .Add(&T::rotationMarker0, "rotationMarker0", "", "rotation matrix A_M0J0 from joint frame 0 to marker 0 axes")
          .Add(&T::rotationMarker1, "rotationMarker1", "", "rotation matrix A_M1J1 from joint frame 1 to marker 1 axes")
          .AddActiveConnector()
          .Add(&T::offsetUserFunctionParameters, "offsetUserFunctionParameters", "",
               "six parameters passed to offsetUserFunction and offsetUserFunction_t")
          .AddUserFunction(&T::offsetUserFunction, "offsetUserFunction",
                           "offsetUserFunction(mbs, t, itemNumber, offsetUserFunctionParameters) -> 6 reals",
                           "a Python function which gives the time-dependent offsets of the locked axes: translations "
                           "u_0..2 [m] in joint frame 0 (global if all three are locked) and Tait-Bryan xyz angles "
                           "u_3..5 [rad] turning joint frame 0; smooth and consistent with the initial configuration")
          .AddUserFunction(&T::offsetUserFunction_t, "offsetUserFunction_t",
                           "offsetUserFunction_t(mbs, t, itemNumber, offsetUserFunctionParameters) -> 6 reals",
                           "time derivative of offsetUserFunction, used in the velocity-level (index 2) equations")
          .Add(&T::alternativeConstraints, "alternativeConstraints", "",
               "Exudyn's experimental alternative rotation equations; not supported, must be False")
          .KeepsDefaultInTests("Exudyn's alternative constraints are not supported")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationAxesRadius, "axesRadius", "m", "radius of the drawn joint axes")
          .Visualization()
          .Add(&T::visualizationAxesLength, "axesLength", "m", "length of the drawn joint axes")
          .Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointGeneric", "ObjectJointGeneric", {"GenericJoint"}, "joints",
      "A joint which locks any of the relative translations and rotations of two joint frames (index-3 constraints, "
      "one Lagrange multiplier per locked axis); the locked coordinates may follow an offsetUserFunction.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::DisplacementLocal,
       OutputVariableType::VelocityLocal, OutputVariableType::Rotation, OutputVariableType::AngularVelocityLocal,
       OutputVariableType::ForceLocal, OutputVariableType::TorqueLocal});
  return info;
}

}  // namespace multidyn
