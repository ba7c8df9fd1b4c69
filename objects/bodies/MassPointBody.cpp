#include "objects/bodies/MassPointBody.h"

#include "core/model/MainSystem.h"

namespace multidyn {

void CheckMassPointNode(const MainSystem& system, NodeIndex nodeNumber, const std::string& nodeClass,
                        const std::string& objectClass) {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a " + nodeClass + " is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  const std::string& nodeType = node.TypeInfo().className;
  if (nodeType != nodeClass && nodeType != "NodePointGround")
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " + nodeType + "; " +
                    objectClass + " needs a " + nodeClass + " (or a NodePointGround: a point fixed in space)");
}

}  // namespace multidyn
