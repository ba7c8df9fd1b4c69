#include "objects/bodies/ObjectKinematicTree.h"

#include "objects/TestInstances.h"

#include "core/foundation/Rotations.h"
#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"

namespace multidyn {

void FieldConverter<LinkGraphicsDataList>::FromJson(const Json& j, LinkGraphicsDataList& v) {
  if (!j.is_array())
    throw TypeError("expected a list with one list of graphics dicts per link, got " + JsonKindName(j));
  LinkGraphicsDataList values;
  for (size_t i = 0; i < j.size(); ++i) {
    GraphicsDataList link;
    try {
      link.items = NormalizeGraphicsDataList(j[i]);
    } catch (const std::exception& e) {
      throw ValueError("expected a list with one list of graphics dicts per link, but link " + std::to_string(i) +
                       ": " + e.what());
    }
    values.links.push_back(link);
  }
  v = values;
}

const ObjectKinematicTree& ObjectKinematicTree::TreeWithLink(const SystemView& system, ObjectIndex object,
                                                             Index linkNumber) {
  if (!object.IsValid())
    throw ValueError("parameter 'objectNumber': an ObjectKinematicTree is required, got none (-1)");
  const auto* tree = dynamic_cast<const ObjectKinematicTree*>(&system.GetObject(object.value));
  if (!tree)
    throw TypeError("parameter 'objectNumber': expected an ObjectKinematicTree, got object " +
                    std::to_string(object.value) + ", a " + system.GetObject(object.value).TypeInfo().className);
  if (linkNumber < 0 || linkNumber >= tree->NumberOfLinks())
    throw ValueError("parameter 'linkNumber': " + std::to_string(linkNumber) + " is not a link of object " +
                     std::to_string(object.value) + "; expected 0 <= linkNumber < " +
                     std::to_string(tree->NumberOfLinks()));
  return *tree;
}

void ObjectKinematicTree::Check(const SystemView& system) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a NodeGenericODE2 is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  if (node.TypeInfo().typeName != "GenericODE2")
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " +
                    node.TypeInfo().className +
                    "; ObjectKinematicTree needs a NodeGenericODE2 (one coordinate per link)");
  const Index n = node.NumberOfODE2Coordinates();
  CheckParameters(n, "the node's numberOfODE2Coordinates");
  nodeReferenceCoordinates_ = node.ReferenceCoordinates();
  dynamics_.Resize(*this);
  outputDynamics_.Resize(*this);
  tau_.setZero(n);
  storedQ_.setZero(n);
  userQ_t_.setZero(n);
  jointLimitInertias_.resize(0);
  if (HasJointLimits()) jointLimitInertias_ = JointLimitInertias();
}

