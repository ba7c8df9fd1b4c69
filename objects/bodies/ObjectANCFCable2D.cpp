#include "objects/bodies/ObjectANCFCable2D.h"

#include <cmath>

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {
namespace {

using Vector4 = Eigen::Matrix<double, 4, 1>;
template <class S> using Vec8 = Eigen::Matrix<S, 8, 1>;

// Cubic Hermite shape functions on [0, L] and their x-derivatives: r(x) = sum_j S_j(x) q_j with
// q_j the 2-vectors r_0, r'_0, r_1, r'_1.
Vector4 Shape(double x, double L) {
  const double xi = x / L;
  return Vector4(1. - 3. * xi * xi + 2. * xi * xi * xi, x * (1. - 2. * xi + xi * xi), xi * xi * (3. - 2. * xi),
                 x * xi * (xi - 1.));
}
// S'(x) and S''(x) at x = xi L, from 1/L: multiplications only (the LHS evaluates them at every point).
Vector4 SlopeShapes(double xi, double invL) {
  return Vector4(6. * xi * (xi - 1.) * invL, 1. - 4. * xi + 3. * xi * xi, 6. * xi * (1. - xi) * invL,
                 xi * (3. * xi - 2.));
}
Vector4 CurvatureShapes(double xi, double invL) {
  return Vector4((12. * xi - 6.) * invL * invL, (6. * xi - 4.) * invL, (6. - 12. * xi) * invL * invL,
                 (6. * xi - 2.) * invL);
}
Vector4 Shape_x(double x, double L) { return SlopeShapes(x / L, 1. / L); }
Vector4 Shape_xx(double x, double L) { return CurvatureShapes(x / L, 1. / L); }
// (1/L) int_0^L S dx: the mass-weighted mean of the shape functions.
Vector4 MeanShape(double L) { return Vector4(0.5, L / 12., 0.5, -L / 12.); }

// (1/(rhoA L)) int_0^L S_i S_j dx of the Hermite functions, closed form (Exudyn integrates the
// same polynomials exactly with 4 Gauss points).
Eigen::Matrix4d HermiteMass(double L) {
  Eigen::Matrix4d H;
  H << 156., 22. * L, 54., -13. * L,  //
      22. * L, 4. * L * L, 13. * L, -3. * L * L,  //
      54., 13. * L, 156., -22. * L,  //
      -13. * L, -3. * L * L, -22. * L, 4. * L * L;
  return H / 420.;
}

// Quadrature rules on [-1, 1]: points and weights.
struct QuadratureRule {
  const double* points;
  const double* weights;
  int size;
};
constexpr double gauss3Points[] = {-0.57735026918962576451, 0.57735026918962576451};
constexpr double gauss3Weights[] = {1., 1.};
constexpr double gauss5Points[] = {-0.77459666924148337704, 0., 0.77459666924148337704};
constexpr double gauss5Weights[] = {5. / 9., 8. / 9., 5. / 9.};
constexpr double gauss7Points[] = {-0.86113631159405257522, -0.33998104358485626480, 0.33998104358485626480,
                                   0.86113631159405257522};
constexpr double gauss7Weights[] = {0.34785484513745385737, 0.65214515486254614263, 0.65214515486254614263,
                                    0.34785484513745385737};
constexpr double gauss9Points[] = {-0.90617984593866399280, -0.53846931010568309104, 0., 0.53846931010568309104,
                                   0.90617984593866399280};
constexpr double gauss9Weights[] = {0.23692688505618908751, 0.47862867049936646804, 128. / 225., 0.47862867049936646804,
                                    0.23692688505618908751};
constexpr double lobatto3Points[] = {-1., 0., 1.};
constexpr double lobatto3Weights[] = {1. / 3., 4. / 3., 1. / 3.};

QuadratureRule AxialRule(Index option) {
  if (option == 1) return {gauss7Points, gauss7Weights, 4};
  if (option == 2) return {lobatto3Points, lobatto3Weights, 3};
  return {gauss9Points, gauss9Weights, 5};
}
QuadratureRule BendingRule(Index option) {
  if (option == 0) return {gauss5Points, gauss5Weights, 3};
  return {gauss3Points, gauss3Weights, 2};
}

template <class S, class Q> Vec2<S> Interpolate(const Vector4& shape, const Q& q) {
  Vec2<S> v(S(0.), S(0.));
  for (Index j = 0; j < 4; ++j) {
    v(0) += shape(j) * q(2 * j);
    v(1) += shape(j) * q(2 * j + 1);
  }
  return v;
}
template <class S> S Cross(const Vec2<S>& a, const Vec2<S>& b) { return a(0) * b(1) - a(1) * b(0); }

// The element's total coordinates (reference + stored) and velocities, node 0 then node 1.
template <class S> void TotalCoordinates(const NodeKinematics<S>* nodes, Vec8<S>& q, Vec8<S>& q_t) {
  for (Index i = 0; i < 2; ++i)
    for (Index j = 0; j < 4; ++j) {
      q(4 * i + j) = nodes[i].coordinates(j) + nodes[i].referenceCoordinates[j];
      q_t(4 * i + j) = nodes[i].coordinates_t(j);
    }
}
template <class S> Vec8<double> ReferenceCoordinates(const NodeKinematics<S>* nodes) {
  Vec8<double> q;
  for (Index i = 0; i < 2; ++i)
    for (Index j = 0; j < 4; ++j) q(4 * i + j) = nodes[i].referenceCoordinates[j];
  return q;
}

double ReferenceCurvature(const Vector4& Sx, const Vector4& Sxx, const Vec8<double>& qReference) {
  const Vector2 rx = Interpolate<double>(Sx, qReference), rxx = Interpolate<double>(Sxx, qReference);
  return Cross<double>(rx, rxx) / rx.squaredNorm();
}

}  // namespace

void ObjectANCFCable2D::Check(const SystemView& system) const {
  if (nodeNumbers.size() != 2)
    throw ValueError("parameter 'nodeNumbers': expected two NodePoint2DSlope1, got " +
                     std::to_string(nodeNumbers.size()) + " node numbers");
  for (Index i = 0; i < 2; ++i) {
    const NodeIndex node = nodeNumbers[i];
    if (!node.IsValid()) throw ValueError("parameter 'nodeNumbers': node " + std::to_string(i) + " is invalid (-1)");
    const std::string& nodeClass = system.GetNode(node.value).TypeInfo().className;
    if (nodeClass != "NodePoint2DSlope1")
      throw TypeError("parameter 'nodeNumbers': node " + std::to_string(node.value) + " is a " + nodeClass +
                      "; ObjectANCFCable2D needs two NodePoint2DSlope1");
  }
  if (nodeNumbers[0] == nodeNumbers[1])
    throw ValueError("parameter 'nodeNumbers': expected two different nodes, got node " +
                     std::to_string(nodeNumbers[0].value) + " twice");
  if (!(physicsLength > 0.))
    throw ValueError("parameter 'physicsLength': expected a length > 0 [m], got " + std::to_string(physicsLength));
  if (useReducedOrderIntegration < 0 || useReducedOrderIntegration > 2)
    throw ValueError(
        "parameter 'useReducedOrderIntegration': expected 0 (Gauss 9/5), 1 (Gauss 7/3) or 2 (Lobatto 3/Gauss "
        "3), got " +
        std::to_string(useReducedOrderIntegration));
}

void ObjectANCFCable2D::ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>*,
                                          MatrixX& massMatrix) const {
  const Eigen::Matrix4d H = (physicsMassPerLength * physicsLength) * HermiteMass(physicsLength);
  massMatrix.setZero(8, 8);
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 4; ++j) massMatrix(2 * i, 2 * j) = massMatrix(2 * i + 1, 2 * j + 1) = H(i, j);
}

