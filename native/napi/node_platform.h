// The core's Platform, implemented by a JS object (lib/platform/node_host.ts): fetch for HTTP
// (so nock can intercept it), net for IPC, ws for the gateway, setTimeout for timers,
// node:http for the OAuth2 loopback redirect. Results come back through the NativeClient's
// _On* methods. Calls go out on the JS thread only.
#pragma once

#include <napi.h>

#include "logging/logger.h"
#include "platform_host_methods.h"
#include "sdkpp/platform.h"

namespace sdkpp::napi {

class NodePlatform final : public Platform {
 public:
  NodePlatform(Napi::Object host);

  void SetEvents(PlatformEvents* events) override { events_ = events; }
  PlatformEvents* events() const { return events_; }
  // Where host failures are reported (set once the Client exists).
  void SetLogger(logging::Logger* logger) { logger_ = logger; }
  // After this no call reaches the host (used when the client is finalized).
  void Detach() {
    detached_ = true;
    logger_ = nullptr;
  }

  uint64_t NowMs() override;
  void StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) override;
  void CancelTimer(PlatformId timer) override;
  void SendHttp(PlatformId request, const PlatformHttpRequest& http) override;
  void CancelHttp(PlatformId request) override;
  void OpenIpc(PlatformId stream) override;
  void WriteIpc(PlatformId stream, std::string bytes) override;
  void CloseIpc(PlatformId stream) override;
  void OpenWebSocket(PlatformId socket, const std::string& url) override;
  void SendWebSocket(PlatformId socket, std::string text) override;
  void CloseWebSocket(PlatformId socket, int32_t code, const std::string& reason) override;
  void StartLoopbackListener(PlatformId listener) override;
  void RespondLoopback(PlatformId listener, PlatformId request, int32_t status,
                       const std::string& html) override;
  void StopLoopbackListener(PlatformId listener) override;
  bool OpenUrl(const std::string& url) override;

 private:
  // Calls host[method](...args) (the names: platform_host_methods.h); a throwing host is logged, never propagated into the core.
  Napi::Value Invoke(HostMethod method, const std::vector<napi_value>& args);
  Napi::Number Id(PlatformId id);

  // Weak: the host holds the NativeClient strongly (to deliver results), so a strong reference
  // back would make the pair immortal.
  Napi::ObjectReference host_;
  bool detached_ = false;
  PlatformEvents* events_ = nullptr;
  logging::Logger* logger_ = nullptr;
};

}  // namespace sdkpp::napi