void ObjectKinematicTree::CheckParameters(Index n, const std::string& sizeSource) const {
  const auto requireSize = [n, &sizeSource](size_t size, const char* name, bool mayBeEmpty) {
    if (Index(size) == n || (mayBeEmpty && size == 0)) return;
    throw ValueError(std::string("parameter '") + name + "': expected " + (mayBeEmpty ? "an empty list or " : "") +
                     std::to_string(n) + " items (one per link: " + sizeSource + "), got " + std::to_string(size));
  };
  requireSize(jointTypes.size(), "jointTypes", false);
  requireSize(linkParents.size(), "linkParents", false);
  requireSize(jointTransformations.size(), "jointTransformations", false);
  requireSize(jointOffsets.size(), "jointOffsets", false);
  requireSize(linkInertiasCOM.size(), "linkInertiasCOM", false);
  requireSize(linkCOMs.size(), "linkCOMs", false);
  requireSize(size_t(linkMasses.size()), "linkMasses", false);
  requireSize(linkForces.size(), "linkForces", true);
  requireSize(linkTorques.size(), "linkTorques", true);
  requireSize(size_t(jointForceVector.size()), "jointForceVector", true);
  requireSize(size_t(jointPositionOffsetVector.size()), "jointPositionOffsetVector", true);
  requireSize(size_t(jointVelocityOffsetVector.size()), "jointVelocityOffsetVector", true);
  requireSize(size_t(jointPControlVector.size()), "jointPControlVector", true);
  requireSize(size_t(jointDControlVector.size()), "jointDControlVector", true);
  requireSize(visualization.graphicsDataList.links.size(), "graphicsDataList", true);
  requireSize(size_t(jointRangeLower.size()), "jointRangeLower", true);
  requireSize(size_t(jointRangeUpper.size()), "jointRangeUpper", true);
  if (jointPControlVector.size() != jointPositionOffsetVector.size())
    throw ValueError(
        "parameter 'jointPControlVector': jointPControlVector and jointPositionOffsetVector must both be "
        "empty or both have one value per link; got " +
        std::to_string(jointPControlVector.size()) + " and " + std::to_string(jointPositionOffsetVector.size()));
  if (jointDControlVector.size() != jointVelocityOffsetVector.size())
    throw ValueError(
        "parameter 'jointDControlVector': jointDControlVector and jointVelocityOffsetVector must both be "
        "empty or both have one value per link; got " +
        std::to_string(jointDControlVector.size()) + " and " + std::to_string(jointVelocityOffsetVector.size()));
  for (Index i = 0; i < n; ++i) {
    if (jointTypes[i] == JointType::_None)
      throw ValueError("parameter 'jointTypes': link " + std::to_string(i) +
                       " has no joint type (_None); expected "
                       "RevoluteX/Y/Z or PrismaticX/Y/Z");
    if (linkParents[i] < -1 || linkParents[i] >= i)
      throw ValueError("parameter 'linkParents': link " + std::to_string(i) + " has parent " +
                       std::to_string(linkParents[i]) + "; expected -1 (the base) or a link number smaller than " +
                       std::to_string(i));
    if (linkMasses(i) < 0.)
      throw ValueError("parameter 'linkMasses': link " + std::to_string(i) + " has mass " +
                       std::to_string(linkMasses(i)) + "; expected a mass >= 0");
    Eigen::SelfAdjointEigenSolver<Matrix3> eigen(0.5 * (linkInertiasCOM[i] + linkInertiasCOM[i].transpose()));
    const double largest = std::max(1., eigen.eigenvalues().cwiseAbs().maxCoeff());
    if ((linkInertiasCOM[i] - linkInertiasCOM[i].transpose()).cwiseAbs().maxCoeff() > 1e-12 * largest ||
        eigen.eigenvalues().minCoeff() < -1e-12 * largest)
      throw ValueError("parameter 'linkInertiasCOM': the inertia tensor of link " + std::to_string(i) +
                       " must be symmetric and positive semi-definite");
    const bool bothSides = jointRangeLower.size() != 0 && jointRangeUpper.size() != 0;
    if (bothSides && !(jointRangeLower(i) <= jointRangeUpper(i)))  // also refuses nan
      throw ValueError(
          "parameter 'jointRangeLower': link " + std::to_string(i) + " has the range [" +
          JsonNumberText(Json(jointRangeLower(i))) + ", " + JsonNumberText(Json(jointRangeUpper(i))) +
          "]; expected jointRangeLower <= jointRangeUpper (to leave one side of a joint free, give a bound far "
          "outside the motion, e.g. 1e30)");
  }
}

void ObjectKinematicTree::CheckWorkspace() const {
  if (dynamics_.NumberOfLinks() != NumberOfLinks() || nodeReferenceCoordinates_.size() != NumberOfLinks())
    throw NotAssembledError("ObjectKinematicTree: evaluated before Assemble() checked it against its node");
}

VectorX ObjectKinematicTree::JointLimitInertias() const {
  // 1/(M^-1)_ii: the inertia joint i feels when the other joints move freely (MuJoCo's
  // 1/dof_invweight0), at the reference configuration, so that the limit is a linear spring-damper
  // per joint (conservative for dampingRatio 0) and costs nothing per step.
  MatrixX massMatrix;
  MassMatrixAt(nodeReferenceCoordinates_, massMatrix);
  const Eigen::LLT<MatrixX> cholesky(massMatrix);
  const double scale = massMatrix.diagonal().cwiseAbs().maxCoeff();
  VectorX inertias;
  if (cholesky.info() == Eigen::Success && (cholesky.matrixLLT().diagonal().array().square() > 1e-14 * scale).all())
    inertias = cholesky.solve(MatrixX::Identity(massMatrix.rows(), massMatrix.cols())).diagonal().cwiseInverse();
  if (inertias.size() == 0 || !inertias.allFinite() || (inertias.array() <= 0.).any())
    throw ValueError(std::string("parameter '") + (jointRangeLower.size() ? "jointRangeLower" : "jointRangeUpper") +
                     "': joint limits scale their stiffness with each joint's effective inertia 1/(M^-1)_ii at the "
                     "reference configuration, so they expect a positive definite mass matrix there; got a singular "
                     "one (a link without mass and inertia, or joint axes that move the same way?)");
  return inertias;
}

void ObjectKinematicTree::ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                                            MatrixX& massMatrix) const {
  MassMatrixAt(VectorX(TotalCoordinates(nodes[0])), massMatrix);
}

void ObjectKinematicTree::MassMatrixAt(const VectorX& q, MatrixX& massMatrix) const {
  CheckWorkspace();
  outputDynamics_.MassMatrix(*this, q.data(), massMatrix);
}

