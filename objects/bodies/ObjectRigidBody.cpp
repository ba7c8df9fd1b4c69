#include "objects/bodies/ObjectRigidBody.h"

#include "objects/TestInstances.h"
#include "objects/nodes/NodeRigidBodyEP.h"

#include "core/items/SystemView.h"

namespace multidyn {

namespace {

// Derivatives with respect to the Euler parameters and their rates (4 + 4). A type of its own,
// not ADScalarOf<8>, so that its kernel vectors and matrices get the maximum sizes of ADScalar16's
// (MaxLocalCoordinates below): Eigen then evaluates their products in the same order.
using RotationAD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 8, 1, Eigen::ColMajor | Eigen::DontAlign>>;

}  // namespace

template <> struct MaxLocalCoordinates<RotationAD> {
  static constexpr int value = MaxLocalCoordinates<ADScalar16>::value;
};

void ObjectRigidBody::Check(const SystemView& system) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a rigid-body node is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  if (!node.ProvidesOrientation() || node.NumberOfODE2Coordinates() < 6)
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " +
                    node.TypeInfo().className +
                    "; ObjectRigidBody needs a rigid-body node (NodeRigidBodyRxyz or NodeRigidBodyEP)");
  Eigen::SelfAdjointEigenSolver<Matrix3> eigen(InertiaTensor());
  if (eigen.eigenvalues().minCoeff() < -1e-12 * std::max(1., eigen.eigenvalues().maxCoeff()))
    throw ValueError(
        "parameter 'inertia': the inertia tensor [Jxx,Jyy,Jzz,Jyz,Jxz,Jxy] must be positive "
        "semi-definite; its smallest eigenvalue is " +
        std::to_string(eigen.eigenvalues().minCoeff()));
}

void ObjectRigidBody::ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                                        MatrixX& massMatrix) const {
  const NodeKinematics<double>& k = nodes[0];
  const Index nRot = k.Glocal.cols();
  const Matrix3 bTilde = Skew<double>(centerOfMass);
  massMatrix.setZero(3 + nRot, 3 + nRot);
  massMatrix.topLeftCorner<3, 3>() = mass * Matrix3::Identity();
  const Mat3X<double> coupling = -mass * k.rotation * bTilde * k.Glocal;  // 3 x nRot
  massMatrix.topRightCorner(3, nRot) = coupling;
  massMatrix.bottomLeftCorner(nRot, 3) = coupling.transpose();
  massMatrix.bottomRightCorner(nRot, nRot) = k.Glocal.transpose() * InertiaTensor() * k.Glocal;
}

bool ObjectRigidBody::ProvidesLHSJacobian(const SystemView& system) const {
  return dynamic_cast<const NodeRigidBodyEP*>(&system.GetNode(nodeNumber.value)) != nullptr;
}

// The generic Jacobian would seed all 14 of [q; q_t] in ADScalar16; the columns of the position
// coordinates and velocities are zero, and each derivative component is computed by the same
// operations whatever the others are, so seeding only e and e_t gives the same bits at half the
// work (ObjectRigidBodyLHSJacobianTest compares them).
void ObjectRigidBody::ComputeLHSJacobian(const EvaluationContext& context, const NodeKinematics<double>*,
                                         const VectorX& q, const VectorX& q_t, const VectorX& q_tt, MatrixX& lhs_q,
                                         MatrixX& lhs_q_t) const {
  const auto& node = static_cast<const NodeRigidBodyEP&>(context.system->GetNode(nodeNumber.value));
  VecX<RotationAD> qAD(7), q_tAD(7);
  for (Index i = 0; i < 3; ++i) {
    qAD(i) = RotationAD(q(i));
    q_tAD(i) = RotationAD(q_t(i));
  }
  for (Index i = 0; i < 4; ++i) {
    qAD(3 + i) = RotationAD(q(3 + i), 8, i);
    q_tAD(3 + i) = RotationAD(q_t(3 + i), 8, 4 + i);
  }
  // kept per thread: the storage of its coordinates is then allocated once (GrowingMatrix)
  static thread_local NodeKinematics<RotationAD> kinematics;
  node.Kinematics(NodeCoordinates<RotationAD>{qAD, q_tAD}, kinematics);
  VecX<RotationAD> lhs;
  ODE2LHS(&kinematics, q_tt, lhs);
  lhs_q.setZero(7, 7);
  lhs_q_t.setZero(7, 7);
  for (Index r = 0; r < 7; ++r)
    for (Index j = 0; j < 4; ++j) {
      lhs_q(r, 3 + j) = lhs(r).derivatives()(j);
      lhs_q_t(r, 3 + j) = lhs(r).derivatives()(4 + j);
    }
}

double ObjectRigidBody::KineticEnergy(const NodeKinematics<double>* nodes) const {
  const NodeKinematics<double>& k = nodes[0];
  const Vector3& w = k.angularVelocityLocal;
  return 0.5 * mass * k.velocity.squaredNorm() + mass * k.velocity.dot(k.rotation * w.cross(centerOfMass)) +
         0.5 * w.dot(InertiaTensor() * w);
}

void ObjectRigidBody::AddTestInstance(SystemBuilder& system) {
  testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  testInstances::RigidBody(system, "RigidBodyEP", Vector3(-0.3, 0.4, 0.1));
}

const ItemTypeInfo& ObjectRigidBody::Info() {
  using T = ObjectRigidBody;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::mass, "mass", "kg", "mass of the body")
          .NonNegative()
          .Alias("physicsMass")
          .Add(&T::inertia, "inertia", "kg*m^2",
               "inertia [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the body reference point (the node), in body axes")
          .Alias("physicsInertia")
          .Add(&T::centerOfMass, "centerOfMass", "m", "center of mass relative to the reference point, in body axes")
          .Alias("physicsCenterOfMass")
          .Add(&T::nodeNumber, "nodeNumber", "", "the rigid-body node (NodeRigidBodyRxyz or NodeRigidBodyEP)")
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "RigidBody", "ObjectRigidBody", {"RigidBody"}, "bodies",
      "A rigid body with mass, inertia about its reference point and center of mass, on a rigid-body node. "
      "The rotational equations are premultiplied by Glocal^T so that the mass matrix is symmetric.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::VelocityLocal, OutputVariableType::Acceleration, OutputVariableType::AccelerationLocal,
       OutputVariableType::RotationMatrix, OutputVariableType::Rotation, OutputVariableType::AngularVelocity,
       OutputVariableType::AngularVelocityLocal, OutputVariableType::AngularAcceleration,
       OutputVariableType::AngularAccelerationLocal, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
