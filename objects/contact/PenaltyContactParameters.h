// The parameters of the penalty contact law of Exudyn's sphere contacts (objects/contact/
// PenaltyContactLaw.h), with Exudyn's names and defaults: a base of the items that use the law,
// which declare them in their field tables with the two groups below (in Exudyn's order, with
// the items' own parameters between them).
#pragma once

#include <string>

#include "core/foundation/Errors.h"
#include "core/items/FieldTable.h"

namespace multidyn {

struct PenaltyContactParameters {
  double dynamicFriction = 0.;
  double frictionProportionalZone = 1e-3;  // [m/s]
  double contactStiffness = 0.;  // [N/m^n]
  double contactDamping = 0.;  // [N*s/m]
  double contactStiffnessExponent = 1.;
  double restitutionCoefficient = 1.;
  double minimumImpactVelocity = 0.;  // [m/s]
  Index impactModel = 0;  // 0: none, 1: Hunt-Crossley, 2: Gonthier / Carvalho-Martins

  void CheckImpactModel() const {
    if (impactModel < 0 || impactModel > 2)
      throw ValueError(
          "parameter 'impactModel': expected 0 (no impact damping), 1 (Hunt-Crossley) or 2 (Gonthier / "
          "Carvalho-Martins), got " +
          std::to_string(impactModel));
  }

  template <class Owner> static FieldTableBuilder<Owner>& AddFrictionAndStiffnessFields(FieldTableBuilder<Owner>& b) {
    using P = PenaltyContactParameters;
    return b.Add(&P::dynamicFriction, "dynamicFriction", "", "dynamic (Coulomb) friction coefficient mu")
        .NonNegative()
        .Add(&P::frictionProportionalZone, "frictionProportionalZone", "m/s",
             "tangential velocity v_reg below which the friction force is proportional to it (regularization)")
        .NonNegative()
        .Add(&P::contactStiffness, "contactStiffness", "N/m^n",
             "normal contact stiffness k_c (unit N/m for contactStiffnessExponent n = 1)")
        .NonNegative()
        .Add(&P::contactDamping, "contactDamping", "N*s/m",
             "linear normal contact damping d_c; added in every impact model")
        .NonNegative()
        .Add(&P::contactStiffnessExponent, "contactStiffnessExponent", "",
             "exponent n of the overlap in the normal contact force (n = 1.5: Hertz)")
        .Positive();
  }

  template <class Owner> static FieldTableBuilder<Owner>& AddImpactFields(FieldTableBuilder<Owner>& b) {
    using P = PenaltyContactParameters;
    return b
        .Add(&P::restitutionCoefficient, "restitutionCoefficient", "",
             "coefficient of restitution e of impactModel 1 and 2 (> 0; small values emulate plastic impact)")
        .Positive()
        .Add(&P::minimumImpactVelocity, "minimumImpactVelocity", "m/s",
             "lower bound of the impact velocity in the impact damping of impactModel 1 and 2 (more damping for "
             "slow impacts and lasting contact)")
        .NonNegative();
  }
};

}  // namespace multidyn
