#include "objects/markers/MarkerKinematicTreeRigid.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"

namespace multidyn {

void MarkerKinematicTreeRigid::Check(const SystemView& system) const {
  ObjectKinematicTree::TreeWithLink(system, objectNumber, linkNumber);
}

void MarkerKinematicTreeRigid::AddTestInstance(SystemBuilder& system) {
  // A follower force and a torque on the second link of a chain.
  const Index tree = testInstances::KinematicTreeChain(system);
  const Index marker = testInstances::Add(system, ItemCategory::Marker,
                                          {{"markerType", "KinematicTreeRigid"},
                                           {"objectNumber", tree},
                                           {"linkNumber", 1},
                                           {"localPosition", {0.2, -0.1, 0.3}},
                                           {"localRotationMatrix", {{0., -1., 0.}, {1., 0., 0.}, {0., 0., 1.}}}});
  testInstances::Add(
      system, ItemCategory::Load,
      {{"loadType", "ForceVector"}, {"markerNumber", marker}, {"loadVector", {1., 2., 3.}}, {"bodyFixed", true}});
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "TorqueVector"}, {"markerNumber", marker}, {"loadVector", {0.5, -1., 2.}}});
}

const ItemTypeInfo& MarkerKinematicTreeRigid::Info() {
  using T = MarkerKinematicTreeRigid;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::objectNumber, "objectNumber", "", "the ObjectKinematicTree the marker is attached to")
          .Add(&T::linkNumber, "linkNumber", "", "the link (0-based) the marker is attached to")
          .Structural()
          .Add(&T::localPosition, "localPosition", "m",
               "position of the marker in link axes, relative to the link frame origin (its joint)")
          .Add(&T::localRotationMatrix, "localRotationMatrix", "",
               "rotation A_LM from marker to link axes; give it with localPosition as localHT=exu.HT(rotation=A_LM, "
               "translation=p) (Exudyn 1.13's localHT)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "KinematicTreeRigid", "MarkerKinematicTreeRigid", {}, "markers",
      "A frame fixed to link linkNumber of an ObjectKinematicTree at localPosition with orientation "
      "localRotationMatrix; provides "
      "position, orientation, velocity, angular velocity and their Jacobians with respect to the tree's joint "
      "coordinates "
      "to joints, connectors and loads (so that closed loops and actuated links can be modelled).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::RotationMatrix,
       OutputVariableType::Rotation, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal});
  return info;
}

}  // namespace multidyn
