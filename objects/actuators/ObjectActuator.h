// MuJoCo's general actuator on a scalar transmission (see docs/theory/Actuator.md):
//   length l = gear0 q, velocity l_t = gear0 q_t, q = the joint's coordinate (or q_m1 - q_m0)
//   force  p = clamp(gain(l, l_t) x + bias(l, l_t), forcerange),  x = activation or control
//   activation a (internal first-order state): a_t = integrator u | (u - a)/tau | muscle(u, a)
// The generalized force gear0 p acts on q: +gear0 p on side 1 and -gear0 p on side 0.
#pragma once

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/items/Connector.h"
#include "objects/common/RevoluteJointFrames.h"
#include "objects/connectors/ObjectConnectorTorsionalSpringDamper.h"
#include "objects/modules/ControlModule.h"

namespace multidyn {

// MuJoCo's 'auto' | true | false flag of ctrllimited, forcelimited, actlimited; stored as text.
struct LimitedFlag {
  std::string value = "auto";
};
template <> struct FieldConverter<LimitedFlag> {
  static constexpr FieldType type = FieldType::String;
  static Json ToJson(const LimitedFlag& v) { return v.value; }
  static void FromJson(const Json& j, LimitedFlag& v);
};

using Vector6 = Eigen::Matrix<double, 6, 1>;
using Vector10 = Eigen::Matrix<double, 10, 1>;

class ObjectActuator : public GeneralConnectorKernels<ObjectActuator> {
 public:
  enum class DynType { None, Integrator, Filter, FilterExact, Muscle };
  enum class GainType { Fixed, Affine, Muscle };
  enum class BiasType { None, Affine, Muscle };

  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  // The joint's markers (resolved by Check, which AddItem and Assemble run first) or markerNumbers.
  std::vector<MarkerIndex> MarkerNumbers() const override;
  std::vector<NodeIndex> NodeNumbers() const override {
    return nodeNumber.IsValid() ? std::vector<NodeIndex>{nodeNumber} : std::vector<NodeIndex>{};
  }
  Index NumberOfInternalStates() const override { return Dyn() == DynType::None ? 0 : 1; }
  VectorX InitialInternalStates() const override { return VectorX::Zero(NumberOfInternalStates()); }
  bool HasPostNewtonStep() const override { return nodeNumber.IsValid(); }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // MuJoCo's rule for '*limited = auto': limited when the range is not [0, 0].
  static bool IsLimited(const LimitedFlag& flag, const Vector2& range);
  void CheckControlModule(const SystemView& system) const;  // resolves the module's inputs
  DynType Dyn() const;
  GainType Gain() const;
  BiasType Bias() const;
  // The control of this evaluation (controlUserFunction or control), clamped to ctrlrange.
  double Control(const EvaluationContext& context) const;

  // Coordinate q of a revolute joint (rotation of joint frame 1 relative to frame 0 about its
  // z-axis, in (-pi, pi]) and its rate q_t; R0, R1 turn the markers' frames into the joint frames.
  template <class S> static void RevoluteJointCoordinate(const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                         const Matrix3& R0, const Matrix3& R1, S& q, S& q_t) {
    const Mat3<S> A_0J0 = RotatedBy(m0.orientation, R0);
    const Mat3<S> A_0J1 = RotatedBy(m1.orientation, R1);
    q = Atan2(S(A_0J0.col(1).dot(A_0J1.col(0))), S(A_0J0.col(0).dot(A_0J1.col(0))));
    const Vec3<S> w0 = m0.orientation * m0.angularVelocityLocal;
    const Vec3<S> w1 = m1.orientation * m1.angularVelocityLocal;
    q_t = A_0J0.col(2).dot(w1 - w0);
  }
  // The transmission's q and q_t: the joint coordinate (made continuous against the data
  // coordinate, if any) or q_m1 - q_m0. Sets A_M0J0 (the joint axis is its z-axis) for a joint.
  template <class S> void Transmission(const EvaluationContext& context, const MarkerData<S>& m0,
                                       const MarkerData<S>& m1, S& q, S& q_t, Matrix3& A_M0J0) const {
    if (!jointNumber.IsValid()) {
      q = m1.coordinate - m0.coordinate;
      q_t = m1.coordinate_t - m0.coordinate_t;
      return;
    }
    Matrix3 A_M1J1;
    RevoluteJointRotations(context.system->GetObject(jointNumber.value), A_M0J0, A_M1J1);
    RevoluteJointCoordinate(m0, m1, A_M0J0, A_M1J1, q, q_t);
    if (context.data) q = q + ObjectConnectorTorsionalSpringDamper::ContinuityCorrection(ValueOf(q), context.data[0]);
  }

