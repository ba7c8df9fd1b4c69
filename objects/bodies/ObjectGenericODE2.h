// A linear second-order system on the ODE2 coordinates of its nodes (see
// docs/theory/GenericODE2.md): with q the stored coordinates (without reference values),
//   M q_tt + D q_t + K q = f + forceUserFunction(mbs, t, itemNumber, q, q_t),
// M = massMatrix or massMatrixUserFunction(mbs, t, itemNumber, q, q_t).
// It has no body frame: markers sit on its nodes. Linear in q, q_t and q_tt but for its user
// functions, it writes its Newton block itself (BodyNewtonBlock): mass*M + stiffness*K +
// damping*D, minus the user force's derivatives (forward differences, or jacobianUserFunction).
#pragma once

#include <type_traits>

#include "core/foundation/DenseOrSparseMatrix.h"
#include "core/foundation/ScriptFunction.h"
#include "core/items/Body.h"
#include "core/items/BodyNewtonBlock.h"

namespace multidyn {

class ObjectGenericODE2 : public BodyKernels<ObjectGenericODE2>, public BodyNewtonBlock {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return nodeNumbers; }
  bool ProvidesFrames() const override { return false; }
  void Check(const SystemView& system) const override;
  void ComputeMassMatrix(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                         MatrixX& M) const override;
  bool HasConstantMassMatrix() const override { return !massMatrixUserFunction; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;
  void ComputeNewtonBlock(const EvaluationContext& context, const NodeKinematics<double>* nodes, double massFactor,
                          double stiffnessFactor, double dampingFactor, LocalEntries& entries) const override;

  template <class S> void Frame(const NodeKinematics<S>*, const Vector3&, MarkerData<S>&) const {
    throw TypeError("ObjectGenericODE2 has no body frame; attach markers to its nodes");  // Check refuses earlier
  }
  // In double (the residual) on stack vectors and in place: no allocation without user functions.
  // The AD kernels serve tests only: the solver takes the Newton block from ComputeNewtonBlock.
  template <class S> void ODE2LHSInContext(const EvaluationContext& context, const NodeKinematics<S>* nodes,
                                           const VectorX& q_tt, VecX<S>& lhs) const {
    VecX<S> q, q_t;
    Stacked(nodes, q, q_t);
    lhs.setZero(q.size());
    if (massMatrixUserFunction)  // M(q, q_t) q_tt: Exudyn's Jacobian has no derivative of M either
      AddProduct(UserMassMatrix(context, ValuesOf(q), ValuesOf(q_t)), q_tt, lhs);
    else
      AddProduct(massMatrix, q_tt, lhs);
    if (stiffnessMatrix.size() > 0) AddProduct(stiffnessMatrix, q, lhs);
    if (dampingMatrix.size() > 0) AddProduct(dampingMatrix, q_t, lhs);
    if (forceVector.size() > 0) lhs -= forceVector.template cast<S>();
    if (forceUserFunction) SubtractUserForce(context, q, q_t, lhs);
  }

  NodeIndexList nodeNumbers;
  // dense or sparse, as given
  DenseOrSparseMatrix massMatrix;
  DenseOrSparseMatrix stiffnessMatrix;  // empty: none
  DenseOrSparseMatrix dampingMatrix;  // empty: none
  VectorX forceVector;  // empty: none
  ScriptFunctionPtr forceUserFunction;
  ScriptFunctionPtr massMatrixUserFunction;
  ScriptFunctionPtr jacobianUserFunction;
  BodyVisualization visualization;

 private:
  Index NumberOfCoordinates(const SystemView& system) const;
  VectorX UserForce(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  MatrixX UserMassMatrix(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  template <class S> static VectorX ValuesOf(const VecX<S>& v) {
    VectorX values(v.size());
    for (Index i = 0; i < v.size(); ++i) values(i) = ValueOf(v(i));
    return values;
  }
  // lhs += matrix * x; in double in place, at the cost of the matrix's entries (dense or sparse).
  template <class X, class S> static void AddProduct(const DenseOrSparseMatrix& matrix, const X& x, VecX<S>& lhs) {
    if constexpr (std::is_same_v<S, double>) {
      matrix.AddProductTo(x, lhs);
    } else {
      const MatrixX dense = matrix.ToDense();
      if constexpr (std::is_same_v<typename X::Scalar, double>)
        lhs += (dense * x).template cast<S>();
      else
        lhs += dense.template cast<S>() * x;
    }
  }
  // lhs -= f_user(q, q_t); for AD scalars with its derivatives by forward differences in q and q_t.
  template <class S>
  void SubtractUserForce(const EvaluationContext& context, const VecX<S>& q, const VecX<S>& q_t, VecX<S>& lhs) const;
  // The nodes' stored coordinates and their rates, stacked in node order.
  template <class S> void Stacked(const NodeKinematics<S>* nodes, VecX<S>& q, VecX<S>& q_t) const {
    Index n = 0;
    for (std::size_t i = 0; i < nodeNumbers.size(); ++i) n += nodes[i].coordinates.size();
    q.resize(n);
    q_t.resize(n);
    for (Index i = 0, k = 0; i < static_cast<Index>(nodeNumbers.size()); k += nodes[i].coordinates.size(), ++i) {
      q.segment(k, nodes[i].coordinates.size()) = nodes[i].coordinates;
      q_t.segment(k, nodes[i].coordinates.size()) = nodes[i].coordinates_t;
    }
  }
};

}  // namespace multidyn
