#include "objects/joints/ObjectConnectorCoordinateVector.h"

#include <algorithm>

#include "objects/TestInstances.h"

#include "core/items/NumericalDifferentiation.h"
#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

Index ObjectConnectorCoordinateVector::NumberOfAlgebraicEquations() const {
  return Index(std::max(
      {scalingMarker0.rows(), scalingMarker1.rows(), quadraticTermMarker0.rows(), quadraticTermMarker1.rows()}));
}

void ObjectConnectorCoordinateVector::Check(const SystemView& system) const {
  const std::vector<Index> sizes =
      CheckMarkersProvideCoordinateVector(system, MarkerNumbers(), "markerNumbers", "ObjectConnectorCoordinateVector");
  const Index n = NumberOfAlgebraicEquations();
  if (n == 0)
    throw ValueError(
        "parameters 'scalingMarker0', 'scalingMarker1', 'quadraticTermMarker0', 'quadraticTermMarker1': "
        "all are empty, so the constraint has no equations; their largest number of rows is the number of "
        "algebraic equations (with a constraintUserFunction, set e.g. scalingMarker0 = numpy.zeros((nAE, 1)))");
  if (n > maxItemCoordinates)
    throw ValueError("parameters 'scalingMarker0', ...: " + std::to_string(n) + " rows, so " + std::to_string(n) +
                     " algebraic equations; at most " + std::to_string(maxItemCoordinates) + " are supported");
  if (bool(constraintUserFunction) != bool(jacobianUserFunction))
    throw ValueError(std::string("parameter '") +
                     (constraintUserFunction ? "jacobianUserFunction" : "constraintUserFunction") +
                     "': constraintUserFunction and jacobianUserFunction must be given together (the Jacobian C_q "
                     "of the user's equations is needed for the constraint forces and the Newton matrix)");
  const struct {
    const MatrixX& matrix;
    const char* name;
    Index marker;
  } matrices[] = {{scalingMarker0, "scalingMarker0", 0},
                  {scalingMarker1, "scalingMarker1", 1},
                  {quadraticTermMarker0, "quadraticTermMarker0", 0},
                  {quadraticTermMarker1, "quadraticTermMarker1", 1}};
  for (const auto& m : matrices) {
    if (m.matrix.size() == 0) continue;
    const std::string got =
        ", got a " + std::to_string(m.matrix.rows()) + "x" + std::to_string(m.matrix.cols()) + " matrix";
    if (m.matrix.rows() != n)
      throw ValueError(std::string("parameter '") + m.name + "': expected " + std::to_string(n) +
                       " rows (the number of algebraic equations, the most rows of the four matrices) or []" + got);
    // With user functions the matrices only give the number of equations (Exudyn's rule).
    if (!constraintUserFunction && m.matrix.cols() != sizes[m.marker])
      throw ValueError(std::string("parameter '") + m.name + "': expected " + std::to_string(sizes[m.marker]) +
                       " columns (the coordinates of marker " + std::to_string(markerNumbers[m.marker].value) +
                       ") or []" + got);
  }
  if (offset.size() != 0 && offset.size() != n)
    throw ValueError("parameter 'offset': expected " + std::to_string(n) +
                     " values (one per algebraic equation) or [], got " + std::to_string(offset.size()));
}

template <class S> void ObjectConnectorCoordinateVector::StackedValues(const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                                       VectorX& q, VectorX& q_t) {
  const Index n0 = Index(m0.coordinateVector.size()), n1 = Index(m1.coordinateVector.size());
  q.resize(n0 + n1);
  q_t.resize(n0 + n1);
  for (Index j = 0; j < n0 + n1; ++j) {
    const MarkerData<S>& m = j < n0 ? m0 : m1;
    const Index k = j < n0 ? j : j - n0;
    q(j) = ValueOf(m.coordinateVector(k));
    q_t(j) = ValueOf(m.coordinateVector_t(k));
  }
}

VectorX ObjectConnectorCoordinateVector::CallConstraintUserFunction(const EvaluationContext& context, const VectorX& q,
                                                                    const VectorX& q_t, bool onVelocities) const {
  return CallUserFunctionVector(*constraintUserFunction, *this, context.itemNumber, "constraintUserFunction",
                                {context.system, context.time, context.itemNumber, q, q_t, onVelocities},
                                NumberOfAlgebraicEquations());
}

