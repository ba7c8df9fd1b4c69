// Force laws given by user functions of scalar arguments (e.g. a spring's deflection and its
// rate, a beam section's strains) or of two vectors. A Python function is a black box: its value is
// exact, its derivatives come from forward differences in the arguments only (steps by
// newton.numericalDifferentiation, core/evaluation/NumericalDifferentiation.h), chained onto
// their AD derivatives. A function that differentiates itself (a symbolic one) gives exact partial
// derivatives instead, when the item names the differentiated arguments' positions in its call
// (ScriptDerivativeRequest); -1: not named.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <type_traits>

#include "core/foundation/ScriptDerivativeRequest.h"
#include "core/foundation/Types.h"
#include "core/items/NumericalDifferentiation.h"
#include "core/items/Object.h"

namespace multidyn {

// A scalar law of n scalar arguments: call(values) -> double, values a std::array<double, n>.
template <class S, std::size_t n, class Call> S UserFunctionLawOf(const EvaluationContext& context,
                                                                  const std::array<S, n>& arguments, Call&& call,
                                                                  const std::array<Index, n>* positions = nullptr) {
  std::array<double, n> values;
  for (std::size_t k = 0; k < n; ++k) values[k] = ValueOf(arguments[k]);
  if constexpr (std::is_same_v<S, double>) {
    return call(values);
  } else {
    std::array<double, n> partials;
    ScriptDerivativeRequest request(positions ? positions->data() : nullptr, positions ? Index(n) : 0, partials.data(),
                                    Index(n));
    double value;
    {
      ScriptDerivativeRequest::Scope scope(positions && (*positions)[0] >= 0 ? &request : nullptr);
      value = call(values);
    }
    S result(value);
    Index size = 0;  // derivatives of run-time size may be empty for constant arguments
    for (const S& argument : arguments) size = std::max<Index>(size, Index(argument.derivatives().size()));
    result.derivatives().setZero(size);
    if (request.Answered() && request.AnsweredColumns() == Index(n)) {
      for (std::size_t k = 0; k < n; ++k)
        if (arguments[k].derivatives().size() != 0) result.derivatives() += partials[k] * arguments[k].derivatives();
      return result;
    }
    for (std::size_t k = 0; k < n; ++k) {
      if (arguments[k].derivatives().size() == 0) continue;
      const double saved = values[k], step = DifferentiationStep(saved, context.numericalDifferentiation);
      values[k] = saved + step;
      const double derivative = (call(values) - value) / step;
      values[k] = saved;
      result.derivatives() += derivative * arguments[k].derivatives();
    }
    return result;
  }
}

// call(u, v) -> double evaluates the user function; argumentPositions: where u and v are in its
// argument list.
template <class S, class Call> S UserFunctionLaw(const EvaluationContext& context, const S& u, const S& v, Call&& call,
                                                 const std::array<Index, 2>& argumentPositions = {-1, -1}) {
  return UserFunctionLawOf<S, 2>(
      context, {u, v}, [&](const std::array<double, 2>& x) { return call(x[0], x[1]); }, &argumentPositions);
}

// Forward differences of call(u, v) -> n values at (u0, v0), where its value is `value`: for each
// argument j, derivative(j, velocity, df) with df = d(call)/du_j (velocity false) or d(call)/dv_j,
// the latter only if withVelocities. u0 and v0 are restored.
template <class Values, class Call, class Derivative>
void UserFunctionForwardDifferences(const EvaluationContext& context, Values& u0, Values& v0, const Values& value,
                                    bool withVelocities, Call&& call, Derivative&& derivative) {
  for (Index j = 0; j < u0.size(); ++j) {
    for (const bool velocity : {false, true}) {
      if (velocity && !withVelocities) continue;
      Values& x = velocity ? v0 : u0;
      const double saved = x(j), step = DifferentiationStep(saved, context.numericalDifferentiation);
      x(j) = saved + step;
      const Values df = (call(u0, v0) - value) / step;
      x(j) = saved;
      derivative(j, velocity, df);
    }
  }
}

// UserFunctionLaw for vector arguments u, v of one size n (3-vectors, or an object's coordinates and
// velocities) and call(u, v) -> n values: 2n more calls for the derivatives.
// Where the components of [u; v] are in the function's argument list, in order: e.g. {3, 4} for u and v
// as two arguments, {3, 4, 5, 6} for u and v each split into two 3-vectors; none: not named.
struct UserFunctionArgumentPositions {
  UserFunctionArgumentPositions() = default;
  UserFunctionArgumentPositions(std::initializer_list<Index> list) {
    for (const Index position : list)
      if (count < Index(positions.size())) positions[count++] = position;
  }
  std::array<Index, 4> positions{};
  Index count = 0;
};

// argumentPositions: where u and v are in the function's argument list (exact partials, at most 8
// components each, from a function that differentiates itself).
template <class Vec, class Call>
Vec UserFunctionVectorLaw(const EvaluationContext& context, const Vec& u, const Vec& v, Call&& call,
                          const UserFunctionArgumentPositions& argumentPositions = {}) {
  using S = typename Vec::Scalar;
  using Values = Eigen::Matrix<double, Vec::RowsAtCompileTime, 1, Eigen::ColMajor, Vec::MaxRowsAtCompileTime, 1>;
  const Index n = u.size();
  Values u0(n), v0(n);
  for (Index i = 0; i < n; ++i) {
    u0(i) = ValueOf(u(i));
    v0(i) = ValueOf(v(i));
  }
  if constexpr (std::is_same_v<S, double>) {
    return call(u0, v0);
  } else {
    constexpr Index maxComponents = 8;
    std::array<double, maxComponents * 2 * maxComponents> partials;  // (result k, [u | v] component j)
    ScriptDerivativeRequest request(argumentPositions.positions.data(), argumentPositions.count, partials.data(),
                                    Index(partials.size()));
    Values value;
    {
      ScriptDerivativeRequest::Scope scope(argumentPositions.count > 0 && n <= maxComponents ? &request : nullptr);
      value = call(u0, v0);
    }
    Vec result(n);
    for (Index k = 0; k < n; ++k) {
      result(k) = S(value(k));
      result(k).derivatives().setZero(u(0).derivatives().size());
    }
    if (request.Answered() && request.AnsweredColumns() == 2 * n) {
      for (Index k = 0; k < n; ++k)
        for (Index j = 0; j < n; ++j)
          result(k).derivatives() +=
              partials[k * 2 * n + j] * u(j).derivatives() + partials[k * 2 * n + n + j] * v(j).derivatives();
      return result;
    }
    UserFunctionForwardDifferences(context, u0, v0, value, true, call, [&](Index j, bool velocity, const Values& df) {
      const auto& seed = velocity ? v(j).derivatives() : u(j).derivatives();
      for (Index k = 0; k < n; ++k) result(k).derivatives() += df(k) * seed;
    });
    return result;
  }
}

}  // namespace multidyn
