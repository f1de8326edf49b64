#include "io/node_platform.h"

#include <chrono>
#include <cstring>
#include <iterator>

#include "callbacks/addon_data.h"
#include "callbacks/callback_pump.h"
#include "io/node_dave_session.h"

namespace sdkpp::napi {

NodePlatform::NodePlatform(Napi::Object host)
    : host_(Napi::Weak(host)),
      clock_cell_(host.Env()),
      wake_(host.Env(), [this](Napi::Env env) { DeliverWake(env); }) {
  // A host without the method (a test's) stamps nothing: NowMs then always asks its now().
  Invoke(HostMethod::useClockCell, {clock_cell_.View(host.Env())});
}

NodePlatform::~NodePlatform() {
  if (dave_host_) dave_host_->Cut();
}

void NodePlatform::Detach() {
  detached_ = true;
  connection_hold_.Release();
  if (dave_host_) dave_host_->Cut();
  logger_ = nullptr;
  wake_.Close();
}

Napi::Number NodePlatform::Id(PlatformId id) {
  // Ids are counters far below 2^53: exact as JS numbers.
  return Napi::Number::New(host_.Env(), static_cast<double>(id));
}

namespace {

// The host method's name as a property key, made once per environment. A name passed as a C
// string is a new JS string that V8 looks up in its string table on every call: a third of the
// time of a `now` call in a profile of the gateway's message path. The keys come back from an
// object's own property names, so they are the table's strings already; the one-time check
// keeps the plain names in use should an engine ever order them differently.
napi_value HostMethodKey(Napi::Env env, HostMethod method) {
  const char* name = HostMethodName(method);
  auto& keys = AddonData::Of(env).host_method_keys;
  if (keys.IsEmpty()) {
    Napi::Object names = Napi::Object::New(env);
    for (const char* each : kHostMethodNames) names.Set(each, true);
    Napi::Array listed = names.GetPropertyNames();
    constexpr uint32_t kCount = std::size(kHostMethodNames);
    bool same = listed.Length() == kCount;
    for (uint32_t i = 0; same && i < kCount; ++i) {
      same = listed.Get(i).As<Napi::String>().Utf8Value() == kHostMethodNames[i];
    }
    if (!same) return Napi::String::New(env, name);
    keys = Napi::Persistent(listed);
  }
  return keys.Value().Get(static_cast<uint32_t>(method));
}

}  // namespace

Napi::Value NodePlatform::Invoke(HostMethod host_method, std::initializer_list<napi_value> args) {
  const char* method = HostMethodName(host_method);
  Napi::Env env = host_.Env();
  if (detached_ || host_.IsEmpty()) return env.Undefined();
  ForgetEventTime(env);  // the host's JS runs now
  try {
    Napi::Object host = host_.Value();
    if (host.IsEmpty()) return env.Undefined();  // collected
    Napi::Value fn = host.Get(HostMethodKey(env, host_method));
    if (!fn.IsFunction()) {
      if (logger_) logger_->Log(LoggingSeverity::Error, std::string("platform host has no ") + method);
      return env.Undefined();
    }
    ++host_calls_;
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{host_calls_};
    return fn.As<Napi::Function>().Call(host, args);
  } catch (const Napi::Error& error) {
    if (logger_) {
      logger_->Log(LoggingSeverity::Error,
                   std::string("platform host ") + method + " threw: " + error.Message());
    }
    return env.Undefined();
  }
}

uint64_t NodePlatform::NowMs() {
  if (auto stamped = EventTime(host_.Env(), this)) return *stamped;
  Napi::Value now = Invoke(HostMethod::now, {});
  if (now.IsNumber()) {
    if (auto ms = HostTimeMs(now.As<Napi::Number>().DoubleValue())) return *ms;
  }
  using namespace std::chrono;
  return static_cast<uint64_t>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

void NodePlatform::StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::startTimer, {Id(timer), Napi::Number::New(env, static_cast<double>(delay_ms)),
                        Napi::Boolean::New(env, keep_alive)});
}

void NodePlatform::CancelTimer(PlatformId timer) { Invoke(HostMethod::cancelTimer, {Id(timer)}); }

void NodePlatform::HoldEventLoop(bool hold) {
  if (!hold) {
    connection_hold_.Release();
  } else if (!connection_hold_.held() && !detached_) {
    connection_hold_ = EventLoopHold::Acquire(host_.Env());
  }
}

void NodePlatform::SendHttp(PlatformId request, const PlatformHttpRequest& http) {
  Napi::Env env = host_.Env();
  Napi::Array headers = Napi::Array::New(env, http.headers.size() * 2);
  uint32_t i = 0;
  for (const auto& header : http.headers) {
    headers.Set(i++, header.name);
    headers.Set(i++, header.value);
  }
  Invoke(HostMethod::sendHttp, {Id(request), Napi::String::New(env, http.method),
                      Napi::String::New(env, http.url), headers, Napi::String::New(env, http.body)});
}

