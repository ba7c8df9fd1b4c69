#include "objects/common/DataNodeCheck.h"

#include <string>

namespace multidyn {

void CheckDataNode(const SystemView& system, NodeIndex node, Index dataCoordinates) {
  const std::string expected =
      "expected a NodeGenericData" +
      (dataCoordinates < 0 ? std::string() : " with numberOfDataCoordinates=" + std::to_string(dataCoordinates));
  if (!node.IsValid() || node.value >= system.NumberOfItems(ItemCategory::Node))
    throw TypeError("parameter 'nodeNumber': " + expected + ", got node " + std::to_string(node.value));
  const Node& n = system.GetNode(node.value);
  if (n.TypeInfo().className != "NodeGenericData" ||
      (dataCoordinates >= 0 && n.NumberOfDataCoordinates() != dataCoordinates))
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(node.value) + " is a " + n.TypeInfo().className +
                    " with " + std::to_string(n.NumberOfDataCoordinates()) + " data coordinates; " + expected);
}

}  // namespace multidyn
