#include "objects/sensors/SensorKinematicTree.h"

#include "objects/TestInstances.h"

#include <algorithm>

#include "core/items/SystemView.h"
#include "objects/bodies/ObjectKinematicTree.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorKinematicTree::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  return ObjectKinematicTree::TreeWithLink(system, objectNumber, linkNumber)
      .LinkOutput(system, outputVariableType, linkNumber, localPosition, configuration);
}

void SensorKinematicTree::Check(const SystemView& system) const {
  ObjectKinematicTree::TreeWithLink(system, objectNumber, linkNumber);
  const auto& available = ObjectKinematicTree::LinkOutputTypes();
  if (std::find(available.begin(), available.end(), outputVariableType) == available.end()) {
    std::string names;
    for (OutputVariableType t : available)
      names += (names.empty() ? "" : ", ") + std::string(OutputVariableTypeName(t));
    throw ValueError("parameter 'outputVariableType': OutputVariableType." +
                     std::string(OutputVariableTypeName(outputVariableType)) +
                     " is not available for a link of an ObjectKinematicTree; available: " + names);
  }
}

void SensorKinematicTree::AddTestInstance(SystemBuilder& system) {
  const Index tree = testInstances::KinematicTreeChain(system);
  testInstances::Add(system, ItemCategory::Sensor,
                     {{"sensorType", "KinematicTree"},
                      {"objectNumber", tree},
                      {"linkNumber", 1},
                      {"localPosition", {0.1, 0.2, 0.}},
                      {"outputVariableType", "Velocity"},
                      {"writeToFile", false}});
}

const ItemTypeInfo& SensorKinematicTree::Info() {
  using T = SensorKinematicTree;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name")
        .Add(&T::objectNumber, "objectNumber", "", "the ObjectKinematicTree to read")
        .Add(&T::linkNumber, "linkNumber", "", "the link (0-based) to read")
        .Structural()
        .Add(&T::localPosition, "localPosition", "m",
             "point of the link, in link axes relative to its joint, at which the output is read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "KinematicTree", "SensorKinematicTree", {}, "sensors",
      "Reads an OutputVariableType of the point localPosition of link linkNumber of an ObjectKinematicTree at every "
      "sensorsWritePeriod: Position, Displacement, Velocity, VelocityLocal, Acceleration, AccelerationLocal, Rotation "
      "(Tait-Bryan xyz angles), RotationMatrix, AngularVelocity, AngularVelocityLocal, AngularAcceleration, "
      "AngularAccelerationLocal (Local: in link axes).",
      fields, {});
  return info;
}

}  // namespace multidyn
