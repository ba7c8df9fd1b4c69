#include "objects/sensors/SensorUserFunction.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorUserFunction::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  if (!sensorUserFunction) return VectorX();  // the test instance: no function, no values
  const Index number = system.ItemNumberOf(ItemCategory::Sensor, *this);
  IndexList numbers;  // the function gets plain numbers, as in Exudyn
  for (SensorIndex sensor : sensorNumbers) numbers.push_back(sensor.value);
  return CallUserFunctionVector(*sensorUserFunction, *this, number, "sensorUserFunction",
                                {&system, system.State(configuration).time, numbers, factors, configuration}, -1);
}

std::string SensorUserFunction::Target() const {
  std::string text = "sensors [";
  for (size_t k = 0; k < sensorNumbers.size(); ++k) text += (k ? ", " : "") + std::to_string(sensorNumbers[k].value);
  return text + "] (user function)";
}

void SensorUserFunction::AddTestInstance(SystemBuilder& system) {
  // the values of two sensors on a mass point, which a user function would combine
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  const Index node = testInstances::NodeOf(system, point);
  Json sensors = Json::array();
  for (const char* output : {"Position", "Velocity"})
    sensors.push_back(testInstances::Add(
        system, ItemCategory::Sensor,
        {{"sensorType", "Node"}, {"nodeNumber", node}, {"outputVariableType", output}, {"writeToFile", false}}));
  testInstances::Add(system, ItemCategory::Sensor,
                     {{"sensorType", "UserFunction"},
                      {"sensorNumbers", sensors},
                      {"factors", {2., 3.}},
                      {"outputVariableType", "Position"},
                      {"writeToFile", false}});
}

const ItemTypeInfo& SensorUserFunction::Info() {
  using T = SensorUserFunction;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name")
        .Add(&T::sensorNumbers, "sensorNumbers", "", "sensors the user function may read (passed to it)")
        .Add(&T::factors, "factors", "", "numbers passed to the user function (e.g. scaling factors)")
        .AddUserFunction(&T::sensorUserFunction, "sensorUserFunction",
                         "sensorUserFunction(mbs, t, sensorNumbers, factors, configuration) -> list of Real",
                         "computes the sensor's values, e.g. from mbs.GetSensorValues(sensorNumbers[i]); any number "
                         "of values");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "UserFunction", "SensorUserFunction", {}, "sensors",
      "A sensor whose values a Python function computes at every sensorsWritePeriod, typically from other sensors; "
      "outputVariableType is not used.",
      fields, {});
  return info;
}

}  // namespace multidyn