void NodePlatform::CancelHttp(PlatformId request) { Invoke(HostMethod::cancelHttp, {Id(request)}); }

void NodePlatform::OpenIpc(PlatformId stream) { Invoke(HostMethod::openIpc, {Id(stream)}); }

void NodePlatform::WriteIpc(PlatformId stream, std::string bytes) {
  Invoke(HostMethod::writeIpc, {Id(stream), Napi::Buffer<char>::Copy(host_.Env(), bytes.data(), bytes.size())});
}

void NodePlatform::CloseIpc(PlatformId stream) { Invoke(HostMethod::closeIpc, {Id(stream)}); }

void NodePlatform::OpenWebSocket(PlatformId socket, const std::string& url) {
  Invoke(HostMethod::openWebSocket, {Id(socket), Napi::String::New(host_.Env(), url)});
}

void NodePlatform::SendWebSocket(PlatformId socket, std::string text) {
  Invoke(HostMethod::sendWebSocket, {Id(socket), Napi::String::New(host_.Env(), text)});
}

void NodePlatform::CloseWebSocket(PlatformId socket, int32_t code, const std::string& reason) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::closeWebSocket, {Id(socket), Napi::Number::New(env, code), Napi::String::New(env, reason)});
}

void NodePlatform::StartLoopbackListener(PlatformId listener) {
  Invoke(HostMethod::startLoopback, {Id(listener)});
}

void NodePlatform::RespondLoopback(PlatformId listener, PlatformId request, int32_t status,
                                   const std::string& html) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::respondLoopback, {Id(listener), Id(request), Napi::Number::New(env, status),
                             Napi::String::New(env, html)});
}

void NodePlatform::StopLoopbackListener(PlatformId listener) {
  Invoke(HostMethod::stopLoopback, {Id(listener)});
}

bool NodePlatform::OpenUrl(const std::string& url) {
  Napi::Value opened = Invoke(HostMethod::openUrl, {Napi::String::New(host_.Env(), url)});
  return opened.IsBoolean() && opened.As<Napi::Boolean>().Value();
}

// --- voice

void NodePlatform::SendWebSocketBinary(PlatformId socket, std::string bytes) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::sendWebSocketBinary,
         {Id(socket), Napi::Buffer<char>::Copy(env, bytes.data(), bytes.size())});
}

void NodePlatform::OpenUdp(PlatformId socket, const std::string& host, uint16_t port) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::openUdp, {Id(socket), Napi::String::New(env, host), Napi::Number::New(env, port)});
}

void NodePlatform::SendUdp(PlatformId socket, const uint8_t* data, size_t size) {
  // Larger than a datagram of the voice transport: the host would drop it too.
  if (size > limits::kMaxVoiceDatagramBytes || (data == nullptr && size != 0)) return;
  Napi::Env env = host_.Env();
  Napi::HandleScope scope(env);  // the core sends a burst per wake: no handle pile-up
  // Copied: the core reuses its packet buffer as soon as this returns, and dgram sends later.
  Invoke(HostMethod::sendUdp, {Id(socket), Napi::Buffer<uint8_t>::Copy(env, data, size)});
}

void NodePlatform::CloseUdp(PlatformId socket) { Invoke(HostMethod::closeUdp, {Id(socket)}); }

Napi::Number NodePlatform::Count(size_t count) {
  return Napi::Number::New(host_.Env(), static_cast<double>(count));
}

bool NodePlatform::AeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                            size_t nonce_size, const uint8_t* aad, size_t aad_size,
                            const uint8_t* plaintext, size_t size, uint8_t* out) {
  const size_t out_size = size + AeadScratch::kTagBytes;
  Napi::HandleScope scope(host_.Env());  // the core seals a burst per wake: no handle pile-up
  if (!StageAead(key, nonce, nonce_size, aad, aad_size, plaintext, size, out, out_size)) return false;
  Napi::Value answer = Invoke(HostMethod::aeadSeal, {Count(static_cast<size_t>(algorithm)), Count(nonce_size),
                                                     Count(aad_size), Count(size)});
  return FinishAead(answer, out, out_size);
}

bool NodePlatform::AeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                            size_t nonce_size, const uint8_t* aad, size_t aad_size,
                            const uint8_t* ciphertext, size_t size, uint8_t* out) {
  if (size < AeadScratch::kTagBytes) return false;
  const size_t out_size = size - AeadScratch::kTagBytes;
  Napi::HandleScope scope(host_.Env());
  if (!StageAead(key, nonce, nonce_size, aad, aad_size, ciphertext, size, out, out_size)) return false;
  Napi::Value answer = Invoke(HostMethod::aeadOpen, {Count(static_cast<size_t>(algorithm)), Count(nonce_size),
                                                     Count(aad_size), Count(size)});
  return FinishAead(answer, out, out_size);
}

