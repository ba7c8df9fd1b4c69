// Base of loads: a force or torque vector applied at a marker.
#pragma once

#include "core/Item.h"
#include "core/Kinematics.h"
#include "core/Object.h"

namespace multidyn {

class Load : public Item {
 public:
  virtual MarkerIndex MarkerNumber() const = 0;
  virtual bool NeedsOrientation() const { return false; }
  // The load vector now, from the user function if there is one.
  virtual Vector3 CurrentLoadVector(const EvaluationContext& context) const = 0;
  // How many leading components of the load vector are the load's values (GetLoadValues,
  // SensorLoad): 3 for force and torque vectors, 1 for scalar loads.
  virtual Index NumberOfLoadValues() const { return 3; }
  virtual void ComputeMarkerLoad(const MarkerData<double>& marker, const Vector3& loadVector,
                                 MarkerLoad<double>& load) const = 0;
  virtual void ComputeMarkerLoad(const MarkerData<ADScalar32>& marker, const Vector3& loadVector,
                                 MarkerLoad<ADScalar32>& load) const = 0;
  virtual void ComputeMarkerLoad(const MarkerData<ADScalar16>& marker, const Vector3& loadVector,
                                 MarkerLoad<ADScalar16>& load) const = 0;
};

template <class Derived> class LoadKernels : public ItemOf<Derived, Load> {
 public:
  void ComputeMarkerLoad(const MarkerData<double>& marker, const Vector3& loadVector,
                         MarkerLoad<double>& load) const override {
    static_cast<const Derived&>(*this).MarkerLoadOf(marker, loadVector, load);
  }
  void ComputeMarkerLoad(const MarkerData<ADScalar32>& marker, const Vector3& loadVector,
                         MarkerLoad<ADScalar32>& load) const override {
    static_cast<const Derived&>(*this).MarkerLoadOf(marker, loadVector, load);
  }
  void ComputeMarkerLoad(const MarkerData<ADScalar16>& marker, const Vector3& loadVector,
                         MarkerLoad<ADScalar16>& load) const override {
    static_cast<const Derived&>(*this).MarkerLoadOf(marker, loadVector, load);
  }
};

}  // namespace multidyn
