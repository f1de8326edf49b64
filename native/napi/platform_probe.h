// internal.PlatformProbe: one NodePlatform without a Client, so tests and the benchmark can drive
// the Node host's voice parts through the addon the way the core will: AEAD through the scratch
// buffer, and Wake from another thread. Not SDK surface (binding.internal only).
//
//   new PlatformProbe(host, onWake: (onJsThread: boolean) => void)
//   aeadSeal(algorithm, key, nonce, aad, plaintext) -> Buffer | null
//   aeadOpen(algorithm, key, nonce, aad, sealed) -> Buffer | null
//   benchAead(algorithm, payloadBytes, iterations) -> {sealMicros, openMicros, roundTrips}
//   wakeFromThread(times): a new thread calls Wake `times` times; joined before this returns
//   detach(): what the Client's finalizer does; later wakes are no-ops
#pragma once

#include <napi.h>

#include <memory>
#include <thread>

namespace sdkpp::napi {

class NodePlatform;

class PlatformProbe : public Napi::ObjectWrap<PlatformProbe> {
 public:
  static Napi::Function Define(Napi::Env env);
  explicit PlatformProbe(const Napi::CallbackInfo& info);
  ~PlatformProbe() override;

 private:
  class WakeEvents;

  Napi::Value AeadSeal(const Napi::CallbackInfo& info);
  Napi::Value AeadOpen(const Napi::CallbackInfo& info);
  Napi::Value Aead(const Napi::CallbackInfo& info, bool seal);
  Napi::Value BenchAead(const Napi::CallbackInfo& info);
  void WakeFromThread(const Napi::CallbackInfo& info);
  void Detach(const Napi::CallbackInfo& info);

  Napi::ObjectReference host_;  // strong: NodePlatform holds it weakly, as the Client's does
  std::unique_ptr<WakeEvents> events_;
  std::shared_ptr<NodePlatform> platform_;
};

}  // namespace sdkpp::napi
