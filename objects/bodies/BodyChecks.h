// Checks shared by single-node bodies: the node they sit on is of a class they accept.
#pragma once

#include <string>
#include <vector>

#include "core/items/SystemView.h"

namespace multidyn {

// Throws unless nodeNumber is a node of one of nodeClasses (ValueError if there is none,
// TypeError naming the node's class and the accepted ones otherwise; objectClass: the caller).
void CheckBodyNode(const SystemView& system, NodeIndex nodeNumber, const std::vector<std::string>& nodeClasses,
                   const std::string& objectClass);

}  // namespace multidyn
