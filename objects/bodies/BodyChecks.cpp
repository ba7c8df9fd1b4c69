#include "objects/bodies/BodyChecks.h"

#include <algorithm>

#include "core/foundation/Errors.h"

namespace multidyn {

void CheckBodyNode(const SystemView& system, NodeIndex nodeNumber, const std::vector<std::string>& nodeClasses,
                   const std::string& objectClass) {
  std::string accepted = nodeClasses.front();
  for (std::size_t i = 1; i < nodeClasses.size(); ++i) accepted += " or a " + nodeClasses[i];
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a " + accepted + " is required, got none (-1)");
  const std::string& nodeClass = system.GetNode(nodeNumber.value).TypeInfo().className;
  if (std::find(nodeClasses.begin(), nodeClasses.end(), nodeClass) == nodeClasses.end())
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " + nodeClass + "; " +
                    objectClass + " needs a " + accepted);
}

}  // namespace multidyn
