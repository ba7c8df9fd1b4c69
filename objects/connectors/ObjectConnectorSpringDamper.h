// Spring-damper between two position markers along their connecting line (see
// docs/theory/SpringDamper.md): with dp = p_m1 - p_m0, L = |dp|, v_f = dp / L,
//   f_SD = k (L - L_0) + d (L_t - L_0t) + f_a    (or a user function of L - L_0 and L_t - L_0t)
// Marker 0 is loaded with +f_SD v_f, marker 1 with -f_SD v_f (f_SD > 0: tension).
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorSpringDamper : public ConnectorKernels<ObjectConnectorSpringDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // Length L and unit direction v_f; at L = 0 the direction is that of the relative velocity (or
  // zero), as in Exudyn.
  template <class S>
  void LengthAndDirection(const MarkerData<S>& m0, const MarkerData<S>& m1, S& length, Vec3<S>& direction) const {
    using std::sqrt;
    const Vec3<S> relativePosition = m1.position - m0.position;
    if (ValueOf(relativePosition.norm()) != 0.) {
      length = sqrt(relativePosition.squaredNorm());
      direction = relativePosition / length;
      return;
    }
    length = S(0.);
    const Vec3<S> relativeVelocity = m1.velocity - m0.velocity;
    direction = ValueOf(relativeVelocity.norm()) != 0.
                    ? Vec3<S>(relativeVelocity / sqrt(relativeVelocity.squaredNorm()))
                    : Vec3<S>::Zero();
  }

  // The scalar force f_SD.
  template <class S> S SpringForce(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                   const S& length, const Vec3<S>& direction) const {
    const S deltaL = length - referenceLength;
    const S deltaL_t = (m1.velocity - m0.velocity).dot(direction) - velocityOffset;
    if (!springForceUserFunction) return stiffness * deltaL + damping * deltaL_t + force;
    return UserFunctionLaw(context, deltaL, deltaL_t,
                           [&](double u, double v) { return CallSpringForce(context, u, v); },
                           {3, 4});  // deltaL, deltaL_t in the call
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    S length;
    Vec3<S> direction;
    LengthAndDirection(m0, m1, length, direction);
    const S springForce = SpringForce(context, m0, m1, length, direction);
    const Vec3<S> forceVector = direction * springForce;
    loads[0].force = forceVector;
    loads[1].force = -forceVector;
  }

  double referenceLength = 0.;
  double stiffness = 0.;
  double damping = 0.;
  double force = 0.;
  double velocityOffset = 0.;
  ScriptFunctionPtr springForceUserFunction;
  BasicVisualization visualization;

 private:
  double CallSpringForce(const EvaluationContext& context, double deltaL, double deltaL_t) const;
};

}  // namespace multidyn