VectorX ObjectKinematicTree::InverseDynamicsAt(const VectorX& q, const VectorX& q_t, const VectorX& q_tt) const {
  CheckWorkspace();
  VectorX tau(NumberOfLinks());
  outputDynamics_.InverseDynamics(*this, q.data(), q_t.data(), q_tt.data(), tau.data());
  return tau;
}

void ObjectKinematicTree::PointJacobianAt(const VectorX& q, Index link, const Vector3& localPosition,
                                          MatrixX& positionJacobian, MatrixX& rotationJacobian) const {
  CheckWorkspace();
  const Index n = NumberOfLinks();
  outputDynamics_.Motion(*this, q.data(), nullptr, nullptr, false, true);
  positionJacobian.resize(3, n);
  rotationJacobian.resize(3, n);
  outputDynamics_.PointJacobian(link, localPosition, positionJacobian, rotationJacobian);
}

void ObjectKinematicTree::LinkFrameOnPath(const NodeKinematics<double>& node, Index link, const Vector3& localPosition,
                                          MarkerData<double>& frame) const {
  const Index n = NumberOfLinks();
  const double* reference = node.referenceCoordinates;
  frame.positionJacobian.setZero(3, n);
  frame.rotationJacobian.setZero(3, n);
  // One pass up from the link to the base (each joint's pose once): with (A, p) the link's frame in
  // the frame of joint j, the columns of joint j in link axes (its axis A^T e_k; the marker point
  // relative to the joint b + A^T p), then (A, p) in the parent's frame.
  Matrix3 A = Matrix3::Identity(), R;
  Vector3 p = Vector3::Zero(), offset;
  Vector3 velocityLocal = Vector3::Zero(), omegaLocal = Vector3::Zero();
  for (Index j = link; j >= 0; j = linkParents[j]) {
    const Index k = JointAxisIndex(jointTypes[j]);
    const bool revolute = IsRevolute(jointTypes[j]);
    const Vector3 axis = A.row(k).transpose();
    const double rate = node.coordinates_t(j);
    if (revolute) {
      frame.rotationJacobian.col(j) = axis;
      frame.positionJacobian.col(j) = axis.cross(localPosition + A.transpose() * p);
      omegaLocal += rate * axis;
    } else {
      frame.positionJacobian.col(j) = axis;
    }
    velocityLocal += rate * frame.positionJacobian.col(j);
    KinematicTreeDynamics::JointPose(jointTransformations[j], jointOffsets[j], k, revolute,
                                     node.coordinates(j) + reference[j], R, offset);
    p = offset + R * p;
    A = R * A;
  }
  // (A, p) is now the link's frame in the base's: the columns to global axes
  for (Index j = link; j >= 0; j = linkParents[j]) {
    frame.positionJacobian.col(j) = A * frame.positionJacobian.col(j);
    frame.rotationJacobian.col(j) = A * frame.rotationJacobian.col(j);
  }
  frame.orientation = A;
  frame.position = baseOffset + p + A * localPosition;
  frame.velocity = A * velocityLocal;
  frame.angularVelocityLocal = omegaLocal;
}

void ObjectKinematicTree::AddDirectODE2LHS(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t,
                                           ConstVectorView q_tt, VectorView lhs) const {
  CheckWorkspace();
  const Index n = NumberOfLinks();
  dynamics_.InverseDynamics(*this, q.data(), q_t.data(), q_tt.data(), tau_.data());
  lhs += tau_;
  SubtractAppliedJointForces(q.data(), q_t.data(), lhs.data());
  if (forceUserFunction) {  // with the stored coordinates, as Exudyn's
    for (Index i = 0; i < n; ++i) {
      storedQ_(i) = q(i) - nodeReferenceCoordinates_(i);
      userQ_t_(i) = q_t(i);
    }
    lhs -= CallUserForce(context, storedQ_, userQ_t_);
  }
}

