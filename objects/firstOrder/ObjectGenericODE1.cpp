#include "objects/firstOrder/ObjectGenericODE1.h"

#include "core/items/NumericalDifferentiation.h"

#include "objects/TestInstances.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/Errors.h"
#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"

namespace multidyn {

void ObjectGenericODE1::Check(const SystemView& system) const {
  if (nodeNumbers.empty())
    throw ValueError("parameter 'nodeNumbers': expected at least one node with ODE1 coordinates");
  Index n = 0;
  for (NodeIndex node : nodeNumbers) {
    const Node& item = system.GetNode(node.value);
    if (item.NumberOfODE1Coordinates() == 0)
      throw TypeError("parameter 'nodeNumbers': " + ItemDescription(item, node.value) +
                      " has no ODE1 coordinates; expected nodes such as NodeGenericODE1");
    n += item.NumberOfODE1Coordinates();
  }
  const std::string size = std::to_string(n);
  if (systemMatrix.size() > 0 && (systemMatrix.rows() != n || systemMatrix.cols() != n))
    throw ValueError("parameter 'systemMatrix': expected a " + size + "x" + size +
                     " matrix (the number of ODE1 coordinates of nodeNumbers) or [], got a " +
                     std::to_string(systemMatrix.rows()) + "x" + std::to_string(systemMatrix.cols()) + " matrix");
  if (rhsVector.size() > 0 && rhsVector.size() != n)
    throw ValueError("parameter 'rhsVector': expected " + size +
                     " values (the number of ODE1 coordinates of nodeNumbers) or [], got " +
                     std::to_string(rhsVector.size()));
}

VectorX ObjectGenericODE1::UserFunctionValue(const EvaluationContext& context, const VectorX& y) const {
  return CallUserFunctionVector(*rhsUserFunction, *this, context.itemNumber, "rhsUserFunction",
                                {context.system, context.time, context.itemNumber, y}, y.size());
}

void ObjectGenericODE1::ComputeODE1RightHandSide(const EvaluationContext& context, const VectorX& y, VectorX& f) const {
  f.setZero(y.size());
  if (systemMatrix.size() > 0) f.noalias() += systemMatrix * y;
  if (rhsVector.size() > 0) f += rhsVector;
  if (rhsUserFunction) f += UserFunctionValue(context, y);
}

void ObjectGenericODE1::ComputeODE1Jacobian(const EvaluationContext& context, const VectorX& y, MatrixX& dfdy) const {
  const Index n = y.size();
  if (systemMatrix.size() > 0)
    dfdy = systemMatrix;
  else
    dfdy.setZero(n, n);
  if (!rhsUserFunction) return;
  // Forward differences, the step rule of all user functions (core/items/NumericalDifferentiation.h).
  const VectorX f0 = UserFunctionValue(context, y);
  VectorX yPlus = y;
  for (Index j = 0; j < n; ++j) {
    const double step = DifferentiationStep(y(j), context.numericalDifferentiation);
    yPlus(j) = y(j) + step;
    dfdy.col(j) += (UserFunctionValue(context, yPlus) - f0) / step;
    yPlus(j) = y(j);
  }
}

void ObjectGenericODE1::AddTestInstance(SystemBuilder& system) {
  const Index node0 = testInstances::Add(system, ItemCategory::Node,
                                         {{"nodeType", "GenericODE1"},
                                          {"numberOfODE1Coordinates", 1},
                                          {"referenceCoordinates", {2.}},
                                          {"initialCoordinates", {-0.3}}});
  const Index node1 = testInstances::Add(system, ItemCategory::Node,
                                         {{"nodeType", "GenericODE1"},
                                          {"numberOfODE1Coordinates", 2},
                                          {"referenceCoordinates", {0.5, -1.}},
                                          {"initialCoordinates", {0.1, 0.2}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "GenericODE1"},
                      {"nodeNumbers", {node1, node0}},
                      {"systemMatrix", {{-1., 2., 0.5}, {0., -3., 1.}, {4., -0.2, -0.7}}},
                      {"rhsVector", {1., 0., -2.}}});
}

const ItemTypeInfo& ObjectGenericODE1::Info() {
  using T = ObjectGenericODE1;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::nodeNumbers, "nodeNumbers", "",
               "nodes with ODE1 coordinates (e.g. NodeGenericODE1); their coordinates form y in node order")
          .Add(&T::systemMatrix, "systemMatrix", "",
               "system matrix A (n x n, n = number of ODE1 coordinates of nodeNumbers); [] for none")
          .Add(&T::rhsVector, "rhsVector", "", "constant right-hand side f (n values); [] for none")
          .AddUserFunction(
              &T::rhsUserFunction, "rhsUserFunction", "rhsUserFunction(mbs, t, itemNumber, coordinates) -> n-vector",
              "added to the right-hand side; coordinates are the stored ODE1 coordinates y_s (numpy array, without "
              "reference values, as in Exudyn); "
              "its Jacobian is computed by forward differences in y")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "GenericODE1", "ObjectGenericODE1", {}, "firstOrder",
      "A first-order system y_t = A y + f + rhsUserFunction(mbs, t, itemNumber, y) on the ODE1 coordinates y "
      "(the stored values, without the nodes' reference values, as in Exudyn) of its nodes. The Jacobian is A, plus "
      "forward differences of the user "
      "function. Integrated with the trapezoidal rule by the dynamic solver.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
