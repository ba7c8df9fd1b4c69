// Checks the data node of an item that keeps discrete state in a NodeGenericData.
#pragma once

#include "core/items/SystemView.h"

namespace multidyn {

// Throws TypeError (naming parameter 'nodeNumber') unless `node` is a NodeGenericData with
// `dataCoordinates` data coordinates (any number for dataCoordinates < 0).
void CheckDataNode(const SystemView& system, NodeIndex node, Index dataCoordinates);

}  // namespace multidyn