void ObjectKinematicTree::SubtractAppliedJointForces(const double* q, const double* q_t, double* lhs) const {
  const Index n = NumberOfLinks();
  if (jointForceVector.size() != 0)
    for (Index i = 0; i < n; ++i) lhs[i] -= jointForceVector(i);
  if (jointPositionOffsetVector.size() != 0)
    for (Index i = 0; i < n; ++i) lhs[i] -= jointPControlVector(i) * (jointPositionOffsetVector(i) - q[i]);
  if (jointVelocityOffsetVector.size() != 0)
    for (Index i = 0; i < n; ++i) lhs[i] -= jointDControlVector(i) * (jointVelocityOffsetVector(i) - q_t[i]);
  if (!HasJointLimits()) return;
  // the law of SubtractJointLimitForces, on plain arrays
  const double omega = jointLimitDampingRatio > 0. ? 1. / (jointLimitTimeConstant * jointLimitDampingRatio)
                                                   : 1. / jointLimitTimeConstant;  // [1/s]
  const double stiffnessPerInertia = omega * omega, dampingPerInertia = 2. * jointLimitDampingRatio * omega;
  const bool lower = jointRangeLower.size() != 0, upper = jointRangeUpper.size() != 0;
  for (Index i = 0; i < n; ++i) {
    const double belowLower = lower ? jointRangeLower(i) - q[i] : 0.;
    if (belowLower > 0.) {
      const double push = jointLimitInertias_(i) * (stiffnessPerInertia * belowLower - dampingPerInertia * q_t[i]);
      if (push > 0.) lhs[i] -= push;
    }
    const double aboveUpper = upper ? q[i] - jointRangeUpper(i) : 0.;
    if (aboveUpper > 0.) {
      const double push = jointLimitInertias_(i) * (stiffnessPerInertia * aboveUpper + dampingPerInertia * q_t[i]);
      if (push > 0.) lhs[i] += push;
    }
  }
}

void ObjectKinematicTree::AddAppliedJointForceDerivatives(const double* q, const double* q_t, double stiffnessFactor,
                                                          double dampingFactor, MatrixX& block) const {
  const Index n = NumberOfLinks();
  if (jointPositionOffsetVector.size() != 0)
    for (Index i = 0; i < n; ++i) block(i, i) += stiffnessFactor * jointPControlVector(i);
  if (jointVelocityOffsetVector.size() != 0)
    for (Index i = 0; i < n; ++i) block(i, i) += dampingFactor * jointDControlVector(i);
  if (!HasJointLimits()) return;
  const double omega = jointLimitDampingRatio > 0. ? 1. / (jointLimitTimeConstant * jointLimitDampingRatio)
                                                   : 1. / jointLimitTimeConstant;
  const double stiffnessPerInertia = omega * omega, dampingPerInertia = 2. * jointLimitDampingRatio * omega;
  const bool lower = jointRangeLower.size() != 0, upper = jointRangeUpper.size() != 0;
  for (Index i = 0; i < n; ++i) {
    // both sides: d(lhs)/dq = m k, d(lhs)/dq_t = m d where the push acts
    const double belowLower = lower ? jointRangeLower(i) - q[i] : 0.;
    const double aboveUpper = upper ? q[i] - jointRangeUpper(i) : 0.;
    const bool active = (belowLower > 0. && stiffnessPerInertia * belowLower - dampingPerInertia * q_t[i] > 0.) ||
                        (aboveUpper > 0. && stiffnessPerInertia * aboveUpper + dampingPerInertia * q_t[i] > 0.);
    if (active)
      block(i, i) +=
          jointLimitInertias_(i) * (stiffnessFactor * stiffnessPerInertia + dampingFactor * dampingPerInertia);
  }
}

void ObjectKinematicTree::DirectMassMatrix(const EvaluationContext&, ConstVectorView q, MatrixX& massMatrix) const {
  CheckWorkspace();
  dynamics_.MassMatrix(*this, q.data(), massMatrix);
}

void ObjectKinematicTree::DirectNewtonBlock(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t,
                                            ConstVectorView q_tt, double massFactor, double stiffnessFactor,
                                            double dampingFactor, MatrixX& block) const {
  CheckWorkspace();
  const Index n = NumberOfLinks();
  dynamics_.NewtonBlock(*this, q.data(), q_t.data(), q_tt.data(), massFactor, stiffnessFactor, dampingFactor, block);
  AddAppliedJointForceDerivatives(q.data(), q_t.data(), stiffnessFactor, dampingFactor, block);
  if (!forceUserFunction) return;
  // -d(f_user)/d[q, q_t] by forward differences in the stored coordinates, as before
  for (Index i = 0; i < n; ++i) {
    storedQ_(i) = q(i) - nodeReferenceCoordinates_(i);
    userQ_t_(i) = q_t(i);
  }
  const VectorX f0 = CallUserForce(context, storedQ_, userQ_t_);
  ForEachUserForceDifference(context, storedQ_, userQ_t_, f0, [&](Index k, const VectorX& df) {
    block.col(k % n) -= (k < n ? stiffnessFactor : dampingFactor) * df;
  });
}

void ObjectKinematicTree::SolveDirectMassMatrix(const EvaluationContext&, ConstVectorView q, VectorView rhs) const {
  CheckWorkspace();
  dynamics_.FactorizeMassMatrix(*this, q.data());
  dynamics_.SolveMassMatrix(rhs.data());
}

