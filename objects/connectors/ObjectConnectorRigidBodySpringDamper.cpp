#include "objects/connectors/ObjectConnectorRigidBodySpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

ObjectConnectorRigidBodySpringDamper::Vector6 ObjectConnectorRigidBodySpringDamper::CallForceTorque(
    const EvaluationContext& context, const Vector6& u, const Vector6& v) const {
  return CallUserFunctionVector(*springForceTorqueUserFunction, *this, context.itemNumber,
                                "springForceTorqueUserFunction",
                                {context.system, context.time, context.itemNumber, Vector3(u.head<3>()),
                                 Vector3(u.tail<3>()), Vector3(v.head<3>()), Vector3(v.tail<3>()), stiffness, damping,
                                 MatrixX(rotationMarker0), MatrixX(rotationMarker1), VectorX(offset)},
                                6);
}

void ObjectConnectorRigidBodySpringDamper::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectConnectorRigidBodySpringDamper");
  for (const auto& [matrix, parameter] : {std::pair{&stiffness, "stiffness"}, std::pair{&damping, "damping"}})
    if (matrix->rows() != 6 || matrix->cols() != 6)
      throw ValueError(std::string("parameter '") + parameter + "': expected a 6 x 6 matrix, got " +
                       std::to_string(matrix->rows()) + " x " + std::to_string(matrix->cols()));
  if (postNewtonStepUserFunction)
    throw ValueError("parameter 'postNewtonStepUserFunction': not supported; expected 0 (no function)");
  if (nodeNumber.IsValid()) CheckDataNode(system, nodeNumber, -1);
}

bool ObjectConnectorRigidBodySpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                     const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                     const VectorX&, VectorX& value) const {
  Matrix3 A_0J;
  Vector6 u, v;
  RelativeMotion(m0, m1, A_0J, u, v);
  auto forceTorque = [&] { return activeConnector ? ForceTorque(context, u, v) : Vector6::Zero().eval(); };
  switch (type) {
    case OutputVariableType::DisplacementLocal: value = u.head<3>(); return true;
    case OutputVariableType::VelocityLocal: value = v.head<3>(); return true;
    case OutputVariableType::Rotation: value = u.tail<3>(); return true;
    case OutputVariableType::AngularVelocityLocal: value = v.tail<3>(); return true;
    case OutputVariableType::ForceLocal: value = forceTorque().head<3>(); return true;
    case OutputVariableType::TorqueLocal: value = forceTorque().tail<3>(); return true;
    default: return false;
  }
}

void ObjectConnectorRigidBodySpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(1.1, 0.3, 0.));
  Json stiffness = Json::array(), damping = Json::array();
  for (int i = 0; i < 6; ++i) {  // full, unsymmetric matrices: every coupling term
    Json rowK = Json::array(), rowD = Json::array();
    for (int j = 0; j < 6; ++j) {
      rowK.push_back(i == j ? 40. + 5. * i : 0.3 * (i + 1) - 0.2 * j);
      rowD.push_back(i == j ? 2. + 0.1 * i : 0.05 * (j + 1) - 0.02 * i);
    }
    stiffness.push_back(rowK);
    damping.push_back(rowD);
  }
  for (const bool intrinsic : {false, true})
    testInstances::Add(system, ItemCategory::Object,
                       {{"objectType", "ConnectorRigidBodySpringDamper"},
                        {"stiffness", stiffness},
                        {"damping", damping},
                        {"offset", {0.1, -0.05, 0.02, 0.03, -0.1, 0.2}},
                        {"rotationMarker0", {{0.36, 0.48, -0.8}, {-0.8, 0.6, 0.}, {0.48, 0.64, 0.6}}},
                        {"rotationMarker1", {{0.6, 0., 0.8}, {0., 1., 0.}, {-0.8, 0., 0.6}}},
                        {"useIntrinsicFormulation", intrinsic},
                        {"markerNumbers",
                         {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
                          testInstances::RigidMarker(system, body1, Vector3(-0.3, 0.1, 0.2))}}});
}

const ItemTypeInfo& ObjectConnectorRigidBodySpringDamper::Info() {
  using T = ObjectConnectorRigidBodySpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two rigid markers [m0, m1]")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "a NodeGenericData for Exudyn's postNewtonStepUserFunction (not supported: the node is not used)")
          .KeepsDefaultInTests(
              "optional; the data node is for Exudyn's post-Newton variant, the test instance has none")
          .Add(&T::stiffness, "stiffness", "N/m, N*m/rad",
               "6 x 6 stiffness K in the joint frame against [relative displacement; rotation] - offset (rotation: "
               "Tait-Bryan angles, or the rotation vector if intrinsic)")
          .Add(&T::damping, "damping", "N*s/m, N*m*s/rad",
               "6 x 6 damping D in the joint frame against [relative velocity; relative angular velocity]")
          .Add(&T::rotationMarker0, "rotationMarker0", "", "rotation matrix A_M0J0 from joint frame 0 to marker 0 axes")
          .Add(&T::rotationMarker1, "rotationMarker1", "", "rotation matrix A_M1J1 from joint frame 1 to marker 1 axes")
          .Add(&T::offset, "offset", "m, rad", "offset of the relative displacement (0..2) and angles (3..5)")
          .Add(&T::useIntrinsicFormulation, "useIntrinsicFormulation", "",
               "True: Exudyn's intrinsic formulation (the SE(3) logarithm of the relative motion, in the mid "
               "joint frame; independent of the markers' order); False: displacement and Tait-Bryan angles in "
               "joint frame 0")
          .Alias("intrinsicFormulation")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springForceTorqueUserFunction, "springForceTorqueUserFunction",
              "springForceTorqueUserFunction(mbs, t, itemNumber, displacement, rotation, velocity, "
              "angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) -> 6 reals",
              "a Python function which computes [force; torque] in joint frame 0 from the relative motion; "
              "replaces the linear law (its derivatives by forward differences)")
          .AddUserFunction(
              &T::postNewtonStepUserFunction, "postNewtonStepUserFunction",
              "postNewtonStepUserFunction(mbs, t, Index itemIndex, dataCoordinates, displacement, rotation, "
              "velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) -> list",
              "Exudyn's post-Newton step function for data coordinates; not supported, must be 0")
          .AddVisualization(&T::visualization, "drawing size = size of the drawn frames")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorRigidBodySpringDamper", "ObjectConnectorRigidBodySpringDamper",
      {"RigidBodySpringDamper"}, "connectors",
      "A spring-damper between two rigid frames: 6 x 6 stiffness and damping matrices act on the relative "
      "displacement and Tait-Bryan angles (and their rates) in joint frame 0.",
      fields,
      {OutputVariableType::DisplacementLocal, OutputVariableType::VelocityLocal, OutputVariableType::Rotation,
       OutputVariableType::AngularVelocityLocal, OutputVariableType::ForceLocal, OutputVariableType::TorqueLocal});
  return info;
}

}  // namespace multidyn
