// PlatformProbe's DAVE methods (platform_probe.h): NodePlatform's DaveMaxProtocolVersion and
// CreateDaveSession, and each PlatformDaveSession method, called the way the core will, so the
// tests drive NodeDaveSession and the JS host through the addon. Sessions are numbered in the
// order they were made; dropDaveSession destroys one (its destructor drops the JS session).
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "io/node_platform.h"
#include "io/platform_probe.h"
#include "sdkpp/limits.h"
#include "util/args.h"

namespace sdkpp::napi {
namespace {

constexpr size_t kMaxProbeBytes = 1 << 20;

Napi::Value OutcomeToJs(Napi::Env env, bool ok, const std::string& error) {
  return ok ? Napi::Value(Napi::Boolean::New(env, true)) : Napi::Value(Napi::String::New(env, error));
}

std::string ReadProbeBytes(const ArgRef& arg) {
  BytesView view = ReadBytesView(arg, kMaxProbeBytes);
  return std::string(reinterpret_cast<const char*>(view.data), view.size);
}

uint16_t ReadVersion(const ArgRef& arg) { return static_cast<uint16_t>(ReadInt(arg, 0, 65535)); }

}  // namespace

PlatformDaveSession& PlatformProbe::DaveSessionArg(const Napi::CallbackInfo& info, const char* method) {
  ArgRef arg{info, 0, method, "session"};
  int32_t index = ReadInt(arg, 0, 1'000'000);
  if (static_cast<size_t>(index) >= dave_sessions_.size() || !dave_sessions_[index]) {
    ThrowRangeError(arg, "is not a live DAVE session of this probe");
  }
  return *dave_sessions_[index];
}

Napi::Value PlatformProbe::DaveMaxProtocolVersion(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), platform_->DaveMaxProtocolVersion());
}

// (protocolVersion, userId, channelId) -> session number | error message
Napi::Value PlatformProbe::CreateDaveSession(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.createDaveSession";
  uint16_t version = ReadVersion(ArgRef{info, 0, method, "protocolVersion"});
  uint64_t user_id = ReadU64(ArgRef{info, 1, method, "userId"});
  uint64_t channel_id = ReadU64(ArgRef{info, 2, method, "channelId"});
  std::string error;
  auto session = platform_->CreateDaveSession(version, user_id, channel_id, error);
  if (!session) return Napi::String::New(info.Env(), error.empty() ? "null without a message" : error);
  dave_sessions_.push_back(std::move(session));
  return Napi::Number::New(info.Env(), static_cast<double>(dave_sessions_.size() - 1));
}

void PlatformProbe::DropDaveSession(const Napi::CallbackInfo& info) {
  DaveSessionArg(info, "PlatformProbe.dropDaveSession");
  dave_sessions_[info[0].As<Napi::Number>().Int32Value()].reset();
}

Napi::Value PlatformProbe::DaveReinit(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveReinit";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  uint16_t version = ReadVersion(ArgRef{info, 1, method, "protocolVersion"});
  uint64_t user_id = ReadU64(ArgRef{info, 2, method, "userId"});
  uint64_t channel_id = ReadU64(ArgRef{info, 3, method, "channelId"});
  std::string error;
  bool ok = session.Reinit(version, user_id, channel_id, error);
  return OutcomeToJs(info.Env(), ok, error);
}

void PlatformProbe::DaveReset(const Napi::CallbackInfo& info) { DaveSessionArg(info, "PlatformProbe.daveReset").Reset(); }

Napi::Value PlatformProbe::DaveSetExternalSender(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveSetExternalSender";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  std::string bytes = ReadProbeBytes(ArgRef{info, 1, method, "externalSender"});
  std::string error;
  bool ok = session.SetExternalSender(bytes, error);
  return OutcomeToJs(info.Env(), ok, error);
}

Napi::Value PlatformProbe::DaveCreateKeyPackage(const Napi::CallbackInfo& info) {
  PlatformDaveSession& session = DaveSessionArg(info, "PlatformProbe.daveCreateKeyPackage");
  std::string key_package, error;
  if (!session.CreateKeyPackage(key_package, error)) return Napi::String::New(info.Env(), error);
  return Napi::Buffer<char>::Copy(info.Env(), key_package.data(), key_package.size());
}

