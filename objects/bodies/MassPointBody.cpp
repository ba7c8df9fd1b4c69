#include "objects/bodies/MassPointBody.h"

#include "core/model/MainSystem.h"

namespace multidyn {

void CheckMassPointNode(const MainSystem& system, NodeIndex nodeNumber, const std::string& nodeClass,
                        const std::string& objectClass) {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a " + nodeClass + " is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  if (node.TypeInfo().className != nodeClass)
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " +
                    node.TypeInfo().className + "; " + objectClass + " needs a " + nodeClass);
}

}  // namespace multidyn