  // The control of this evaluation, clamped to ctrlrange: a module's output (a function of the
  // joint states its links read, markers[2...]), controlUserFunction or control.
  template <class S> S ControlOf(const EvaluationContext& context, const MarkerData<S>* const* markers) const {
    if (!controlModule.IsValid()) return S(Control(context));
    const auto& module = static_cast<const ControlModule&>(context.system->GetObject(controlModule.value));
    std::array<S, maxModuleInputs> inputs;
    for (size_t i = 0; i < moduleInputs_.size(); ++i) {
      S q, q_t;
      Matrix3 A_M0J0, A_M1J1;
      RevoluteJointRotations(context.system->GetObject(moduleInputs_[i].joint), A_M0J0, A_M1J1);
      RevoluteJointCoordinate(*markers[2 + 2 * i], *markers[3 + 2 * i], A_M0J0, A_M1J1, q, q_t);
      inputs[i] = moduleInputs_[i].rate ? q_t : q;
    }
    EvaluationContext moduleContext = context;  // the module's own number (named in its errors), no data
    moduleContext.itemNumber = controlModule.value;
    moduleContext.data = nullptr;
    moduleContext.internal = nullptr;
    const S u = module.Output(moduleContext, controlModuleOutput, inputs.data());
    return IsLimited(ctrllimited, ctrlrange) ? Clamp(u, ctrlrange(0), ctrlrange(1)) : u;
  }

  // Activation rate of the internal state a for control u. Near an active actrange bound that
  // the rate moves towards, the rate is scaled by (bound distance)/band, which continues below
  // zero beyond the bound (a restoring rate): continuous and monotone in a, so the implicit
  // update has one solution and Newton reaches it (a hard stop has none in a step that crosses
  // the bound, and a plain fade makes Newton cycle between its pieces).
  template <class S> S ActivationRate(const EvaluationContext& context, const S& u, const S& a) const {
    S rate;
    switch (Dyn()) {
      case DynType::Integrator: rate = u; break;
      case DynType::Filter: rate = (u - a) / std::max(minTimeConstant, dynprm(0)); break;
      case DynType::FilterExact: rate = (u - a) / FilterExactTimeConstant(context.trapezoidalStepSize); break;
      case DynType::Muscle: rate = MuscleActivationRate(u, a); break;
      default: return S(0.);
    }
    if (!IsLimited(actlimited, actrange)) return rate;
    const double band = activationBand * std::max(1., actrange(1) - actrange(0));
    const S room = ValueOf(rate) > 0. ? S((actrange(1) - a) / band) : S((a - actrange(0)) / band);
    return ValueOf(room) < 1. ? S(rate * room) : rate;
  }
  // filterexact: the time constant tau_h = h / (2 tanh(h / (2 tau))) with which the trapezoidal
  // step of size h maps a_0 to u + (a_0 - u) e^{-h/tau}, the exact solution for constant control,
  // whatever h; tau itself when the solver's rule is not trapezoidal (h = 0).
  double FilterExactTimeConstant(double trapezoidalStepSize) const {
    const double tau = std::max(minTimeConstant, dynprm(0));
    const double h = trapezoidalStepSize;
    return h > 0. ? h / (2. * std::tanh(h / (2. * tau))) : tau;
  }
  // The activation that drives the force: a clamped to actrange (where limited).
  template <class S> S EffectiveActivation(const S& a) const {
    if (!IsLimited(actlimited, actrange)) return a;
    return Clamp(a, actrange(0), actrange(1));
  }

