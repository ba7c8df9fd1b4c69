// Spring-damper between two rigid frames, with 6 x 6 stiffness and damping matrices in the joint
// frame J (see docs/theory/RigidBodySpringDamper.md). With A_0J0 = A_0M0 rotationMarker0, A_0J1 likewise:
//   u = [A_0J0^T (p_m1 - p_m0); theta],  theta the Tait-Bryan xyz angles of A_0J0^T A_0J1, J = J0,
// or, intrinsic (Exudyn's intrinsicFormulation), u = log of SE(3) from frame J0 to J1:
//   Omega = log(A_0J0^T A_0J1),  u = [J_l^-1(Omega) A_0J0^T (p_m1 - p_m0); Omega],  A_0J = A_0J0 exp(Omega / 2);
//   v = [A_0J^T (v_m1 - v_m0); A_0J^T (omega_1 - omega_0)],
//   [f; m] = K (u - offset) + D v     (or springForceTorqueUserFunction)
// Marker 0 is loaded with +A_0J f and +A_0J m, marker 1 with the opposite, as in Exudyn; intrinsic
// adds -(A_0J (-u_0..2 / 2)) x A_0J f to the torque on both markers (Exudyn's lever of the mid frame).
#pragma once

#include "core/foundation/RotationVector.h"
#include "core/foundation/Rotations.h"
#include "core/items/Connector.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

class ObjectConnectorRigidBodySpringDamper : public ConnectorKernels<ObjectConnectorRigidBodySpringDamper> {
 public:
  using Vector6 = Eigen::Matrix<double, 6, 1>;
  template <class S> using Vec6 = Eigen::Matrix<S, 6, 1>;

  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // The relative motion u, v in the joint frame, and A_0J.
  template <class S>
  void RelativeMotion(const MarkerData<S>& m0, const MarkerData<S>& m1, Mat3<S>& A_0J, Vec6<S>& u, Vec6<S>& v) const {
    const Mat3<S> A_0J0 = RotatedBy(m0.orientation, rotationMarker0);
    const Mat3<S> A_0J1 = RotatedBy(m1.orientation, rotationMarker1);
    const Vec3<S> p_J0J1 = A_0J0.transpose() * (m1.position - m0.position);  // in J0 axes
    const Mat3<S> A_J0J1 = A_0J0.transpose() * A_0J1;
    if (useIntrinsicFormulation) {
      const Vec3<S> rotation = RotationMatrixToRotationVector(A_J0J1);
      u.template head<3>() = InverseLeftJacobianSO3(rotation) * p_J0J1;
      u.template tail<3>() = rotation;
      A_0J = A_0J0 * RotationVectorToRotationMatrix(Vec3<S>(0.5 * rotation));
    } else {
      u.template head<3>() = p_J0J1;
      u.template tail<3>() = RotationMatrixToRotXYZ(A_J0J1);
      A_0J = A_0J0;
    }
    v.template head<3>() = A_0J.transpose() * (m1.velocity - m0.velocity);
    v.template tail<3>() =
        A_0J.transpose() * (m1.orientation * m1.angularVelocityLocal - m0.orientation * m0.angularVelocityLocal);
  }

  // [f; m] in joint frame 0.
  template <class S> Vec6<S> ForceTorque(const EvaluationContext& context, const Vec6<S>& u, const Vec6<S>& v) const {
    if (!springForceTorqueUserFunction)
      return stiffness.cast<S>() * Vec6<S>(u - offset.cast<S>()) + damping.cast<S>() * v;
    return UserFunctionVectorLaw(
        context, u, v,
        [&](const Vector6& uValue, const Vector6& vValue) { return CallForceTorque(context, uValue, vValue); },
        {3, 4, 5, 6});  // displacement, rotation, velocity, angularVelocity in the call: [u; v]
  }

  template <class S> void MarkerLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                      const MarkerData<S>& m1, MarkerLoad<S> loads[2]) const {
    Mat3<S> A_0J;
    Vec6<S> u, v;
    RelativeMotion(m0, m1, A_0J, u, v);
    const Vec6<S> forceTorque = ForceTorque(context, u, v);
    loads[0].force = A_0J * forceTorque.template head<3>();
    loads[0].torque = A_0J * forceTorque.template tail<3>();
    loads[1].force = -loads[0].force;
    loads[1].torque = -loads[0].torque;
    if (useIntrinsicFormulation) {
      const Vec3<S> leverTorque = (A_0J * Vec3<S>(-0.5 * u.template head<3>())).cross(loads[0].force);
      loads[0].torque -= leverTorque;
      loads[1].torque -= leverTorque;
    }
  }

  NodeIndex nodeNumber;
  MatrixX stiffness = MatrixX::Zero(6, 6);
  MatrixX damping = MatrixX::Zero(6, 6);
  Matrix3 rotationMarker0 = Matrix3::Identity();
  Matrix3 rotationMarker1 = Matrix3::Identity();
  Vector6 offset = Vector6::Zero();
  bool useIntrinsicFormulation = false;
  ScriptFunctionPtr springForceTorqueUserFunction;
  ScriptFunctionPtr postNewtonStepUserFunction;
  BasicVisualization visualization;

 private:
  Vector6 CallForceTorque(const EvaluationContext& context, const Vector6& u, const Vector6& v) const;
};

}  // namespace multidyn