double ObjectANCFCable2D::KineticEnergy(const NodeKinematics<double>* nodes) const {
  Vec8<double> q, q_t;
  TotalCoordinates(nodes, q, q_t);
  const Eigen::Matrix4d H = HermiteMass(physicsLength);
  double energy = 0.;
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 4; ++j) energy += H(i, j) * (q_t(2 * i) * q_t(2 * j) + q_t(2 * i + 1) * q_t(2 * j + 1));
  return 0.5 * physicsMassPerLength * physicsLength * energy;
}

template <class S> void ObjectANCFCable2D::Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition,
                                                 MarkerData<S>& frame) const {
  using std::sqrt;
  Vec8<S> q, q_t;
  TotalCoordinates(nodes, q, q_t);
  const double x = localPosition(0), y = localPosition(1), L = physicsLength;
  const Vector4 shape = Shape(x, L), shape_x = Shape_x(x, L);
  const Vec2<S> r = Interpolate<S>(shape, q), r_t = Interpolate<S>(shape, q_t);
  const Vec2<S> rx = Interpolate<S>(shape_x, q), rx_t = Interpolate<S>(shape_x, q_t);
  const S rxNorm2 = rx.squaredNorm();
  const S rxNorm = sqrt(rxNorm2);
  const Vec2<S> t = rx / rxNorm;
  const Vec2<S> n(-t(1), t(0));
  const S omega = Cross<S>(rx, rx_t) / rxNorm2;
  frame.position << r(0) + y * n(0), r(1) + y * n(1), S(0.);
  frame.velocity << r_t(0) - y * omega * t(0), r_t(1) - y * omega * t(1), S(0.);  // n_t = -omega t
  frame.orientation << t(0), n(0), S(0.), t(1), n(1), S(0.), S(0.), S(0.), S(1.);
  frame.angularVelocityLocal << S(0.), S(0.), omega;
  frame.positionJacobian.setZero(3, 8);
  frame.rotationJacobian.setZero(3, 8);
  // dn/dr' = e_z x (I - t t^T)/|r'|: its columns for r'_x and r'_y
  const Vec2<S> dn_dRx0 = Vec2<S>(t(0) * t(1), S(1.) - t(1) * t(1)) / rxNorm;
  const Vec2<S> dn_dRx1 = Vec2<S>(t(1) * t(1) - S(1.), -t(0) * t(1)) / rxNorm;
  for (Index j = 0; j < 4; ++j) {
    frame.positionJacobian(0, 2 * j) = S(shape(j));
    frame.positionJacobian(1, 2 * j + 1) = S(shape(j));
    if (y != 0.) {
      for (Index i = 0; i < 2; ++i) {
        frame.positionJacobian(i, 2 * j) += y * shape_x(j) * dn_dRx0(i);
        frame.positionJacobian(i, 2 * j + 1) += y * shape_x(j) * dn_dRx1(i);
      }
    }
    frame.rotationJacobian(2, 2 * j) = -shape_x(j) * rx(1) / rxNorm2;  // d(omega)/d(q_t)
    frame.rotationJacobian(2, 2 * j + 1) = shape_x(j) * rx(0) / rxNorm2;
  }
}

