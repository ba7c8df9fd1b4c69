#include "objects/contact/ExponentialSpringParameters.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/Errors.h"

namespace multidyn {
namespace {
// Throws naming the setter and the argument unless `value` is finite and meets the bound.
void Require(const char* setter, const char* argument, double value, bool positive, bool nonNegative) {
  const std::string where = std::string("ExponentialSpringParameters.") + setter + ": " + argument;
  if (!std::isfinite(value))
    throw ValueError(where + " must be a finite real number, got " + JsonNumberText(Json(value)));
  if (positive && !(value > 0.)) throw ValueError(where + " must be > 0, got " + JsonNumberText(Json(value)));
  if (nonNegative && !(value >= 0.)) throw ValueError(where + " must be >= 0, got " + JsonNumberText(Json(value)));
}
}  // namespace

bool ExponentialSpringParameters::operator==(const ExponentialSpringParameters& o) const {
  return d0_ == o.d0_ && d1_ == o.d1_ && d2_ == o.d2_ && cz_ == o.cz_ && maxFz_ == o.maxFz_ && kxy_ == o.kxy_ &&
         cxy_ == o.cxy_ && vSettle_ == o.vSettle_ && initialMuStatic_ == o.initialMuStatic_ &&
         initialMuKinetic_ == o.initialMuKinetic_;
}

void ExponentialSpringParameters::setShapeParameters(double d0, double d1, double d2) {
  Require("setShapeParameters", "d0", d0, false, false);
  Require("setShapeParameters", "d1", d1, true, false);
  Require("setShapeParameters", "d2", d2, true, false);
  d0_ = d0, d1_ = d1, d2_ = d2;
}

void ExponentialSpringParameters::setNormalViscosity(double cz) {
  Require("setNormalViscosity", "cz", cz, false, true);
  cz_ = cz;
}

void ExponentialSpringParameters::setMaxNormalForce(double maxFz) {
  Require("setMaxNormalForce", "maxFz", maxFz, true, false);
  maxFz_ = maxFz;
}

void ExponentialSpringParameters::setElasticityAndViscosityForCriticalDamping(double kxy, double mass) {
  Require("setElasticityAndViscosityForCriticalDamping", "kxy", kxy, true, false);
  Require("setElasticityAndViscosityForCriticalDamping", "mass", mass, true, false);
  kxy_ = kxy;
  cxy_ = 2. * std::sqrt(kxy * mass);
}

void ExponentialSpringParameters::setFrictionElasticity(double kxy) {
  Require("setFrictionElasticity", "kxy", kxy, true, false);
  kxy_ = kxy;
}

void ExponentialSpringParameters::setFrictionViscosity(double cxy) {
  Require("setFrictionViscosity", "cxy", cxy, false, true);
  cxy_ = cxy;
}

void ExponentialSpringParameters::setSettleVelocity(double vSettle) {
  Require("setSettleVelocity", "vSettle", vSettle, true, false);
  vSettle_ = vSettle;
}

void ExponentialSpringParameters::setInitialMuStatic(double mus) {
  Require("setInitialMuStatic", "mus", mus, false, false);
  initialMuStatic_ = std::max(mus, 0.);
  if (initialMuKinetic_ > initialMuStatic_) initialMuKinetic_ = initialMuStatic_;
}

void ExponentialSpringParameters::setInitialMuKinetic(double muk) {
  Require("setInitialMuKinetic", "muk", muk, false, false);
  initialMuKinetic_ = std::max(muk, 0.);
  if (initialMuStatic_ < initialMuKinetic_) initialMuStatic_ = initialMuKinetic_;
}

Json ExponentialSpringParameters::ToJson() const {
  return Json{{"d0", d0_},
              {"d1", d1_},
              {"d2", d2_},
              {"normalViscosity", cz_},
              {"maxNormalForce", maxFz_},
              {"frictionElasticity", kxy_},
              {"frictionViscosity", cxy_},
              {"settleVelocity", vSettle_},
              {"initialMuStatic", initialMuStatic_},
              {"initialMuKinetic", initialMuKinetic_}};
}

ExponentialSpringParameters ExponentialSpringParameters::FromJson(const Json& j) {
  static const char* const keys[] = {"d0",
                                     "d1",
                                     "d2",
                                     "normalViscosity",
                                     "maxNormalForce",
                                     "frictionElasticity",
                                     "frictionViscosity",
                                     "settleVelocity",
                                     "initialMuStatic",
                                     "initialMuKinetic"};
  if (!j.is_object()) throw TypeError("expected an ExponentialSpringParameters or its dict, got " + JsonKindName(j));
  std::string known;
  for (const char* key : keys) known += (known.empty() ? "" : ", ") + std::string(key);
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool found = false;
    for (const char* key : keys) found = found || it.key() == key;
    if (!found) throw ValueError("ExponentialSpringParameters: unknown key '" + it.key() + "'; the keys are: " + known);
  }
  ExponentialSpringParameters p;
  auto value = [&](const char* key, double fallback) {
    if (!j.contains(key)) return fallback;
    try {
      return RealFromJson(j[key]);
    } catch (const TypeError& e) {
      throw TypeError(std::string("ExponentialSpringParameters: '") + key + "': " + e.what());
    } catch (const ValueError& e) {
      throw ValueError(std::string("ExponentialSpringParameters: '") + key + "': " + e.what());
    }
  };
  p.setShapeParameters(value("d0", p.d0_), value("d1", p.d1_), value("d2", p.d2_));
  p.setNormalViscosity(value("normalViscosity", p.cz_));
  p.setMaxNormalForce(value("maxNormalForce", p.maxFz_));
  p.setFrictionElasticity(value("frictionElasticity", p.kxy_));
  p.setFrictionViscosity(value("frictionViscosity", p.cxy_));
  p.setSettleVelocity(value("settleVelocity", p.vSettle_));
  // Both at once: the coupling must not depend on the order of the keys.
  double mus = value("initialMuStatic", p.initialMuStatic_), muk = value("initialMuKinetic", p.initialMuKinetic_);
  Require("FromJson", "initialMuStatic", mus, false, false);
  Require("FromJson", "initialMuKinetic", muk, false, false);
  mus = std::max(mus, 0.), muk = std::max(muk, 0.);
  if (muk > mus)
    throw ValueError("ExponentialSpringParameters: initialMuKinetic (" + JsonNumberText(Json(muk)) +
                     ") must not exceed initialMuStatic (" + JsonNumberText(Json(mus)) + ")");
  p.initialMuStatic_ = mus;
  p.initialMuKinetic_ = muk;
  return p;
}

}  // namespace multidyn