MatrixX ObjectConnectorCoordinateVector::CallJacobianUserFunction(const EvaluationContext& context, const VectorX& q,
                                                                  const VectorX& q_t) const {
  // Exudyn passes the parameter velocityLevel here (also when an index-2 solver asks for g_t).
  return CallUserFunctionMatrix(*jacobianUserFunction, *this, context.itemNumber, "jacobianUserFunction",
                                {context.system, context.time, context.itemNumber, q, q_t, velocityLevel},
                                NumberOfAlgebraicEquations(), Index(q.size()));
}

namespace {
// Argument j of [q_m0; q_m1] (velocity: of their rates).
template <class S> const S& Argument(const MarkerData<S>& m0, const MarkerData<S>& m1, Index j, bool velocity) {
  const Index n0 = Index(m0.coordinateVector.size());
  const MarkerData<S>& m = j < n0 ? m0 : m1;
  const Index k = j < n0 ? j : j - n0;
  return velocity ? m.coordinateVector_t(k) : m.coordinateVector(k);
}

// target's derivatives += factor * seed (a run-time sized AD scalar may have none yet).
template <class S, class Derivatives> void AddDerivative(S& target, double factor, const Derivatives& seed) {
  if (seed.size() == 0) return;
  if (target.derivatives().size() == 0) target.derivatives().setZero(seed.size());
  target.derivatives() += factor * seed;
}
}  // namespace

template <class S, class Callback>
void ObjectConnectorCoordinateVector::ForEachUserJacobianDerivative(const EvaluationContext& context,
                                                                    const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                                    VectorX& q, VectorX& q_t, const MatrixX& jacobian,
                                                                    Callback&& callback) const {
  for (const bool velocity : {false, true})
    for (Index j = 0; j < Index(q.size()); ++j) {
      const auto& seed = Argument(m0, m1, j, velocity).derivatives();
      if (seed.size() == 0 || seed.isZero(0.)) continue;  // not an unknown of this evaluation
      VectorX& arguments = velocity ? q_t : q;
      const double saved = arguments(j), step = DifferentiationStep(saved, context.numericalDifferentiation);
      arguments(j) = saved + step;
      const MatrixX derivative = (CallJacobianUserFunction(context, q, q_t) - jacobian) / step;
      arguments(j) = saved;
      callback(derivative, seed);
    }
}

template <class S> void ObjectConnectorCoordinateVector::UserEquations(const EvaluationContext& context,
                                                                       const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                                       bool onVelocities, VecX<S>& g) const {
  VectorX q, q_t;
  StackedValues(m0, m1, q, q_t);
  if constexpr (std::is_same_v<S, double>) {
    g = CallConstraintUserFunction(context, q, q_t, onVelocities);
  } else {
    const MatrixX jacobian = CallJacobianUserFunction(context, q, q_t);
    // The index-2 form of a position-level g is C q_t by the user's C; its derivatives are all
    // that the Newton matrix and the initial accelerations take from it, so the function is not
    // called for it (as in Exudyn, where it sees velocityLevel=True from index-2 solvers only).
    const bool derivative = onVelocities && !velocityLevel;
    const VectorX value =
        derivative ? VectorX(jacobian * q_t) : CallConstraintUserFunction(context, q, q_t, onVelocities);
    g.resize(value.size());
    for (Index i = 0; i < g.size(); ++i) {
      g(i) = S(value(i));
      for (Index j = 0; j < jacobian.cols(); ++j)
        AddDerivative(g(i), jacobian(i, j), Argument(m0, m1, j, onVelocities).derivatives());
    }
    if (derivative)  // d(C q_t)/dx = dC/dx q_t
      ForEachUserJacobianDerivative(context, m0, m1, q, q_t, jacobian, [&](const MatrixX& dC, const auto& seed) {
        const VectorX change = dC * q_t;
        for (Index i = 0; i < g.size(); ++i) AddDerivative(g(i), change(i), seed);
      });
  }
}

