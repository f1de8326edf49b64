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
//   logLines(): what the platform logged ("Warning: ..."), delivered by RunCallbacks
// DAVE (platform_probe_dave.cc): daveMaxProtocolVersion(), createDaveSession(version, userId,
// channelId) -> session number | message, dropDaveSession(session), and per session the
// PlatformDaveSession methods (dave<Method>(session, ...)), true | message for the fallible
// ones; daveEncryptOpus/daveDecrypt -> Buffer | null; benchDave(sender, receiver, senderUserId,
// frameBytes, iterations) -> {encryptMicros, decryptMicros, roundTrips}
#pragma once

#include <napi.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "sdkpp/platform_dave.h"

namespace sdkpp::napi {

class NodePlatform;
}  // namespace sdkpp::napi
namespace sdkpp::logging {
class Logger;
}  // namespace sdkpp::logging
namespace sdkpp::napi {

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
  Napi::Value LogLines(const Napi::CallbackInfo& info);

  // DAVE (platform_probe_dave.cc)
  PlatformDaveSession& DaveSessionArg(const Napi::CallbackInfo& info, const char* method);
  Napi::Value DaveMaxProtocolVersion(const Napi::CallbackInfo& info);
  Napi::Value CreateDaveSession(const Napi::CallbackInfo& info);
  void DropDaveSession(const Napi::CallbackInfo& info);
  Napi::Value DaveReinit(const Napi::CallbackInfo& info);
  void DaveReset(const Napi::CallbackInfo& info);
  Napi::Value DaveSetExternalSender(const Napi::CallbackInfo& info);
  Napi::Value DaveCreateKeyPackage(const Napi::CallbackInfo& info);
  Napi::Value DaveProcessProposals(const Napi::CallbackInfo& info);
  Napi::Value DaveProcessCommit(const Napi::CallbackInfo& info);
  Napi::Value DaveProcessWelcome(const Napi::CallbackInfo& info);
  Napi::Value DaveIsReady(const Napi::CallbackInfo& info);
  Napi::Value DaveVoicePrivacyCode(const Napi::CallbackInfo& info);
  void DaveSetPassthroughMode(const Napi::CallbackInfo& info);
  Napi::Value DaveEncryptOpus(const Napi::CallbackInfo& info);
  Napi::Value DaveDecrypt(const Napi::CallbackInfo& info);
  Napi::Value BenchDave(const Napi::CallbackInfo& info);

  Napi::ObjectReference host_;  // strong: NodePlatform holds it weakly, as the Client's does
  std::unique_ptr<WakeEvents> events_;
  std::shared_ptr<NodePlatform> platform_;
  // The platform's log, as a Client's would be; lines land in log_lines_ through the callback
  // queue.
  std::unique_ptr<logging::Logger> logger_;
  std::shared_ptr<std::vector<std::string>> log_lines_ = std::make_shared<std::vector<std::string>>();
  // As the core holds them: outliving the platform's Detach is allowed.
  std::vector<std::unique_ptr<PlatformDaveSession>> dave_sessions_;
};

}  // namespace sdkpp::napi
