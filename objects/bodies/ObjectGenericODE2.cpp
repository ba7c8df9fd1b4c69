#include "objects/bodies/ObjectGenericODE2.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {

Index ObjectGenericODE2::NumberOfCoordinates(const SystemView& system) const {
  Index n = 0;
  for (NodeIndex node : nodeNumbers) n += system.GetNode(node.value).NumberOfODE2Coordinates();
  return n;
}

void ObjectGenericODE2::Check(const SystemView& system) const {
  if (nodeNumbers.empty())
    throw ValueError("parameter 'nodeNumbers': expected at least one node with ODE2 coordinates");
  for (NodeIndex node : nodeNumbers) {
    const Node& item = system.GetNode(node.value);
    if (item.NumberOfODE2Coordinates() == 0)
      throw TypeError("parameter 'nodeNumbers': " + ItemDescription(item, node.value) +
                      " has no ODE2 coordinates; expected nodes such as NodePoint or NodeGenericODE2");
  }
  const Index n = NumberOfCoordinates(system);
  const std::string size = std::to_string(n);
  const auto checkMatrix = [&](const DenseOrSparseMatrix& matrix, const char* name, bool required) {
    if ((required || matrix.size() > 0) && (matrix.rows() != n || matrix.cols() != n))
      throw ValueError(std::string("parameter '") + name + "': expected a " + size + "x" + size +
                       " matrix (the number of ODE2 coordinates of nodeNumbers)" + (required ? "" : " or []") +
                       ", got a " + std::to_string(matrix.rows()) + "x" + std::to_string(matrix.cols()) + " matrix");
  };
  checkMatrix(massMatrix, "massMatrix", !massMatrixUserFunction);
  checkMatrix(stiffnessMatrix, "stiffnessMatrix", false);
  checkMatrix(dampingMatrix, "dampingMatrix", false);
  if (forceVector.size() > 0 && forceVector.size() != n)
    throw ValueError("parameter 'forceVector': expected " + size +
                     " values (the number of ODE2 coordinates of nodeNumbers) or [], got " +
                     std::to_string(forceVector.size()));
}

void ObjectGenericODE2::ComputeMassMatrix(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                                          MatrixX& M) const {
  if (massMatrixUserFunction) {
    VecX<double> q, q_t;
    Stacked(nodes, q, q_t);
    M = UserMassMatrix(context, q, q_t);
  } else {
    massMatrix.ToDense(M);
  }
}

double ObjectGenericODE2::KineticEnergy(const NodeKinematics<double>* nodes) const {
  if (massMatrixUserFunction)  // needs the context: GetBodyOutput computes it
    throw ValueError("ObjectGenericODE2 with a massMatrixUserFunction: its kinetic energy is an output of the object");
  VecX<double> q, q_t, Mq_t;
  Stacked(nodes, q, q_t);
  Mq_t.setZero(q_t.size());
  massMatrix.AddProductTo(q_t, Mq_t);
  return 0.5 * q_t.dot(Mq_t);
}

namespace {
// factor * matrix, entry by entry: all stored ones, so that the pattern does not depend on values.
void AppendEntries(const DenseOrSparseMatrix& matrix, double factor, LocalEntries& entries) {
  matrix.ForEachEntry([&](Index i, Index j, double value) { entries.emplace_back(i, j, factor * value); });
}
}  // namespace

void ObjectGenericODE2::ComputeNewtonBlock(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                                           double massFactor, double stiffnessFactor, double dampingFactor,
                                           LocalEntries& entries) const {
  VecX<double> q, q_t;
  Stacked(nodes, q, q_t);
  const Index n = q.size();
  // Exudyn's Newton matrix has no derivative of M(q, q_t) q_tt (massMatrixUserFunction) either
  if (massMatrixUserFunction)
    AppendEntries(UserMassMatrix(context, q, q_t), massFactor, entries);
  else
    AppendEntries(massMatrix, massFactor, entries);
  if (stiffnessMatrix.size() > 0) AppendEntries(stiffnessMatrix, stiffnessFactor, entries);
  if (dampingMatrix.size() > 0) AppendEntries(dampingMatrix, dampingFactor, entries);
  if (jacobianUserFunction) {  // Exudyn's: the weighted derivative of the LHS without K and D, replacing the
                               // differences
    const MatrixX J = CallUserFunctionMatrix(
        *jacobianUserFunction, *this, context.itemNumber, "jacobianUserFunction",
        {context.system, context.time, context.itemNumber, VectorX(q), VectorX(q_t), stiffnessFactor, dampingFactor}, n,
        n);
    AppendEntries(J, 1., entries);
  } else if (forceUserFunction) {  // lhs -= f_user: -d(f_user)/dq, -d(f_user)/dq_t by forward differences
    const VecX<double> value = UserForce(context, q, q_t);
    UserFunctionForwardDifferences(
        context, q, q_t, value, dampingFactor != 0.,
        [&](const VecX<double>& u, const VecX<double>& v) { return VecX<double>(UserForce(context, u, v)); },
        [&](Index j, bool velocity, const VecX<double>& df) {
          const double factor = velocity ? dampingFactor : stiffnessFactor;
          for (Index k = 0; k < n; ++k) entries.emplace_back(k, j, -factor * df(k));
        });
  }
}

