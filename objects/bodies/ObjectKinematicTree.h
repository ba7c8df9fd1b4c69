// Exudyn's ObjectKinematicTree: an open tree of rigid links connected by revolute and prismatic
// joints, in the joint coordinates of one NodeGenericODE2 (one coordinate per link), of any
// number of links. The system evaluates it directly (DirectBody), with the algorithms of
// KinematicTreeDynamics on a workspace sized by Check(): the recursive Newton-Euler algorithm for
// the residual M(q) q_tt + h(q, q_t) - f, the composite-rigid-body algorithm for M, the
// articulated-body algorithm for M^-1 b (explicit solvers) and the analytic derivatives of
// Newton-Euler for the Newton matrix. Markers on links get their frames in double along the link's
// path (LinkFrameOnPath, any size); the templated kernels below (the same Newton-Euler and frames,
// for any scalar) serve the automatic differentiation of connectors on markers (up to
// maxItemCoordinates links) and the generic item interface. Joint ranges (jointRangeLower/Upper, our extension) act as
// MuJoCo's soft joint limits. See docs/theory/KinematicTree.md.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/foundation/ScriptFunction.h"
#include "core/items/Body.h"
#include "core/items/DirectBody.h"
#include "core/items/NumericalDifferentiation.h"
#include "objects/bodies/JointType.h"
#include "objects/bodies/KinematicTreeDynamics.h"
#include "objects/bodies/KinematicTreeMotion.h"

namespace multidyn {

// The graphics of each link (Exudyn's list of BodyGraphicsData, one per link).
struct LinkGraphicsDataList {
  std::vector<GraphicsDataList> links;
};
template <> struct FieldConverter<LinkGraphicsDataList> {
  static constexpr FieldType type = FieldType::GraphicsDataList;
  static Json ToJson(const LinkGraphicsDataList& v) {
    Json array = Json::array();
    for (const auto& link : v.links) array.push_back(link.items);
    return array;
  }
  static void FromJson(const Json& j, LinkGraphicsDataList& v);
};

struct KinematicTreeVisualization {
  bool show = true;
  bool showLinks = true;
  bool showJoints = true;
  Color4 color = {-1.f, -1.f, -1.f, -1.f};
  LinkGraphicsDataList graphicsDataList;
};

class ObjectKinematicTree : public BodyKernels<ObjectKinematicTree>, public DirectBody {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool ProvidesOrientation() const override { return true; }
  void Check(const SystemView& system) const override;
  // The checks of Check() that need no system: every per-link list has n entries (sizeSource says
  // where n comes from, for the message), parents come first, masses >= 0, inertias symmetric and
  // positive semi-definite, ranges ordered. Also used by the standalone algorithms (Python's
  // KinematicTree33), which have no node.
  void CheckParameters(Index n, const std::string& sizeSource) const;
  Index NumberOfLinks() const { return Index(jointTypes.size()); }

  // Composite-rigid-body mass matrix; kinetic energy 1/2 q_t^T M q_t.
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                         MatrixX& massMatrix) const override;
  // The mass matrix at the total joint coordinates q (with reference values); for outputs.
  void MassMatrixAt(const VectorX& q, MatrixX& massMatrix) const;
  // Outputs users read, at total joint coordinates q (with reference values): the joint forces
  // that produce q_tt at (q, q_t) (Newton-Euler, without the applied joint forces; with gravity and
  // the link loads), and the Jacobians of a link point (3 x n each: d(position)/dq, d(omega)/dq_t).
  VectorX InverseDynamicsAt(const VectorX& q, const VectorX& q_t, const VectorX& q_tt) const;
  void PointJacobianAt(const VectorX& q, Index link, const Vector3& localPosition, MatrixX& positionJacobian,
                       MatrixX& rotationJacobian) const;

