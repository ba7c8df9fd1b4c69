// Exact derivatives of a user function, asked for by the item that calls it: a script function
// that can differentiate itself (a symbolic one, core/symbolic/SymbolicScriptFunction.h) fills the
// request of the calling thread; a Python function leaves it unanswered and the item falls back to
// forward differences (objects/common/UserFunctionLaw.h). The item names which of the call's
// arguments to differentiate by their positions in the argument list (e.g. 3 and 4 for deltaL and
// deltaL_t of springForceUserFunction(mbs, t, itemNumber, deltaL, deltaL_t, ...)); a vector argument
// counts with each of its components.
#pragma once

#include "core/foundation/Types.h"

namespace multidyn {

class ScriptDerivativeRequest {
 public:
  // partials: room for capacity values, row-major (result component, differentiated component).
  ScriptDerivativeRequest(const Index* argumentPositions, Index count, double* partials, Index capacity)
      : positions_(argumentPositions), count_(count), partials_(partials), capacity_(capacity) {}

  const Index* Positions() const { return positions_; }
  Index Count() const { return count_; }
  double* Partials() const { return partials_; }
  Index Capacity() const { return capacity_; }
  bool Answered() const { return answered_; }
  // The number of differentiated components (columns of Partials()) of the answer: the caller uses
  // the answer only if it is the number of components it differentiates.
  Index AnsweredColumns() const { return answeredColumns_; }
  void MarkAnswered(Index columns) {
    answered_ = true;
    answeredColumns_ = columns;
  }

  // The request of the calling thread, or nullptr.
  static ScriptDerivativeRequest* Current();

  // Makes a request current for the scope's lifetime (nullptr: none, e.g. while a Python function
  // runs, so that functions it calls in turn do not answer the item's request).
  class Scope {
   public:
    explicit Scope(ScriptDerivativeRequest* request);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ScriptDerivativeRequest* previous_;
  };

 private:
  const Index* positions_;
  Index count_;
  double* partials_;
  Index capacity_;
  bool answered_ = false;
  Index answeredColumns_ = 0;
};

}  // namespace multidyn
