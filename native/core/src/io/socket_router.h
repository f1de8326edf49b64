// Which feature owns a WebSocket or UDP socket id. The main gateway's socket stays with the
// gateway (the ClientImpl's default route); each voice call registers its voice-gateway socket
// and its UDP socket here while it owns them, so the Client's PlatformEvents reach the right
// connection. An event for an id nobody owns (closed, cancelled) is dropped, as platform.h
// promises.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

#include "sdkpp/platform.h"

namespace sdkpp {

class SocketOwner {
 public:
  virtual ~SocketOwner() = default;
  virtual void OnWebSocketOpen(PlatformId) {}
  virtual void OnWebSocketMessage(PlatformId, const std::string&) {}
  virtual void OnWebSocketBinary(PlatformId, const std::string&) {}
  virtual void OnWebSocketClosed(PlatformId, int32_t /*code*/, const std::string& /*reason*/) {}
  virtual void OnUdpOpen(PlatformId, uint16_t /*local_port*/) {}
  virtual void OnUdpMessage(PlatformId, const uint8_t*, size_t, const std::string& /*host*/,
                            uint16_t /*port*/) {}
  virtual void OnUdpClosed(PlatformId, const std::string& /*reason*/) {}
};

class SocketRouter {
 public:
  void Add(PlatformId id, SocketOwner& owner) { owners_[id] = &owner; }
  void Remove(PlatformId id) { owners_.erase(id); }
  // nullptr when nobody registered the id.
  SocketOwner* Find(PlatformId id) const {
    auto it = owners_.find(id);
    return it == owners_.end() ? nullptr : it->second;
  }

  // Platform::Wake's answer (the audio engine has frames or events) goes to one handler: the
  // Client's calls. Empty: nothing to do.
  void SetWakeHandler(std::function<void()> handler) { wake_ = std::move(handler); }
  void OnWake() const {
    if (wake_) wake_();
  }

 private:
  std::unordered_map<PlatformId, SocketOwner*> owners_;
  std::function<void()> wake_;
};

}  // namespace sdkpp