template <class S>
void ObjectANCFCable2D::CenterOfMassFrame(const NodeKinematics<S>* nodes, MarkerData<S>& frame) const {
  Vec8<S> q, q_t;
  TotalCoordinates(nodes, q, q_t);
  const Vector4 mean = MeanShape(physicsLength);
  const Vec2<S> r = Interpolate<S>(mean, q), r_t = Interpolate<S>(mean, q_t);
  frame.position << r(0), r(1), S(0.);
  frame.velocity << r_t(0), r_t(1), S(0.);
  frame.positionJacobian.setZero(3, 8);
  frame.rotationJacobian.setZero(3, 8);
  for (Index j = 0; j < 4; ++j) {
    frame.positionJacobian(0, 2 * j) = S(mean(j));
    frame.positionJacobian(1, 2 * j + 1) = S(mean(j));
  }
}

template <class S> void ObjectANCFCable2D::ODE2LHSInContext(const EvaluationContext& context,
                                                            const NodeKinematics<S>* nodes, const VectorX& q_tt,
                                                            VecX<S>& lhs) const {
  using std::sqrt;
  Vec8<S> q, q_t;
  TotalCoordinates(nodes, q, q_t);
  const double L = physicsLength, invL = 1. / L;
  lhs.resize(8);
  // M q_tt = rhoA L (H x I_2) q_tt
  const Eigen::Matrix4d H = (physicsMassPerLength * L) * HermiteMass(L);
  for (Index i = 0; i < 4; ++i) {
    double ax = 0., ay = 0.;
    for (Index j = 0; j < 4; ++j) {
      ax += H(i, j) * q_tt(2 * j);
      ay += H(i, j) * q_tt(2 * j + 1);
    }
    lhs(2 * i) = S(ax);
    lhs(2 * i + 1) = S(ay);
  }
  // S'_3 = -S'_1 and S''_3 = -S''_1: with d = r_0 - r_1, r' = S'_1 d + S'_2 r'_0 + S'_4 r'_1 (the same
  // for r''), and the forces on r_0 and r_1 are opposite: accumulate the three 2-vectors
  // F_d, F_0, F_1 of d, r'_0, r'_1 and distribute them at the end.
  const Vec2<S> d(q(0) - q(4), q(1) - q(5)), slope0(q(2), q(3)), slope1(q(6), q(7));
  const Vec2<S> d_t(q_t(0) - q_t(4), q_t(1) - q_t(5)), slope0_t(q_t(2), q_t(3)), slope1_t(q_t(6), q_t(7));
  Vec2<S> forceD(S(0.), S(0.)), force0(S(0.), S(0.)), force1(S(0.), S(0.));
  const bool relative = strainIsRelativeToReference != 0.;
  const Vec8<double> qReference = relative ? ReferenceCoordinates(nodes) : Vec8<double>::Zero();

  // axial strain: delta W = int N delta(epsilon) dx, N = EA (epsilon - epsilon_ref) + d_epsilon epsilon_t
  const QuadratureRule axial = AxialRule(useReducedOrderIntegration);
  for (int p = 0; p < axial.size; ++p) {
    const double xi = 0.5 * (axial.points[p] + 1.), weight = 0.5 * L * axial.weights[p];
    const Vector4 shape_x = SlopeShapes(xi, invL);
    const double s1 = shape_x(0), s2 = shape_x(1), s4 = shape_x(3);
    const Vec2<S> rx = s1 * d + s2 * slope0 + s4 * slope1;
    const S invNorm = 1. / sqrt(rx.squaredNorm());
    double axialStrainReference = physicsReferenceAxialStrain;
    if (relative)
      axialStrainReference += strainIsRelativeToReference * (Interpolate<double>(shape_x, qReference).norm() - 1.);
    S axialForce;
    if (!axialForceUserFunction) {
      axialForce = physicsAxialStiffness * (1. / invNorm - 1. - axialStrainReference);
      if (physicsAxialDamping != 0.)
        axialForce += physicsAxialDamping * rx.dot(s1 * d_t + s2 * slope0_t + s4 * slope1_t) * invNorm;
    } else {  // the curvature and its rate at the axial point too, as Exudyn gives them; epsilon_t only with damping
      const Vector4 shape_xx = CurvatureShapes(xi, invL);
      const double c1 = shape_xx(0), c2 = shape_xx(1), c4 = shape_xx(3);
      const Vec2<S> rx_t = s1 * d_t + s2 * slope0_t + s4 * slope1_t;
      const Vec2<S> rxx = c1 * d + c2 * slope0 + c4 * slope1, rxx_t = c1 * d_t + c2 * slope0_t + c4 * slope1_t;
      const S invG = invNorm * invNorm, f = Cross<S>(rx, rxx);
      const S curvature_t = (Cross<S>(rx_t, rxx) + Cross<S>(rx, rxx_t) - 2. * f * rx.dot(rx_t) * invG) * invG;
      const S axialStrain_t = physicsAxialDamping != 0. ? S(rx.dot(rx_t) * invNorm) : S(0.);
      double curvatureReference = physicsReferenceCurvature;
      if (relative)
        curvatureReference += strainIsRelativeToReference * ReferenceCurvature(shape_x, shape_xx, qReference);
      axialForce = UserFunctionLawOf<S, 4>(
          context, {S(1. / invNorm - 1.), axialStrain_t, S(f * invG), curvature_t},
          [&](const std::array<double, 4>& v) {
            return AxialForce(context, xi, {v[0], v[1], v[2], v[3], axialStrainReference, curvatureReference});
          });
    }
    const Vec2<S> factor = (weight * axialForce * invNorm) * rx;  // times d(epsilon)/dq_j = S'_j r'/|r'|
    forceD += s1 * factor;
    force0 += s2 * factor;
    force1 += s4 * factor;
  }

  // bending: delta W = int M delta(K) dx, K = (r' x r'')/|r'|^2, M = EI (K - K_ref) + d_K K_t
  const QuadratureRule bending = BendingRule(useReducedOrderIntegration);
  for (int p = 0; p < bending.size; ++p) {
    const double xi = 0.5 * (bending.points[p] + 1.), weight = 0.5 * L * bending.weights[p];
    const Vector4 shape_x = SlopeShapes(xi, invL), shape_xx = CurvatureShapes(xi, invL);
    const double s1 = shape_x(0), s2 = shape_x(1), s4 = shape_x(3), c1 = shape_xx(0), c2 = shape_xx(1),
                 c4 = shape_xx(3);
    const Vec2<S> rx = s1 * d + s2 * slope0 + s4 * slope1, rxx = c1 * d + c2 * slope0 + c4 * slope1;
    const S invG = 1. / rx.squaredNorm();
    const S f = Cross<S>(rx, rxx);
    double curvatureReference = physicsReferenceCurvature;
    if (relative) curvatureReference += strainIsRelativeToReference * ReferenceCurvature(shape_x, shape_xx, qReference);
    S moment, curvature_t = S(0.);
    const Vec2<S> rx_t = s1 * d_t + s2 * slope0_t + s4 * slope1_t;
    if (physicsBendingDamping != 0.) {
      const Vec2<S> rxx_t = c1 * d_t + c2 * slope0_t + c4 * slope1_t;
      const S f_t = Cross<S>(rx_t, rxx) + Cross<S>(rx, rxx_t);
      const S g_t = 2. * rx.dot(rx_t);
      curvature_t = (f_t - f * g_t * invG) * invG;  // (f_t g - f g_t)/g^2
    }
    if (!bendingMomentUserFunction) {
      moment = physicsBendingStiffness * (f * invG - curvatureReference);
      if (physicsBendingDamping != 0.) moment += physicsBendingDamping * curvature_t;
    } else {  // the axial strain and its rate at the bending point too, as Exudyn gives them; K_t only with damping
      const S invNorm = sqrt(invG);
      double axialStrainReference = physicsReferenceAxialStrain;
      if (relative)
        axialStrainReference += strainIsRelativeToReference * (Interpolate<double>(shape_x, qReference).norm() - 1.);
      moment = UserFunctionLawOf<S, 4>(
          context, {S(1. / invNorm - 1.), S(rx.dot(rx_t) * invNorm), S(f * invG), curvature_t},
          [&](const std::array<double, 4>& v) {
            return BendingMoment(context, xi, {v[0], v[1], v[2], v[3], axialStrainReference, curvatureReference});
          });
    }
    // d(K)/dq_j = (df/dq_j - K dg/dq_j)/g, df/dq_j = S'_j (r''_y, -r''_x) + S''_j (-r'_y, r'_x), dg/dq_j = 2 S'_j r'
    const S a = weight * moment * invG, b = 2. * a * f * invG;
    const Vec2<S> u(a * rxx(1) - b * rx(0), -a * rxx(0) - b * rx(1));  // the factor of S'_j
    const Vec2<S> v(-a * rx(1), a * rx(0));  // the factor of S''_j
    forceD += s1 * u + c1 * v;
    force0 += s2 * u + c2 * v;
    force1 += s4 * u + c4 * v;
  }
  for (Index i = 0; i < 2; ++i) {
    lhs(i) += forceD(i);
    lhs(2 + i) += force0(i);
    lhs(4 + i) -= forceD(i);
    lhs(6 + i) += force1(i);
  }
}