  // Scalar force p = gain x + bias, clamped to forcerange (a clamped force has no derivative).
  template <class S> S ActuatorForce(const S& length, const S& velocity, const S& x) const {
    S gain, bias;
    switch (Gain()) {
      case GainType::Affine: gain = gainprm(0) + gainprm(1) * length + gainprm(2) * velocity; break;
      case GainType::Muscle: gain = MuscleGain(length, velocity); break;
      default: gain = S(gainprm(0));
    }
    switch (Bias()) {
      case BiasType::Affine: bias = biasprm(0) + biasprm(1) * length + biasprm(2) * velocity; break;
      case BiasType::Muscle: bias = MuscleBias(length); break;
      default: bias = S(0.);
    }
    const S force = gain * x + bias;
    if (!IsLimited(forcelimited, forcerange)) return force;
    return Clamp(force, forcerange(0), forcerange(1));
  }

  template <class S> void Loads(const EvaluationContext& context, const MarkerData<S>* const* markers,
                                const VecX<S>& internal, MarkerLoad<S>* loads, VecX<S>& internalRate) const {
    S q, q_t;
    Matrix3 A_M0J0;
    Transmission(context, *markers[0], *markers[1], q, q_t, A_M0J0);
    const S length = gear(0) * q, velocity = gear(0) * q_t;
    const S u = ControlOf(context, markers);
    internalRate.resize(NumberOfInternalStates());
    S x = u;
    if (NumberOfInternalStates() == 1) {
      internalRate(0) = ActivationRate(context, u, internal(0));
      x = EffectiveActivation(internal(0));
    }
    const S generalizedForce = gear(0) * ActuatorForce(length, velocity, x);
    if (jointNumber.IsValid()) {
      const Vec3<S> axis = RotatedBy(markers[0]->orientation, A_M0J0).col(2);
      loads[1].torque = axis * generalizedForce;
      loads[0].torque = -loads[1].torque;
    } else {
      loads[1].coordinateForce = generalizedForce;
      loads[0].coordinateForce = -generalizedForce;
    }
  }

  // Muscle model (MuJoCo's FL, FV, FP curves; lengthrange must be given, force >= 0).
  template <class S> S MuscleGain(const S& length, const S& velocity) const;
  template <class S> S MuscleBias(const S& length) const;
  template <class S> S MuscleActivationRate(const S& u, const S& a) const;

  ObjectIndex jointNumber;
  MarkerIndexPair markerNumbers;
  NodeIndex nodeNumber;
  std::string dyntype = "none";
  std::string gaintype = "fixed";
  std::string biastype = "none";
  Vector10 dynprm = (Vector10() << 1., 0., 0., 0., 0., 0., 0., 0., 0., 0.).finished();
  Vector10 gainprm = (Vector10() << 1., 0., 0., 0., 0., 0., 0., 0., 0., 0.).finished();
  Vector10 biasprm = Vector10::Zero();
  LimitedFlag ctrllimited, forcelimited, actlimited;
  Vector2 ctrlrange = Vector2::Zero();
  Vector2 forcerange = Vector2::Zero();
  Vector2 actrange = Vector2::Zero();
  Vector2 lengthrange = Vector2::Zero();
  bool actearly = false;
  Vector6 gear = (Vector6() << 1., 0., 0., 0., 0., 0.).finished();
  double control = 0.;
  ScriptFunctionPtr controlUserFunction;
  ObjectIndex controlModule;
  Index controlModuleOutput = 0;
  BasicVisualization visualization;

  static constexpr double minTimeConstant = 1e-15;  // MuJoCo's mjMINVAL for time constants [s]
  static constexpr double activationBand = 1e-6;  // relative width of the band at an actrange bound
  static constexpr size_t maxModuleInputs = ControlModule::maxInputs;

