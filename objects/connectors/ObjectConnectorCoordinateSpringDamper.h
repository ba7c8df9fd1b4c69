// Scalar spring-damper between two coordinate markers (see docs/theory/CoordinateSpringDamper.md):
//   f_SD = k (dq - l_off) + d dv,  dq = q_m1 - q_m0,  dv = v_m1 - v_m0   (or a user function)
// Marker 1 is loaded with -f_SD, marker 0 with +f_SD (a restoring force for k > 0).
#pragma once

#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorCoordinateSpringDamper : public ConnectorKernels<ObjectConnectorCoordinateSpringDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> S SpringForce(const EvaluationContext& context, const S& displacement, const S& velocity) const {
    if (!springForceUserFunction) return stiffness * (displacement - offset) + damping * velocity;
    return UserFunctionLaw(context, displacement, velocity,
                           [&](double u, double v) { return CallSpringForce(context, u, v); },
                           {3, 4});  // displacement, velocity in the call
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const S force = SpringForce(context, S(m1.coordinate - m0.coordinate), S(m1.coordinate_t - m0.coordinate_t));
    loads[0].coordinateForce = force;
    loads[1].coordinateForce = -force;
  }

  double stiffness = 0.;
  double damping = 0.;
  double offset = 0.;
  ScriptFunctionPtr springForceUserFunction;
  BasicVisualization visualization;

 private:
  double CallSpringForce(const EvaluationContext& context, double displacement, double velocity) const;
};

}  // namespace multidyn
