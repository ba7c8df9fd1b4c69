// A load proportional to the mass of a body (gravity): the force m b at the body's center of
// mass, b = loadVector [m/s^2] in global axes, applied through a MarkerBodyMass.
#pragma once

#include "core/foundation/ScriptFunction.h"
#include "core/items/Load.h"

namespace multidyn {

class LoadMassProportional : public LoadKernels<LoadMassProportional> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  MarkerIndex MarkerNumber() const override { return markerNumber; }
  void Check(const SystemView& system) const override;
  // b, from loadVectorUserFunction(mbs, t, loadVector) if there is one: the load's value.
  Vector3 CurrentLoadVector(const EvaluationContext& context) const override;
  // m b: the force at the center of mass.
  Vector3 AppliedLoadVector(const EvaluationContext& context) const override;

  template <class S> void MarkerLoadOf(const MarkerData<S>&, const Vector3& force, MarkerLoad<S>& load) const {
    load.force = force.cast<S>();
  }

  MarkerIndex markerNumber;
  Vector3 loadVector = Vector3::Zero();
  ScriptFunctionPtr loadVectorUserFunction;
  bool visualizationShow = true;
};

}  // namespace multidyn
