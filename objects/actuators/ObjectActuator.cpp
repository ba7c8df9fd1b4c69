#include "objects/actuators/ObjectActuator.h"

#include <cmath>

#include "core/items/UserFunctionCall.h"
#include "objects/TestInstances.h"
#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"
#include "objects/common/RevoluteJointFrames.h"
#include "objects/joints/ObjectJointRevoluteZ.h"
#include "objects/modules/ControlModule.h"

namespace multidyn {

void FieldConverter<LimitedFlag>::FromJson(const Json& j, LimitedFlag& v) {
  if (j.is_boolean()) {
    v.value = j.get<bool>() ? "true" : "false";
    return;
  }
  if (j.is_string()) {
    const std::string text = j.get<std::string>();
    if (text == "auto" || text == "true" || text == "false") {
      v.value = text;
      return;
    }
    throw ValueError("expected 'auto', True or False, got '" + text + "'");
  }
  throw TypeError("expected 'auto', True or False, got " + JsonKindName(j));
}

namespace {
std::string RangeText(const Vector2& range) {
  return "[" + JsonNumberText(range(0)) + ", " + JsonNumberText(range(1)) + "]";
}
// A range whose flag is true or auto-limited must have lo < hi (MuJoCo rejects lo == hi too).
void CheckRange(const std::string& flagName, const LimitedFlag& flag, const std::string& rangeName,
                const Vector2& range) {
  if (flag.value == "false" || !ObjectActuator::IsLimited(flag, range)) return;
  if (!(range(0) < range(1)))
    throw ValueError("parameter '" + rangeName + "': " + RangeText(range) + " must have min < max when " + flagName +
                     " is " + flag.value + (flag.value == "auto" ? " (a range other than [0, 0] limits)" : ""));
}
}  // namespace

bool ObjectActuator::IsLimited(const LimitedFlag& flag, const Vector2& range) {
  if (flag.value == "auto") return !(range(0) == 0. && range(1) == 0.);
  return flag.value == "true";
}

ObjectActuator::DynType ObjectActuator::Dyn() const {
  if (dyntype == "integrator") return DynType::Integrator;
  if (dyntype == "filter") return DynType::Filter;
  if (dyntype == "filterexact") return DynType::FilterExact;
  if (dyntype == "muscle") return DynType::Muscle;
  return DynType::None;
}
ObjectActuator::GainType ObjectActuator::Gain() const {
  if (gaintype == "affine") return GainType::Affine;
  if (gaintype == "muscle") return GainType::Muscle;
  return GainType::Fixed;
}
ObjectActuator::BiasType ObjectActuator::Bias() const {
  if (biastype == "affine") return BiasType::Affine;
  if (biastype == "muscle") return BiasType::Muscle;
  return BiasType::None;
}

std::vector<MarkerIndex> ObjectActuator::MarkerNumbers() const {
  std::vector<MarkerIndex> markers;
  if (jointNumber.IsValid())
    markers = {jointMarkers_[0], jointMarkers_[1]};
  else
    markers = {markerNumbers[0], markerNumbers[1]};
  for (const ModuleInput& input : moduleInputs_)
    markers.insert(markers.end(), input.markers.begin(), input.markers.end());
  return markers;
}

void ObjectActuator::CheckControlModule(const SystemView& system) const {
  moduleInputs_.clear();
  if (!controlModule.IsValid()) return;
  if (controlUserFunction)
    throw ValueError(
        "parameters 'controlModule' and 'controlUserFunction': expected one source of the control, got both");
  const auto* module = dynamic_cast<const ControlModule*>(&system.GetObject(controlModule.value));
  if (!module)
    throw TypeError("parameter 'controlModule': object " + std::to_string(controlModule.value) + " is a " +
                    system.GetObject(controlModule.value).TypeInfo().className + "; expected a control module");
  if (controlModuleOutput < 0 || controlModuleOutput >= module->NumberOfOutputs())
    throw IndexError("parameter 'controlModuleOutput': " + std::to_string(controlModuleOutput) +
                     " is not an output of " + module->TypeInfo().className + ", which has " +
                     std::to_string(module->NumberOfOutputs()));
  const auto inputs = module->Inputs();
  if (inputs.size() > maxModuleInputs)
    throw ValueError("parameter 'controlModule': the module reads " + std::to_string(inputs.size()) +
                     " joint states; an actuator takes at most " + std::to_string(maxModuleInputs));
  for (const auto& input : inputs) {
    if (!input.joint.IsValid())
      throw ValueError("parameter 'controlModule': the module's " + input.link + " is not linked");
    moduleInputs_.push_back(
        {input.joint.value,
         ResolveRevoluteJoint(system, input.joint.value, "parameter 'controlModule' (its " + input.link + ")"),
         input.rate});
  }
}

double ObjectActuator::Control(const EvaluationContext& context) const {
  double u = control;
  if (controlUserFunction)  // a non-finite result is refused by the call (UserFunctionError)
    u = CallUserFunctionReal(*controlUserFunction, *this, context.itemNumber, "controlUserFunction",
                             {context.system, context.time, context.itemNumber});
  if (IsLimited(ctrllimited, ctrlrange)) u = std::min(ctrlrange(1), std::max(ctrlrange(0), u));
  return u;
}

double ObjectActuator::PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                      const MarkerData<double>& m1, double* data, double& recommendedStepSize) const {
  double q, q_t;
  Matrix3 A_M0J0;
  Transmission(context, m0, m1, q, q_t, A_M0J0);
  data[0] = q;
  return 0.;  // the continuous angle never forces another iteration
}