MatrixX ObjectGenericODE2::UserMassMatrix(const EvaluationContext& context, const VectorX& q,
                                          const VectorX& q_t) const {
  return CallUserFunctionMatrix(*massMatrixUserFunction, *this, context.itemNumber, "massMatrixUserFunction",
                                {context.system, context.time, context.itemNumber, q, q_t}, q.size(), q.size());
}

VectorX ObjectGenericODE2::UserForce(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const {
  return CallUserFunctionVector(*forceUserFunction, *this, context.itemNumber, "forceUserFunction",
                                {context.system, context.time, context.itemNumber, q, q_t}, q.size());
}

template <class S> void ObjectGenericODE2::SubtractUserForce(const EvaluationContext& context, const VecX<S>& q,
                                                             const VecX<S>& q_t, VecX<S>& lhs) const {
  const VecX<S> userForce =
      UserFunctionVectorLaw(context, q, q_t, [&](const auto& u, const auto& v) { return UserForce(context, u, v); });
  if constexpr (!std::is_same_v<S, double>) {
    for (Index k = 0; k < lhs.size(); ++k)  // lhs may be constant so far, without derivatives
      if (lhs(k).derivatives().size() == 0) lhs(k).derivatives().setZero(q(0).derivatives().size());
  }
  lhs -= userForce;
}

#define MULTIDYN_INSTANTIATE(S)                                                                                   \
  template void ObjectGenericODE2::SubtractUserForce<S>(const EvaluationContext&, const VecX<S>&, const VecX<S>&, \
                                                        VecX<S>&) const;
MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_INSTANTIATE)
#undef MULTIDYN_INSTANTIATE

bool ObjectGenericODE2::GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                                      const Vector3&, VectorX& value) const {
  const CompiledSystem& compiled = system.Compiled();
  const Index n = NumberOfCoordinates(system);
  const auto gather = [&](const VectorX& source, bool withReference) {
    value.resize(n);
    for (Index i = 0, k = 0; i < static_cast<Index>(nodeNumbers.size()); ++i) {
      const Node& node = system.GetNode(nodeNumbers[i].value);
      const Index size = node.NumberOfODE2Coordinates();
      value.segment(k, size) = source.segment(compiled.nodeODE2Start[nodeNumbers[i].value], size);
      if (withReference) value.segment(k, size) += node.ReferenceCoordinates();
      k += size;
    }
  };
  switch (type) {
    case OutputVariableType::Coordinates: gather(state.ode2, false); return true;
    case OutputVariableType::Coordinates_t: gather(state.ode2_t, false); return true;
    case OutputVariableType::Coordinates_tt: gather(state.ode2_tt, false); return true;
    case OutputVariableType::CoordinatesTotal: gather(state.ode2, true); return true;
    case OutputVariableType::Force: {  // K q + D q_t - f - f_user: the LHS without M q_tt (Exudyn's)
      VectorX q, q_t;
      gather(state.ode2, false);
      q = value;
      gather(state.ode2_t, false);
      q_t = value;
      value = VectorX::Zero(n);
      if (stiffnessMatrix.size() > 0) stiffnessMatrix.AddProductTo(q, value);
      if (dampingMatrix.size() > 0) dampingMatrix.AddProductTo(q_t, value);
      if (forceVector.size() > 0) value -= forceVector;
      if (forceUserFunction) value -= UserForce(system.ContextOf(system.ObjectIndexOf(*this), state), q, q_t);
      return true;
    }
    case OutputVariableType::KineticEnergy: {  // 1/2 q_t^T M q_t
      MatrixX M = massMatrix.ToDense();
      if (massMatrixUserFunction) {
        gather(state.ode2, false);
        const VectorX q = value;
        gather(state.ode2_t, false);
        M = UserMassMatrix(system.ContextOf(system.ObjectIndexOf(*this), state), q, value);
      }
      gather(state.ode2_t, false);
      value = VectorX::Constant(1, 0.5 * value.dot(M * value));
      return true;
    }
    default:
      throw ValueError("OutputVariableType." + std::string(OutputVariableTypeName(type)) +
                       " is not available for an ObjectGenericODE2; available: Coordinates, Coordinates_t, "
                       "Coordinates_tt, CoordinatesTotal, Force, KineticEnergy; positions are read at its nodes");
  }
}

