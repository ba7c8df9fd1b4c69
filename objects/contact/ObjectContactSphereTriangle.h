// Penalty contact of a sphere (radius r, centre at marker 0) with a triangle fixed to the rigid
// marker 1 (its corners in marker 1 axes), Exudyn's ObjectContactSphereTriangle
// (docs/theory/ContactSphereTriangle.md). With p_T the triangle's point next to the centre p_0
// (Exudyn's search: inside, or on the one edge the centre lies beyond), d = p_T - p_0:
//   gap g = |d| - r,  n0 = d / |d| (from the centre towards the triangle),
//   v = (v_m1 + omega1 x (p_T - p_m1)) - (v_m0 [+ omega0 x (p_T - p_m0) with friction]),  v_n = n0 . v;
//   the force on the sphere -f_n n0 + friction, f_n = k delta^n - d v_n + impact damping
//   (penaltyContact), on the triangle its opposite with the moment about p_m1 of the contact point
//   p_0 + (r + g/2) n0; with friction the sphere's torque (r + g/2) n0 x F0.
// The contact state of the last discontinuous iteration lives in a NodeGenericData of 4
// coordinates [gap, |v_t|, impact velocity, unused]; edges left out of includeEdges never make contact.
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "objects/contact/PenaltyContactLaw.h"

namespace multidyn {

class ObjectContactSphereTriangle : public ConnectorKernels<ObjectContactSphereTriangle>,
                                    public PenaltyContactParameters {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  static constexpr Index numberOfDataCoordinates = 4;

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool HasPostNewtonStep() const override { return true; }
  double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                        double* data, double& recommendedStepSize) const override;
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> struct Geometry {
    Vec3<S> p_T;  // the triangle's point next to the sphere's centre (global) [m]
    Vec3<S> d;  // p_T - p_m0 [m]
    S gap;  // |d| - r [m], < 0 in contact
    Vec3<S> n0;  // d / |d|
    Index edge = 0;  // 0: inside; else the edge (1: corners 0-1, 2: 1-2, 4: 2-0) it lies on
  };

  // Exudyn's search (EGeometry::MinDistTrigEdges): the centre's projection in triangle coordinates
  // (lam1, lam2); inside (to 1e-15) the projected point, else the nearest point of one edge, the
  // first the centre lies beyond in the order edge 2-0, edge 0-1, edge 1-2.
  template <class S> Geometry<S> GeometryOf(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    using std::sqrt;
    Vec3<S> corners[3];
    for (int i = 0; i < 3; ++i) corners[i] = m1.position + m1.orientation * trianglePoints[i].cast<S>();
    const Vec3<S> e1 = corners[1] - corners[0], e2 = corners[2] - corners[0], v = m0.position - corners[0];
    const S m11 = e1.dot(e1), m12 = e1.dot(e2), m22 = e2.dot(e2), rs1 = v.dot(e1), rs2 = v.dot(e2);
    const S determinant = m11 * m22 - m12 * m12;
    S lam1, lam2;
    if (ValueOf(determinant) != 0.) {
      lam1 = (rs1 * m22 - rs2 * m12) / determinant;
      lam2 = (m11 * rs2 - m12 * rs1) / determinant;
    } else {  // a degenerate triangle
      lam1 = ValueOf(m11) != 0. ? S(rs1 / m11) : S(0.);
      lam2 = ValueOf(m22) != 0. ? S(rs2 / m22) : S(0.);
    }
    constexpr double tolerance = 1e-15;
    Geometry<S> g;
    if (ValueOf(lam1) < -tolerance) {
      g.edge = 4;
      g.p_T = NearestOnSegment(corners[0], corners[2], m0.position);
    } else if (ValueOf(lam2) < -tolerance) {
      g.edge = 1;
      g.p_T = NearestOnSegment(corners[0], corners[1], m0.position);
    } else if (ValueOf(lam1 + lam2) > 1. + tolerance) {
      g.edge = 2;
      g.p_T = NearestOnSegment(corners[1], corners[2], m0.position);
    } else {
      g.p_T = corners[0] + lam1 * e1 + lam2 * e2;
    }
    g.d = g.p_T - m0.position;
    const S distance = sqrt(g.d.squaredNorm());
    g.gap = distance - sphereRadius;
    g.n0 = ValueOf(distance) != 0. ? Vec3<S>(g.d / distance) : g.d;
    return g;
  }

  template <class S> static Vec3<S> NearestOnSegment(const Vec3<S>& a, const Vec3<S>& b, const Vec3<S>& p) {
    const Vec3<S> v = b - a;
    const S along = v.dot(Vec3<S>(p - a)), length2 = v.squaredNorm();
    if (ValueOf(along) <= 0. || !(ValueOf(length2) > 0.)) return a;
    if (ValueOf(along) >= ValueOf(length2)) return b;
    return a + (along / length2) * v;
  }

  // v of the triangle's material point at p_T relative to the sphere's (at its centre, or at p_T with friction).
  template <class S>
  Vec3<S> RelativeVelocity(const MarkerData<S>& m0, const MarkerData<S>& m1, const Geometry<S>& g) const {
    const Vec3<S> omega1 = m1.orientation * m1.angularVelocityLocal;
    Vec3<S> sphereVelocity = m0.velocity;
    if (dynamicFriction != 0.)
      sphereVelocity += Vec3<S>(m0.orientation * m0.angularVelocityLocal).cross(Vec3<S>(g.p_T - m0.position));
    return Vec3<S>(m1.velocity + omega1.cross(Vec3<S>(g.p_T - m1.position))) - sphereVelocity;
  }

  // f_n (> 0: compression) at the gap and normal velocity, with the impact velocity of `data`.
  template <class S> S NormalForce(const S& gap, const S& normalVelocity, const double* data) const {
    const S overlapPower = penaltyContact::SignedPower(S(-gap), contactStiffnessExponent);
    return contactStiffness * overlapPower - contactDamping * normalVelocity +
           penaltyContact::ImpactDamping(*this, data, overlapPower, normalVelocity);
  }

  // The loads as the last discontinuous iteration's contact state (data) selects them.
  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    const double* data = context.data;
    if (!data || !(data[penaltyContact::dataGap] < 0.)) return;
    const Geometry<S> g = GeometryOf(m0, m1);
    const Vec3<S> relativeVelocity = RelativeVelocity(m0, m1, g);
    const S normalVelocity = g.n0.dot(relativeVelocity);
    const S normalForce = NormalForce(g.gap, normalVelocity, data);
    // on the triangle: the normal force pushes it along n0, friction opposes its slip
    Vec3<S> force = normalForce * g.n0;
    if (dynamicFriction != 0.)
      force +=
          penaltyContact::RegularizedFriction(*this, normalForce, Vec3<S>(relativeVelocity - normalVelocity * g.n0),
                                              data[penaltyContact::dataTangentialVelocity] < frictionProportionalZone);
    const Vec3<S> arm0 = (sphereRadius + 0.5 * g.gap) * g.n0;  // sphere centre -> contact point
    loads[1].force = force;
    loads[1].torque = Vec3<S>(m0.position + arm0 - m1.position).cross(force);
    loads[0].force = -force;
    if (dynamicFriction != 0.) loads[0].torque = arm0.cross(Vec3<S>(-force));
  }

  NodeIndex nodeNumber;
  double sphereRadius = 0.;
  Vector3List trianglePoints;
  Index includeEdges = 7;
  bool visualizationShow = false;
  Color4 visualizationColor = {0.7f, 0.7f, 0.7f, 1.f};
};

}  // namespace multidyn