template <class S> void ObjectConnectorCoordinateVector::UserLoads(const EvaluationContext& context,
                                                                   const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                                   const VectorX& lambda,
                                                                   MarkerLoad<S> loads[2]) const {
  VectorX q, q_t;
  StackedValues(m0, m1, q, q_t);
  const MatrixX jacobian = CallJacobianUserFunction(context, q, q_t);
  const Index n0 = Index(m0.coordinateVector.size());
  const auto load = [&](Index j) -> S& { return loads[j < n0 ? 0 : 1].coordinateVectorForce(j < n0 ? j : j - n0); };
  loads[0].coordinateVectorForce.resize(n0);
  loads[1].coordinateVectorForce.resize(q.size() - n0);
  for (Index j = 0; j < Index(q.size()); ++j) load(j) = S(-jacobian.col(j).dot(lambda));
  if constexpr (!std::is_same_v<S, double>)
    ForEachUserJacobianDerivative(context, m0, m1, q, q_t, jacobian, [&](const MatrixX& dC, const auto& seed) {
      const VectorX change = -(dC.transpose() * lambda);
      for (Index j = 0; j < Index(q.size()); ++j) AddDerivative(load(j), change(j), seed);
    });
}

bool ObjectConnectorCoordinateVector::ComputeUnitConstraintLoads(const EvaluationContext& context,
                                                                 const MarkerData<double>& m0,
                                                                 const MarkerData<double>& m1, Index size,
                                                                 MarkerLoad<double>* unitLoads) const {
  if (!constraintUserFunction) return false;  // the matrices: cheap per multiplier
  VectorX q, q_t;
  StackedValues(m0, m1, q, q_t);
  const MatrixX jacobian = CallJacobianUserFunction(context, q, q_t);
  const Index n0 = Index(m0.coordinateVector.size()), n = Index(q.size());
  for (Index k = 0; k < size; ++k) {  // the load of e_k is -(row k of C_q)
    MarkerLoad<double>* loads = unitLoads + 2 * k;
    loads[0] = loads[1] = MarkerLoad<double>();
    loads[0].coordinateVectorForce.resize(n0);
    loads[1].coordinateVectorForce.resize(n - n0);
    for (Index j = 0; j < n; ++j)
      (j < n0 ? loads[0].coordinateVectorForce(j) : loads[1].coordinateVectorForce(j - n0)) = -jacobian(k, j);
  }
  return true;
}

#define MULTIDYN_INSTANTIATE(S)                                                                                    \
  template void ObjectConnectorCoordinateVector::UserEquations<S>(const EvaluationContext&, const MarkerData<S>&,  \
                                                                  const MarkerData<S>&, bool, VecX<S>&) const;     \
  template void ObjectConnectorCoordinateVector::UserLoads<S>(                                                     \
      const EvaluationContext&, const MarkerData<S>&, const MarkerData<S>&, const VectorX&, MarkerLoad<S>*) const; \
  template void ObjectConnectorCoordinateVector::StackedValues<S>(const MarkerData<S>&, const MarkerData<S>&,      \
                                                                  VectorX&, VectorX&);
MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_INSTANTIATE)
#undef MULTIDYN_INSTANTIATE

bool ObjectConnectorCoordinateVector::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                const VectorX& lambda, VectorX& value) const {
  // q_m1 - q_m0 (or its rate), without the matrices; a ground marker's empty vector counts as 0
  const auto difference = [&](const VecX<double>& v0, const VecX<double>& v1) {
    if (v0.size() > 0 && v1.size() > 0 && v0.size() != v1.size())
      throw ValueError(
          "OutputVariableType." + std::string(OutputVariableTypeName(type)) +
          " of an ObjectConnectorCoordinateVector is q_m1 - q_m0, which needs markers with the same number "
          "of coordinates (or one on the ground); got " +
          std::to_string(v0.size()) + " and " + std::to_string(v1.size()));
    if (v1.size() == 0) return VectorX(-v0);
    if (v0.size() == 0) return VectorX(v1);
    return VectorX(v1 - v0);
  };
  switch (type) {
    case OutputVariableType::Displacement: value = difference(m0.coordinateVector, m1.coordinateVector); return true;
    case OutputVariableType::Velocity: value = difference(m0.coordinateVector_t, m1.coordinateVector_t); return true;
    case OutputVariableType::ConstraintEquation: value = ConstraintEquationOutput(context, m0, m1, lambda); return true;
    case OutputVariableType::Force:
      value = activeConnector ? lambda : VectorX(VectorX::Zero(lambda.size()));
      return true;
    default: return false;
  }
}

