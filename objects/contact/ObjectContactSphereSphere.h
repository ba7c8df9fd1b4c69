// Penalty contact of two spheres, or of a sphere inside a hollow sphere (marker 1), Exudyn's
// ObjectContactSphereSphere (docs/theory/ContactSphereSphere.md). With h1 = -1 for a hollow
// sphere 1 (else 1), d = p_m1 - p_m0:
//   gap g = h1 |d| - (r0 + h1 r1),  n0 = h1 d / |d| (from marker 0 towards the contact point),
//   v = v_m1 - v_m0 (plus omega x arm at the contact points with friction), v_n = n0 . v;
//   normal force on marker 1: f_n n0, f_n = f_c(delta = -g) - d_c v_n (impact models below),
//   friction on marker 1 -mu f_n v_t / max(|v_t|, v_reg), torques arm x force; marker 0 gets the opposite
//   force and its own arm's torque.
// The contact state lives in a NodeGenericData of 4 coordinates, [gap, |v_t|, impact velocity,
// plastic overlap] of the last discontinuous iteration: the loads act while its gap is < 0, with
// the friction mode (|v_t| below v_reg: proportional) it recorded, so that Newton sees a smooth law.
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "objects/contact/PenaltyContactLaw.h"

namespace multidyn {

class ObjectContactSphereSphere : public ConnectorKernels<ObjectContactSphereSphere>, public PenaltyContactParameters {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  // the data coordinates of the NodeGenericData: penaltyContact's three and
  static constexpr Index dataPlasticOverlap = 3;  // delta_p of the adhesive elasto-plastic model [m]
  static constexpr Index numberOfDataCoordinates = 4;

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool HasPostNewtonStep() const override { return true; }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  double HollowSign() const { return isHollowSphere1 ? -1. : 1.; }

  template <class S> struct Geometry {
    Vec3<S> p_m0m1;  // p_m1 - p_m0 [m]
    S gap;  // [m], < 0 in contact
    Vec3<S> n0;  // unit normal from marker 0 towards the contact point (0 if the centres coincide)
  };

  template <class S> Geometry<S> GeometryOf(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    using std::sqrt;
    const double h1 = HollowSign();
    Geometry<S> g;
    g.p_m0m1 = m1.position - m0.position;
    const S distance = sqrt(g.p_m0m1.squaredNorm());
    g.gap = h1 * distance - (spheresRadii(0) + h1 * spheresRadii(1));
    g.n0 = h1 * g.p_m0m1;
    if (ValueOf(distance) != 0.) g.n0 /= distance;
    return g;
  }

  // Arms from the marker positions to the contact point (midway in the overlap), global axes.
  template <class S> Vec3<S> Arm0(const Geometry<S>& g) const { return (spheresRadii(0) + 0.5 * g.gap) * g.n0; }
  template <class S> Vec3<S> Arm1(const Geometry<S>& g) const {
    return (-HollowSign() * spheresRadii(1) - 0.5 * g.gap) * g.n0;
  }

  // v_m1 - v_m0; with friction, of the material points at the contact point.
  template <class S> Vec3<S> RelativeVelocity(const MarkerData<S>& m0, const MarkerData<S>& m1, const Geometry<S>& g,
                                              bool atContactPoint) const {
    if (!atContactPoint) return m1.velocity - m0.velocity;
    const Vec3<S> omega0 = m0.orientation * m0.angularVelocityLocal;
    const Vec3<S> omega1 = m1.orientation * m1.angularVelocityLocal;
    return Vec3<S>(m1.velocity + omega1.cross(Arm1(g))) - Vec3<S>(m0.velocity + omega0.cross(Arm0(g)));
  }

  // The normal force f_n on marker 1 along n0 (> 0 pushes the spheres apart) at the overlap
  // -gap and normal velocity v_n, with the impact velocity and plastic overlap of `data`.
  template <class S> S NormalForce(const S& gap, const S& normalVelocity, const double* data) const {
    using penaltyContact::SignedPower;
    const S overlap = -gap;
    const S overlapPower = SignedPower(overlap, contactStiffnessExponent);
    const S damping = -contactDamping * normalVelocity;
    S force = contactStiffness * overlapPower + damping;
    if (impactModel == 0) {
      if (contactPlasticityRatio == 0.) return force;
      // adhesive elasto-plastic model: loading on k_c, unloading and reloading on k2, adhesion below
      const double unloadingStiffness = contactStiffness / (1. - contactPlasticityRatio);
      const double plasticPower = SignedPower(data[dataPlasticOverlap], contactStiffnessExponent);
      const S loading = contactStiffness * overlapPower;
      const S unloading = unloadingStiffness * (overlapPower - plasticPower);
      const S adhesion = -adhesionCoefficient * SignedPower(overlap, adhesionExponent);
      if (ValueOf(unloading) >= ValueOf(loading))
        force = loading;
      else if (ValueOf(unloading) > ValueOf(adhesion))
        force = unloading;
      else
        force = adhesion;
      return force - constantPullOffForce + damping;
    }
    return force + penaltyContact::ImpactDamping(*this, data, overlapPower, normalVelocity);
  }

  // The force on marker 1 (normal and friction) in contact; `proportionalFriction`: below v_reg.
  template <class S> Vec3<S> ForceOnMarker1(const Geometry<S>& g, const Vec3<S>& relativeVelocity, const double* data,
                                            bool proportionalFriction) const {
    const S normalVelocity = g.n0.dot(relativeVelocity);
    const S normalForce = NormalForce(g.gap, normalVelocity, data);
    const Vec3<S> force = normalForce * g.n0;
    if (dynamicFriction == 0.) return force;
    const Vec3<S> tangentialVelocity = relativeVelocity - normalVelocity * g.n0;
    return force + penaltyContact::RegularizedFriction(*this, normalForce, tangentialVelocity, proportionalFriction);
  }

  // The loads as the last discontinuous iteration's contact state (data) selects them.
  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const double* data = context.data;
    if (!data || !(data[penaltyContact::dataGap] < 0.)) return;
    const Geometry<S> g = GeometryOf(m0, m1);
    const bool withFriction = dynamicFriction != 0.;
    const Vec3<S> relativeVelocity = RelativeVelocity(m0, m1, g, withFriction);
    const Vec3<S> force = ForceOnMarker1(g, relativeVelocity, data,
                                         data[penaltyContact::dataTangentialVelocity] < frictionProportionalZone);
    loads[1].force = force;
    loads[0].force = -force;
    if (!withFriction) return;  // the normal force has no moment about the centres
    loads[1].torque = Arm1(g).cross(force);
    loads[0].torque = Arm0(g).cross(Vec3<S>(-force));
  }

  NodeIndex nodeNumber;
  Vector2 spheresRadii = Vector2(-1., -1.);
  bool isHollowSphere1 = false;
  double constantPullOffForce = 0.;
  double contactPlasticityRatio = 0.;
  double adhesionCoefficient = 0.;
  double adhesionExponent = 1.;
  bool visualizationShow = false;
  Color4 visualizationColor = {0.7f, 0.7f, 0.7f, 1.f};
};

}  // namespace multidyn
