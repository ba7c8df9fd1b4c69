// The parameters of an exponential spring contact (Simbody's ExponentialSpringParameters, same
// names, defaults, checks and mu coupling; see docs/theory/ExponentialSpring.md):
//   normal:   fzElastic = d1 exp(-d2 (pz - d0)) [N], fz = fzElastic (1 - cz vz), 0 <= fz <= maxFz
//   friction: damped linear spring kxy [N/m], cxy [N*s/m] anchored at p0, limited by mu fz
// Setters throw ValueError on a bad value and then change nothing.
#pragma once

#include <string>

#include "core/items/FieldTable.h"

namespace multidyn {

class ExponentialSpringParameters {
 public:
  bool operator==(const ExponentialSpringParameters& other) const;
  bool operator!=(const ExponentialSpringParameters& other) const { return !(*this == other); }

  // d0 [m] any finite value; d1 [N] > 0; d2 [1/m] > 0.
  void setShapeParameters(double d0, double d1 = 0.5336, double d2 = 1150.);
  void getShapeParameters(double& d0, double& d1, double& d2) const { d0 = d0_, d1 = d1_, d2 = d2_; }
  void setNormalViscosity(double cz);  // [s/m] >= 0 (it multiplies fzElastic * vz)
  double getNormalViscosity() const { return cz_; }
  void setMaxNormalForce(double maxFz);  // [N] > 0
  double getMaxNormalForce() const { return maxFz_; }
  // kxy [N/m] > 0 and cxy = 2 sqrt(kxy mass) (critical damping of `mass` [kg] > 0).
  void setElasticityAndViscosityForCriticalDamping(double kxy, double mass = 1.);
  void setFrictionElasticity(double kxy);  // [N/m] > 0; cxy unchanged
  double getFrictionElasticity() const { return kxy_; }
  void setFrictionViscosity(double cxy);  // [N*s/m] >= 0
  double getFrictionViscosity() const { return cxy_; }
  void setSettleVelocity(double vSettle);  // [m/s] > 0
  double getSettleVelocity() const { return vSettle_; }
  // Negative values become 0; mu_k <= mu_s is kept by moving the other coefficient.
  void setInitialMuStatic(double mus);
  double getInitialMuStatic() const { return initialMuStatic_; }
  void setInitialMuKinetic(double muk);
  double getInitialMuKinetic() const { return initialMuKinetic_; }

  // The dict form (JSON, item dicts): the keys below; missing keys keep their defaults.
  Json ToJson() const;
  static ExponentialSpringParameters FromJson(const Json& j);  // TypeError/ValueError on bad input

 private:
  double d0_ = 0.0065905;
  double d1_ = 0.5336;
  double d2_ = 1150.;
  double cz_ = 0.5;
  double maxFz_ = 100000.;
  double kxy_ = 20000.;
  double cxy_ = 282.84271247461902;  // 2 sqrt(kxy * 1 kg)
  double vSettle_ = 0.01;
  double initialMuStatic_ = 0.7;
  double initialMuKinetic_ = 0.5;
};

template <> struct FieldConverter<ExponentialSpringParameters> {
  static constexpr FieldType type = FieldType::ParameterSet;
  static Json ToJson(const ExponentialSpringParameters& v) { return v.ToJson(); }
  static void FromJson(const Json& j, ExponentialSpringParameters& v) { v = ExponentialSpringParameters::FromJson(j); }
};

}  // namespace multidyn
