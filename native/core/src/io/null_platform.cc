// The default platform until a host installs one. It has no sockets: every I/O request fails
// with a clear reason, delivered through RunCallbacks() (never from inside the request, as the
// Platform contract requires), so a Client without a host reports NetworkError instead of
// hanging. Timers work as long as the host calls RunCallbacks().
#include <chrono>
#include <functional>
#include <memory>
#include <unordered_set>

#include "callbacks/callback_queue.h"
#include "sdkpp/platform.h"

namespace sdkpp {
namespace {

PlatformFactory g_factory = nullptr;

constexpr const char* kNoPlatform = "no platform: this host installed no Platform for I/O";

class NullPlatform final : public Platform, public std::enable_shared_from_this<NullPlatform> {
 public:
  void SetEvents(PlatformEvents* events) override { events_ = events; }
  uint64_t NowMs() override {
    using namespace std::chrono;
    return static_cast<uint64_t>(
        duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
  }
  void StartTimer(PlatformId, uint64_t, bool) override {}
  void CancelTimer(PlatformId) override {}
  void HoldEventLoop(bool) override {}  // no event loop to hold
  void SendHttp(PlatformId request, const PlatformHttpRequest&) override {
    Later([request](PlatformEvents& e) { e.OnHttpError(request, kNoPlatform); });
  }
  void CancelHttp(PlatformId) override {}
  void OpenIpc(PlatformId stream) override {
    Later([stream](PlatformEvents& e) { e.OnIpcClosed(stream, kNoPlatform); });
  }
  void WriteIpc(PlatformId, std::string) override {}
  void CloseIpc(PlatformId) override {}
  void OpenWebSocket(PlatformId socket, const std::string&) override {
    Later([socket](PlatformEvents& e) { e.OnWebSocketClosed(socket, 1006, kNoPlatform); });
  }
  void SendWebSocket(PlatformId, std::string) override {}
  void CloseWebSocket(PlatformId, int32_t, const std::string&) override {}
  void StartLoopbackListener(PlatformId listener) override {
    Later([listener](PlatformEvents& e) { e.OnLoopbackListening(listener, 0, kNoPlatform); });
  }
  void RespondLoopback(PlatformId, PlatformId, int32_t, const std::string&) override {}
  void StopLoopbackListener(PlatformId) override {}
  bool OpenUrl(const std::string&) override { return false; }
  void SendWebSocketBinary(PlatformId, std::string) override {}
  void OpenUdp(PlatformId socket, const std::string&, uint16_t) override {
    Later([socket](PlatformEvents& e) { e.OnUdpClosed(socket, kNoPlatform); });
  }
  void SendUdp(PlatformId, const uint8_t*, size_t) override {}
  void CloseUdp(PlatformId) override {}
  // No crypto without a host: a call cannot reach Connected, so nothing is ever sent in clear.
  bool AeadSeal(AeadAlgorithm, const uint8_t*, const uint8_t*, size_t, const uint8_t*, size_t,
                const uint8_t*, size_t, uint8_t*) override {
    return false;
  }
  bool AeadOpen(AeadAlgorithm, const uint8_t*, const uint8_t*, size_t, const uint8_t*, size_t,
                const uint8_t*, size_t, uint8_t*) override {
    return false;
  }
  // Wake comes from the audio thread: post to this thread's queue is not possible from there,
  // so a host without a Platform never gets OnWake; calls cannot connect here anyway.
  void Wake() override {}

 private:
  void Later(std::function<void(PlatformEvents&)> deliver) {
    std::weak_ptr<NullPlatform> weak = weak_from_this();
    callbacks::CallbackQueue::ForCurrentThread()->Post([weak, deliver = std::move(deliver)] {
      if (auto self = weak.lock(); self && self->events_) deliver(*self->events_);
    });
  }

  PlatformEvents* events_ = nullptr;
};

}  // namespace

void SetDefaultPlatformFactory(PlatformFactory factory) { g_factory = factory; }

std::shared_ptr<Platform> CreateDefaultPlatform() {
  if (g_factory != nullptr) {
    if (auto platform = g_factory()) return platform;
  }
  return std::make_shared<NullPlatform>();
}

}  // namespace sdkpp
