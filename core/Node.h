// Base of nodes: they own coordinates (ODE2, ODE1, algebraic, data) and give kinematics.
#pragma once

#include "core/Item.h"
#include "core/Kinematics.h"

namespace multidyn {

class Node : public Item {
 public:
  virtual Index NumberOfODE2Coordinates() const { return 0; }
  virtual Index NumberOfODE1Coordinates() const { return 0; }
  virtual Index NumberOfAlgebraicEquations() const { return 0; }  // e.g. Euler-parameter normalisation
  virtual Index NumberOfDataCoordinates() const { return 0; }
  virtual bool ProvidesPosition() const { return false; }
  virtual bool ProvidesOrientation() const { return false; }

  // Stored ODE2 coordinates are displacements relative to the reference coordinates.
  virtual VectorX ReferenceCoordinates() const { return VectorX(); }
  virtual VectorX InitialCoordinates() const { return VectorX(); }
  virtual VectorX InitialVelocities() const { return VectorX(); }
  virtual VectorX InitialDataCoordinates() const { return VectorX(); }
  // Stored ODE1 coordinates are, as in Exudyn, also relative to reference values: y = y_ref + stored.
  virtual VectorX ReferenceODE1Coordinates() const { return VectorX(); }
  virtual VectorX InitialODE1Coordinates() const { return VectorX(); }

  virtual void ComputeKinematics(const NodeCoordinates<double>& c, NodeKinematics<double>& k) const {}
  virtual void ComputeKinematics(const NodeCoordinates<ADScalar32>& c, NodeKinematics<ADScalar32>& k) const {}
  virtual void ComputeKinematics(const NodeCoordinates<ADScalar16>& c, NodeKinematics<ADScalar16>& k) const {}

  // The node's own algebraic equations g (position level, or velocity level) and the
  // generalized forces C_q^T * lambda they add to the node's ODE2 equations (LHS sign).
  virtual void ComputeAlgebraicEquations(const NodeCoordinates<double>& c, bool velocityLevel, VecX<double>& g) const {}
  virtual void ComputeAlgebraicEquations(const NodeCoordinates<ADScalar32>& c, bool velocityLevel, VecX<ADScalar32>& g) const {}
  virtual void ComputeAlgebraicEquations(const NodeCoordinates<ADScalar16>& c, bool velocityLevel, VecX<ADScalar16>& g) const {}
  virtual void ComputeAlgebraicForces(const NodeCoordinates<double>& c, const VectorX& lambda, VecX<double>& f) const {}
  virtual void ComputeAlgebraicForces(const NodeCoordinates<ADScalar32>& c, const VectorX& lambda, VecX<ADScalar32>& f) const {}
  virtual void ComputeAlgebraicForces(const NodeCoordinates<ADScalar16>& c, const VectorX& lambda, VecX<ADScalar16>& f) const {}

  // The rotation parameters shown as OutputVariableType.Rotation (Tait-Bryan xyz angles).
  virtual Vector3 RotationOutput(const NodeCoordinates<double>& c) const { return Vector3::Zero(); }
};

// Routes both scalar types of the virtual kernels to Derived's templates, so that each
// node writes its formulas once.
template <class Derived> class NodeKernels : public ItemOf<Derived, Node> {
 public:
  void ComputeKinematics(const NodeCoordinates<double>& c, NodeKinematics<double>& k) const override {
    Self().Kinematics(c, k);
  }
  void ComputeKinematics(const NodeCoordinates<ADScalar32>& c, NodeKinematics<ADScalar32>& k) const override {
    Self().Kinematics(c, k);
  }
  void ComputeKinematics(const NodeCoordinates<ADScalar16>& c, NodeKinematics<ADScalar16>& k) const override {
    Self().Kinematics(c, k);
  }
  void ComputeAlgebraicEquations(const NodeCoordinates<double>& c, bool velocityLevel, VecX<double>& g) const override {
    Self().AlgebraicEquations(c, velocityLevel, g);
  }
  void ComputeAlgebraicEquations(const NodeCoordinates<ADScalar32>& c, bool velocityLevel, VecX<ADScalar32>& g) const override {
    Self().AlgebraicEquations(c, velocityLevel, g);
  }
  void ComputeAlgebraicEquations(const NodeCoordinates<ADScalar16>& c, bool velocityLevel, VecX<ADScalar16>& g) const override {
    Self().AlgebraicEquations(c, velocityLevel, g);
  }
  void ComputeAlgebraicForces(const NodeCoordinates<double>& c, const VectorX& lambda, VecX<double>& f) const override {
    Self().AlgebraicForces(c, lambda, f);
  }
  void ComputeAlgebraicForces(const NodeCoordinates<ADScalar32>& c, const VectorX& lambda, VecX<ADScalar32>& f) const override {
    Self().AlgebraicForces(c, lambda, f);
  }
  void ComputeAlgebraicForces(const NodeCoordinates<ADScalar16>& c, const VectorX& lambda, VecX<ADScalar16>& f) const override {
    Self().AlgebraicForces(c, lambda, f);
  }

  // Defaults for nodes without algebraic equations; Derived hides them when it has some.
  template <class S> void AlgebraicEquations(const NodeCoordinates<S>&, bool, VecX<S>& g) const { g.resize(0); }
  template <class S> void AlgebraicForces(const NodeCoordinates<S>& c, const VectorX&, VecX<S>& f) const {
    f.setZero(c.q.size());
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
