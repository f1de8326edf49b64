#include "io/platform_probe.h"

#include <chrono>
#include <vector>

#include "io/node_platform.h"
#include "logging/logger.h"
#include "util/args.h"

namespace sdkpp::napi {

// The probe opens no socket, starts no timer and sends no request, so OnWake is the only event
// its platform can deliver; it goes to the test's function with whether it ran on the JS thread.
class PlatformProbe::WakeEvents final : public PlatformEvents {
 public:
  explicit WakeEvents(Napi::Function on_wake)
      : on_wake_(Napi::Persistent(on_wake)), js_thread_(std::this_thread::get_id()) {}

  void OnWake() override {
    Napi::Env env = on_wake_.Env();
    on_wake_.Call({Napi::Boolean::New(env, std::this_thread::get_id() == js_thread_)});
  }
  void OnTimer(PlatformId) override {}
  void OnHttpResponse(PlatformId, PlatformHttpResponse) override {}
  void OnHttpError(PlatformId, std::string) override {}
  void OnIpcOpen(PlatformId) override {}
  void OnIpcData(PlatformId, std::string) override {}
  void OnIpcClosed(PlatformId, std::string) override {}
  void OnWebSocketOpen(PlatformId) override {}
  void OnWebSocketMessage(PlatformId, std::string) override {}
  void OnWebSocketClosed(PlatformId, int32_t, std::string) override {}
  void OnLoopbackListening(PlatformId, uint16_t, std::string) override {}
  void OnLoopbackRequest(PlatformId, PlatformId, std::string) override {}
  bool OnUrlNotOpened(std::string, std::string) override { return false; }
  void OnWebSocketBinary(PlatformId, std::string) override {}
  void OnUdpOpen(PlatformId, uint16_t) override {}
  void OnUdpMessage(PlatformId, const uint8_t*, size_t, const std::string&, uint16_t) override {}
  void OnUdpClosed(PlatformId, std::string) override {}

