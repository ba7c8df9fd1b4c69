// Base of penalty connectors: forces computed from the states of two markers.
#pragma once

#include "core/Object.h"

namespace multidyn {

class Connector : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Connector; }
  // The loads the connector applies to marker 0 and marker 1 (global axes).
  virtual void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<double>& m0,
                                  const MarkerData<double>& m1, MarkerLoad<double> loads[2]) const = 0;
  virtual void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<ADScalar32>& m0,
                                  const MarkerData<ADScalar32>& m1, MarkerLoad<ADScalar32> loads[2]) const = 0;
  virtual void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<ADScalar16>& m0,
                                  const MarkerData<ADScalar16>& m1, MarkerLoad<ADScalar16> loads[2]) const = 0;
};

template <class Derived> class ConnectorKernels : public ItemOf<Derived, Connector> {
 public:
  void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<double>& m0,
                          const MarkerData<double>& m1, MarkerLoad<double> loads[2]) const override {
    static_cast<const Derived&>(*this).MarkerLoads(context, m0, m1, loads);
  }
  void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<ADScalar32>& m0,
                          const MarkerData<ADScalar32>& m1, MarkerLoad<ADScalar32> loads[2]) const override {
    static_cast<const Derived&>(*this).MarkerLoads(context, m0, m1, loads);
  }
  void ComputeMarkerLoads(const EvaluationContext& context, const MarkerData<ADScalar16>& m0,
                          const MarkerData<ADScalar16>& m1, MarkerLoad<ADScalar16> loads[2]) const override {
    static_cast<const Derived&>(*this).MarkerLoads(context, m0, m1, loads);
  }
};

}  // namespace multidyn
