// The common part of every handle: a weak view of the Client's social state plus the id of the
// object it shows. Handles are live (each getter looks the state up now) and safe after the
// Client is gone (getters then read defaults).
#pragma once

#include <cstdint>
#include <memory>

namespace sdkpp::social {
class SocialState;
}

namespace sdkpp::detail {

// Makes the handles and SDK-only values (their constructors are private).
struct SocialFactory;

class HandleBase {
 public:
  HandleBase() = default;
  HandleBase(std::weak_ptr<const social::SocialState> state, uint64_t id)
      : state_(std::move(state)), id_(id) {}

 protected:
  std::shared_ptr<const social::SocialState> Lock() const { return state_.lock(); }
  const std::weak_ptr<const social::SocialState>& state() const { return state_; }
  uint64_t id() const { return id_; }

 private:
  std::weak_ptr<const social::SocialState> state_;
  uint64_t id_ = 0;
};

}  // namespace sdkpp::detail
