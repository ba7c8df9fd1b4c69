// Exudyn's simple double-acting hydraulic cylinder between two position markers (see
// docs/theory/HydraulicActuatorSimple.md). With dp = p_m1 - p_m0, L = |dp|, v_f = dp / L, the
// stroke s = L - L_o and its rate s_t = (v_m1 - v_m0) . v_f, and the chamber pressures p0 (piston
// head side) and p1 (rod side) [Pa], which are the two ODE1 coordinates of a NodeGenericODE1:
//   f_HA = -p0 A0 + p1 A1 + d_HA s_t                                        (tension positive)
//   p0_t = K0/V0 (-A0 s_t + Av0 Qn sqrts(ps - p0 or p0 - pt)),  p1_t = K1/V1 (A1 s_t + Av1 Qn sqrts(...))
// Marker 0 is loaded with +f_HA v_f, marker 1 with -f_HA v_f: p0 pushes the markers apart.
#pragma once

#include <cmath>

#include "core/items/Connector.h"

namespace multidyn {

class ObjectConnectorHydraulicActuatorSimple
    : public GeneralConnectorKernels<ObjectConnectorHydraulicActuatorSimple, TwoMarkerObject<Connector>> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return nodeNumbers; }
  // The pressures p0, p1 are the node's ODE1 coordinates (Exudyn's layout: scripts read and set them there).
  Index NumberOfInternalStates() const override { return 2; }
  NodeIndex InternalStatesNode() const override { return nodeNumbers.size() == 1 ? nodeNumbers[0] : NodeIndex(); }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // Actuator length L [m], unit axis v_f (global, from marker 0 to marker 1) and L_t = s_t [m/s].
  template <class S> void Axis(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1,
                               S& length, Vec3<S>& direction, S& lengthRate) const {
    using std::sqrt;
    const Vec3<S> relativePosition = m1.position - m0.position;
    if (ValueOf(relativePosition.squaredNorm()) == 0.) ThrowZeroLength(context);  // as Exudyn: no axis
    length = sqrt(relativePosition.squaredNorm());
    direction = relativePosition / length;
    lengthRate = (m1.velocity - m0.velocity).dot(direction);
  }

  // The scalar force f_HA [N] (tension positive).
  template <class S> S ActuatorForce(const S& p0, const S& p1, const S& lengthRate) const {
    return -p0 * chamberCrossSection0 + p1 * chamberCrossSection1 + actuatorDamping * lengthRate;
  }

  // The pressure rates p0_t, p1_t [Pa/s] of the pressure build-up equations.
  template <class S> void PressureRates(const EvaluationContext& context, const S& length, const S& lengthRate,
                                        const S& p0, const S& p1, S& p0_t, S& p1_t) const {
    S volume0 = S(hoseVolume0), volume1 = S(hoseVolume1);
    S bulkModulus0 = S(oilBulkModulus), bulkModulus1 = S(oilBulkModulus);
    if (useChamberVolumeChange) {
      const S stroke = length - offsetLength;
      volume0 = hoseVolume0 + chamberCrossSection0 * stroke;
      volume1 = hoseVolume1 + chamberCrossSection1 * (strokeLength - stroke);
      if (ValueOf(volume0) != 0. && ValueOf(volume1) != 0.) {
        bulkModulus0 = EffectiveBulkModulus(volume0, hoseVolume0);
        bulkModulus1 = EffectiveBulkModulus(volume1, hoseVolume1);
      }
    }
    if (ValueOf(volume0) == 0. || ValueOf(volume1) == 0.) ThrowVanishedVolume(context);  // Exudyn's only refusal
    p0_t = bulkModulus0 / volume0 * (-chamberCrossSection0 * lengthRate + ValveFlow(valveOpening0, p0));
    p1_t = bulkModulus1 / volume1 * (chamberCrossSection1 * lengthRate + ValveFlow(valveOpening1, p1));
  }

  // 1/K_eff = 1/K_oil + (V - V_h)/(V K_cyl) + V_h/(V K_hose) [1/Pa]; K_cyl = 0 or K_hose = 0 drops
  // its term (Exudyn's rule: such a wall is rigid).
  template <class S> S EffectiveBulkModulus(const S& volume, double hoseVolume) const {
    S compliance = S(1. / oilBulkModulus);
    if (cylinderBulkModulus != 0.) compliance += (volume - hoseVolume) / (volume * cylinderBulkModulus);
    if (hoseBulkModulus != 0.) compliance += hoseVolume / (volume * hoseBulkModulus);
    return 1. / compliance;
  }

  // Flow [m^3/s] into a chamber at `pressure` through its valve: from the pump (system pressure)
  // for an opening >= 0, to the tank for an opening < 0.
  template <class S> S ValveFlow(double opening, const S& pressure) const {
    if (opening == 0.) return S(0.);  // closed: no flow (and no infinite slope of sqrts at p = p_s)
    const S pressureDrop = opening > 0. ? S(systemPressure - pressure) : S(pressure - tankPressure);
    return opening * nominalFlow * SignedSqrt(pressureDrop);
  }

  // sqrts(x) = sign(x) sqrt(|x|); at x = 0 its slope is infinite, and the derivative given is 0.
  template <class S> static S SignedSqrt(const S& x) {
    using std::sqrt;
    if (ValueOf(x) > 0.) return sqrt(x);
    if (ValueOf(x) < 0.) return -sqrt(-x);
    return S(0.);
  }

  template <class S> void Loads(const EvaluationContext& context, const MarkerData<S>* const* markers,
                                const VecX<S>& internal, MarkerLoad<S>* loads, VecX<S>& internalRate) const {
    S length, lengthRate;
    Vec3<S> direction;
    Axis(context, *markers[0], *markers[1], length, direction, lengthRate);
    const Vec3<S> forceVector = direction * ActuatorForce(internal(0), internal(1), lengthRate);
    loads[0].force = forceVector;
    loads[1].force = -forceVector;
    internalRate.resize(2);
    PressureRates(context, length, lengthRate, internal(0), internal(1), internalRate(0), internalRate(1));
  }

  NodeIndexList nodeNumbers;
  double offsetLength = 0.;
  double strokeLength = 0.;
  double chamberCrossSection0 = 0.;
  double chamberCrossSection1 = 0.;
  double hoseVolume0 = 0.;
  double hoseVolume1 = 0.;
  double valveOpening0 = 0.;
  double valveOpening1 = 0.;
  double actuatorDamping = 0.;
  double oilBulkModulus = 0.;
  double cylinderBulkModulus = 0.;
  double hoseBulkModulus = 0.;
  double nominalFlow = 0.;
  double systemPressure = 0.;
  double tankPressure = 0.;
  bool useChamberVolumeChange = false;
  // Exudyn's VObjectConnectorHydraulicActuatorSimple (stored for the viewer to come)
  bool visualizationShow = true;
  float visualizationCylinderRadius = 0.05f;
  float visualizationRodRadius = 0.03f;
  float visualizationPistonRadius = 0.04f;
  float visualizationPistonLength = 0.001f;
  float visualizationRodMountRadius = 0.f;
  float visualizationBaseMountRadius = 0.f;
  float visualizationBaseMountLength = 0.f;
  Color4 visualizationColorCylinder = {-1.f, -1.f, -1.f, -1.f};
  Color4 visualizationColorPiston = {0.8f, 0.8f, 0.8f, 1.f};

 private:
  [[noreturn]] static void ThrowZeroLength(const EvaluationContext& context);
  [[noreturn]] static void ThrowVanishedVolume(const EvaluationContext& context);
};

}  // namespace multidyn
