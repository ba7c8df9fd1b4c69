// Base of loads: a force or torque vector applied at a marker.
#pragma once

#include "core/foundation/Kinematics.h"
#include "core/items/Item.h"
#include "core/items/Object.h"

namespace multidyn {

class Load : public Item {
 public:
  virtual MarkerIndex MarkerNumber() const = 0;
  virtual bool NeedsOrientation() const { return false; }
  // The load vector now, from the user function if there is one: the load's value (GetLoadValues,
  // SensorLoad).
  virtual Vector3 CurrentLoadVector(const EvaluationContext& context) const = 0;
  // The vector the load applies at its marker, if it is not its value (a mass-proportional load
  // applies its value times the body's mass).
  virtual Vector3 AppliedLoadVector(const EvaluationContext& context) const { return CurrentLoadVector(context); }
  // How many leading components of the load vector are the load's values (GetLoadValues,
  // SensorLoad): 3 for force and torque vectors, 1 for scalar loads.
  virtual Index NumberOfLoadValues() const { return 3; }
#define MULTIDYN_LOAD_KERNELS(S) \
  virtual void ComputeMarkerLoad(const MarkerData<S>& marker, const Vector3& loadVector, MarkerLoad<S>& load) const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_LOAD_KERNELS)
#undef MULTIDYN_LOAD_KERNELS
};

template <class Derived> class LoadKernels : public ItemOf<Derived, Load> {
 public:
#define MULTIDYN_LOAD_KERNELS(S)                                                                                       \
  void ComputeMarkerLoad(const MarkerData<S>& marker, const Vector3& loadVector, MarkerLoad<S>& load) const override { \
    static_cast<const Derived&>(*this).MarkerLoadOf(marker, loadVector, load);                                         \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_LOAD_KERNELS)
#undef MULTIDYN_LOAD_KERNELS
};

}  // namespace multidyn