void ObjectGenericODE2::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "Point"}, {"referenceCoordinates", {0.3, 0.2, -0.1}}, {"initialCoordinates", {0.05, -0.02, 0.01}}});
  const Index generic = testInstances::Add(system, ItemCategory::Node,
                                           {{"nodeType", "GenericODE2"},
                                            {"numberOfODE2Coordinates", 1},
                                            {"referenceCoordinates", {0.4}},
                                            {"initialCoordinates", {0.1}},
                                            {"initialCoordinates_t", {-0.2}}});
  const Json M = {{2., 0.1, 0., 0.}, {0.1, 1.5, 0., 0.2}, {0., 0., 1., 0.}, {0., 0.2, 0., 0.8}};
  const Json K = {{40., -5., 0., 2.}, {-5., 30., 1., 0.}, {0., 1., 20., -3.}, {2., 0., -3., 10.}};
  const Json D = {{0.4, 0., 0.1, 0.}, {0., 0.3, 0., 0.}, {0.1, 0., 0.2, 0.}, {0., 0., 0., 0.1}};
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "GenericODE2"},
                      {"nodeNumbers", {point, generic}},
                      {"massMatrix", M},
                      {"stiffnessMatrix", K},
                      {"dampingMatrix", D},
                      {"forceVector", {0.5, -1., 0.2, 0.3}}});
}

const ItemTypeInfo& ObjectGenericODE2::Info() {
  using T = ObjectGenericODE2;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::nodeNumbers, "nodeNumbers", "",
               "nodes with ODE2 coordinates (e.g. NodePoint, NodeGenericODE2); their coordinates form q in node order")
          .Add(&T::massMatrix, "massMatrix", "",
               "mass matrix M (n x n, n = number of ODE2 coordinates of nodeNumbers): a list of rows, numpy array or "
               "exu.MatrixContainer, kept sparse if given sparse; [] if massMatrixUserFunction gives it")
          .Add(&T::stiffnessMatrix, "stiffnessMatrix", "",
               "stiffness matrix K (n x n, dense or sparse as massMatrix); [] for none")
          .Add(&T::dampingMatrix, "dampingMatrix", "",
               "damping matrix D (n x n, dense or sparse as massMatrix); [] for none")
          .Add(&T::forceVector, "forceVector", "",
               "constant generalized force f (n values), on the right-hand side; [] for none")
          .AddUserFunction(&T::forceUserFunction, "forceUserFunction",
                           "forceUserFunction(mbs, t, itemNumber, q, q_t) -> n-vector",
                           "generalized force added to the right-hand side; q, q_t are the stored coordinates (without "
                           "reference values) and velocities (numpy arrays); its Jacobian is computed by forward "
                           "differences in q and q_t (steps by newton.numericalDifferentiation), unless "
                           "jacobianUserFunction gives it")
          .AddUserFunction(&T::massMatrixUserFunction, "massMatrixUserFunction",
                           "massMatrixUserFunction(mbs, t, itemNumber, q, q_t) -> n x n matrix",
                           "mass matrix M(t, q, q_t) instead of massMatrix (q, q_t as for forceUserFunction); the "
                           "Newton matrix has no derivative of M q_tt with respect to q and q_t (as Exudyn's)")
          .AddUserFunction(&T::jacobianUserFunction, "jacobianUserFunction",
                           "jacobianUserFunction(mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) -> n x n matrix",
                           "Exudyn's: the Jacobian of the LHS without K and D, -fODE2 d(f_user)/dq - fODE2_t "
                           "d(f_user)/dq_t (a numpy array, list of lists or exu.MatrixContainer), instead of the "
                           "forward differences of forceUserFunction; fODE2 and fODE2_t are the Newton matrix's "
                           "weights of d/dq and d/dq_t, K and D are added to it")
          .AddVisualization(&T::visualization, "drawing size",
                            "graphics computed each time the object is drawn, in global coordinates: the viewer "
                            "calls it at each graphics update and draws the list it returns")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "GenericODE2", "ObjectGenericODE2", {}, "bodies",
      "A linear second-order system M q_tt + D q_t + K q = f + forceUserFunction(mbs, t, itemNumber, q, q_t) on the "
      "ODE2 coordinates q of its nodes (stored values, without reference), e.g. a reduced finite-element model; "
      "at most 64 coordinates. Markers sit on its nodes.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Coordinates_tt,
       OutputVariableType::CoordinatesTotal, OutputVariableType::Force, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
