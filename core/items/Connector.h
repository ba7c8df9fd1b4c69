// Base of connectors: loads computed from the states of any number of markers, and optionally
// first-order states of their own whose rates depend on the markers (coupling ODE2 and ODE1
// both ways). Two-marker connectors without internal states derive from ConnectorKernels and
// write `MarkerLoads(context, m0, m1, loads)`; general ones derive from
// GeneralConnectorKernels and write `Loads(context, markers, internal, loads, internalRate)`.
#pragma once

#include "core/items/Object.h"
#include "core/items/TwoMarkerObject.h"

namespace multidyn {

class Connector : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Connector; }
  // markers[i]: the data of MarkerNumbers()[i]; internal: the internal states (total values).
  // Writes the loads on each marker (global axes) and the rates of the internal states.
#define MULTIDYN_CONNECTOR_KERNELS(S)                                                                  \
  virtual void ComputeConnector(const EvaluationContext& context, const MarkerData<S>* const* markers, \
                                const VecX<S>& internal, MarkerLoad<S>* loads, VecX<S>& internalRate) const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_CONNECTOR_KERNELS)
#undef MULTIDYN_CONNECTOR_KERNELS
};

template <class Derived> class ConnectorKernels : public ItemOf<Derived, TwoMarkerObject<Connector>> {
 public:
#define MULTIDYN_CONNECTOR_KERNELS(S)                                                                          \
  void ComputeConnector(const EvaluationContext& context, const MarkerData<S>* const* markers, const VecX<S>&, \
                        MarkerLoad<S>* loads, VecX<S>& internalRate) const override {                          \
    static_cast<const Derived&>(*this).MarkerLoads(context, *markers[0], *markers[1], loads);                  \
    internalRate.resize(0);                                                                                    \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_CONNECTOR_KERNELS)
#undef MULTIDYN_CONNECTOR_KERNELS
};

// Base: Connector, or TwoMarkerObject<Connector> for a general connector between two markers.
template <class Derived, class Base = Connector> class GeneralConnectorKernels : public ItemOf<Derived, Base> {
 public:
#define MULTIDYN_CONNECTOR_KERNELS(S)                                                                          \
  void ComputeConnector(const EvaluationContext& context, const MarkerData<S>* const* markers,                 \
                        const VecX<S>& internal, MarkerLoad<S>* loads, VecX<S>& internalRate) const override { \
    static_cast<const Derived&>(*this).Loads(context, markers, internal, loads, internalRate);                 \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_CONNECTOR_KERNELS)
#undef MULTIDYN_CONNECTOR_KERNELS
};

}  // namespace multidyn
