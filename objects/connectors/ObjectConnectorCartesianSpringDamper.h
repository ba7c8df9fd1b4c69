// Cartesian spring-damper between two position markers (see docs/theory/CartesianSpringDamper.md):
// with dp = p_m1 - p_m0 and dv = v_m1 - v_m0 in global axes, component by component
//   f_SD = diag(k) (dp - offset) + diag(d) dv     (or a user function of dp - offset, dv, k, d, offset);
// marker 0 is loaded with +f_SD, marker 1 with -f_SD.
#pragma once

#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorCartesianSpringDamper : public ConnectorKernels<ObjectConnectorCartesianSpringDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S>
  Vec3<S> SpringForce(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    // as Exudyn's: the displacement relative to the offset, also the user function's argument
    const Vec3<S> displacement = m1.position - m0.position - offset.cast<S>();
    const Vec3<S> velocity = m1.velocity - m0.velocity;
    if (!springForceUserFunction)
      return stiffness.cast<S>().cwiseProduct(displacement) + damping.cast<S>().cwiseProduct(velocity);
    return UserFunctionVectorLaw(context, displacement, velocity,
                                 [&](const Vector3& u, const Vector3& v) { return CallSpringForce(context, u, v); },
                                 {3, 4});  // displacement, velocity in the call
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const Vec3<S> force = SpringForce(context, m0, m1);
    loads[0].force = force;
    loads[1].force = -force;
  }

  Vector3 stiffness = Vector3::Zero();
  Vector3 damping = Vector3::Zero();
  Vector3 offset = Vector3::Zero();
  ScriptFunctionPtr springForceUserFunction;
  BasicVisualization visualization;

 private:
  Vector3 CallSpringForce(const EvaluationContext& context, const Vector3& displacement, const Vector3& velocity) const;
};

}  // namespace multidyn