// (session, operation, payload, recognizedUserIds) -> {commit, welcome} (Buffers, empty = none) | message
Napi::Value PlatformProbe::DaveProcessProposals(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveProcessProposals";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  auto operation = static_cast<DaveProposalsOperation>(ReadInt(ArgRef{info, 1, method, "operation"}, 0, 1));
  std::string payload = ReadProbeBytes(ArgRef{info, 2, method, "payload"});
  ArgRef ids_arg{info, 3, method, "recognizedUserIds"};
  if (!ids_arg.value().IsArray()) ThrowTypeError(ids_arg, "must be an array of user ids");
  auto ids = ids_arg.value().As<Napi::Array>();
  std::vector<uint64_t> user_ids;
  for (uint32_t i = 0; i < ids.Length() && i < 1024; ++i) {
    Napi::Value id = ids.Get(i);
    if (id.IsBigInt()) {
      bool lossless = false;
      user_ids.push_back(id.As<Napi::BigInt>().Uint64Value(&lossless));
    } else if (std::string digits = id.IsString() ? id.As<Napi::String>().Utf8Value() : "";
               !digits.empty() && digits.size() <= 19 && digits.find_first_not_of("0123456789") == std::string::npos) {
      user_ids.push_back(std::strtoull(digits.c_str(), nullptr, 10));
    } else {
      ThrowTypeError(ids_arg, "must hold bigints or decimal strings (up to 19 digits)");
    }
  }
  DaveCommitWelcome out;
  std::string error;
  if (!session.ProcessProposals(operation, payload, user_ids, out, error)) {
    return Napi::String::New(info.Env(), error);
  }
  Napi::Object result = Napi::Object::New(info.Env());
  result.Set("commit", Napi::Buffer<char>::Copy(info.Env(), out.commit.data(), out.commit.size()));
  result.Set("welcome", Napi::Buffer<char>::Copy(info.Env(), out.welcome.data(), out.welcome.size()));
  return result;
}

Napi::Value PlatformProbe::DaveProcessCommit(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveProcessCommit";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  std::string bytes = ReadProbeBytes(ArgRef{info, 1, method, "commit"});
  std::string error;
  bool ok = session.ProcessCommit(bytes, error);
  return OutcomeToJs(info.Env(), ok, error);
}

Napi::Value PlatformProbe::DaveProcessWelcome(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveProcessWelcome";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  std::string bytes = ReadProbeBytes(ArgRef{info, 1, method, "welcome"});
  std::string error;
  bool ok = session.ProcessWelcome(bytes, error);
  return OutcomeToJs(info.Env(), ok, error);
}

Napi::Value PlatformProbe::DaveIsReady(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), DaveSessionArg(info, "PlatformProbe.daveIsReady").IsReady());
}

Napi::Value PlatformProbe::DaveVoicePrivacyCode(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), DaveSessionArg(info, "PlatformProbe.daveVoicePrivacyCode").VoicePrivacyCode());
}

void PlatformProbe::DaveSetPassthroughMode(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveSetPassthroughMode";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  bool passthrough = ReadBool(ArgRef{info, 1, method, "passthrough"});
  auto expiry = static_cast<uint32_t>(ReadInt(ArgRef{info, 2, method, "expirySeconds"}, 0, 86400));
  session.SetPassthroughMode(passthrough, expiry);
}

// (session, frame, capacity?) -> Buffer | null; capacity defaults to frame + kDaveMaxFrameOverhead
Napi::Value PlatformProbe::DaveEncryptOpus(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveEncryptOpus";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  std::string frame = ReadProbeBytes(ArgRef{info, 1, method, "frame"});
  size_t capacity = frame.size() + kDaveMaxFrameOverhead;
  if (info.Length() > 2 && !IsNullish(info[2])) {
    capacity = static_cast<size_t>(ReadInt(ArgRef{info, 2, method, "capacity"}, 0, 65536));
  }
  std::vector<uint8_t> out(capacity + 1);
  const auto* bytes = reinterpret_cast<const uint8_t*>(frame.data());
  size_t written = session.EncryptOpus(bytes, frame.size(), out.data(), capacity);
  if (written == 0) return info.Env().Null();
  return Napi::Buffer<uint8_t>::Copy(info.Env(), out.data(), written);
}