#define MULTIDYN_INSTANTIATE(S)                                                                              \
  template void ObjectANCFCable2D::Frame<S>(const NodeKinematics<S>*, const Vector3&, MarkerData<S>&) const; \
  template void ObjectANCFCable2D::CenterOfMassFrame<S>(const NodeKinematics<S>*, MarkerData<S>&) const;     \
  template void ObjectANCFCable2D::ODE2LHSInContext<S>(const EvaluationContext&, const NodeKinematics<S>*,   \
                                                       const VectorX&, VecX<S>&) const;
MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_INSTANTIATE)
#undef MULTIDYN_INSTANTIATE

ObjectANCFCable2D::SectionStrains ObjectANCFCable2D::StrainsAt(const NodeKinematics<double>* nodes, double x) const {
  Vec8<double> q, q_t;
  TotalCoordinates(nodes, q, q_t);
  const double L = physicsLength;
  const Vector4 shape_x = Shape_x(x, L), shape_xx = Shape_xx(x, L);
  const Vector2 rx = Interpolate<double>(shape_x, q), rxx = Interpolate<double>(shape_xx, q);
  const Vector2 rx_t = Interpolate<double>(shape_x, q_t), rxx_t = Interpolate<double>(shape_xx, q_t);
  const double g = rx.squaredNorm(), f = Cross<double>(rx, rxx);
  SectionStrains strains;
  strains.axialStrain = std::sqrt(g) - 1.;
  strains.axialStrain_t = rx.dot(rx_t) / std::sqrt(g);
  strains.curvature = f / g;
  strains.curvature_t = ((Cross<double>(rx_t, rxx) + Cross<double>(rx, rxx_t)) * g - f * 2. * rx.dot(rx_t)) / (g * g);
  strains.axialStrainReference = physicsReferenceAxialStrain;
  strains.curvatureReference = physicsReferenceCurvature;
  if (strainIsRelativeToReference != 0.) {
    const Vec8<double> qReference = ReferenceCoordinates(nodes);
    strains.axialStrainReference +=
        strainIsRelativeToReference * (Interpolate<double>(shape_x, qReference).norm() - 1.);
    strains.curvatureReference += strainIsRelativeToReference * ReferenceCurvature(shape_x, shape_xx, qReference);
  }
  return strains;
}

