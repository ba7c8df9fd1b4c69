#include "objects/modules/ModuleTwoHingeDamper.h"

#include "core/items/SystemView.h"
#include "objects/TestInstances.h"

namespace multidyn {

void ModuleTwoHingeDamper::Check(const SystemView& system) const {
  CheckInputs(system, "TwoHingeDamper");  // the item description before the message names the item (escaped)
}

void ModuleTwoHingeDamper::AddTestInstance(SystemBuilder& system) {
  // a two-hinge pendulum: ground -phi- link -theta- bob, with the damper driving two motors
  const Index link = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.1, -0.2, 0.3));
  const Index bob = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.4, -0.1, -0.6));
  const Index ground = testInstances::Ground(system);
  auto joint = [&](Index body0, Index body1, const Vector3& p0, const Vector3& p1) {
    return testInstances::Add(
        system, ItemCategory::Object,
        {{"objectType", "JointRevoluteZ"},
         {"markerNumbers",
          {testInstances::RigidMarker(system, body0, p0), testInstances::RigidMarker(system, body1, p1)}}});
  };
  const Index phi = joint(ground, link, Vector3(0.1, -0.2, 0.3), Vector3::Zero());
  const Index theta = joint(link, bob, Vector3(0.2, 0.1, -0.3), Vector3(-0.1, 0., 0.6));
  const Index module = testInstances::Add(system, ItemCategory::Object,
                                          {{"objectType", "ModuleTwoHingeDamper"},
                                           {"dampingCoeff", 0.7},
                                           {"thetaInMsg", theta},
                                           {"phiDotInMsg", phi},
                                           {"thetaDotInMsg", theta}});
  for (Index output = 0; output < 2; ++output)
    testInstances::Add(system, ItemCategory::Object,
                       {{"objectType", "Actuator"},
                        {"jointNumber", output == 0 ? phi : theta},
                        {"controlModule", module},
                        {"controlModuleOutput", output}});
}

const ItemTypeInfo& ModuleTwoHingeDamper::Info() {
  using T = ModuleTwoHingeDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "the module's ModelTag")
          .Add(&T::thetaInMsg, "thetaInMsg", "", "link: the revolute joint whose angle theta [rad] is read")
          .Add(&T::phiDotInMsg, "phiDotInMsg", "", "link: the revolute joint whose rate phi_t [rad/s] is read")
          .Add(&T::thetaDotInMsg, "thetaDotInMsg", "", "link: the revolute joint whose rate theta_t [rad/s] is read")
          .Add(&T::dampingCoeff, "dampingCoeff", "N*m*s",
               "c = d L^2: the Cartesian damping d [N*s/m] at the bob times the squared pendulum length")
          .NonNegative()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ModuleTwoHingeDamper", "ModuleTwoHingeDamper", {}, "modules",
      "The two-hinge damper module (multidyn.modules.TwoHingeDamper): outputs phiTorqueOutMsg = -c cos^2(theta) "
      "phi_t and thetaTorqueOutMsg = -c theta_t, the controls of two ActuatorMotor on the hinges (an Actuator with "
      "controlModule = this module and controlModuleOutput = 0 or 1).",
      fields, {});
  return info;
}

}  // namespace multidyn