void ObjectConnectorCoordinateVector::AddTestInstance(SystemBuilder& system) {
  // a planar body (3 coordinates) and a mass point (3), two equations with every term
  const Index body2D = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  const Index m0 =
      testInstances::Add(system, ItemCategory::Marker,
                         {{"markerType", "NodeCoordinates"}, {"nodeNumber", testInstances::NodeOf(system, body2D)}});
  const Index m1 = testInstances::Add(system, ItemCategory::Marker,
                                      {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", point}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinateVector"},
                      {"markerNumbers", {m0, m1}},
                      {"scalingMarker0", {{1., 0.2, -0.3}, {0., 0.7, 0.4}}},
                      {"quadraticTermMarker0", {{0.3, 0., 0.1}, {-0.2, 0.5, 0.}}},
                      {"scalingMarker1", {{-0.6, 1., 0.2}, {0.1, 0., 0.9}}},
                      {"quadraticTermMarker1", {{0., 0.4, -0.5}, {0.2, 0.1, 0.3}}},
                      {"offset", {0.05, -0.1}}});
}

const ItemTypeInfo& ObjectConnectorCoordinateVector::Info() {
  using T = ObjectConnectorCoordinateVector;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(
              &T::markerNumbers, "markerNumbers", "",
              "list of the two coordinate-vector markers [m0, m1] (MarkerNodeCoordinates, MarkerObjectODE2Coordinates)")
          .Add(&T::scalingMarker0, "scalingMarker0", "",
               "linear scaling matrix X_m0 (n_ae x n_q0) of marker 0's coordinates; [] for none")
          .Structural()
          .Add(&T::scalingMarker1, "scalingMarker1", "",
               "linear scaling matrix X_m1 (n_ae x n_q1) of marker 1's coordinates; [] for none")
          .Structural()
          .Add(&T::quadraticTermMarker0, "quadraticTermMarker0", "",
               "matrix Y_m0 (n_ae x n_q0) of the squared coordinates of marker 0; [] for none")
          .Structural()
          .Add(&T::quadraticTermMarker1, "quadraticTermMarker1", "",
               "matrix Y_m1 (n_ae x n_q1) of the squared coordinates of marker 1; [] for none")
          .Structural()
          .Add(&T::offset, "offset", "",
               "offset v_off (n_ae values) subtracted in the equations; [] for none; not used "
               "with a constraintUserFunction")
          .Add(&T::velocityLevel, "velocityLevel", "",
               "True: the constraint acts on velocities only, X_m1 q_m1_t + Y_m1 q_m1_t^2 - X_m0 q_m0_t - Y_m0 "
               "q_m0_t^2 = "
               "v_off, in every solver")
          .Structural()
          .AddUserFunction(
              &T::constraintUserFunction, "constraintUserFunction",
              "constraintUserFunction(mbs, t, itemNumber, q, q_t, velocityLevel) -> n_ae-vector",
              "the constraint equations instead of the matrices; q, q_t = [q_m0; q_m1] and their velocities "
              "(totals, numpy arrays); velocityLevel=True when the velocity-level equations are asked for "
              "(velocityLevel set, or an index-2 solver); n_ae is the most rows of the matrices; needs "
              "jacobianUserFunction")
          .AddUserFunction(
              &T::jacobianUserFunction, "jacobianUserFunction",
              "jacobianUserFunction(mbs, t, itemNumber, q, q_t, velocityLevel) -> n_ae x (n_q0 + n_q1) matrix",
              "the Jacobian of constraintUserFunction with respect to q (to q_t if velocityLevel), which "
              "gives the constraint forces -C_q^T lambda and the Newton matrix; velocityLevel is the "
              "parameter's value")
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorCoordinateVector", "ObjectConnectorCoordinateVector",
      {"CoordinateVectorConstraint"}, "joints",
      "A constraint on the coordinate vectors q_m0, q_m1 of two coordinate-vector markers (totals, reference "
      "included): "
      "X_m1 q_m1 + Y_m1 q_m1^2 - X_m0 q_m0 - Y_m0 q_m0^2 = v_off, squares entrywise, or the equations of a "
      "constraintUserFunction with its jacobianUserFunction. Its Lagrange multipliers are the constraint forces.",
      fields,
      {OutputVariableType::Displacement, OutputVariableType::Velocity, OutputVariableType::ConstraintEquation,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
