// A scalar load on a coordinate marker: a force on a translational coordinate or a torque on a
// rotational one, optionally from loadUserFunction(mbs, t, load).
#pragma once

#include "core/items/Load.h"

namespace multidyn {

class LoadCoordinate : public LoadKernels<LoadCoordinate> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  MarkerIndex MarkerNumber() const override { return markerNumber; }
  void Check(const SystemView& system) const override;
  // The scalar load as the first component (loads share the vector interface).
  Vector3 CurrentLoadVector(const EvaluationContext& context) const override;
  Index NumberOfLoadValues() const override { return 1; }
  template <class S> void MarkerLoadOf(const MarkerData<S>&, const Vector3& value, MarkerLoad<S>& markerLoad) const {
    markerLoad.coordinateForce = S(value(0));
  }

  MarkerIndex markerNumber;
  double load = 0.;
  ScriptFunctionPtr loadUserFunction;
  bool visualizationShow = true;
};

}  // namespace multidyn
