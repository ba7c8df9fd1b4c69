// What an item sees of the system it belongs to: a read-only view for its checks, outputs,
// sensors and user functions (item lookup, node and marker data, states, the index maps of the
// last Assemble()). Items never see the editable MainSystem (core/model), which implements this
// view: they cannot add, remove or change items, so an algorithm cannot change the model through
// them. scripts/check-layers.py keeps objects/ from including core/model/.
#pragma once

#include <string>
#include <vector>

#include "core/foundation/CompiledSystem.h"
#include "core/foundation/SystemState.h"
#include "core/items/Body.h"
#include "core/items/Load.h"
#include "core/items/Marker.h"
#include "core/items/Node.h"
#include "core/items/Object.h"
#include "core/items/Sensor.h"

namespace multidyn {

class SystemView {
 public:
  virtual ~SystemView() = default;

  // ---- items ---------------------------------------------------------------------------
  virtual Index NumberOfItems(ItemCategory category) const = 0;
  virtual const Item& GetItem(ItemCategory category, Index index) const = 0;  // throws IndexError
  const Node& GetNode(Index index) const { return static_cast<const Node&>(GetItem(ItemCategory::Node, index)); }
  const Object& GetObject(Index index) const {
    return static_cast<const Object&>(GetItem(ItemCategory::Object, index));
  }
  const Marker& GetMarker(Index index) const {
    return static_cast<const Marker&>(GetItem(ItemCategory::Marker, index));
  }
  const Load& GetLoad(Index index) const { return static_cast<const Load&>(GetItem(ItemCategory::Load, index)); }
  const Sensor& GetSensor(Index index) const {
    return static_cast<const Sensor&>(GetItem(ItemCategory::Sensor, index));
  }
  // "object 3 (ObjectRigidBody 'arm')"
  virtual std::string ItemDescription(ItemCategory category, Index index) const = 0;
  // The number of an item of this system (outputs of items that need their own number).
  virtual Index ItemNumberOf(ItemCategory category, const Item& item) const = 0;
  Index ObjectIndexOf(const Object& object) const { return ItemNumberOf(ItemCategory::Object, object); }

  // ---- structure and states ------------------------------------------------------------
  virtual const CompiledSystem& Compiled() const = 0;  // throws NotAssembledError if out of date
  virtual const SystemState& CurrentState() const = 0;
  virtual const SystemState& State(ConfigurationType configuration) const = 0;

  // ---- node and marker data in a state -------------------------------------------------
  // Total coordinates (reference + displacement) of a node in a state.
  virtual void NodeTotalCoordinates(Index node, const SystemState& state, VectorX& q, VectorX& q_t) const = 0;
  virtual NodeKinematics<double> NodeKinematicsOf(Index node, const SystemState& state) const = 0;
  virtual MarkerData<double> MarkerDataOf(Index marker, const SystemState& state) const = 0;
  virtual EvaluationContext ContextOf(Index object, const SystemState& state) const = 0;

  // ---- outputs (sensors read these) ----------------------------------------------------
  virtual VectorX GetNodeOutput(Index node, OutputVariableType type, ConfigurationType configuration) const = 0;
  virtual VectorX GetObjectOutput(Index object, OutputVariableType type, ConfigurationType configuration) const = 0;
  virtual VectorX GetObjectOutputBody(Index object, OutputVariableType type, const Vector3& localPosition,
                                      ConfigurationType configuration) const = 0;
  virtual VectorX GetMarkerOutput(Index marker, OutputVariableType type, ConfigurationType configuration) const = 0;
  virtual VectorX GetLoadValues(Index load) const = 0;
};

// "object 3 (ObjectRigidBody 'arm')": how messages name an item.
std::string ItemDescription(const Item& item, Index index);

}  // namespace multidyn
