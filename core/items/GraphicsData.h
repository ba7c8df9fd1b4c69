// A body's list of graphics primitives (Exudyn's BodyGraphicsData): dicts such as
// {'type': 'TriangleList', 'points': [...], 'triangles': [...], 'colors': [...]}. Nothing is
// drawn yet; the list is validated, stored with the item and saved with the model so that a
// viewer can draw it later.
#pragma once

#include "core/foundation/Json.h"

namespace multidyn {

struct GraphicsDataList {
  // Validated primitives; numeric arrays stored flat ([x0,y0,z0, x1,y1,z1, ...]).
  Json items = Json::array();
};

// Validates a list of graphics dicts and returns it in the stored (flat) form. Rows
// ([[x0,y0,z0], ...], Exudyn 1.13's form) and flat lists (Exudyn 1.11's form) are both
// accepted. Throws TypeError/ValueError naming the entry, its key and what was expected.
Json NormalizeGraphicsDataList(const Json& list);

}  // namespace multidyn
