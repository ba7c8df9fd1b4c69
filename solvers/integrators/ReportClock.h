// Tells a solver when to report progress (every two seconds, or another interval) without
// reading the clock every step: a clock read costs about as much as a small explicit step. The
// clock is read every `stride` calls, a stride adapted so that reads come about once per
// millisecond.
#pragma once

#include <algorithm>
#include <chrono>

namespace multidyn {

class ReportClock {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ReportClock(Clock::duration interval = std::chrono::seconds(2)) : interval_(interval) {}
  void Start() {
    lastRead_ = lastReport_ = Clock::now();
    calls_ = 0;
    stride_ = 1;
  }
  // True when a report is due (and then counts it as made).
  bool Due() {
    if (++calls_ < stride_) return false;
    calls_ = 0;
    const Clock::time_point now = Clock::now();
    const Clock::duration sinceRead = now - lastRead_;
    lastRead_ = now;
    if (sinceRead < std::chrono::microseconds(500))
      stride_ = std::min(2 * stride_, maximumStride);
    else if (sinceRead > std::chrono::milliseconds(20))
      stride_ = std::max(stride_ / 2, 1L);
    if (now - lastReport_ < interval_) return false;
    lastReport_ = now;
    return true;
  }

  static constexpr long maximumStride = 4096;

 private:
  Clock::duration interval_;
  Clock::time_point lastRead_, lastReport_;
  long calls_ = 0, stride_ = 1;
};

}  // namespace multidyn