void ObjectActuator::Check(const SystemView& system) const {
  const std::string self = "ObjectActuator";
  if (jointNumber.IsValid() == (markerNumbers[0].IsValid() || markerNumbers[1].IsValid()))
    throw ValueError(std::string("parameters 'jointNumber' and 'markerNumbers': expected exactly one transmission, a "
                                 "revolute joint (jointNumber) or two coordinate markers (markerNumbers); got ") +
                     (jointNumber.IsValid() ? "both" : "neither"));
  if (jointNumber.IsValid()) {
    jointMarkers_ = ResolveRevoluteJoint(system, jointNumber.value, "parameter 'jointNumber'");
  } else {
    CheckMarkersProvideCoordinate(system, {markerNumbers[0], markerNumbers[1]}, "markerNumbers", self);
  }
  CheckControlModule(system);
  if (nodeNumber.IsValid()) {
    if (!jointNumber.IsValid())
      throw ValueError(
          "parameter 'nodeNumber': a data node keeps a joint angle continuous; it is only used with "
          "jointNumber");
    CheckDataNode(system, nodeNumber, 1);
  }
  const auto checkName = [](const std::string& parameter, const std::string& value, const std::string& allowed) {
    if (("|" + allowed + "|").find("|" + value + "|") == std::string::npos)
      throw ValueError("parameter '" + parameter + "': '" + value + "' is not one of " + allowed);
  };
  checkName("dyntype", dyntype, "none|integrator|filter|filterexact|muscle");
  checkName("gaintype", gaintype, "fixed|affine|muscle");
  checkName("biastype", biastype, "none|affine|muscle");
  CheckRange("ctrllimited", ctrllimited, "ctrlrange", ctrlrange);
  CheckRange("forcelimited", forcelimited, "forcerange", forcerange);
  CheckRange("actlimited", actlimited, "actrange", actrange);
  if (Dyn() == DynType::None && IsLimited(actlimited, actrange))
    throw ValueError("parameter 'actrange': an activation range needs a stateful actuator, but dyntype is 'none'");
  if ((Dyn() == DynType::Filter || Dyn() == DynType::FilterExact) && dynprm(0) < 0.)
    throw ValueError("parameter 'dynprm': the time constant dynprm[0] = " + JsonNumberText(dynprm(0)) +
                     " of dyntype '" + dyntype + "' cannot be negative");
  const bool muscle = Dyn() == DynType::Muscle || Gain() == GainType::Muscle || Bias() == BiasType::Muscle;
  if (Dyn() == DynType::Muscle && (!(dynprm(0) > 0.) || !(dynprm(1) > 0.)))
    throw ValueError("parameter 'dynprm': the muscle time constants dynprm[0:2] must be > 0");
  if (muscle && !(lengthrange(0) < lengthrange(1)))
    throw ValueError("parameter 'lengthrange': a muscle needs its length range with min < max, got " +
                     RangeText(lengthrange));
  for (const auto& [name, prm, used] : {std::make_tuple("gainprm", &gainprm, Gain() == GainType::Muscle),
                                        std::make_tuple("biasprm", &biasprm, Bias() == BiasType::Muscle)}) {
    if (!used) continue;
    const Vector10& p = *prm;
    const std::string where = std::string("parameter '") + name + "': muscle ";
    if (!(p(0) < p(1)))
      throw ValueError(where + "range [" + JsonNumberText(p(0)) + ", " + JsonNumberText(p(1)) +
                       "] must have min < max");
    if (p(2) < 0.)
      throw ValueError(where + "force = " + JsonNumberText(p(2)) +
                       ": an automatic peak force (force < 0, from acc0) "
                       "is not supported; give force >= 0");
    if (!(p(4) < 1. && 1. < p(5))) throw ValueError(where + "lmin < 1 < lmax is required");
    if (!(p(3) > 0. && p(6) > 0. && p(7) > 0. && p(8) > 0.))
      throw ValueError(where + "scale, vmax, fpmax and fvmax must be > 0");
  }
}