  // DirectBody: the system's evaluation (docs/theory/KinematicTree.md).
  void AddDirectODE2LHS(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t, ConstVectorView q_tt,
                        VectorView lhs) const override;
  void DirectMassMatrix(const EvaluationContext& context, ConstVectorView q, MatrixX& massMatrix) const override;
  void DirectNewtonBlock(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t, ConstVectorView q_tt,
                         double massFactor, double stiffnessFactor, double dampingFactor,
                         MatrixX& block) const override;
  bool SolvesMassMatrix() const override { return true; }
  void SolveDirectMassMatrix(const EvaluationContext& context, ConstVectorView q, VectorView rhs) const override;
  bool HasJointLimits() const { return jointRangeLower.size() != 0 || jointRangeUpper.size() != 0; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;
  // SensorKinematicTree's outputs: a point of one link (Exudyn's GetOutputVariableKinematicTree).
  VectorX LinkOutput(const SystemView& system, OutputVariableType type, Index link, const Vector3& localPosition,
                     ConfigurationType configuration) const;
  static const std::vector<OutputVariableType>& LinkOutputTypes();
  // The tree `object` of a marker or sensor, checked to be an ObjectKinematicTree with link
  // `linkNumber` (errors name the parameters objectNumber and linkNumber).
  static const ObjectKinematicTree& TreeWithLink(const SystemView& system, ObjectIndex object, Index linkNumber);

  // The body's own frame is the base (as Exudyn's GetPosition): links have frames of their own,
  // reached by MarkerKinematicTreeRigid and SensorKinematicTree.
  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    const Index n = nodes[0].numberOfCoordinates;
    frame.position = (baseOffset + localPosition).cast<S>();
    frame.positionJacobian.setZero(3, n);
    frame.rotationJacobian.setZero(3, n);
  }

  // The frame of `link` at localPosition (link axes), with Jacobians with respect to the joint
  // coordinates: a revolute joint j moves it by axis_j x (p - p_j) and turns it about axis_j, a
  // prismatic joint moves it along axis_j (global axes). In double, for a tree of any size, by
  // LinkFrameOnPath: only the joints from the link to the base, O(depth), allocation-free once the
  // frame's Jacobians have held n columns. The template below (the same frame for any scalar)
  // serves the automatic differentiation of connectors, up to maxItemCoordinates links.
  void LinkFrameOnPath(const NodeKinematics<double>& node, Index link, const Vector3& localPosition,
                       MarkerData<double>& frame) const;
  template <class S>
  void LinkFrame(const NodeKinematics<S>* nodes, Index link, const Vector3& localPosition, MarkerData<S>& frame) const {
    const Index n = nodes[0].numberOfCoordinates;
    KinematicTreeMotion<S> motion;
    ComputeMotion(TotalCoordinates(nodes[0]), VecX<S>(nodes[0].coordinates_t), nullptr, false, link, motion);
    const Mat3<S>& A = motion.A_0L[link];
    const Vec3<S> b = localPosition.cast<S>();
    frame.orientation = A;
    frame.position = motion.p_0L[link] + A * b;
    frame.velocity = A * (motion.v_L[link] + motion.omega_L[link].cross(b));
    frame.angularVelocityLocal = motion.omega_L[link];
    frame.positionJacobian.setZero(3, n);
    frame.rotationJacobian.setZero(3, n);
    for (Index j = link; j >= 0; j = linkParents[j]) {
      const Vec3<S> axis = motion.A_0L[j].col(JointAxisIndex(jointTypes[j]));
      if (IsRevolute(jointTypes[j])) {
        frame.rotationJacobian.col(j) = axis;
        frame.positionJacobian.col(j) = axis.cross(Vec3<S>(frame.position - motion.p_0L[j]));
      } else {
        frame.positionJacobian.col(j) = axis;
      }
    }
  }

  // Recursive Newton-Euler: the joint forces that produce q_tt, minus the applied ones
  // (jointForceVector, PD control, forceUserFunction).
  template <class S> void ODE2LHSInContext(const EvaluationContext& context, const NodeKinematics<S>* nodes,
                                           const VectorX& q_tt, VecX<S>& lhs) const {
    const NodeKinematics<S>& node = nodes[0];
    const Index n = NumberOfLinks();
    const VecX<S> q = TotalCoordinates(node);
    const VecX<S> q_t = node.coordinates_t;
    KinematicTreeMotion<S> motion;
    ComputeMotion(q, q_t, &q_tt, true, n - 1, motion, !linkForces.empty() || !linkTorques.empty());
    JointForces(motion, lhs);
    for (Index i = 0; i < n; ++i) {
      if (jointForceVector.size() != 0) lhs(i) -= jointForceVector(i);
      if (jointPositionOffsetVector.size() != 0)
        lhs(i) -= jointPControlVector(i) * (jointPositionOffsetVector(i) - q(i));
      if (jointVelocityOffsetVector.size() != 0)
        lhs(i) -= jointDControlVector(i) * (jointVelocityOffsetVector(i) - q_t(i));
    }
    if (HasJointLimits()) SubtractJointLimitForces(q, q_t, lhs);
    if (forceUserFunction) SubtractUserForce(context, VecX<S>(node.coordinates), q_t, lhs);
  }

