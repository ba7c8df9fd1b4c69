// One sensor's stored values: rows of [time, values...], kept one after the other in one array
// (a vector per row cost 2.3 times the values' size in headers and allocations).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/foundation/Errors.h"
#include "core/foundation/Types.h"

namespace multidyn {

class SensorRecord {
 public:
  Index NumberOfRows() const { return columns_ > 0 ? Index(values_.size()) / columns_ : 0; }
  Index NumberOfColumns() const { return columns_; }  // 1 + the sensor's number of values
  const double* Row(Index row) const { return values_.data() + row * columns_; }
  const double* Data() const { return values_.data(); }
  // Rows of the solve about to start (a guess: more are added as needed); drops the stored ones.
  void Clear(Index expectedRows) {
    values_.clear();
    columns_ = 0;
    expectedRows_ = expectedRows;
  }
  void AddRow(double time, const VectorX& values) {
    const Index columns = Index(values.size()) + 1;
    if (columns_ == 0) {
      columns_ = columns;
      values_.reserve(size_t(expectedRows_ * columns));
    } else if (columns != columns_) {
      throw ValueError("sensor values changed their size during the solve, from " + std::to_string(columns_ - 1) +
                       " to " + std::to_string(columns - 1));
    }
    if (values_.size() + size_t(columns) > values_.capacity())  // grow by a quarter, not twice: memory over speed
      values_.reserve(values_.size() + std::max<size_t>(values_.size() / 4, size_t(64 * columns)));
    values_.push_back(time);
    values_.insert(values_.end(), values.data(), values.data() + values.size());
  }
  // Frees what was reserved beyond the stored rows (after a solve that stopped early).
  void Trim() {
    if (values_.capacity() > values_.size() + values_.size() / 16) values_.shrink_to_fit();
  }

 private:
  std::vector<double> values_;
  Index columns_ = 0;
  Index expectedRows_ = 0;
};

}  // namespace multidyn