 private:
  template <class S> static S Clamp(const S& value, double lo, double hi) {
    if (ValueOf(value) < lo) return S(lo);
    if (ValueOf(value) > hi) return S(hi);
    return value;
  }
  // Resolved by Check (which AddItem and Assemble run before anything else): the markers of the
  // transmission's joint and of the joints the control module reads (after the transmission's).
  mutable std::array<MarkerIndex, 2> jointMarkers_;
  struct ModuleInput {
    Index joint = invalidIndex;
    std::array<MarkerIndex, 2> markers;
    bool rate = false;
  };
  mutable std::vector<ModuleInput> moduleInputs_;
};

// ---- muscle curves (MuJoCo's mju_muscleGain/Bias/Dynamics) -----------------------------------

template <class S> S ObjectActuator::MuscleGain(const S& length, const S& velocity) const {
  const double range0 = gainprm(0), range1 = gainprm(1), force = gainprm(2), lmin = gainprm(4), lmax = gainprm(5),
               vmax = gainprm(6), fvmax = gainprm(8);
  const double L0 = (lengthrange(1) - lengthrange(0)) / (range1 - range0);
  const S L = range0 + (length - lengthrange(0)) / L0;
  const S V = velocity / (L0 * vmax);
  // FL: a bump through (lmin, 0), (1, 1), (lmax, 0) of two quadratic pieces per side
  auto bump = [&](const S& x) -> S {
    const double a = 0.5 * (lmin + 1.), b = 0.5 * (1. + lmax);
    if (ValueOf(x) <= lmin || ValueOf(x) >= lmax) return S(0.);
    if (ValueOf(x) < a) {
      const S t = (x - lmin) / (a - lmin);
      return 0.5 * t * t;
    }
    if (ValueOf(x) < 1.) {
      const S t = (1. - x) / (1. - a);
      return 1. - 0.5 * t * t;
    }
    if (ValueOf(x) < b) {
      const S t = (x - 1.) / (b - 1.);
      return 1. - 0.5 * t * t;
    }
    const S t = (lmax - x) / (lmax - b);
    return 0.5 * t * t;
  };
  const double y = fvmax - 1.;
  S FV;
  if (ValueOf(V) <= -1.)
    FV = S(0.);
  else if (ValueOf(V) <= 0.)
    FV = (V + 1.) * (V + 1.);
  else if (ValueOf(V) <= y)
    FV = fvmax - (y - V) * (y - V) / y;
  else
    FV = S(fvmax);
  return -force * bump(L) * FV;
}

template <class S> S ObjectActuator::MuscleBias(const S& length) const {
  const double range0 = biasprm(0), range1 = biasprm(1), force = biasprm(2), lmax = biasprm(5), fpmax = biasprm(7);
  const double L0 = (lengthrange(1) - lengthrange(0)) / (range1 - range0);
  const S L = range0 + (length - lengthrange(0)) / L0;
  const double b = 0.5 * (1. + lmax);
  if (ValueOf(L) <= 1.) return S(0.);
  if (ValueOf(L) <= b) {
    const S x = (L - 1.) / (b - 1.);
    return -force * fpmax * 0.5 * x * x;
  }
  const S x = (L - b) / (b - 1.);
  return -force * fpmax * (0.5 + x);
}

template <class S> S ObjectActuator::MuscleActivationRate(const S& u, const S& a) const {
  const S uc = Clamp(u, 0., 1.);
  const S ac = Clamp(a, 0., 1.);
  const S tauActivation = dynprm(0) * (0.5 + 1.5 * ac);
  const S tauDeactivation = dynprm(1) / (0.5 + 1.5 * ac);
  const S tau = ValueOf(uc) - ValueOf(a) > 0. ? tauActivation : tauDeactivation;
  return (uc - a) / tau;
}

}  // namespace multidyn
