// A named value of symbolic expressions (esym.Real('k', 100.), an entry of esym.VariableSet, or an
// argument of a recorded user function). Expressions refer to it, so that SetValue changes what
// they evaluate to; a compiled user function reads it at every call unless it is one of the
// function's arguments.
#pragma once

#include <atomic>
#include <string>

namespace multidyn {

class SymbolicVariable {
 public:
  SymbolicVariable(std::string name, double value) : name_(std::move(name)), value_(value) {}
  const std::string& Name() const { return name_; }
  // Relaxed atomics: a script may set the value while a solve reads it on other threads.
  double Value() const { return value_.load(std::memory_order_relaxed); }
  void SetValue(double value) { value_.store(value, std::memory_order_relaxed); }

 private:
  std::string name_;
  std::atomic<double> value_;
};

}  // namespace multidyn
