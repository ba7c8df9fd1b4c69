// The two markers and the active flag of every connector and joint between two markers (Exudyn's
// markerNumbers and activeConnector), declared once: ConnectorKernels and ConstraintKernels derive
// from it. Field tables add the flag with FieldTableBuilder::AddActiveConnector (one description for
// all items) and markerNumbers with what the two markers are for that item.
#pragma once

#include <vector>

#include "core/items/FieldTable.h"

namespace multidyn {

template <class Base> class TwoMarkerObject : public Base {
 public:
  std::vector<MarkerIndex> MarkerNumbers() const override { return {markerNumbers[0], markerNumbers[1]}; }
  bool IsActive() const override { return activeConnector; }

  MarkerIndexPair markerNumbers;
  bool activeConnector = true;  // false: a connector applies no force, a constraint's multipliers are 0
};

}  // namespace multidyn
