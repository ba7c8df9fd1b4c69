#include "objects/bodies/ObjectRigidBody.h"

#include "objects/TestInstances.h"

#include "core/model/MainSystem.h"

namespace multidyn {

Matrix3 ObjectRigidBody::InertiaTensor() const {
  Matrix3 J;
  J << inertia(0), inertia(5), inertia(4),
       inertia(5), inertia(1), inertia(3),
       inertia(4), inertia(3), inertia(2);
  return J;
}

void ObjectRigidBody::Check(const MainSystem& system) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a rigid-body node is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  if (!node.ProvidesOrientation() || node.NumberOfODE2Coordinates() < 6)
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " +
                    node.TypeInfo().className +
                    "; ObjectRigidBody needs a rigid-body node (NodeRigidBodyRxyz or NodeRigidBodyEP)");
  Eigen::SelfAdjointEigenSolver<Matrix3> eigen(InertiaTensor());
  if (eigen.eigenvalues().minCoeff() < -1e-12 * std::max(1., eigen.eigenvalues().maxCoeff()))
    throw ValueError("parameter 'inertia': the inertia tensor [Jxx,Jyy,Jzz,Jyz,Jxz,Jxy] must be positive "
                     "semi-definite; its smallest eigenvalue is " + std::to_string(eigen.eigenvalues().minCoeff()));
}

void ObjectRigidBody::ComputeMassMatrix(const NodeKinematics<double>* nodes, MatrixX& massMatrix) const {
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

double ObjectRigidBody::KineticEnergy(const NodeKinematics<double>* nodes) const {
  const NodeKinematics<double>& k = nodes[0];
  const Vector3& w = k.angularVelocityLocal;
  return 0.5 * mass * k.velocity.squaredNorm() + mass * k.velocity.dot(k.rotation * w.cross(centerOfMass)) +
         0.5 * w.dot(InertiaTensor() * w);
}

void ObjectRigidBody::AddTestInstance(MainSystem& system) {
  testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  testInstances::RigidBody(system, "RigidBodyEP", Vector3(-0.3, 0.4, 0.1));
}

const ItemTypeInfo& ObjectRigidBody::Info() {
  using T = ObjectRigidBody;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::mass, "mass", "kg", "mass of the body").NonNegative().Alias("physicsMass")
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
       OutputVariableType::Acceleration, OutputVariableType::RotationMatrix, OutputVariableType::Rotation,
       OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal,
       OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