  // The soft joint limits (jointRangeLower/Upper): a joint coordinate beyond its range by
  // pen > 0 is pushed back by f = m_i (omega^2 pen + 2 zeta omega pen_t) >= 0 (no adhesion), with
  // m_i = 1/(M^-1)_ii at the reference configuration (jointLimitInertias_, set by Check()). In the
  // kernel, so that the Jacobian is the exact derivative of this law.
  template <class S> void SubtractJointLimitForces(const VecX<S>& q, const VecX<S>& q_t, VecX<S>& lhs) const {
    const Index n = NumberOfLinks();
    if (jointLimitInertias_.size() != n)
      throw NotAssembledError("ObjectKinematicTree: joint ranges evaluated before Assemble() computed their inertias");
    const double omega = jointLimitDampingRatio > 0. ? 1. / (jointLimitTimeConstant * jointLimitDampingRatio)
                                                     : 1. / jointLimitTimeConstant;  // [1/s]
    const double stiffnessPerInertia = omega * omega, dampingPerInertia = 2. * jointLimitDampingRatio * omega;
    const bool lower = jointRangeLower.size() != 0, upper = jointRangeUpper.size() != 0;  // empty: side free
    for (Index i = 0; i < n; ++i) {
      const S belowLower = lower ? S(jointRangeLower(i) - q(i)) : S(0.);  // penetration, positive when violated
      if (ValueOf(belowLower) > 0.) {
        const S push = jointLimitInertias_(i) * (stiffnessPerInertia * belowLower - dampingPerInertia * q_t(i));
        if (ValueOf(push) > 0.) lhs(i) -= push;  // increases q_i
      }
      const S aboveUpper = upper ? S(q(i) - jointRangeUpper(i)) : S(0.);
      if (ValueOf(aboveUpper) > 0.) {
        const S push = jointLimitInertias_(i) * (stiffnessPerInertia * aboveUpper + dampingPerInertia * q_t(i));
        if (ValueOf(push) > 0.) lhs(i) += push;  // decreases q_i
      }
    }
  }

  // Poses and velocities of links 0..lastLink (parents come first); with q_tt, also their
  // accelerations (the base accelerating with -gravity if withGravity). Without globalPoses, the
  // global poses A_0L, p_0L and the velocities v_L are left out (Newton-Euler without link forces
  // needs neither).
  template <class S> void ComputeMotion(const VecX<S>& q, const VecX<S>& q_t, const VectorX* q_tt, bool withGravity,
                                        Index lastLink, KinematicTreeMotion<S>& motion, bool globalPoses = true) const {
    motion.numberOfLinks = lastLink + 1;
    const Vec3<S> zero = Vec3<S>::Zero();
    const Vec3<S> baseAcceleration = withGravity ? Vec3<S>((-gravity).cast<S>()) : zero;
    for (Index i = 0; i <= lastLink; ++i) {
      const Index parent = linkParents[i];
      const Index k = JointAxisIndex(jointTypes[i]);
      const bool revolute = IsRevolute(jointTypes[i]);
      const Matrix3& A = jointTransformations[i];  // constant: products with it need no derivatives of it
      Mat3<S>& A_PL = motion.A_PL[i];
      Vec3<S>& p_PL = motion.p_PL[i];
      p_PL = jointOffsets[i].cast<S>();
      if (revolute) {  // A R_k(q): R_k keeps axis k and turns the two others by q (cyclic order)
        using std::cos;
        using std::sin;
        const S c = cos(q(i)), s = sin(q(i));
        const Index k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        for (Index r = 0; r < 3; ++r) {
          A_PL(r, k) = S(A(r, k));
          A_PL(r, k1) = c * A(r, k1) + s * A(r, k2);
          A_PL(r, k2) = c * A(r, k2) - s * A(r, k1);
        }
      } else {
        A_PL = A.cast<S>();
        p_PL += A.col(k) * q(i);
      }
      const auto A_LP = A_PL.transpose();  // an expression: no copy
      const Vec3<S>& omega_P = parent < 0 ? zero : motion.omega_L[parent];
      const Vec3<S> omega_PinL = A_LP * omega_P;  // the parent's angular velocity in link axes
      Vec3<S> axisRate = Vec3<S>::Zero();  // axis * q_t
      axisRate(k) = q_t(i);
      motion.omega_L[i] = omega_PinL;
      if (revolute) motion.omega_L[i] += axisRate;
      if (globalPoses) {
        const Vec3<S>& v_P = parent < 0 ? zero : motion.v_L[parent];
        motion.v_L[i] = A_LP * Vec3<S>(v_P + omega_P.cross(p_PL));
        if (!revolute) motion.v_L[i] += axisRate;
        if (parent < 0) {
          motion.A_0L[i] = A_PL;
          motion.p_0L[i] = baseOffset.cast<S>() + p_PL;
        } else {
          motion.A_0L[i] = motion.A_0L[parent] * A_PL;
          motion.p_0L[i] = motion.p_0L[parent] + motion.A_0L[parent] * p_PL;
        }
      }
      if (!q_tt) continue;
      const Vec3<S>& alpha_P = parent < 0 ? zero : motion.alpha_L[parent];
      const Vec3<S>& a_P = parent < 0 ? baseAcceleration : motion.a_L[parent];
      Vec3<S> axisAcceleration = Vec3<S>::Zero();  // axis * q_tt
      axisAcceleration(k) = S((*q_tt)(i));
      motion.alpha_L[i] = A_LP * alpha_P;
      motion.a_L[i] = A_LP * Vec3<S>(a_P + alpha_P.cross(p_PL) + omega_P.cross(omega_P.cross(p_PL)));
      if (revolute) {
        motion.alpha_L[i] += axisAcceleration + omega_PinL.cross(axisRate);
      } else {
        motion.a_L[i] += axisAcceleration + S(2.) * omega_PinL.cross(axisRate);
      }
    }
  }

