// Keeps the client under the gateway's 120 events per 60 s: events beyond the budget wait for
// the window to slide, heartbeats use a reserve that ordinary events cannot exhaust.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>

#include "gateway/gateway_protocol.h"

namespace sdkpp::gateway {

class SendLimiter {
 public:
  // 0 when `heartbeat` (or an ordinary event) may go out at `now_ms`, else the wait in ms.
  uint64_t WaitMs(uint64_t now_ms, bool heartbeat);
  void Record(uint64_t now_ms);
  void Reset() { sent_.clear(); }

 private:
  void Expire(uint64_t now_ms);
  std::deque<uint64_t> sent_;
};

}  // namespace sdkpp::gateway