// (session, senderUserId, frame, capacity?) -> Buffer | null; capacity defaults to the frame's size
Napi::Value PlatformProbe::DaveDecrypt(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.daveDecrypt";
  PlatformDaveSession& session = DaveSessionArg(info, method);
  uint64_t sender = ReadU64(ArgRef{info, 1, method, "senderUserId"});
  std::string frame = ReadProbeBytes(ArgRef{info, 2, method, "frame"});
  size_t capacity = frame.size();
  if (info.Length() > 3 && !IsNullish(info[3])) {
    capacity = static_cast<size_t>(ReadInt(ArgRef{info, 3, method, "capacity"}, 0, 65536));
  }
  std::vector<uint8_t> out(capacity + 1);
  const auto* bytes = reinterpret_cast<const uint8_t*>(frame.data());
  size_t written = session.Decrypt(sender, bytes, frame.size(), out.data(), capacity);
  if (written == 0) return info.Env().Null();
  return Napi::Buffer<uint8_t>::Copy(info.Env(), out.data(), written);
}

// (sender, receiver, senderUserId, frameBytes, iterations) -> {encryptMicros, decryptMicros,
// roundTrips}: each frame encrypted by `sender` and decrypted by `receiver`, timed in native code
// (no probe argument handling inside the loop), the way the core's send and receive paths call.
Napi::Value PlatformProbe::BenchDave(const Napi::CallbackInfo& info) {
  const char* method = "PlatformProbe.benchDave";
  PlatformDaveSession& sender = DaveSessionArg(info, method);
  ArgRef receiver_arg{info, 1, method, "receiver"};
  int32_t receiver_index = ReadInt(receiver_arg, 0, 1'000'000);
  if (static_cast<size_t>(receiver_index) >= dave_sessions_.size() || !dave_sessions_[receiver_index]) {
    ThrowRangeError(receiver_arg, "is not a live DAVE session of this probe");
  }
  PlatformDaveSession& receiver = *dave_sessions_[receiver_index];
  uint64_t sender_id = ReadU64(ArgRef{info, 2, method, "senderUserId"});
  auto frame_bytes = static_cast<size_t>(ReadInt(ArgRef{info, 3, method, "frameBytes"}, 1, 1400));
  int32_t iterations = ReadInt(ArgRef{info, 4, method, "iterations"}, 1, 10'000'000);
  std::vector<uint8_t> frame(frame_bytes), sealed(frame_bytes + kDaveMaxFrameOverhead), opened(frame_bytes);
  for (size_t i = 0; i < frame.size(); ++i) frame[i] = static_cast<uint8_t>(i * 13 + 5);

  using Clock = std::chrono::steady_clock;
  Clock::duration encrypting{}, decrypting{};
  int32_t round_trips = 0;
  for (int32_t i = 0; i < iterations; ++i) {
    frame[0] = static_cast<uint8_t>(i);
    auto start = Clock::now();
    size_t sealed_size = sender.EncryptOpus(frame.data(), frame.size(), sealed.data(), sealed.size());
    auto encrypted_at = Clock::now();
    size_t opened_size =
        sealed_size == 0 ? 0 : receiver.Decrypt(sender_id, sealed.data(), sealed_size, opened.data(), opened.size());
    decrypting += Clock::now() - encrypted_at;
    encrypting += encrypted_at - start;
    if (opened_size == frame.size() && opened == frame) ++round_trips;
  }
  auto micros = [iterations](Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count() / iterations;
  };
  Napi::Object result = Napi::Object::New(info.Env());
  result.Set("encryptMicros", micros(encrypting));
  result.Set("decryptMicros", micros(decrypting));
  result.Set("roundTrips", round_trips);
  return result;
}

}  // namespace sdkpp::napi