double ObjectANCFCable2D::AxialForce(const EvaluationContext& context, double xi, const SectionStrains& s) const {
  if (!axialForceUserFunction)
    return physicsAxialStiffness * (s.axialStrain - s.axialStrainReference) + physicsAxialDamping * s.axialStrain_t;
  return CallUserFunctionReal(
      *axialForceUserFunction, *this, context.itemNumber, "axialForceUserFunction",
      {context.system, context.time, context.itemNumber, xi, s.axialStrain, s.axialStrain_t, s.axialStrainReference,
       physicsAxialStiffness, physicsAxialDamping, s.curvature, s.curvature_t, s.curvatureReference});
}

double ObjectANCFCable2D::BendingMoment(const EvaluationContext& context, double xi, const SectionStrains& s) const {
  if (!bendingMomentUserFunction)
    return physicsBendingStiffness * (s.curvature - s.curvatureReference) + physicsBendingDamping * s.curvature_t;
  return CallUserFunctionReal(
      *bendingMomentUserFunction, *this, context.itemNumber, "bendingMomentUserFunction",
      {context.system, context.time, context.itemNumber, xi, s.curvature, s.curvature_t, s.curvatureReference,
       physicsBendingStiffness, physicsBendingDamping, s.axialStrain, s.axialStrain_t, s.axialStrainReference});
}

