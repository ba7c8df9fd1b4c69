// A rigid-body node: displacements and Euler parameters (7 ODE2 coordinates) plus the
// algebraic equation that keeps the Euler parameters of unit length.
#pragma once

#include "core/items/Node.h"
#include "core/foundation/Rotations.h"

namespace multidyn {

class NodeRigidBodyEP : public NodeKernels<NodeRigidBodyEP> {
 public:
  using Vector7 = Eigen::Matrix<double, 7, 1>;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);

  Index NumberOfODE2Coordinates() const override { return 7; }
  Index NumberOfAlgebraicEquations() const override { return addConstraintEquation ? 1 : 0; }
  bool ProvidesPosition() const override { return true; }
  bool ProvidesOrientation() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }
  Vector3 RotationOutput(const NodeCoordinates<double>& c) const override;
  void Check(const MainSystem& system) const override;

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    const Eigen::Matrix<S, 4, 1> e = c.q.template segment<4>(3);
    const Eigen::Matrix<S, 4, 1> e_t = c.q_t.template segment<4>(3);
    k.position = c.q.template head<3>();
    k.velocity = c.q_t.template head<3>();
    k.rotation = EulerParametersToRotationMatrix(e);
    k.G = EulerParametersToG(e);
    k.Glocal = EulerParametersToGLocal(e);
    k.angularVelocityLocal = k.Glocal * e_t;
    k.Glocal_tTheta_t.setZero();  // Glocal(e_t) * e_t = 0 identically
    k.numberOfCoordinates = 7;
    k.rotationStart = 3;
    k.hasOrientation = true;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }
  // g = e^T e - 1 (position level) or 2 e^T e_t (velocity level).
  template <class S> void AlgebraicEquations(const NodeCoordinates<S>& c, bool velocityLevel, VecX<S>& g) const {
    g.resize(NumberOfAlgebraicEquations());
    if (g.size() == 0) return;
    const Eigen::Matrix<S, 4, 1> e = c.q.template segment<4>(3);
    g(0) = velocityLevel ? S(2. * e.dot(c.q_t.template segment<4>(3))) : S(e.squaredNorm() - 1.);
  }
  // C_q^T lambda = [0; 2 e lambda]
  template <class S> void AlgebraicForces(const NodeCoordinates<S>& c, const VectorX& lambda, VecX<S>& f) const {
    f.setZero(7);
    if (NumberOfAlgebraicEquations() == 0) return;
    f.template segment<4>(3) = c.q.template segment<4>(3) * S(2. * lambda(0));
  }

  Vector7 referenceCoordinates = (Vector7() << 0., 0., 0., 1., 0., 0., 0.).finished();
  Vector7 initialCoordinates = Vector7::Zero();
  Vector7 initialVelocities = Vector7::Zero();
  bool addConstraintEquation = true;
  BasicVisualization visualization;
};

}  // namespace multidyn
