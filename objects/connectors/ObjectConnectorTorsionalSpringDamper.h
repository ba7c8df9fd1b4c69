// Torsional spring-damper about the z-axis of joint frame 0 (see docs/theory/TorsionalSpringDamper.md):
//   tau_SD = k (dtheta - theta_off) + d (domega - omega_off) + tau_c
// The loads on the markers are -+ A_0J0 [0, 0, tau_SD] (restoring: body 1 feels -tau_SD).
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorTorsionalSpringDamper : public ConnectorKernels<ObjectConnectorTorsionalSpringDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override {
    return nodeNumber.IsValid() ? std::vector<NodeIndex>{nodeNumber} : std::vector<NodeIndex>{};
  }
  bool HasPostNewtonStep() const override { return nodeNumber.IsValid(); }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // Relative rotation about joint z: the z angle of the Tait-Bryan xyz decomposition of
  // A_0J0^T A_0J1, made continuous against the data coordinate (if any).
  template <class S> S RelativeRotation(const MarkerData<S>& m0, const MarkerData<S>& m1, const double* data) const {
    const Mat3<S> A_0J0 = RotatedBy(m0.orientation, rotationMarker0);
    const Mat3<S> A_0J1 = RotatedBy(m1.orientation, rotationMarker1);
    // only the entries of A_rel = A_0J0^T A_0J1 that the angle needs
    auto relative = [&](int i, int j) { return S(A_0J0.col(i).dot(A_0J1.col(j))); };
    const double a12 = ValueOf(relative(1, 2)), a22 = ValueOf(relative(2, 2));
    S angle = std::sqrt(a12 * a12 + a22 * a22) > 1e-14 ? Atan2(S(-relative(0, 1)), relative(0, 0))
                                                       : Atan2(relative(1, 0), relative(1, 1));
    if (data) angle = angle + ContinuityCorrection(ValueOf(angle), data[0]);
    return angle;
  }
  // Multiple of 2*pi that brings `angle` within pi of the previous continuous angle.
  static double ContinuityCorrection(double angle, double previous) {
    const double twoPi = 2. * M_PI;
    if (std::abs(angle - previous) <= M_PI) return 0.;
    return std::round((previous - angle) / twoPi) * twoPi;
  }
  // Relative angular velocity about joint z: [A_0J0^T (omega_1 - omega_0)]_z.
  template <class S> S RelativeAngularVelocity(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    const Mat3<S> A_0J0 = RotatedBy(m0.orientation, rotationMarker0);
    const Vec3<S> w0 = m0.orientation * m0.angularVelocityLocal;
    const Vec3<S> w1 = m1.orientation * m1.angularVelocityLocal;
    return A_0J0.col(2).dot(w1 - w0);
  }
  // tau_SD; a user function is differentiated numerically in its scalar arguments only.
  template <class S>
  S SpringTorque(const EvaluationContext& context, const S& rotation, const S& angularVelocity) const {
    if (!springTorqueUserFunction)
      return stiffness * (rotation - offset) + damping * (angularVelocity - velocityOffset) + torque;
    return UserFunctionLaw(context, rotation, angularVelocity,
                           [&](double u, double v) { return CallSpringTorque(context, u, v); },
                           {3, 4});  // rotation, angularVelocity in the call
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const S rotation = RelativeRotation(m0, m1, context.data);
    const S angularVelocity = RelativeAngularVelocity(m0, m1);
    const S tau = SpringTorque(context, rotation, angularVelocity);
    const Mat3<S> A_0J0 = RotatedBy(m0.orientation, rotationMarker0);
    const Vec3<S> torqueGlobal = A_0J0.col(2) * tau;
    loads[0].torque = torqueGlobal;
    loads[1].torque = -torqueGlobal;
  }

  NodeIndex nodeNumber;
  double stiffness = 0.;
  double damping = 0.;
  Matrix3 rotationMarker0 = Matrix3::Identity();
  Matrix3 rotationMarker1 = Matrix3::Identity();
  double offset = 0.;
  double velocityOffset = 0.;
  double torque = 0.;
  ScriptFunctionPtr springTorqueUserFunction;
  BasicVisualization visualization;

 private:
  double CallSpringTorque(const EvaluationContext& context, double rotation, double angularVelocity) const;
};

}  // namespace multidyn