bool NodePlatform::StageAead(const uint8_t* key, const uint8_t* nonce, size_t nonce_size,
                             const uint8_t* aad, size_t aad_size, const uint8_t* in, size_t in_size,
                             const uint8_t* out, size_t out_size) {
  using Scratch = AeadScratch;
  if (detached_ || host_.IsEmpty()) return false;
  if (key == nullptr || nonce == nullptr || out == nullptr || (aad == nullptr && aad_size != 0) ||
      (in == nullptr && in_size != 0)) {
    return false;
  }
  if (nonce_size > Scratch::kNonceBytes || aad_size > Scratch::kAadBytes ||
      in_size > Scratch::kInputBytes || out_size > Scratch::kOutputBytes) {
    return false;
  }
  if (!aead_scratch_) {
    Napi::Env env = host_.Env();
    aead_scratch_ = std::make_unique<Scratch>(env);
    Invoke(HostMethod::useAeadScratch, {aead_scratch_->Views(env)});
  }
  Scratch::Regions regions;
  if (!aead_scratch_->Get(regions)) return false;
  std::memcpy(regions.key, key, Scratch::kKeyBytes);
  std::memcpy(regions.nonce, nonce, nonce_size);
  if (aad_size != 0) std::memcpy(regions.aad, aad, aad_size);
  if (in_size != 0) std::memcpy(regions.input, in, in_size);
  return true;
}

bool NodePlatform::FinishAead(const Napi::Value& answer, uint8_t* out, size_t out_size) {
  // Anything but `true` (false, undefined from a throwing host) is a failure.
  bool done = answer.IsBoolean() && answer.As<Napi::Boolean>().Value();
  AeadScratch::Regions regions;
  // Read again: the host's call could have detached the buffer (it never should).
  bool readable = aead_scratch_->Get(regions);
  if (done && readable && out_size != 0) std::memcpy(out, regions.output, out_size);
  // The key does not stay in JS-reachable memory between packets.
  if (readable) std::memset(regions.key, 0, AeadScratch::kKeyBytes);
  return done && readable;
}

// --- DAVE

uint16_t NodePlatform::DaveMaxProtocolVersion() {
  Napi::HandleScope scope(host_.Env());
  Napi::Value answer = Invoke(HostMethod::daveMaxProtocolVersion, {});
  double version = answer.IsNumber() ? answer.As<Napi::Number>().DoubleValue() : 0;
  if (version >= 1 && version <= 255 && version == static_cast<uint16_t>(version)) {
    return static_cast<uint16_t>(version);
  }
  if (!dave_reason_logged_ && logger_ != nullptr) {
    dave_reason_logged_ = true;
    logger_->Log(LoggingSeverity::Warning,
                 "DAVE (end-to-end encryption of calls) is unavailable: " + DaveUnavailableReason() +
                     "; calls identify with DAVE version 0 and a service that requires it refuses them (4017)");
  }
  return 0;
}

std::string NodePlatform::DaveUnavailableReason() {
  Napi::Value reason = Invoke(HostMethod::daveUnavailableReason, {});
  std::string text = reason.IsString() ? reason.As<Napi::String>().Utf8Value() : "";
  if (text.size() > 512) text.resize(512);
  return text.empty() ? "the platform host does not say why" : text;
}

std::unique_ptr<PlatformDaveSession> NodePlatform::CreateDaveSession(uint16_t protocol_version,
                                                                     uint64_t user_id,
                                                                     uint64_t channel_id,
                                                                     std::string& error) {
  if (detached_ || host_.IsEmpty()) {
    error = "the platform host is gone";
    return nullptr;
  }
  Napi::HandleScope scope(host_.Env());
  uint16_t max_version = DaveMaxProtocolVersion();
  if (max_version == 0) {
    error = "DAVE is unavailable: " + DaveUnavailableReason();
    return nullptr;
  }
  if (protocol_version == 0 || protocol_version > max_version) {
    error = "DAVE protocol version " + std::to_string(protocol_version) + " is not in 1.." +
            std::to_string(max_version);
    return nullptr;
  }
  if (!dave_host_) dave_host_ = std::make_shared<DaveHost>(*this);
  return NodeDaveSession::Create(dave_host_, next_dave_session_++, protocol_version, user_id,
                                 channel_id, error);
}

// On the JS thread (WakeSignal's call), never inside a Platform method: the contract's "later".
void NodePlatform::DeliverWake(Napi::Env env) {
  if (detached_ || events_ == nullptr) return;
  Napi::HandleScope scope(env);
  events_->OnWake();
  // What the wake queued (audio callbacks, results) runs now rather than a turn later.
  if (auto& pump = AddonData::Of(env).pump) pump->RunNow(env);
}

}  // namespace sdkpp::napi
