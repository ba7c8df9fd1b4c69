// What ObjectMass1D and ObjectRotationalMass1D share: one Node1D, a constant frame
// (referencePosition, referenceRotation) and the equation a c_tt = f with a constant
// coefficient a (Derived::Coefficient(): the mass or the moment of inertia).
#pragma once

#include "core/items/Body.h"
#include "objects/bodies/BodyChecks.h"

namespace multidyn {

template <class Derived> class Node1DBody : public BodyKernels<Derived> {
 public:
  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool ProvidesOrientation() const override { return true; }
  // A Node1D, or as in Exudyn a NodeGenericODE2 with one coordinate (Exudyn asks only for an ODE2 node).
  void Check(const SystemView& system) const override {
    CheckBodyNode(system, nodeNumber, {"Node1D", "NodeGenericODE2"}, Derived::Info().className);
    const Index coordinates = system.GetNode(nodeNumber.value).NumberOfODE2Coordinates();
    if (coordinates != 1)
      throw ValueError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " has " +
                       std::to_string(coordinates) + " ODE2 coordinates; " + Derived::Info().className +
                       " needs a node with one coordinate");
  }
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>*, MatrixX& massMatrix) const override {
    massMatrix = MatrixX::Constant(1, 1, Self().Coefficient());
  }
  bool HasConstantMassMatrix() const override { return true; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override {  // 1/2 a c_t^2
    return 0.5 * Self().Coefficient() * nodes[0].velocity(0) * nodes[0].velocity(0);
  }
  template <class S> void ODE2LHS(const NodeKinematics<S>*, const VectorX& q_tt, VecX<S>& lhs) const {
    lhs = VecX<S>::Constant(1, S(Self().Coefficient() * q_tt(0)));
  }
  bool ODE2LHSIsMassTimesAcceleration() const override { return true; }

  NodeIndex nodeNumber;
  Vector3 referencePosition = Vector3::Zero();
  Matrix3 referenceRotation = Matrix3::Identity();
  BodyVisualization visualization;

 protected:
  // The fields both share, after name and the coefficient's field.
  static void AddCommonFields(FieldTableBuilder<Derived>& builder, const std::string& nodeMeaning,
                              const std::string& positionMeaning, const std::string& rotationMeaning) {
    using T = Derived;
    builder.Add(&T::nodeNumber, "nodeNumber", "", nodeMeaning)
        .Add(&T::referencePosition, "referencePosition", "m", positionMeaning)
        .Add(&T::referenceRotation, "referenceRotation", "", rotationMeaning)
        .AddVisualization(&T::visualization, "drawing size");
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
