// Basilisk's twoHingeDamper as a control module (see docs/theory/TwoHingeDamper.md): for a
// spherical pendulum built from an outer hinge phi and an inner hinge theta (axes orthogonal),
// the generalized forces of a Cartesian damper -d v_bob at the bob are
//   Q_phi = -c cos^2(theta) phi_t,   Q_theta = -c theta_t,   c = d L^2 (dampingCoeff).
// Output 0 (phiTorqueOutMsg) and 1 (thetaTorqueOutMsg) are the controls of two ActuatorMotor.
#pragma once

#include <cmath>

#include "objects/modules/ControlModule.h"

namespace multidyn {

class ModuleTwoHingeDamper : public ControlModuleKernels<ModuleTwoHingeDamper> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<JointInput> Inputs() const override {
    return {
        {"thetaInMsg", thetaInMsg, false}, {"phiDotInMsg", phiDotInMsg, true}, {"thetaDotInMsg", thetaDotInMsg, true}};
  }
  Index NumberOfOutputs() const override { return 2; }
  std::string OutputName(Index output) const override { return output == 0 ? "phiTorqueOutMsg" : "thetaTorqueOutMsg"; }
  void Check(const SystemView& system) const override;

  template <class S> S ModuleOutput(const EvaluationContext&, Index output, const S* inputs) const {
    using std::cos;
    const S& theta = inputs[0];
    if (output == 0) {
      const S cosTheta = cos(theta);
      return -dampingCoeff * cosTheta * cosTheta * inputs[1];
    }
    return -dampingCoeff * inputs[2];
  }

  ObjectIndex thetaInMsg, phiDotInMsg, thetaDotInMsg;
  double dampingCoeff = 0.;
};

}  // namespace multidyn
