// Checks the data node of an item that keeps discrete state in a NodeGenericData.
#pragma once

#include "core/model/MainSystem.h"

namespace multidyn {

// Throws TypeError (naming parameter 'nodeNumber') unless `node` is a NodeGenericData with
// `dataCoordinates` data coordinates (any number for dataCoordinates < 0).
void CheckDataNode(const MainSystem& system, NodeIndex node, Index dataCoordinates);

}  // namespace multidyn
