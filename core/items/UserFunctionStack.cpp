#include "core/items/UserFunctionStack.h"

#include <cstring>

#include "core/foundation/Errors.h"
#include "core/items/SystemView.h"

namespace multidyn {

namespace {
struct Entry {
  const void* owner;
  const Item* item;
  Index itemNumber;
  const char* functionName;
};
thread_local Entry entries[UserFunctionStack::maximumDepth];
thread_local int depth = 0;

std::string Describe(const Entry& entry) {
  std::string text = entry.functionName;
  if (entry.item) text += " of " + ItemDescription(*entry.item, entry.itemNumber);
  return text;
}
}  // namespace

UserFunctionStack::Scope::Scope(const void* owner, const Item* item, Index itemNumber, const char* functionName) {
  for (int i = 0; i < depth; ++i)
    if (entries[i].owner == owner && std::strcmp(entries[i].functionName, functionName) == 0)
      throw UserFunctionError(Describe(entries[i]) +
                              " was called again while it runs (re-entrant evaluation is refused): a user function "
                              "cannot ask for a value that needs its own result, such as mbs.GetObjectOutput of its "
                              "own item; compute the quantity from the function's arguments instead");
  if (depth >= maximumDepth)
    throw UserFunctionError("user functions nested more than " + std::to_string(maximumDepth) + " deep (innermost: " +
                            Describe(entries[depth - 1]) + "); calling " + functionName + " is refused");
  entries[depth++] = Entry{owner, item, itemNumber, functionName};
}

UserFunctionStack::Scope::~Scope() { --depth; }

int UserFunctionStack::Depth() { return depth; }

std::string UserFunctionStack::Innermost() { return depth > 0 ? Describe(entries[depth - 1]) : std::string(); }

}  // namespace multidyn
