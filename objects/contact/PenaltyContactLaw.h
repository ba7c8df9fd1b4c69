// The penalty contact law Exudyn's sphere contacts share (ObjectContactSphereSphere,
// ObjectContactSphereTriangle; docs/theory/ContactSphereSphere.md): normal force from the overlap
// with linear damping and the Hunt-Crossley or Gonthier / Carvalho-Martins impact damping,
// regularized Coulomb friction, and the switching rules of the discontinuous iteration on a data
// node [gap, |v_t|, impact velocity, ...].
#pragma once

#include <algorithm>
#include <cmath>

#include "core/foundation/Types.h"
#include "objects/contact/PenaltyContactParameters.h"

namespace multidyn {
namespace penaltyContact {

// the data coordinates
constexpr Index dataGap = 0;
constexpr Index dataTangentialVelocity = 1;  // |v_t| [m/s]
constexpr Index dataImpactVelocity = 2;  // -v_n at the step of the impact [m/s]

// sign(x) |x|^exponent
template <class S> S SignedPower(const S& x, double exponent) {
  using std::pow;
  if (exponent == 1.) return x;
  if (ValueOf(x) == 0.) return S(0.);
  return ValueOf(x) < 0. ? S(-pow(S(-x), exponent)) : S(pow(x, exponent));
}

// lambda * v_imp of the impact damping lambda delta^n v_n: Hunt-Crossley (impactModel 1),
// Gonthier (e <= 1/3) or Carvalho-Martins (e > 1/3) (impactModel 2) [N/m^n]
inline double ImpactDampingFactor(Index impactModel, double restitutionCoefficient, double contactStiffness) {
  const double e = restitutionCoefficient;
  if (impactModel == 1) return contactStiffness * 1.5 * (e - 1.);
  if (e > 1. / 3.) return contactStiffness * 1.5 * (e - 1.) * (11. - e) / (1. + 9. * e);
  return contactStiffness * (e * e - 1.) / e;
}

// The impact damping force lambda delta^n v_n (0 for impactModel 0 and before an impact velocity is known).
template <class S>
S ImpactDamping(const PenaltyContactParameters& p, const double* data, const S& overlapPower, const S& normalVelocity) {
  if (p.impactModel == 0) return S(0.);
  const double impactVelocity = std::max(p.minimumImpactVelocity, data[dataImpactVelocity]);
  if (!(impactVelocity > 0.)) return S(0.);
  return ImpactDampingFactor(p.impactModel, p.restitutionCoefficient, p.contactStiffness) / impactVelocity *
         overlapPower * normalVelocity;
}

// Friction on the body whose relative tangential velocity is v_t, at the normal force f_n
// (> 0: compression): -mu f_n v_t / v_reg in the proportional zone, -mu f_n v_t / |v_t| else.
template <class S> Vec3<S> RegularizedFriction(const PenaltyContactParameters& p, const S& normalForce,
                                               const Vec3<S>& tangentialVelocity, bool proportional) {
  using std::sqrt;
  if (proportional && p.frictionProportionalZone != 0.)
    return -(p.dynamicFriction * normalForce / p.frictionProportionalZone) * tangentialVelocity;
  const S slip = sqrt(tangentialVelocity.squaredNorm());
  if (ValueOf(slip) == 0.) return Vec3<S>::Zero();
  return -(p.dynamicFriction * normalForce / slip) * tangentialVelocity;
}

// Exudyn's rules after a Newton solve, at the new gap g, |v_t|, v_n and f_n: a gap that changed
// sign against the last iteration's gives |k g| and the step size |g0 / v_n| that closes the
// start-of-step gap g0 > 0; in contact, |v_t| crossing v_reg adds the change of the proportional
// friction. The data take g and |v_t|; the impact velocity -v_n where the step closes the gap,
// else its start-of-step value. Returns the switching error [N].
inline double SwitchContactState(const PenaltyContactParameters& p, double gap, double tangentialVelocity,
                                 double normalVelocity, double normalForce, const double* startOfStep, double* data,
                                 double& recommendedStepSize) {
  const double lastGap = data[dataGap], lastTangentialVelocity = data[dataTangentialVelocity];
  const double startGap = startOfStep[dataGap];
  double error = 0.;
  if ((gap > 0.) != (lastGap > 0.)) {
    error = std::abs(gap * p.contactStiffness);
    // startGap <= 0 (an inconsistent initial state): no recommendation, iterate again
    if (normalVelocity != 0. && startGap > 0.) recommendedStepSize = std::abs(startGap / normalVelocity);
  }
  const double zone = p.frictionProportionalZone;
  if (gap < 0. && zone != 0.) {
    if ((tangentialVelocity < zone && lastTangentialVelocity > zone) ||
        (tangentialVelocity > zone && lastTangentialVelocity < zone))
      error += std::abs(p.dynamicFriction * normalForce / zone * (tangentialVelocity - zone));
  }
  data[dataGap] = gap;
  data[dataTangentialVelocity] = tangentialVelocity;
  // kept through the discontinuous iterations of a step unless this one closes the gap
  data[dataImpactVelocity] = startGap > 0. && gap <= 0. ? -normalVelocity : startOfStep[dataImpactVelocity];
  return error;
}

}  // namespace penaltyContact
}  // namespace multidyn