bool ObjectActuator::GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                               const MarkerData<double>& m1, const VectorX&, VectorX& value) const {
  double q, q_t;
  Matrix3 A_M0J0;
  Transmission(context, m0, m1, q, q_t, A_M0J0);
  const double length = gear(0) * q, velocity = gear(0) * q_t;
  double u = 0.;
  if (controlModule.IsValid()) {  // the module reads the joints' markers after the transmission's
    const auto markerNumbers = MarkerNumbers();
    std::vector<MarkerData<double>> data(markerNumbers.size());
    std::vector<const MarkerData<double>*> pointers(markerNumbers.size());
    for (size_t k = 0; k < markerNumbers.size(); ++k) {
      data[k] = context.system->MarkerDataOf(markerNumbers[k].value, *context.state);
      pointers[k] = &data[k];
    }
    u = ControlOf(context, pointers.data());
  } else {
    u = Control(context);
  }
  const bool stateful = NumberOfInternalStates() == 1;
  const double activation = stateful && context.internal ? EffectiveActivation(context.internal[0]) : 0.;
  switch (type) {
    case OutputVariableType::Displacement: value = VectorX::Constant(1, length); return true;
    case OutputVariableType::Velocity: value = VectorX::Constant(1, velocity); return true;
    case OutputVariableType::Control: value = VectorX::Constant(1, u); return true;
    case OutputVariableType::Activation: value = VectorX::Constant(1, activation); return true;
    case OutputVariableType::Force:
      value = VectorX::Constant(1, ActuatorForce(length, velocity, stateful ? activation : u));
      return true;
    default: return false;
  }
}

void ObjectActuator::AddTestInstance(SystemBuilder& system) {
  ObjectJointRevoluteZ::AddTestInstance(system);  // two free rigid bodies (Rxyz, Euler parameters) on a joint
  const Index joint = system.NumberOfItems(ItemCategory::Object) - 1;
  // every term: a filtered activation, an affine gain and an affine bias in length and velocity
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "Actuator"},
                      {"jointNumber", joint},
                      {"dyntype", "filter"},
                      {"dynprm", {0.3, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
                      {"gaintype", "affine"},
                      {"gainprm", {2., 0.7, -0.4, 0, 0, 0, 0, 0, 0, 0}},
                      {"biastype", "affine"},
                      {"biasprm", {0.1, -3., -0.6, 0, 0, 0, 0, 0, 0, 0}},
                      {"gear", {1.5, 0, 0, 0, 0, 0}},
                      {"control", 0.8}});
}

