// Penalty rolling disc (docs/theory/RollingDiscPenalty.md): a thin disc (marker 1 at its center)
// on the plane of marker 0 (geometry in objects/common/RollingDiscFrame.h), with a penalty
// normal force and regularized dry (plus viscous) friction instead of constraints; the disc may
// lift off and slip. With d_C = p_C - p_m0, the slip velocity v_s = v_C1 - v_C0 and the data
// coordinates of its NodeGenericData [slip_lateral, slip_forward, gap] of the last step:
//   in contact (gap < 0): f_n = -(k d_C.n0 + d v_s.n0),  f_t = friction of (A_0J^T v_s)_{0,1}, f_n,
//   F = A_0J [f_t, f_n] on the disc at the contact point (torque r w3 x F), -F on the plane
//   (torque d_C x -F); rolling friction -c_r |f_n| (v_m1 - v_m0 - omega0 x d_C) tangential on the
//   disc's center (and its opposite on the plane), as Exudyn's (no torque).
// After each step the data take the current slip velocity and gap (PostNewtonStep), with
// Exudyn's switching error.
#pragma once

#include "core/items/Connector.h"
#include "objects/common/RollingDiscFrame.h"

namespace multidyn {

class ObjectConnectorRollingDiscPenalty : public ConnectorKernels<ObjectConnectorRollingDiscPenalty> {
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

  // The contact force on the disc in joint axes [lateral, forward, normal], in contact if gap < 0;
  // dataSlip is the slip velocity of the last step (it fixes the friction direction).
  template <class S> Vec3<S> ContactForce(const RollingDiscFrame<S>& f, const MarkerData<S>& m0,
                                          const Vec3<S>& slipVelocity, const Vector2& dataSlip, double gap) const {
    Vec3<S> force = Vec3<S>::Zero();
    if (!(gap < 0.)) return force;
    const Vec3<S> n0 = f.A_0J.col(2);
    const S normal =
        -(S(contactStiffness) * Vec3<S>(f.p_C - m0.position).dot(n0) + S(contactDamping) * slipVelocity.dot(n0));
    const Vec2<S> localSlip(slipVelocity.dot(f.A_0J.col(0)), slipVelocity.dot(f.A_0J.col(1)));
    force.template head<2>() = SlipForce(localSlip, dataSlip, normal);
    force(2) = normal;
    return force;
  }

  // Exudyn's regularized friction: -phi |f_n| mu(v) e, e the direction of the last step's slip
  // (of the current slip within the proportional zone, where phi = v/v_reg (2 - v/v_reg) or v/v_reg).
  template <class S> Vec2<S> SlipForce(const Vec2<S>& localSlip, const Vector2& dataSlip, const S& normal) const {
    using std::sqrt;
    Vec2<S> force = Vec2<S>::Zero();
    const S slip = sqrt(localSlip.squaredNorm());
    const double dataSlipNorm = dataSlip.norm();
    if (dataSlipNorm == 0. || ValueOf(slip) == 0.) return force;
    Vec2<S> direction = (dataSlip / dataSlipNorm).cast<S>();
    S phi = S(1.);
    if (dryFrictionProportionalZone != 0. && dataSlipNorm <= dryFrictionProportionalZone) {
      const S fraction = slip / S(dryFrictionProportionalZone);
      phi = useLinearProportionalZone ? fraction : S(fraction * (S(2.) - fraction));
      direction = localSlip / slip;
    }
    const S magnitude = ValueOf(normal) < 0. ? S(-normal) : normal;
    force = -(phi * magnitude) * direction;
    const Vec2<S> coefficients(S(dryFriction(0)) + S(viscousFriction(0)) * slip,
                               S(dryFriction(1)) + S(viscousFriction(1)) * slip);
    if (dryFrictionAngle == 0.) return coefficients.cwiseProduct(force);
    const Eigen::Rotation2D<double> rotation(dryFrictionAngle);
    const Eigen::Matrix<S, 2, 2> R = rotation.toRotationMatrix().cast<S>();
    return R.transpose() * coefficients.cwiseProduct(Vec2<S>(R * force));
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const RollingDiscFrame<S> f = RollingDiscFrameOf(m0, m1, discAxis, planeNormal, discRadius);
    const Vec3<S> slipVelocity = RollingDiscSlipVelocity(f, m0, m1, discRadius);
    const Vec3<S> local = ContactForce(f, m0, slipVelocity, Vector2(context.data[0], context.data[1]), context.data[2]);
    const Vec3<S> force = f.A_0J * local;
    Vec3<S> centerForce = force;
    if (rollingViscousFriction != 0.) {
      const Vec3<S> n0 = f.A_0J.col(2);
      Vec3<S> trail = m1.velocity - (m0.velocity + f.omega0.cross(Vec3<S>(f.p_C - m0.position)));
      trail -= trail.dot(n0) * n0;
      const S normal = ValueOf(local(2)) < 0. ? S(-local(2)) : local(2);
      centerForce -= S(rollingViscousFriction) * normal * trail;
    }
    loads[1].force = centerForce;
    loads[1].torque = (S(discRadius) * f.w3).cross(force);
    loads[0].force = -centerForce;
    loads[0].torque = Vec3<S>(f.p_C - m0.position).cross(Vec3<S>(-force));
  }

  NodeIndex nodeNumber;
  double discRadius = 0.;
  Vector3 discAxis = Vector3::UnitX();
  Vector3 planeNormal = Vector3::UnitZ();
  double dryFrictionAngle = 0.;
  double contactStiffness = 0.;
  double contactDamping = 0.;
  Vector2 dryFriction = Vector2::Zero();
  double dryFrictionProportionalZone = 0.;
  Vector2 viscousFriction = Vector2::Zero();
  double rollingViscousFriction = 0.;
  bool useLinearProportionalZone = false;
  bool visualizationShow = true;
  float visualizationDiscWidth = 0.1f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