double ObjectKinematicTree::KineticEnergy(const NodeKinematics<double>* nodes) const {
  MatrixX massMatrix;
  ComputeMassMatrix(EvaluationContext{}, nodes, massMatrix);  // the tree's M needs no context
  const VectorX q_t = nodes[0].coordinates_t;
  return 0.5 * q_t.dot(massMatrix * q_t);
}

namespace {
VectorX AsVector(const Vector3& v) { return VectorX(v); }
}  // namespace

bool ObjectKinematicTree::GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                                        const Vector3&, VectorX& value) const {
  const Index start = system.Compiled().nodeODE2Start[nodeNumber.value];
  const Index n = NumberOfLinks();
  switch (type) {
    case OutputVariableType::Coordinates:  // with the reference values, as Exudyn's
      value = state.ode2.segment(start, n) + nodeReferenceCoordinates_;
      return true;
    case OutputVariableType::Coordinates_t: value = state.ode2_t.segment(start, n); return true;
    case OutputVariableType::Coordinates_tt: value = state.ode2_tt.segment(start, n); return true;
    case OutputVariableType::Force: {
      // The generalized forces without mass times acceleration (Exudyn's ComputeODE2LHS).
      const Index self = system.ObjectIndexOf(*this);
      const VectorX q = state.ode2.segment(start, n) + nodeReferenceCoordinates_;
      const VectorX q_t = state.ode2_t.segment(start, n);
      value = InverseDynamicsAt(q, q_t, VectorX::Zero(n));
      SubtractAppliedJointForces(q.data(), q_t.data(), value.data());
      if (forceUserFunction) value -= CallUserForce(system.ContextOf(self, state), state.ode2.segment(start, n), q_t);
      return true;
    }
    case OutputVariableType::KineticEnergy: {  // 1/2 q_t^T M q_t
      MatrixX massMatrix;
      MassMatrixAt(state.ode2.segment(start, n) + nodeReferenceCoordinates_, massMatrix);
      const VectorX q_t = state.ode2_t.segment(start, n);
      value = VectorX::Constant(1, 0.5 * q_t.dot(massMatrix * q_t));
      return true;
    }
    default:
      throw ValueError("OutputVariableType." + std::string(OutputVariableTypeName(type)) +
                       " is not available for an ObjectKinematicTree; available: Coordinates, Coordinates_t, "
                       "Coordinates_tt, Force, KineticEnergy; the links' positions, velocities, ... are read with "
                       "SensorKinematicTree or MarkerKinematicTreeRigid");
  }
}

const std::vector<OutputVariableType>& ObjectKinematicTree::LinkOutputTypes() {
  using O = OutputVariableType;
  static const std::vector<OutputVariableType> types = {O::Position,
                                                        O::Displacement,
                                                        O::Velocity,
                                                        O::VelocityLocal,
                                                        O::Acceleration,
                                                        O::AccelerationLocal,
                                                        O::Rotation,
                                                        O::RotationMatrix,
                                                        O::AngularVelocity,
                                                        O::AngularVelocityLocal,
                                                        O::AngularAcceleration,
                                                        O::AngularAccelerationLocal};
  return types;
}

VectorX ObjectKinematicTree::LinkOutput(const SystemView& system, OutputVariableType type, Index link, const Vector3& b,
                                        ConfigurationType configuration) const {
  const SystemState& state = system.State(configuration);
  const Index n = NumberOfLinks();
  const Index start = system.Compiled().nodeODE2Start[nodeNumber.value];
  CheckWorkspace();
  VectorX q = state.ode2.segment(start, n) + nodeReferenceCoordinates_;
  if (configuration == ConfigurationType::Reference) q = nodeReferenceCoordinates_;
  const VectorX q_t = state.ode2_t.segment(start, n);
  const VectorX q_tt = state.ode2_tt.segment(start, n);
  KinematicTreeDynamics& motion = outputDynamics_;
  motion.Motion(*this, q.data(), q_t.data(), q_tt.data(), false, true);
  const Matrix3 A = motion.LinkRotation(link);
  const Vector3 origin = motion.LinkOrigin(link);
  const Vector3 w = motion.AngularVelocityLocal(link);
  const Vector3 alpha = motion.AngularAccelerationLocal(link);
  const Vector3 velocityLocal = motion.VelocityLocal(link) + w.cross(b);
  const Vector3 accelerationLocal = motion.AccelerationLocal(link) + alpha.cross(b) + w.cross(Vector3(w.cross(b)));
  switch (type) {
    case OutputVariableType::Position: return AsVector(origin + A * b);
    case OutputVariableType::Displacement: {
      const VectorX reference = LinkOutput(system, OutputVariableType::Position, link, b, ConfigurationType::Reference);
      return AsVector(origin + A * b) - reference;
    }
    case OutputVariableType::Velocity: return AsVector(A * velocityLocal);
    case OutputVariableType::VelocityLocal: return AsVector(velocityLocal);
    case OutputVariableType::Acceleration: return AsVector(A * accelerationLocal);
    case OutputVariableType::AccelerationLocal: return AsVector(accelerationLocal);
    case OutputVariableType::Rotation: return AsVector(RotationMatrixToRotXYZ(A));
    case OutputVariableType::RotationMatrix: return RowMajorEntries(A);
    case OutputVariableType::AngularVelocity: return AsVector(A * w);
    case OutputVariableType::AngularVelocityLocal: return AsVector(w);
    case OutputVariableType::AngularAcceleration: return AsVector(A * alpha);
    case OutputVariableType::AngularAccelerationLocal: return AsVector(alpha);
    default: break;
  }
  std::string available;
  for (OutputVariableType t : LinkOutputTypes())
    available += (available.empty() ? "" : ", ") + std::string(OutputVariableTypeName(t));
  throw ValueError("OutputVariableType." + std::string(OutputVariableTypeName(type)) +
                   " is not available for a link of an ObjectKinematicTree; available: " + available);
}

