#include "gateway/send_limiter.h"

namespace sdkpp::gateway {

void SendLimiter::Expire(uint64_t now_ms) {
  while (!sent_.empty() && sent_.front() + kSendWindowMs <= now_ms) sent_.pop_front();
}

uint64_t SendLimiter::WaitMs(uint64_t now_ms, bool heartbeat) {
  Expire(now_ms);
  size_t budget = heartbeat ? kSendLimit : kSendLimit - kReservedForHeartbeats;
  if (sent_.size() < budget) return 0;
  // Wait until enough old sends leave the window.
  uint64_t frees_at = sent_[sent_.size() - budget] + kSendWindowMs;
  return frees_at > now_ms ? frees_at - now_ms : 0;
}

void SendLimiter::Record(uint64_t now_ms) { sent_.push_back(now_ms); }

}  // namespace sdkpp::gateway
