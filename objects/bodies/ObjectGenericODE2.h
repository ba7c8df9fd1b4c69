// A linear second-order system on the ODE2 coordinates of its nodes (see
// docs/theory/GenericODE2.md): with q the stored coordinates (without reference values),
//   M q_tt + D q_t + K q = f + forceUserFunction(mbs, t, itemNumber, q, q_t),
// M = massMatrix or massMatrixUserFunction(mbs, t, itemNumber, q, q_t).
// It has no body frame: markers sit on its nodes.
#pragma once

#include "core/items/Body.h"
#include "core/foundation/ScriptFunction.h"

namespace multidyn {

class ObjectGenericODE2 : public BodyKernels<ObjectGenericODE2> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);

  std::vector<NodeIndex> NodeNumbers() const override { return nodeNumbers; }
  bool ProvidesFrames() const override { return false; }
  void Check(const MainSystem& system) const override;
  void ComputeMassMatrix(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                         MatrixX& M) const override;
  bool HasConstantMassMatrix() const override { return !massMatrixUserFunction; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  bool GetBodyOutput(OutputVariableType type, const MainSystem& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;

  template <class S> void Frame(const NodeKinematics<S>*, const Vector3&, MarkerData<S>&) const {
    throw TypeError("ObjectGenericODE2 has no body frame; attach markers to its nodes");  // Check refuses earlier
  }
  template <class S> void ODE2LHSInContext(const EvaluationContext& context, const NodeKinematics<S>* nodes,
                                           const VectorX& q_tt, VecX<S>& lhs) const {
    const VecX<S> q = Stacked(nodes, &NodeKinematics<S>::coordinates);
    const VecX<S> q_t = Stacked(nodes, &NodeKinematics<S>::coordinates_t);
    if (massMatrixUserFunction)  // M(q, q_t) q_tt: Exudyn's Jacobian has no derivative of M either
      lhs = (UserMassMatrix(context, ValuesOf(q), ValuesOf(q_t)) * q_tt).template cast<S>();
    else
      lhs = (massMatrix * q_tt).template cast<S>();
    if (stiffnessMatrix.size() > 0) lhs += stiffnessMatrix.cast<S>() * q;
    if (dampingMatrix.size() > 0) lhs += dampingMatrix.cast<S>() * q_t;
    if (forceVector.size() > 0) lhs -= forceVector.cast<S>();
    if (forceUserFunction) SubtractUserForce(context, q, q_t, lhs);
  }

  NodeIndexList nodeNumbers;
  MatrixX massMatrix;
  MatrixX stiffnessMatrix;  // empty: none
  MatrixX dampingMatrix;    // empty: none
  VectorX forceVector;      // empty: none
  ScriptFunctionPtr forceUserFunction;
  ScriptFunctionPtr massMatrixUserFunction;
  BodyVisualization visualization;

 private:
  Index NumberOfCoordinates(const MainSystem& system) const;
  VectorX UserForce(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  MatrixX UserMassMatrix(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  template <class S> static VectorX ValuesOf(const VecX<S>& v) {
    VectorX values(v.size());
    for (Index i = 0; i < v.size(); ++i) values(i) = ValueOf(v(i));
    return values;
  }
  // lhs -= f_user(q, q_t); for AD scalars with its derivatives by forward differences in q and q_t.
  template <class S> void SubtractUserForce(const EvaluationContext& context, const VecX<S>& q, const VecX<S>& q_t,
                                            VecX<S>& lhs) const;
  // One of the nodes' stored vectors (coordinates or their rates), stacked in node order.
  template <class S> VecX<S> Stacked(const NodeKinematics<S>* nodes, VecX<S> NodeKinematics<S>::*member) const {
    Index n = 0;
    for (std::size_t i = 0; i < nodeNumbers.size(); ++i) n += (nodes[i].*member).size();
    VecX<S> stacked(n);
    for (Index i = 0, k = 0; i < static_cast<Index>(nodeNumbers.size()); k += (nodes[i].*member).size(), ++i)
      stacked.segment(k, (nodes[i].*member).size()) = nodes[i].*member;
    return stacked;
  }
};

}  // namespace multidyn