bool ObjectANCFCable2D::GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                                      const Vector3& localPosition, VectorX& value) const {
  using T = OutputVariableType;
  if (type != T::Rotation && type != T::Director1 && type != T::StrainLocal && type != T::CurvatureLocal &&
      type != T::ForceLocal && type != T::TorqueLocal && type != T::Acceleration && type != T::AngularAcceleration)
    return false;  // the generic outputs of the frame
  const NodeKinematics<double> nodes[2] = {system.NodeKinematicsOf(nodeNumbers[0].value, state),
                                           system.NodeKinematicsOf(nodeNumbers[1].value, state)};
  const double x = localPosition(0), y = localPosition(1), L = physicsLength;
  Vec8<double> q, q_t, q_tt;
  TotalCoordinates(nodes, q, q_t);
  const CompiledSystem& compiled = system.Compiled();
  for (Index i = 0; i < 2; ++i)
    q_tt.segment<4>(4 * i) = state.ode2_tt.segment<4>(compiled.nodeODE2Start[nodeNumbers[i].value]);
  const Vector4 shape_x = Shape_x(x, L);
  const Vector2 rx = Interpolate<double>(shape_x, q);
  switch (type) {
    case T::Rotation: value = VectorX::Constant(1, std::atan2(rx(1), rx(0))); return true;
    case T::Director1: value = Vector3(rx(0), rx(1), 0.); return true;
    case T::StrainLocal:
    case T::CurvatureLocal:
    case T::ForceLocal:
    case T::TorqueLocal: {
      const SectionStrains strains = StrainsAt(nodes, x);
      if (type == T::StrainLocal)  // of the fiber at y: epsilon - y K (Exudyn's)
        value = VectorX::Constant(1, strains.axialStrain - y * strains.curvature);
      else if (type == T::CurvatureLocal)
        value = VectorX::Constant(1, strains.curvature);
      else if (type == T::ForceLocal)
        value = VectorX::Constant(1, AxialForce(system.ContextOf(system.ObjectIndexOf(*this), state), x / L, strains));
      else
        value =
            VectorX::Constant(1, BendingMoment(system.ContextOf(system.ObjectIndexOf(*this), state), x / L, strains));
      return true;
    }
    default: break;
  }
  // a = r_tt + y n_tt, n_tt = -omega_t t - omega^2 n; omega_t = (r' x r'_tt)/g - 2 (r' x r'_t)(r' . r'_t)/g^2
  const Vector2 rx_t = Interpolate<double>(shape_x, q_t), rx_tt = Interpolate<double>(shape_x, q_tt);
  const double g = rx.squaredNorm();
  const double omega = Cross<double>(rx, rx_t) / g;
  const double omega_t = Cross<double>(rx, rx_tt) / g - 2. * Cross<double>(rx, rx_t) * rx.dot(rx_t) / (g * g);
  if (type == T::AngularAcceleration) {
    value = Vector3(0., 0., omega_t);
    return true;
  }
  const Vector2 t = rx / std::sqrt(g), n(-t(1), t(0));
  const Vector2 a = Interpolate<double>(Shape(x, L), q_tt) - y * omega_t * t - y * omega * omega * n;
  value = Vector3(a(0), a(1), 0.);
  return true;
}

