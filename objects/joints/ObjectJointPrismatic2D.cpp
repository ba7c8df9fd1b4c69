#include "objects/joints/ObjectJointPrismatic2D.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectJointPrismatic2D::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointPrismatic2D");
}

bool ObjectJointPrismatic2D::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                       const MarkerData<double>& m0, const MarkerData<double>& m1,
                                       const VectorX& lambda, VectorX& value) const {
  MarkerLoad<double> loads[2];
  if (activeConnector) ConstraintLoads(context, m0, m1, lambda, loads);
  switch (type) {
    case OutputVariableType::Position: value = m0.position; return true;
    case OutputVariableType::Velocity: value = m0.velocity; return true;
    // p_m1 - p_m0: its component along t0 is the joint's travel
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    // the force and torque the joint applies to the body of marker 0 (global axes)
    case OutputVariableType::Force: value = loads[0].force; return true;
    case OutputVariableType::Torque: value = loads[0].torque; return true;
    default: return false;
  }
}

void ObjectJointPrismatic2D::AddTestInstance(SystemBuilder& system) {
  const Index body0 = testInstances::RigidBody2D(system, Vector3(0.4, -0.5, 0.3));
  const Index body1 = testInstances::RigidBody2D(system, Vector3(0.9, -1., 0.7));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointPrismatic2D"},
                      {"axisMarker0", {0.6, 0.8, 0.}},
                      {"normalMarker1", {-0.28, 0.96, 0.}},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body0, Vector3(0.3, 0.1, 0.)),
                        testInstances::RigidMarker(system, body1, Vector3(-0.5, 0.2, 0.))}}});
}

const ItemTypeInfo& ObjectJointPrismatic2D::Info() {
  using T = ObjectJointPrismatic2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two markers [m0, m1] (position and orientation) used in the joint")
          .Add(&T::axisMarker0, "axisMarker0", "",
               "direction t0 of the prismatic axis in marker 0 axes (used as given, as in Exudyn)")
          .NonZero()
          .Add(&T::normalMarker1, "normalMarker1", "",
               "normal n1 to the prismatic axis in marker 1 axes (used as given, as in Exudyn)")
          .NonZero()
          .Add(&T::constrainRotation, "constrainRotation", "",
               "True: t0 stays normal to n1 (no relative rotation); False: marker 1 may rotate (1 equation)")
          .Structural()
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size of the joint")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointPrismatic2D", "ObjectJointPrismatic2D", {"PrismaticJoint2D"}, "joints",
      "A prismatic joint in 2D: the point of marker 1 stays on the line through marker 0 along axisMarker0 "
      "(normal to normalMarker1 of marker 1), and, with constrainRotation, the markers keep their relative "
      "orientation (index-3 constraints, 2 or 1 Lagrange multipliers).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::Displacement,
       OutputVariableType::Force, OutputVariableType::Torque});
  return info;
}

}  // namespace multidyn
