// Gravitational attraction of two point masses at two position markers (see
// docs/theory/ConnectorGravity.md): with dp = p_m1 - p_m0, L = |dp|, v_f = dp / L,
//   f_G = G m_0 m_1 / L^2   (L >= d_min),   G m_0 m_1 / (L^2 + (L - d_min)^2)   (L < d_min);
// marker 0 is loaded with +f_G v_f (towards marker 1), marker 1 with -f_G v_f.
#pragma once

#include <cmath>

#include "core/items/Connector.h"

namespace multidyn {

class ObjectConnectorGravity : public ConnectorKernels<ObjectConnectorGravity> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // f_G v_f, the force on marker 0; zero where the points coincide (no direction).
  template <class S> Vec3<S> ForceOnMarker0(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    using std::sqrt;
    const Vec3<S> relativePosition = m1.position - m0.position;
    const S lengthSquared = relativePosition.squaredNorm();
    if (ValueOf(lengthSquared) == 0.) return Vec3<S>::Zero();
    const S length = sqrt(lengthSquared);
    S denominator = lengthSquared;
    if (ValueOf(length) < minDistanceRegularization) {
      const S gap = length - minDistanceRegularization;
      denominator += gap * gap;
    }
    return relativePosition * (gravitationalConstant * mass0 * mass1 / (denominator * length));
  }

  template <class S> void MarkerLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                      MarkerLoad<S> loads[2]) const {
    const Vec3<S> force = ForceOnMarker0(m0, m1);
    loads[0].force = force;
    loads[1].force = -force;
  }

  double gravitationalConstant = 6.67430e-11;
  double mass0 = 0.;
  double mass1 = 0.;
  double minDistanceRegularization = 0.;
  BasicVisualization visualization{false};
};

}  // namespace multidyn
