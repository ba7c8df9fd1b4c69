// Linear spring-damper along an axis fixed to marker 0 (see docs/theory/LinearSpringDamper.md):
// with the axis a = A_0M0 axisMarker0,
//   dx = a . (p_m1 - p_m0),   dv = a . (v_m1 - v_m0),
//   f_SD = k (dx - x_off) + d (dv - v_off) + f_c   (or a user function of dx, dv)
// Marker 0 is loaded with +f_SD a, marker 1 with -f_SD a (as Exudyn: no torque on marker 0's body
// from the turning axis; meant for markers that move along the axis, e.g. in a prismatic joint).
#pragma once

#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorLinearSpringDamper : public ConnectorKernels<ObjectConnectorLinearSpringDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> Vec3<S> Axis(const MarkerData<S>& m0) const { return m0.orientation * axisMarker0.cast<S>(); }

  template <class S> S SpringForce(const EvaluationContext& context, const S& displacement, const S& velocity) const {
    if (!springForceUserFunction)
      return stiffness * (displacement - offset) + damping * (velocity - velocityOffset) + force;
    return UserFunctionLaw(context, displacement, velocity,
                           [&](double u, double v) { return CallSpringForce(context, u, v); },
                           {3, 4});  // displacement, velocity in the call
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const Vec3<S> axis = Axis(m0);
    const S springForce =
        SpringForce(context, S(axis.dot(m1.position - m0.position)), S(axis.dot(m1.velocity - m0.velocity)));
    loads[0].force = axis * springForce;
    loads[1].force = -axis * springForce;
  }

  double stiffness = 0.;
  double damping = 0.;
  Vector3 axisMarker0 = Vector3(1., 0., 0.);
  double offset = 0.;
  double velocityOffset = 0.;
  double force = 0.;
  ScriptFunctionPtr springForceUserFunction;
  BasicVisualization visualization;
  bool visualizationDrawAsCylinder = false;

 private:
  double CallSpringForce(const EvaluationContext& context, double displacement, double velocity) const;
};

}  // namespace multidyn