 private:
  Napi::FunctionReference on_wake_;
  const std::thread::id js_thread_;
};

Napi::Function PlatformProbe::Define(Napi::Env env) {
  return DefineClass(env, "PlatformProbe",
                     {InstanceMethod<&PlatformProbe::AeadSeal>("aeadSeal"),
                      InstanceMethod<&PlatformProbe::AeadOpen>("aeadOpen"),
                      InstanceMethod<&PlatformProbe::BenchAead>("benchAead"),
                      InstanceMethod<&PlatformProbe::WakeFromThread>("wakeFromThread"),
                      InstanceMethod<&PlatformProbe::Detach>("detach"),
                      InstanceMethod<&PlatformProbe::LogLines>("logLines"),
                      InstanceMethod<&PlatformProbe::DaveMaxProtocolVersion>("daveMaxProtocolVersion"),
                      InstanceMethod<&PlatformProbe::CreateDaveSession>("createDaveSession"),
                      InstanceMethod<&PlatformProbe::DropDaveSession>("dropDaveSession"),
                      InstanceMethod<&PlatformProbe::DaveReinit>("daveReinit"),
                      InstanceMethod<&PlatformProbe::DaveReset>("daveReset"),
                      InstanceMethod<&PlatformProbe::DaveSetExternalSender>("daveSetExternalSender"),
                      InstanceMethod<&PlatformProbe::DaveCreateKeyPackage>("daveCreateKeyPackage"),
                      InstanceMethod<&PlatformProbe::DaveProcessProposals>("daveProcessProposals"),
                      InstanceMethod<&PlatformProbe::DaveProcessCommit>("daveProcessCommit"),
                      InstanceMethod<&PlatformProbe::DaveProcessWelcome>("daveProcessWelcome"),
                      InstanceMethod<&PlatformProbe::DaveIsReady>("daveIsReady"),
                      InstanceMethod<&PlatformProbe::DaveVoicePrivacyCode>("daveVoicePrivacyCode"),
                      InstanceMethod<&PlatformProbe::DaveSetPassthroughMode>("daveSetPassthroughMode"),
                      InstanceMethod<&PlatformProbe::DaveEncryptOpus>("daveEncryptOpus"),
                      InstanceMethod<&PlatformProbe::DaveDecrypt>("daveDecrypt"),
                      InstanceMethod<&PlatformProbe::BenchDave>("benchDave")});
}

PlatformProbe::PlatformProbe(const Napi::CallbackInfo& info) : Napi::ObjectWrap<PlatformProbe>(info) {
  const char* method = "new PlatformProbe";
  ArgRef host_arg{info, 0, method, "host"};
  if (!host_arg.value().IsObject()) ThrowTypeError(host_arg, "must be a platform host object");
  Napi::Function on_wake = ReadFunction(ArgRef{info, 1, method, "onWake"});
  host_ = Napi::Persistent(host_arg.value().As<Napi::Object>());
  events_ = std::make_unique<WakeEvents>(on_wake);
  platform_ = std::make_shared<NodePlatform>(host_.Value());
  platform_->SetEvents(events_.get());
  logger_ = std::make_unique<logging::Logger>();
  logger_->AddCallback(
      [lines = log_lines_](std::string message, LoggingSeverity severity) {
        lines->push_back(std::string(severity == LoggingSeverity::Error     ? "Error: "
                                     : severity == LoggingSeverity::Warning ? "Warning: "
                                                                            : "Info: ") +
                         message);
      },
      LoggingSeverity::Warning);
  platform_->SetLogger(logger_.get());
}

PlatformProbe::~PlatformProbe() {
  // A finalizer: no JS. Detach cuts the DAVE sessions off the host before they are destroyed.
  platform_->Detach();
  platform_->SetEvents(nullptr);
  dave_sessions_.clear();
}

Napi::Value PlatformProbe::AeadSeal(const Napi::CallbackInfo& info) { return Aead(info, true); }
Napi::Value PlatformProbe::AeadOpen(const Napi::CallbackInfo& info) { return Aead(info, false); }

// Bounds wider than the platform's, so a test can see the platform refuse what does not fit.
Napi::Value PlatformProbe::Aead(const Napi::CallbackInfo& info, bool seal) {
  const char* method = seal ? "PlatformProbe.aeadSeal" : "PlatformProbe.aeadOpen";
  auto algorithm = static_cast<AeadAlgorithm>(ReadInt(ArgRef{info, 0, method, "algorithm"}, 0, 1));
  ArgRef key_arg{info, 1, method, "key"};
  BytesView key = ReadBytesView(key_arg, 32);
  if (key.size != 32) ThrowRangeError(key_arg, "must be 32 bytes");
  BytesView nonce = ReadBytesView(ArgRef{info, 2, method, "nonce"}, 64);
  BytesView aad = ReadBytesView(ArgRef{info, 3, method, "aad"}, 4096);
  BytesView input = ReadBytesView(ArgRef{info, 4, method, "input"}, 4096);
  std::vector<uint8_t> in(input.data, input.data + input.size);  // the platform may call JS
  std::vector<uint8_t> key_copy(key.data, key.data + key.size);
  std::vector<uint8_t> nonce_copy(nonce.data, nonce.data + nonce.size);
  std::vector<uint8_t> aad_copy(aad.data, aad.data + aad.size);
  std::vector<uint8_t> out(in.size() + 16);
  bool done = seal ? platform_->AeadSeal(algorithm, key_copy.data(), nonce_copy.data(), nonce_copy.size(),
                                         aad_copy.data(), aad_copy.size(), in.data(), in.size(), out.data())
                   : platform_->AeadOpen(algorithm, key_copy.data(), nonce_copy.data(), nonce_copy.size(),
                                         aad_copy.data(), aad_copy.size(), in.data(), in.size(), out.data());
  if (!done) return info.Env().Null();
  size_t out_size = seal ? in.size() + 16 : in.size() - 16;
  return Napi::Buffer<uint8_t>::Copy(info.Env(), out.data(), out_size);
}

// Per-packet cost of a seal and an open through the whole path (scratch copy, host call,
// node:crypto, copy back), timed in native code so the probe's own argument handling is out.
Napi::Value PlatformProbe::BenchAead(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.benchAead";
  auto algorithm = static_cast<AeadAlgorithm>(ReadInt(ArgRef{info, 0, method, "algorithm"}, 0, 1));
  auto payload_bytes = static_cast<size_t>(ReadInt(ArgRef{info, 1, method, "payloadBytes"}, 0, 1484));
  int32_t iterations = ReadInt(ArgRef{info, 2, method, "iterations"}, 1, 10'000'000);
  const size_t nonce_size = algorithm == AeadAlgorithm::Aes256Gcm ? 12 : 24;
  std::vector<uint8_t> key(32), nonce(nonce_size), aad(12), payload(payload_bytes);
  for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<uint8_t>(i * 7 + 1);
  for (size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<uint8_t>(i);
  std::vector<uint8_t> sealed(payload_bytes + 16), opened(payload_bytes);

  using Clock = std::chrono::steady_clock;
  int32_t round_trips = 0;
  auto start = Clock::now();
  for (int32_t i = 0; i < iterations; ++i) {
    nonce[0] = static_cast<uint8_t>(i);
    platform_->AeadSeal(algorithm, key.data(), nonce.data(), nonce.size(), aad.data(), aad.size(),
                        payload.data(), payload.size(), sealed.data());
  }
  auto sealed_at = Clock::now();
  for (int32_t i = 0; i < iterations; ++i) {
    // The nonce of the last seal: every open authenticates.
    if (platform_->AeadOpen(algorithm, key.data(), nonce.data(), nonce.size(), aad.data(), aad.size(),
                            sealed.data(), sealed.size(), opened.data()) &&
        opened == payload) {
      ++round_trips;
    }
  }
  auto opened_at = Clock::now();
  auto micros = [iterations](Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count() / iterations;
  };
  Napi::Object result = Napi::Object::New(info.Env());
  result.Set("sealMicros", micros(sealed_at - start));
  result.Set("openMicros", micros(opened_at - sealed_at));
  result.Set("roundTrips", round_trips);
  return result;
}

void PlatformProbe::WakeFromThread(const Napi::CallbackInfo& info) {
  int32_t times = ReadInt(ArgRef{info, 0, "PlatformProbe.wakeFromThread", "times"}, 0, 1'000'000);
  std::shared_ptr<NodePlatform> platform = platform_;
  std::thread waker([platform, times] {
    for (int32_t i = 0; i < times; ++i) platform->Wake();
  });
  waker.join();
}

void PlatformProbe::Detach(const Napi::CallbackInfo&) { platform_->Detach(); }

Napi::Value PlatformProbe::LogLines(const Napi::CallbackInfo& info) {
  Napi::Array lines = Napi::Array::New(info.Env(), log_lines_->size());
  for (uint32_t i = 0; i < log_lines_->size(); ++i) lines.Set(i, (*log_lines_)[i]);
  return lines;
}

}  // namespace sdkpp::napi
