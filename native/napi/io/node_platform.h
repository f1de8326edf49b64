// The core's Platform, implemented by a JS object (lib/platform/node_host.ts): fetch for HTTP
// (so nock can intercept it), net for IPC, ws for the gateway and the voice gateway, setTimeout
// for timers, node:http for the OAuth2 loopback redirect, node:dgram for voice UDP, node:crypto
// for the voice AEAD, @snazzah/davey for DAVE (dave/). Results come back through the NativeClient's _On* methods. Calls go out on
// the JS thread only; Wake is the one method another thread may call (wake_signal.h).
#pragma once

#include <napi.h>

#include <initializer_list>
#include <memory>

#include "callbacks/event_loop_hold.h"
#include "callbacks/host_clock.h"
#include "callbacks/wake_signal.h"
#include "io/aead_scratch.h"
#include "io/dave_host.h"
#include "io/platform_host_methods.h"
#include "logging/logger.h"
#include "sdkpp/platform.h"

namespace sdkpp::napi {

class NodePlatform final : public Platform {
 public:
  NodePlatform(Napi::Object host);
  ~NodePlatform() override;

  void SetEvents(PlatformEvents* events) override { events_ = events; }
  PlatformEvents* events() const { return events_; }
  // Where host failures are reported (set once the Client exists).
  void SetLogger(logging::Logger* logger) { logger_ = logger; }
  // After this no call reaches the host and no OnWake the core (used when the client is
  // finalized; Wake becomes a no-op).
  void Detach();
  bool attached() const { return !detached_; }
  // True while a host method the core called is running: the core's frames are below it on the
  // stack, and its JS may be the app's (the `now` option, openUrl, ipcPaths).
  bool in_host_call() const { return host_calls_ > 0; }
  // The cell the host stamps each event's time into (host_clock.h); handed to it at construction.
  const HostClockCell& clock_cell() const { return clock_cell_; }

  uint64_t NowMs() override;
  void StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) override;
  void CancelTimer(PlatformId timer) override;
  // Native: no host call (event_loop_hold.h).
  void HoldEventLoop(bool hold) override;
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

  // --- voice
  void SendWebSocketBinary(PlatformId socket, std::string bytes) override;
  void OpenUdp(PlatformId socket, const std::string& host, uint16_t port) override;
  void SendUdp(PlatformId socket, const uint8_t* data, size_t size) override;
  void CloseUdp(PlatformId socket) override;
  bool AeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce, size_t nonce_size,
                const uint8_t* aad, size_t aad_size, const uint8_t* plaintext, size_t size,
                uint8_t* out) override;
  bool AeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce, size_t nonce_size,
                const uint8_t* aad, size_t aad_size, const uint8_t* ciphertext, size_t size,
                uint8_t* out) override;
  void Wake() override { wake_.Wake(); }

  // --- DAVE (dave/node_dave_session.h): @snazzah/davey in the host, loaded at the first ask.
  // 0 when the host cannot load it or SDKPP_DAVE=0; the reason is logged once as a Warning.
  uint16_t DaveMaxProtocolVersion() override;
  std::unique_ptr<PlatformDaveSession> CreateDaveSession(uint16_t protocol_version, uint64_t user_id,
                                                         uint64_t channel_id, std::string& error) override;

 private:
  friend class DaveHost;  // its sessions call the host through Invoke
  Napi::Env host_env() const { return host_.Env(); }
  // Why the host has no DAVE (its daveUnavailableReason), never empty.
  std::string DaveUnavailableReason();

  // Calls host[method](...args) (the names: platform_host_methods.h); a throwing host is logged, never propagated into the core.
  Napi::Value Invoke(HostMethod method, std::initializer_list<napi_value> args);
  Napi::Number Id(PlatformId id);
  Napi::Number Count(size_t count);
  // A seal or open through the scratch buffer (aead_scratch.h): StageAead checks the sizes and
  // copies the key, nonce, AAD and input in; the host's aeadSeal/aeadOpen(algorithm, nonceSize,
  // aadSize, inSize) answers true when the output is in the scratch; FinishAead copies it out and
  // wipes the key.
  bool StageAead(const uint8_t* key, const uint8_t* nonce, size_t nonce_size, const uint8_t* aad,
                 size_t aad_size, const uint8_t* in, size_t in_size, const uint8_t* out,
                 size_t out_size);
  bool FinishAead(const Napi::Value& answer, uint8_t* out, size_t out_size);
  void DeliverWake(Napi::Env env);

  // Weak: the host holds the NativeClient strongly (to deliver results), so a strong reference
  // back would make the pair immortal.
  Napi::ObjectReference host_;
  bool detached_ = false;
  int host_calls_ = 0;  // Invoke's depth
  PlatformEvents* events_ = nullptr;
  logging::Logger* logger_ = nullptr;
  // Made at the first seal or open and handed to the host then (a Client without a call never
  // needs it).
  std::unique_ptr<AeadScratch> aead_scratch_;
  HostClockCell clock_cell_;
  // Shared with the DAVE sessions, which the core may keep longer than this platform; cut on
  // Detach and in the destructor. Made at the first session.
  std::shared_ptr<DaveHost> dave_host_;
  uint32_t next_dave_session_ = 1;
  bool dave_reason_logged_ = false;
  WakeSignal wake_;
  // Held while the Client is connecting or connected; let go on Detach.
  EventLoopHold connection_hold_;
};

}  // namespace sdkpp::napi