void ObjectANCFCable2D::AddTestInstance(SystemBuilder& system) {
  const Index cable = testInstances::ANCFCable2D(system);
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., -2., 0.}},
                      {"markerNumber", testInstances::PositionMarker(system, cable, Vector3(0.4, 0.07, 0.))}});
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "TorqueVector"},
                      {"loadVector", {0., 0., 0.7}},
                      {"markerNumber", testInstances::RigidMarker(system, cable, Vector3(0.9, -0.05, 0.))}});
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "MassProportional"},
                      {"loadVector", {0.5, -9.81, 0.}},
                      {"markerNumber", testInstances::Add(system, ItemCategory::Marker,
                                                          {{"markerType", "BodyMass"}, {"bodyNumber", cable}})}});
}

const ItemTypeInfo& ObjectANCFCable2D::Info() {
  using T = ObjectANCFCable2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::physicsLength, "physicsLength", "m",
               "reference length L of the element; the axial coordinate x runs over [0, L]")
          .NonNegative()
          .Alias("length")  // the default 0 (Exudyn's) is refused at Assemble()
          .Add(&T::physicsMassPerLength, "physicsMassPerLength", "kg/m", "mass per length rhoA")
          .NonNegative()
          .Alias("massPerLength")
          .Add(&T::physicsBendingStiffness, "physicsBendingStiffness", "N*m^2",
               "bending stiffness EI: the bending moment is M = EI (K - K_0 - f_ref K_ref)")
          .NonNegative()
          .Alias("bendingStiffness")
          .Add(&T::physicsAxialStiffness, "physicsAxialStiffness", "N",
               "axial stiffness EA: the axial force is N = EA (epsilon - epsilon_0 - f_ref epsilon_ref), epsilon = "
               "|r'| - 1")
          .NonNegative()
          .Alias("axialStiffness")
          .Add(&T::physicsBendingDamping, "physicsBendingDamping", "N*m^2*s",
               "bending damping d_K: adds d_K K_t to the bending moment")
          .NonNegative()
          .Alias("bendingDamping")
          .Add(&T::physicsAxialDamping, "physicsAxialDamping", "N*s",
               "axial damping d_epsilon: adds d_epsilon epsilon_t to the axial force")
          .NonNegative()
          .Alias("axialDamping")
          .Add(&T::physicsReferenceAxialStrain, "physicsReferenceAxialStrain", "",
               "axial strain epsilon_0 of the stress-free state (pre-stretch)")
          .Alias("referenceAxialStrain")
          .Add(&T::physicsReferenceCurvature, "physicsReferenceCurvature", "1/m",
               "curvature K_0 of the stress-free state (pre-curvature)")
          .Alias("referenceCurvature")
          .Add(&T::strainIsRelativeToReference, "strainIsRelativeToReference", "",
               "f_ref: 1 makes the (pre-deformed) reference configuration stress-free, 0 the straight one plus "
               "epsilon_0 and K_0; values between blend the two")
          .Add(&T::nodeNumbers, "nodeNumbers", "", "the two NodePoint2DSlope1 of the element (at x = 0 and x = L)")
          .Add(&T::useReducedOrderIntegration, "useReducedOrderIntegration", "",
               "Gauss rules of the axial and bending terms: 0 orders 9 and 5, 1 orders 7 and 3, 2 Lobatto order 3 "
               "(at 0, L/2, L) and Gauss order 3; 2 may show hourglass modes")
          .TestValue(R"(1)")
          .LevelAcceptsBool()
          .AddUserFunction(
              &T::axialForceUserFunction, "axialForceUserFunction",
              "axialForceUserFunction(mbs, t, itemNumber, axialPositionNormalized, axialStrain, "
              "axialStrain_t, axialStrainRef, physicsAxialStiffness, physicsAxialDamping, curvature, "
              "curvature_t, curvatureRef) -> Real",
              "the axial force N [N] of the section at x/L = axialPositionNormalized, instead of the linear law; "
              "axialStrain_t is 0 unless physicsAxialDamping is set (Exudyn's)")
          .AddUserFunction(
              &T::bendingMomentUserFunction, "bendingMomentUserFunction",
              "bendingMomentUserFunction(mbs, t, itemNumber, axialPositionNormalized, curvature, curvature_t, "
              "curvatureRef, physicsBendingStiffness, physicsBendingDamping, axialStrain, axialStrain_t, "
              "axialStrainRef) -> Real",
              "the bending moment M_b [N*m] of the section at x/L = axialPositionNormalized, instead of the "
              "linear law; curvature_t is 0 unless physicsBendingDamping is set (Exudyn's)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::drawHeight, "drawHeight", "m", "height of the drawn cross section")
          .Visualization()
          .Add(&T::color, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ANCFCable2D", "ObjectANCFCable2D", {"Cable2D"}, "bodies",
      "A planar Bernoulli-Euler cable element in the absolute nodal coordinate formulation (ANCF) on two "
      "NodePoint2DSlope1: large displacements, rotations, axial strain and bending. The local position [x, y, 0] "
      "is the point at axial coordinate x in [0, L] and distance y along the cross section's normal.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::VelocityLocal, OutputVariableType::Rotation, OutputVariableType::Director1,
       OutputVariableType::StrainLocal, OutputVariableType::CurvatureLocal, OutputVariableType::ForceLocal,
       OutputVariableType::TorqueLocal, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal,
       OutputVariableType::Acceleration, OutputVariableType::AngularAcceleration, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