  // Backward pass of Newton-Euler: each link's inertial force at its center of mass (minus the
  // linkForces/linkTorques), accumulated from the leaves to the base and projected on the joint
  // axes. Needs the motion with accelerations of all links.
  template <class S> void JointForces(const KinematicTreeMotion<S>& motion, VecX<S>& tau) const {
    const Index n = NumberOfLinks();
    std::array<Vec3<S>, KinematicTreeMotion<S>::capacity> force, moment;  // on the link at its origin, link axes
    for (Index i = 0; i < n; ++i) {
      const Vec3<S> c = linkCOMs[i].cast<S>();
      const Vec3<S>& w = motion.omega_L[i];
      const Vec3<S>& alpha = motion.alpha_L[i];
      const Vec3<S> a_C = motion.a_L[i] + alpha.cross(c) + w.cross(Vec3<S>(w.cross(c)));
      const Matrix3& J_C = linkInertiasCOM[i];
      force[i] = linkMasses(i) * a_C;
      moment[i] = J_C * alpha + w.cross(Vec3<S>(J_C * w)) + c.cross(force[i]);
      if (!linkForces.empty()) force[i] -= motion.A_0L[i].transpose() * linkForces[i].cast<S>();
      if (!linkTorques.empty()) moment[i] -= motion.A_0L[i].transpose() * linkTorques[i].cast<S>();
    }
    tau.resize(n);
    for (Index i = n - 1; i >= 0; --i) {
      const Index k = JointAxisIndex(jointTypes[i]);
      tau(i) = IsRevolute(jointTypes[i]) ? moment[i](k) : force[i](k);
      const Index parent = linkParents[i];
      if (parent < 0) continue;
      const Vec3<S> forceInParent = motion.A_PL[i] * force[i];
      force[parent] += forceInParent;
      moment[parent] += motion.A_PL[i] * moment[i] + motion.p_PL[i].cross(forceInParent);
    }
  }

  NodeIndex nodeNumber;
  Vector3 gravity = Vector3::Zero();
  Vector3 baseOffset = Vector3::Zero();
  JointTypeList jointTypes;
  IntegerList linkParents;
  Matrix3List jointTransformations;
  Vector3List jointOffsets;
  Matrix3List linkInertiasCOM;
  Vector3List linkCOMs;
  VectorX linkMasses;
  Vector3List linkForces;
  Vector3List linkTorques;
  VectorX jointForceVector;
  VectorX jointPositionOffsetVector;
  VectorX jointVelocityOffsetVector;
  VectorX jointPControlVector;
  VectorX jointDControlVector;
  VectorX jointRangeLower;  // [rad or m]; empty: no lower limits
  VectorX jointRangeUpper;  // [rad or m]; empty: no upper limits
  double jointLimitTimeConstant = 0.02;  // [s], MuJoCo's solref[0]
  double jointLimitDampingRatio = 1.;  // MuJoCo's solref[1]
  ScriptFunctionPtr forceUserFunction;
  KinematicTreeVisualization visualization;

