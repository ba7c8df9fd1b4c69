// Simbody's exponential spring contact between a plane (rigid marker 0: its z axis is the normal,
// its origin a point of the plane) and a station (position marker 1); see
// docs/theory/ExponentialSpring.md. In the plane frame P, with the station at p_P and its
// velocity relative to the plane v_P:
//   fzElastic = d1 exp(-d2 (pz - d0)),  fzDamping = -cz vz fzElastic,  0 <= fz <= maxFz
//   mu = muS - K (muS - muK),  friction = blend of a damped spring anchored at p0 (K = 0) and pure
//   damping (K = 1), limited to mu fz.
// The anchor p0 and the sliding state K are the item's own data coordinates
// [p0x, p0y, K, tCommit], updated only after an accepted step (PostNewtonStep).
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "objects/contact/ExponentialSpringParameters.h"

namespace multidyn {

// The parts of the contact force in the plane frame, and the anchor the next commit would store.
template <class S> struct ExponentialSpringForces {
  S fzElastic = S(0.), fzDamping = S(0.), fz = S(0.);
  Vec3<S> frictionElastic = Vec3<S>::Zero(), frictionDamping = Vec3<S>::Zero();  // z = 0
  S frictionLimit = S(0.);
  double mu = 0.;
  Vector3 anchorNew = Vector3::Zero();  // p0 after this evaluation (z = 0), plain values
  Vec3<S> Total() const {
    Vec3<S> f = frictionElastic + frictionDamping;
    f(2) = fz;
    return f;
  }
};

class ObjectContactExponentialSpring : public ConnectorKernels<ObjectContactExponentialSpring> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  static constexpr Index dataSize = 4;  // p0x, p0y [m] in the plane frame, K, tCommit [s]
  static constexpr double significantReal = 1e-14;  // below this friction limit there is no friction

  Index NumberOfDataCoordinates() const override { return dataSize; }
  VectorX InitialDataCoordinates() const override;
  void InitializeDataCoordinates(const EvaluationContext& context, const MarkerData<double>& m0,
                                 const MarkerData<double>& m1, double* data) const override;
  bool HasPostNewtonStep() const override { return true; }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // The instantaneous coefficients: the run-time values, or the parameters' initial ones (-1);
  // mu_k never exceeds mu_s (setting one moves the other; a -1 left above acts as mu_s).
  double MuStatic() const { return muStatic < 0. ? parameters.getInitialMuStatic() : muStatic; }
  double RawMuKinetic() const { return muKinetic < 0. ? parameters.getInitialMuKinetic() : muKinetic; }
  double MuKinetic() const { return std::min(RawMuKinetic(), MuStatic()); }

  // Station position p_P and velocity v_P relative to the plane (the plane's material point
  // at the station), both in the plane frame.
  template <class S>
  void StationInPlane(const MarkerData<S>& plane, const MarkerData<S>& station, Vec3<S>& p_P, Vec3<S>& v_P) const {
    const Vec3<S> r_G = station.position - plane.position;
    p_P = plane.orientation.transpose() * r_G;
    v_P = plane.orientation.transpose() * Vec3<S>(station.velocity - plane.velocity) -
          plane.angularVelocityLocal.cross(p_P);
  }

  // The force on the station in the plane frame for the committed anchor p0 and sliding state K.
  template <class S>
  ExponentialSpringForces<S> Forces(const Vec3<S>& p_P, const Vec3<S>& v_P, const double* data) const {
    using std::exp;
    using std::sqrt;
    ExponentialSpringForces<S> f;
    double d0, d1, d2;
    parameters.getShapeParameters(d0, d1, d2);
    const double cz = parameters.getNormalViscosity(), maxFz = parameters.getMaxNormalForce();
    f.fzElastic = d1 * exp(S(-d2 * (p_P(2) - d0)));
    f.fzDamping = -cz * v_P(2) * f.fzElastic;
    f.fz = f.fzElastic + f.fzDamping;
    if (ValueOf(f.fz) < 0.) {  // the plane never pulls
      f.fz = S(0.);
      f.fzDamping = -f.fzElastic;
    }
    if (ValueOf(f.fz) > maxFz) {  // crude yielding; fz = fzElastic + fzDamping still holds
      f.fz = S(maxFz);
      f.fzElastic = maxFz - f.fzDamping;
    }
    const double sliding = data[2];
    const double muS = MuStatic(), muK = MuKinetic();
    f.mu = muS - sliding * (muS - muK);
    f.frictionLimit = f.mu * f.fz;
    const Vector3 p0(data[0], data[1], 0.);
    const Vec3<S> p_xy(p_P(0), p_P(1), S(0.)), v_xy(v_P(0), v_P(1), S(0.));
    f.anchorNew = Vector3(ValueOf(p_P(0)), ValueOf(p_P(1)), 0.);
    if (ValueOf(f.frictionLimit) < significantReal) return f;  // no friction; the anchor follows
    const double kxy = parameters.getFrictionElasticity(), cxy = parameters.getFrictionViscosity();
    // The factor that brings `force` down to the limit's magnitude (1 if within it); the norm is
    // only taken when it exceeds the limit, so never at zero where its derivative is undefined.
    const double limitSquared = ValueOf(f.frictionLimit) * ValueOf(f.frictionLimit);
    auto limitScale = [&](const Vec3<S>& force) {
      const S normSquared = force.squaredNorm();
      return ValueOf(normSquared) <= limitSquared ? S(1.) : S(f.frictionLimit / sqrt(normSquared));
    };
    Vec3<S> damping1 = -cxy * v_xy;  // model 1: pure damping
    damping1 = damping1 * limitScale(damping1);
    Vec3<S> elastic2 = -kxy * Vec3<S>(p_xy - p0.cast<S>());  // model 2: damped spring anchored at p0
    Vec3<S> damping2 = -cxy * v_xy;
    const S scale2 = limitScale(Vec3<S>(elastic2 + damping2));  // both parts keep their directions
    elastic2 = elastic2 * scale2;
    damping2 = damping2 * scale2;
    f.frictionElastic = (1. - sliding) * elastic2;
    f.frictionDamping = damping2 + sliding * Vec3<S>(damping1 - damping2);
    for (int i = 0; i < 2; ++i) f.anchorNew(i) = ValueOf(p_P(i)) + ValueOf(f.frictionElastic(i)) / kxy;
    return f;
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    Vec3<S> p_P, v_P;
    StationInPlane(m0, m1, p_P, v_P);
    const Vec3<S> force_G = m0.orientation * Forces(p_P, v_P, context.data).Total();
    loads[1].force = force_G;
    // The reaction acts on the plane at the station's point: a force and its moment about the
    // plane marker's origin.
    loads[0].force = -force_G;
    loads[0].torque = Vec3<S>(m1.position - m0.position).cross(Vec3<S>(-force_G));
  }

  ExponentialSpringParameters parameters;
  double muStatic = -1.;
  double muKinetic = -1.;
  BasicVisualization visualization;
};

}  // namespace multidyn
