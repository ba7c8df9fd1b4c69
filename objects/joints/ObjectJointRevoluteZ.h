// Revolute joint about the z-axis of joint frame 0: five algebraic equations.
//   g = [p_1 - p_0; tz_0 . tx_1; tz_0 . ty_1] = 0, with joint frames A_0Ji = A_0Mi * rotationMarker_i.
#pragma once

#include "core/items/Constraint.h"

namespace multidyn {

class ObjectJointRevoluteZ : public ConstraintKernels<ObjectJointRevoluteZ> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return 5; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // The axes the equations use: tz0 = A_0J0 e_z, tx1 = A_0J1 e_x, ty1 = A_0J1 e_y (the columns of
  // RotatedBy, without copying the orientations for the usual marker rotations I).
  template <class S>
  void Axes(const MarkerData<S>& m0, const MarkerData<S>& m1, Vec3<S>& tz0, Vec3<S>& tx1, Vec3<S>& ty1) const {
    if (IsIdentity(rotationMarker0))
      tz0 = m0.orientation.col(2);
    else
      tz0 = RotatedBy(m0.orientation, rotationMarker0).col(2);
    if (IsIdentity(rotationMarker1)) {
      tx1 = m1.orientation.col(0);
      ty1 = m1.orientation.col(1);
    } else {
      const Mat3<S> A_0J1 = RotatedBy(m1.orientation, rotationMarker1);
      tx1 = A_0J1.col(0);
      ty1 = A_0J1.col(1);
    }
  }

  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    Vec3<S> tz0, tx1, ty1;
    Axes(m0, m1, tz0, tx1, ty1);
    g.resize(5);
    if (!velocityLevel) {
      g.template head<3>() = m1.position - m0.position;
      g(3) = tz0.dot(tx1);
      g(4) = tz0.dot(ty1);
    } else {
      const Vec3<S> w0 = m0.orientation * m0.angularVelocityLocal;  // global angular velocities
      const Vec3<S> w1 = m1.orientation * m1.angularVelocityLocal;
      g.template head<3>() = m1.velocity - m0.velocity;
      g(3) = w0.cross(tz0).dot(tx1) + tz0.dot(w1.cross(tx1));
      g(4) = w0.cross(tz0).dot(ty1) + tz0.dot(w1.cross(ty1));
    }
  }

  // From dg = [dp_1 - dp_0; dphi_0.(tz0 x t1) + dphi_1.(t1 x tz0)]: the loads -C_q^T lambda.
  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    Vec3<S> tz0, tx1, ty1;
    Axes(m0, m1, tz0, tx1, ty1);
    const Vec3<S> force = lambda.head<3>().cast<S>();
    const Vec3<S> torque = tz0.cross(tx1) * S(lambda(3)) + tz0.cross(ty1) * S(lambda(4));
    loads[0].force = force;
    loads[1].force = -force;
    loads[0].torque = -torque;
    loads[1].torque = torque;
  }

  Matrix3 rotationMarker0 = Matrix3::Identity();
  Matrix3 rotationMarker1 = Matrix3::Identity();
  bool visualizationShow = true;
  float visualizationAxisRadius = 0.1f;
  float visualizationAxisLength = 0.4f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
