// Base of nodes: they own coordinates (ODE2, ODE1, algebraic, data) and give kinematics.
#pragma once

#include "core/foundation/Kinematics.h"
#include "core/items/Item.h"

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

  // Kinematics; the node's own algebraic equations g (position level, or velocity level) and
  // the generalized forces C_q^T * lambda they add to the node's ODE2 equations (LHS sign).
#define MULTIDYN_NODE_KERNELS(S)                                                                               \
  virtual void ComputeKinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {}                   \
  virtual void ComputeAlgebraicEquations(const NodeCoordinates<S>& c, bool velocityLevel, VecX<S>& g) const {} \
  virtual void ComputeAlgebraicForces(const NodeCoordinates<S>& c, const VectorX& lambda, VecX<S>& f) const {}
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_NODE_KERNELS)
#undef MULTIDYN_NODE_KERNELS

  // The rotation parameters shown as OutputVariableType.Rotation (Tait-Bryan xyz angles).
  virtual Vector3 RotationOutput(const NodeCoordinates<double>& c) const { return Vector3::Zero(); }
};

// Routes every scalar type of the virtual kernels to Derived's templates, so that each
// node writes its formulas once.
template <class Derived> class NodeKernels : public ItemOf<Derived, Node> {
 public:
#define MULTIDYN_NODE_KERNELS(S)                                                                               \
  void ComputeKinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const override {                   \
    Self().Kinematics(c, k);                                                                                   \
  }                                                                                                            \
  void ComputeAlgebraicEquations(const NodeCoordinates<S>& c, bool velocityLevel, VecX<S>& g) const override { \
    Self().AlgebraicEquations(c, velocityLevel, g);                                                            \
  }                                                                                                            \
  void ComputeAlgebraicForces(const NodeCoordinates<S>& c, const VectorX& lambda, VecX<S>& f) const override { \
    Self().AlgebraicForces(c, lambda, f);                                                                      \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_NODE_KERNELS)
#undef MULTIDYN_NODE_KERNELS

  // Defaults for nodes without algebraic equations; Derived hides them when it has some.
  template <class S> void AlgebraicEquations(const NodeCoordinates<S>&, bool, VecX<S>& g) const { g.resize(0); }
  template <class S> void AlgebraicForces(const NodeCoordinates<S>& c, const VectorX&, VecX<S>& f) const {
    f.setZero(c.q.size());
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