const ItemTypeInfo& ObjectActuator::Info() {
  using T = ObjectActuator;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "actuator's unique name")
          .Add(&T::jointNumber, "jointNumber", "",
               "transmission: a revolute joint object (ObjectJointRevoluteZ, ObjectJointRevolute2D); q is the "
               "rotation of joint frame 1 relative to joint frame 0 about the joint axis z, zero where the frames "
               "coincide; give this or markerNumbers")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "transmission: two coordinate markers (MarkerNodeCoordinate) [m0, m1]; q = q_m1 - q_m0 (stored "
               "coordinates, i.e. from the reference configuration); give this or jointNumber")
          .KeepsDefaultInTests("the test instance drives a joint (jointNumber); an actuator has one transmission")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "optional NodeGenericData with one data coordinate that keeps a joint angle continuous beyond "
               "+-pi (without it, a joint angle is in (-pi, pi])")
          .KeepsDefaultInTests("optional; the test instance's joint angle stays within +-pi without a data node")
          .Add(&T::dyntype, "dyntype", "",
               "activation dynamics: 'none' (no state), 'integrator' (a_t = u), 'filter' (a_t = (u - a)/dynprm[0]), "
               "'filterexact' (the same, each implicit step exact for constant u), 'muscle'")
          .Structural()
          .Add(&T::gaintype, "gaintype", "",
               "gain: 'fixed' (gainprm[0]), 'affine' (gainprm[0] + gainprm[1] l + gainprm[2] l_t), 'muscle'")
          .Add(&T::biastype, "biastype", "",
               "bias: 'none', 'affine' (biasprm[0] + biasprm[1] l + biasprm[2] l_t), 'muscle'")
          .Add(&T::dynprm, "dynprm", "", "activation dynamics parameters (dynprm[0]: time constant in s)")
          .Add(&T::gainprm, "gainprm", "", "gain parameters")
          .Add(&T::biasprm, "biasprm", "", "bias parameters")
          .Add(&T::ctrllimited, "ctrllimited", "",
               "clamp the control to ctrlrange: True, False or 'auto' (limited if ctrlrange is not [0, 0])")
          .TestValue(R"("true")")
          .Add(&T::ctrlrange, "ctrlrange", "", "control range [min, max]")
          .Add(&T::forcelimited, "forcelimited", "",
               "clamp the scalar force to forcerange: True, False or 'auto' (limited if forcerange is not [0, 0])")
          .TestValue(R"("true")")
          .Add(&T::forcerange, "forcerange", "N (N*m on rotations)", "force range [min, max]")
          .Add(&T::actlimited, "actlimited", "",
               "limit the activation to actrange: True, False or 'auto' (limited if actrange is not [0, 0])")
          .TestValue(R"("true")")
          .Add(&T::actrange, "actrange", "", "activation range [min, max]")
          .Add(&T::lengthrange, "lengthrange", "m (rad on rotations)",
               "range of the actuator length l; needed by the muscle model (MuJoCo computes it, here it is given)")
          .Add(&T::actearly, "actearly", "",
               "accepted for MuJoCo compatibility; changes nothing: the force at time t always uses the "
               "activation at time t (solved together with q in each step)")
          .Add(&T::gear, "gear", "",
               "MuJoCo's gear (6 values); gear[0] scales length, velocity and the generalized force of the scalar "
               "transmission")
          .Add(&T::control, "control", "",
               "the control u (MuJoCo's ctrl); run-time, e.g. set from a pre-step user function")
          .AddUserFunction(&T::controlUserFunction, "controlUserFunction",
                           "controlUserFunction(mbs, t, itemNumber) -> Real",
                           "a Python function returning the control u at time t; replaces the parameter control")
          .Add(&T::controlModule, "controlModule", "",
               "optional control module (e.g. ModuleTwoHingeDamper, added by mbs.AddModule) whose output is the "
               "control; "
               "replaces the parameter control")
          .KeepsDefaultInTests("the test instance's control is the value `control`; an actuator has one control source")
          .Add(&T::controlModuleOutput, "controlModuleOutput", "", "which output of controlModule is the control")
          .Structural()
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "Actuator", "ObjectActuator", {"Actuator"}, "actuators",
      "MuJoCo's general actuator on a scalar joint coordinate: force = gain * (activation or control) + bias, with "
      "activation dynamics as the item's own first-order state, control/force/activation limits and gear. The "
      "shortcuts ActuatorMotor, ActuatorPosition, ActuatorVelocity, ActuatorIntVelocity, ActuatorDamper and "
      "ActuatorCylinder (multidyn.itemInterface) compile to it as MuJoCo does.",
      fields,
      {OutputVariableType::Displacement, OutputVariableType::Velocity, OutputVariableType::Force,
       OutputVariableType::Activation, OutputVariableType::Control});
  return info;
}

}  // namespace multidyn
