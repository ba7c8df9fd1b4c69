// Penalty contact on one coordinate with an active set kept in a data coordinate, Exudyn's
// ObjectContactCoordinate (see docs/theory/ContactCoordinate.md):
//   g = q_m1 - q_m0 - offset,  f_c = k g + d g_t  if the data coordinate (the gap of the last
//   discontinuous iteration) is <= 0, else 0.
// Marker 1 is loaded with -f_c, marker 0 with +f_c (a penetration g < 0 pushes marker 1 out).
// PostNewtonStep sets the data coordinate to the new gap and reports |k g| when the contact state
// differs from the one at the start of the step, with the step size that reaches g = 0.
#pragma once

#include "core/items/Connector.h"

namespace multidyn {

class ObjectContactCoordinate : public ConnectorKernels<ObjectContactCoordinate> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool HasPostNewtonStep() const override { return true; }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> S Gap(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    return S(m1.coordinate - m0.coordinate) - offset;
  }
  // The active set: contact while the gap of the last discontinuous iteration is <= 0, so that
  // Newton sees a smooth law within an iteration.
  static bool InContact(const EvaluationContext& context) { return context.data && context.data[0] <= 0.; }
  template <class S>
  S ContactForce(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    if (!InContact(context)) return S(0.);
    return contactStiffness * Gap(m0, m1) + contactDamping * S(m1.coordinate_t - m0.coordinate_t);
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const S force = ContactForce(context, m0, m1);
    loads[0].coordinateForce = force;
    loads[1].coordinateForce = -force;
  }

  NodeIndex nodeNumber;
  double contactStiffness = 0.;
  double contactDamping = 0.;
  double offset = 0.;
  BasicVisualization visualization;
};

}  // namespace multidyn
