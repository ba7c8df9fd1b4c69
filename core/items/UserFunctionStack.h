// The user functions running on this thread, innermost last. It refuses re-entrant evaluation
// (a user function asking for an output of its own item, which needs its own value again and
// would recurse until the stack overflows) and lets MainSystem name the running function when
// it refuses a structural change during a solve. Entries hold pointers only: no allocation per call.
#pragma once

#include <string>

#include "core/foundation/Types.h"

namespace multidyn {

class Item;

class UserFunctionStack {
 public:
  // Deeper nesting (user functions that solve other systems whose user functions solve ...)
  // is refused before the C++ stack can overflow.
  static constexpr int maximumDepth = 16;

  // Pushes a call for its lifetime; throws UserFunctionError if the same function of the same
  // owner is already running (re-entry) or the nesting is too deep. The owner is the item, or
  // the system for its own functions (preStepUserFunction; then item is null).
  class Scope {
   public:
    Scope(const Item* item, Index itemNumber, const char* functionName) : Scope(item, item, itemNumber, functionName) {}
    Scope(const void* owner, const Item* item, Index itemNumber, const char* functionName);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
  };

  static int Depth();
  // "springTorqueUserFunction of object 2 (ObjectConnectorTorsionalSpringDamper 'spring')";
  // "" if no user function runs.
  static std::string Innermost();
};

}  // namespace multidyn
