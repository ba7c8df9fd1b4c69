// One operation of a symbolic expression on values (double) or on AD scalars (ADScalar16): the
// same formula for the value in both, derivatives by the chain rule. Used by constant folding
// (SymbolicNode) and by the tape (SymbolicTape), so that a folded constant and an evaluated
// expression give the same bits.
#pragma once

#include <cmath>
#include <type_traits>

#include "core/foundation/Types.h"
#include "core/symbolic/SymbolicOperation.h"

namespace multidyn {
namespace symbolicArithmetic {

// f(x) with f'(x) = slope. A non-finite slope (sqrt at 0) multiplies only non-zero derivatives,
// so that an argument that carries none keeps none instead of becoming NaN.
template <class S> S Chain(const S& x, double value, double slope) {
  if constexpr (std::is_same_v<S, double>) {
    return value;
  } else {
    S result(value);
    if (std::isfinite(slope))
      result.derivatives() = slope * x.derivatives();
    else
      result.derivatives() = x.derivatives().unaryExpr([slope](double d) { return d == 0. ? 0. : slope * d; });
    return result;
  }
}

template <class S> S Chain2(const S& x, const S& y, double value, double slopeX, double slopeY) {
  if constexpr (std::is_same_v<S, double>) {
    return value;
  } else {
    S result = Chain(x, value, slopeX);
    const S fromY = Chain(y, value, slopeY);
    result.derivatives() += fromY.derivatives();
    return result;
  }
}

// A value without derivatives (comparisons, sign, rounding: piecewise constant).
template <class S> S Flat(double value) { return S(value); }

inline double SignOf(double x) { return x > 0. ? 1. : (x < 0. ? -1. : 0.); }

template <class S> S Apply(SymbolicOperation operation, const S& a, const S& b, const S& c) {
  using std::sqrt;
  const double x = ValueOf(a);
  switch (operation) {
    case SymbolicOperation::Negate: return -a;
    case SymbolicOperation::Abs: return Chain(a, std::fabs(x), SignOf(x));
    case SymbolicOperation::Sign: return Flat<S>(SignOf(x));
    case SymbolicOperation::Not: return Flat<S>(x == 0. ? 1. : 0.);
    case SymbolicOperation::IsFinite: return Flat<S>(std::isfinite(x) ? 1. : 0.);
    case SymbolicOperation::Round: return Flat<S>(std::round(x));
    case SymbolicOperation::Ceil: return Flat<S>(std::ceil(x));
    case SymbolicOperation::Floor: return Flat<S>(std::floor(x));
    case SymbolicOperation::Exp: {
      const double e = std::exp(x);
      return Chain(a, e, e);
    }
    case SymbolicOperation::Sqrt: {
      const double r = std::sqrt(x);
      return Chain(a, r, 0.5 / r);
    }
    case SymbolicOperation::Log: return Chain(a, std::log(x), 1. / x);
    case SymbolicOperation::Sin: return Chain(a, std::sin(x), std::cos(x));
    case SymbolicOperation::Cos: return Chain(a, std::cos(x), -std::sin(x));
    case SymbolicOperation::Tan: {
      const double t = std::tan(x);
      return Chain(a, t, 1. + t * t);
    }
    case SymbolicOperation::Asin: return Chain(a, std::asin(x), 1. / std::sqrt(1. - x * x));
    case SymbolicOperation::Acos: return Chain(a, std::acos(x), -1. / std::sqrt(1. - x * x));
    case SymbolicOperation::Atan: return Chain(a, std::atan(x), 1. / (1. + x * x));
    case SymbolicOperation::Sinh: return Chain(a, std::sinh(x), std::cosh(x));
    case SymbolicOperation::Cosh: return Chain(a, std::cosh(x), std::sinh(x));
    case SymbolicOperation::Tanh: {
      const double t = std::tanh(x);
      return Chain(a, t, 1. - t * t);
    }
    case SymbolicOperation::Asinh: return Chain(a, std::asinh(x), 1. / std::sqrt(x * x + 1.));
    case SymbolicOperation::Acosh: return Chain(a, std::acosh(x), 1. / std::sqrt(x * x - 1.));
    case SymbolicOperation::Atanh: return Chain(a, std::atanh(x), 1. / (1. - x * x));
    default: break;
  }
  const double y = ValueOf(b);
  switch (operation) {
    case SymbolicOperation::Add: return a + b;
    case SymbolicOperation::Subtract: return a - b;
    case SymbolicOperation::Multiply: return a * b;
    case SymbolicOperation::Divide: return a / b;
    case SymbolicOperation::Power: {
      const double p = std::pow(x, y);
      // d(x^y)/dy = log(x) x^y, defined for x > 0 only; elsewhere y is taken as a constant
      return Chain2(a, b, p, y == 0. ? 0. : y * std::pow(x, y - 1.), x > 0. ? std::log(x) * p : 0.);
    }
    case SymbolicOperation::Atan2: {
      const double squared = x * x + y * y;
      return Chain2(a, b, std::atan2(x, y), y / squared, -x / squared);
    }
    case SymbolicOperation::Mod: return Chain2(a, b, std::fmod(x, y), 1., -std::trunc(x / y));
    case SymbolicOperation::Min: return x <= y ? a : b;
    case SymbolicOperation::Max: return x >= y ? a : b;
    case SymbolicOperation::Less: return Flat<S>(x < y);
    case SymbolicOperation::LessEqual: return Flat<S>(x <= y);
    case SymbolicOperation::Greater: return Flat<S>(x > y);
    case SymbolicOperation::GreaterEqual: return Flat<S>(x >= y);
    case SymbolicOperation::Equal: return Flat<S>(x == y);
    case SymbolicOperation::NotEqual: return Flat<S>(x != y);
    case SymbolicOperation::IfThenElse: return x != 0. ? b : c;
    default: return Flat<S>(std::nan(""));  // Constant/Variable are no operations
  }
}

}  // namespace symbolicArithmetic
}  // namespace multidyn