VectorX ObjectKinematicTree::CallUserForce(const EvaluationContext& context, const VectorX& q,
                                           const VectorX& q_t) const {
  return CallUserFunctionVector(*forceUserFunction, *this, context.itemNumber, "forceUserFunction",
                                {context.system, context.time, context.itemNumber, q, q_t}, NumberOfLinks());
}

void ObjectKinematicTree::SubtractUserForce(const EvaluationContext& context, const VecX<double>& q,
                                            const VecX<double>& q_t, VecX<double>& lhs) const {
  lhs -= CallUserForce(context, q, q_t);
}

void ObjectKinematicTree::AddTestInstance(SystemBuilder& system) {
  // A branched tree with every joint type, rotated joint frames, offset centers of mass, gravity,
  // link forces and torques, joint forces, PD control, joint limits and a ground-fixed spring on a link.
  const Json rotated = {{0.36, -0.48, 0.8}, {0.8, 0.6, 0.}, {-0.48, 0.64, 0.6}};
  const Json identity = {{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}};
  const Json inertia = {{0.2, 0.01, -0.02}, {0.01, 0.3, 0.03}, {-0.02, 0.03, 0.25}};
  const Index node = testInstances::Add(system, ItemCategory::Node,
                                        {{"nodeType", "GenericODE2"},
                                         {"numberOfODE2Coordinates", 6},
                                         {"referenceCoordinates", {0.1, 0., -0.2, 0.3, 0., 0.}},
                                         {"initialCoordinates", {0.2, 0.1, 0.3, -0.2, 0.1, 0.4}},
                                         {"initialCoordinates_t", {0.5, -0.4, 0.3, 0.2, -0.1, 0.6}}});
  const Index tree = testInstances::Add(
      system, ItemCategory::Object,
      {{"objectType", "KinematicTree"},
       {"nodeNumber", node},
       {"jointTypes", {"RevoluteZ", "PrismaticX", "RevoluteX", "RevoluteY", "PrismaticZ", "PrismaticY"}},
       {"linkParents", {-1, 0, 1, 0, 3, 2}},
       {"jointTransformations", {identity, rotated, identity, rotated, identity, rotated}},
       {"jointOffsets",
        {{0.1, 0., 0.}, {0.5, 0.1, 0.}, {0.3, -0.2, 0.1}, {0., 0.4, 0.2}, {0.2, 0.2, 0.}, {0.1, 0., 0.3}}},
       {"linkInertiasCOM", {inertia, inertia, inertia, inertia, inertia, inertia}},
       {"linkCOMs",
        {{0.2, 0.1, 0.}, {0.1, -0.1, 0.05}, {0., 0.2, 0.1}, {0.3, 0., -0.1}, {0.1, 0.1, 0.1}, {-0.1, 0.2, 0.}}},
       {"linkMasses", {1.5, 2., 0.8, 1.2, 0.5, 0.9}},
       {"baseOffset", {0.2, -0.1, 0.3}},
       {"gravity", {0.5, -9.81, 1.}},
       {"linkForces", {{1., 0., 0.}, {0., 2., 0.}, {0., 0., 1.}, {1., 1., 0.}, {0., -1., 1.}, {0.5, 0., 0.}}},
       {"linkTorques", {{0., 0., 0.3}, {0.2, 0., 0.}, {0., 0.1, 0.}, {0.1, 0.1, 0.1}, {0., 0., -0.2}, {0.3, 0., 0.}}},
       {"jointForceVector", {0.1, -0.2, 0.3, 0.4, -0.5, 0.6}},
       {"jointPControlVector", {10., 20., 5., 8., 30., 12.}},
       {"jointPositionOffsetVector", {0.1, 0.2, 0., -0.1, 0.05, 0.}},
       {"jointDControlVector", {1., 2., 0.5, 0.8, 3., 1.2}},
       {"jointVelocityOffsetVector", {0., 0.1, 0., 0.2, 0., -0.1}},
       // ranges that random states violate on either side, one side left free (1e30)
       {"jointRangeLower", {-0.1, -1e30, -0.3, 0.25, -0.2, -0.1}},
       {"jointRangeUpper", {0.25, 0.1, 0., 0.5, 1e30, 0.35}},
       {"jointLimitTimeConstant", 0.05},
       {"jointLimitDampingRatio", 0.7}});
  const Index ground = testInstances::Ground(system);
  const Index onLink = testInstances::Add(system, ItemCategory::Marker,
                                          {{"markerType", "KinematicTreeRigid"},
                                           {"objectNumber", tree},
                                           {"linkNumber", 4},
                                           {"localPosition", {0.1, -0.2, 0.3}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorSpringDamper"},
                      {"markerNumbers", {testInstances::PositionMarker(system, ground, Vector3(1., 0.5, 0.)), onLink}},
                      {"referenceLength", 0.5},
                      {"stiffness", 40.},
                      {"damping", 1.}});
}

const ItemTypeInfo& ObjectKinematicTree::Info() {
  using T = ObjectKinematicTree;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "object's unique name")
        .Add(&T::nodeNumber, "nodeNumber", "",
             "the NodeGenericODE2 holding the joint coordinates, one per link (its numberOfODE2Coordinates is the "
             "number "
             "of links n)")
        .Add(&T::gravity, "gravity", "m/s^2", "gravity vector, global; acts on every link's center of mass")
        .Add(&T::baseOffset, "baseOffset", "m", "position of the base (the parent frame of root links), global")
        .Add(&T::jointTypes, "jointTypes", "",
             "joint type of each link: exu.JointType.RevoluteX/Y/Z (rotation about) or PrismaticX/Y/Z (translation "
             "along) the axis of the joint frame")
        .Structural()
        .Add(&T::linkParents, "linkParents", "",
             "parent of each link: -1 for the base, otherwise a smaller link number (parents come first)")
        .Structural()
        .Add(&T::jointTransformations, "jointTransformations", "",
             "rotation of each joint frame relative to its parent's link frame (joint axes -> parent axes), before the "
             "joint's own motion")
        .Add(&T::jointOffsets, "jointOffsets", "m",
             "position of each joint (the link frame's origin) relative to the parent's link frame origin, in the "
             "parent's "
             "axes")
        .Add(&T::linkInertiasCOM, "linkInertiasCOM", "kg*m^2",
             "inertia tensor of each link about its center of mass, in link axes")
        .Add(&T::linkCOMs, "linkCOMs", "m", "center of mass of each link, in link axes")
        .Add(&T::linkMasses, "linkMasses", "kg", "mass of each link")
        .Add(&T::linkForces, "linkForces", "N",
             "force on each link at its link frame origin, global; empty (default) or one per link")
        .Add(&T::linkTorques, "linkTorques", "N*m", "torque on each link, global; empty (default) or one per link")
        .Add(&T::jointForceVector, "jointForceVector", "N or N*m",
             "generalized force per joint coordinate, positive on link i and negative on its parent: a torque about a "
             "revolute joint's axis, a force along a prismatic joint's axis; empty (default) or one per link")
        .Add(&T::jointPositionOffsetVector, "jointPositionOffsetVector", "rad or m",
             "set values u_o of the joint coordinates for the P control P*(u_o - q); empty or one per link (with "
             "jointPControlVector); may change every step, e.g. in a preStepUserFunction")
        .Add(&T::jointVelocityOffsetVector, "jointVelocityOffsetVector", "rad/s or m/s",
             "set values v_o of the joint velocities for the D control D*(v_o - q_t); empty or one per link (with "
             "jointDControlVector)")
        .Add(&T::jointPControlVector, "jointPControlVector", "N*m/rad or N/m",
             "proportional gain P of each joint; empty or one per link (with jointPositionOffsetVector)")
        .Add(&T::jointDControlVector, "jointDControlVector", "N*m*s/rad or N*s/m",
             "derivative gain D of each joint; empty or one per link (with jointVelocityOffsetVector)")
        .Add(
            &T::jointRangeLower, "jointRangeLower", "rad or m",
            "lower end of each joint's range (total coordinate q_i, with the node's reference value): empty (default: "
            "no lower limits) or one per link; below it a soft limit pushes the joint back (our extension, as MuJoCo's "
            "joint range with limited=true); a bound far below the motion (e.g. -1e30) leaves a joint free")
        .Structural()
        .Add(&T::jointRangeUpper, "jointRangeUpper", "rad or m",
             "upper end of each joint's range: empty (default: no upper limits) or one per link, not below "
             "jointRangeLower; a bound far above the motion (e.g. 1e30) leaves a joint free")
        .Structural()
        .Add(&T::jointLimitTimeConstant, "jointLimitTimeConstant", "s",
             "time constant of the soft joint limits (MuJoCo's solref[0]): a limit acts as a spring-damper with "
             "natural frequency 1/(jointLimitTimeConstant*jointLimitDampingRatio) on the joint's effective inertia")
        .Positive()
        .Add(&T::jointLimitDampingRatio, "jointLimitDampingRatio", "",
             "damping ratio of the soft joint limits (MuJoCo's solref[1]): 1 critical damping, 0 an elastic limit "
             "(natural frequency 1/jointLimitTimeConstant, no damping)")
        .NonNegative()
        .AddUserFunction(&T::forceUserFunction, "forceUserFunction", "(mbs, t, itemNumber, q, q_t) -> n-vector",
                         "generalized joint forces added like jointForceVector; q are the node's coordinates without "
                         "reference values; its Jacobian is taken by forward differences")
        .AddAccessed<bool>([](T& o) -> bool& { return o.visualization.show; }, "show", "",
                           "set true, if item is shown in visualization and false if it is not shown")
        .Visualization()
        .AddAccessed<bool>([](T& o) -> bool& { return o.visualization.showLinks; }, "showLinks", "",
                           "set true, if links shall be shown: the viewer draws a link without graphics data as a "
                           "rod from its joint to each child link's joint (to its center of mass if it has no "
                           "children)")
        .Visualization()
        .AddAccessed<bool>([](T& o) -> bool& { return o.visualization.showJoints; }, "showJoints", "",
                           "set true, if joints shall be shown: the viewer draws a link without graphics data with "
                           "a cylinder along its revolute joint's axis or a box on its prismatic joint")
        .Visualization()
        .AddAccessed<Color4>([](T& o) -> Color4& { return o.visualization.color; }, "color", "",
                             "RGBA color; R = -1: default color")
        .Visualization()
        .AddAccessed<LinkGraphicsDataList>(
            [](T& o) -> LinkGraphicsDataList& { return o.visualization.graphicsDataList; }, "graphicsDataList", "",
            "one list of graphics dicts per link, in link coordinates, or empty; the viewer "
            "draws each link with its list (a link with an empty list as showLinks and "
            "showJoints say), moving with the joint coordinates")
        .TestValue(
            R"([[{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}], [{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}], [{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}], [{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}], [{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}], [{"type": "Line", "color": [0.1, 0.2, 0.3, 1], "data": [0, 0, 0, 0.37, 0.38, 0.39]}]])")
        .Visualization();
    return builder.Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "KinematicTree", "ObjectKinematicTree", {"KinematicTree"}, "bodies",
      "An open tree of rigid links connected by revolute and prismatic joints, in minimal (joint) coordinates held by "
      "one NodeGenericODE2 with one coordinate per link. Link i is placed relative to its parent's link frame (the "
      "base "
      "at baseOffset for root links) by jointOffsets[i] and jointTransformations[i], then moved by its joint about or "
      "along the x, y or z axis of that frame. The equations M(q) q_tt + h(q, q_t) = f come from the recursive "
      "Newton-Euler algorithm, the mass matrix from the composite-rigid-body algorithm, M^-1 for explicit solvers from "
      "the "
      "articulated-body algorithm (O(n)), the Newton matrix from analytic derivatives of Newton-Euler; any number of "
      "links "
      "(markers need at most 64); f holds gravity, linkForces, linkTorques, jointForceVector, the PD control "
      "P*(u_o - q) + D*(v_o - q_t) (each applied when its offset vector is given), forceUserFunction and, if "
      "jointRangeLower/jointRangeUpper are given (our extension), soft joint limits: beyond its range by pen > 0 a "
      "joint is pushed back by m_i*(omega^2*pen + 2*zeta*omega*pen_t) >= 0, with m_i = 1/(M^-1)_ii at the reference "
      "configuration, omega = 1/(jointLimitTimeConstant*zeta) (1/jointLimitTimeConstant for zeta = 0) and zeta = "
      "jointLimitDampingRatio (MuJoCo's soft limits with solref = (jointLimitTimeConstant, jointLimitDampingRatio)). "
      "MarkerKinematicTreeRigid attaches connectors, joints and loads to a link; SensorKinematicTree reads a link; "
      "MarkerNodeCoordinate on the node reaches single joints.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Coordinates_tt,
       OutputVariableType::Force, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