 private:
  // Joint coordinates including the node's reference values.
  template <class S> VecX<S> TotalCoordinates(const NodeKinematics<S>& node) const {
    if (nodeReferenceCoordinates_.size() != node.coordinates.size())
      throw NotAssembledError("ObjectKinematicTree: evaluated before Assemble() checked it against its node");
    return node.coordinates + nodeReferenceCoordinates_.cast<S>();
  }
  // forceUserFunction(mbs, t, itemNumber, q, q_t) with the stored coordinates q (without
  // reference values, as Exudyn's description says); its derivatives by forward differences.
  void SubtractUserForce(const EvaluationContext& context, const VecX<double>& q, const VecX<double>& q_t,
                         VecX<double>& lhs) const;
  template <class AD>
  void SubtractUserForce(const EvaluationContext& context, const VecX<AD>& q, const VecX<AD>& q_t, VecX<AD>& lhs) const;
  VectorX CallUserForce(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  // visit(k, df) for the forward differences df of the user force in q_k (k < n) and q_t_{k-n}
  // (step 1e-7 max(1e-2, |x|) or the settings'); q, q_t are restored.
  template <class Visit> void ForEachUserForceDifference(const EvaluationContext& context, VectorX& q, VectorX& q_t,
                                                         const VectorX& f0, Visit&& visit) const {
    const Index n = NumberOfLinks();
    for (Index k = 0; k < 2 * n; ++k) {
      VectorX& x = k < n ? q : q_t;
      const Index i = k % n;
      const double x0 = x(i), h = DifferentiationStep(x0, context.numericalDifferentiation);
      x(i) = x0 + h;
      const VectorX df = (CallUserForce(context, q, q_t) - f0) / h;
      x(i) = x0;
      visit(k, df);
    }
  }
  VectorX JointLimitInertias() const;
  // The applied joint forces of jointForceVector, the PD control and the joint limits subtracted
  // from lhs (total coordinates q); with a Newton block, their derivatives added to it.
  void SubtractAppliedJointForces(const double* q, const double* q_t, double* lhs) const;
  void AddAppliedJointForceDerivatives(const double* q, const double* q_t, double stiffnessFactor, double dampingFactor,
                                       MatrixX& block) const;
  void CheckWorkspace() const;

  // The node's reference coordinates, copied by Check() (which Assemble() runs for every item):
  // kernels see the node's stored coordinates only. A change of the node's reference values is
  // structural, so the copy is current whenever the system is assembled.
  mutable VectorX nodeReferenceCoordinates_;
  // Each joint's effective inertia for the limits [kg*m^2 or kg], 1/(M^-1)_ii at the reference
  // configuration, set by Check() when joint ranges are given (empty otherwise).
  mutable VectorX jointLimitInertias_;
  // Workspaces sized by Check(): one for the system's evaluation, one for outputs (which a user
  // function may read during an evaluation); tau_ and the user function's vectors for the former.
  mutable KinematicTreeDynamics dynamics_, outputDynamics_;
  mutable VectorX tau_, storedQ_, userQ_t_;
};

template <class AD> void ObjectKinematicTree::SubtractUserForce(const EvaluationContext& context, const VecX<AD>& q,
                                                                const VecX<AD>& q_t, VecX<AD>& lhs) const {
  const Index n = NumberOfLinks();
  VectorX q0(n), q_t0(n);
  for (Index i = 0; i < n; ++i) {
    q0(i) = q(i).value();
    q_t0(i) = q_t(i).value();
  }
  const VectorX f0 = CallUserForce(context, q0, q_t0);
  using Derivatives = typename AD::DerType;
  const Index size = q(0).derivatives().size();
  std::vector<Derivatives> derivatives(n, Derivatives::Zero(size));
  ForEachUserForceDifference(context, q0, q_t0, f0, [&](Index k, const VectorX& df) {
    const Index i = k % n;
    const Derivatives& seed = k < n ? q(i).derivatives() : q_t(i).derivatives();
    if (seed.size() == 0) return;
    for (Index r = 0; r < n; ++r) derivatives[r] += df(r) * seed;
  });
  for (Index r = 0; r < n; ++r) {
    AD force(f0(r));
    force.derivatives() = derivatives[r];
    lhs(r) -= force;
  }
}

}  // namespace multidyn
