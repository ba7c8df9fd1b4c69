#include "objects/nodes/NodeGenericData.h"

#include "objects/TestInstances.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void NodeGenericData::Check(const SystemView&) const {
  if (initialCoordinates.size() != numberOfDataCoordinates)
    throw ValueError("parameter 'initialCoordinates': expected " + std::to_string(numberOfDataCoordinates) +
                     " values (numberOfDataCoordinates), got " + std::to_string(initialCoordinates.size()));
}

void NodeGenericData::AddTestInstance(SystemBuilder& system) {
  // as the rotation counter of a torsional spring-damper
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index ground = testInstances::Ground(system);
  const Index node =
      testInstances::Add(system, ItemCategory::Node,
                         {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 1}, {"initialCoordinates", {0.}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorTorsionalSpringDamper"},
                      {"nodeNumber", node},
                      {"stiffness", 20.},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, ground, Vector3::Zero()),
                        testInstances::RigidMarker(system, body, Vector3(0.1, 0., 0.))}}});
}

const ItemTypeInfo& NodeGenericData::Info() {
  using T = NodeGenericData;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::numberOfDataCoordinates, "numberOfDataCoordinates", "", "number of data coordinates")
          .NonNegative()
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "", "initial values of the data coordinates")
          .Structural()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "GenericData", "NodeGenericData", {}, "nodes",
      "Data coordinates: discrete state that items update after each converged step (e.g. the rotation "
      "counter of a torsional spring-damper); not part of the equations of motion.",
      fields, {OutputVariableType::Coordinates});
  return info;
}

}  // namespace multidyn
