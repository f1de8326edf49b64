#include "io/node_dave_session.h"

#include <cstring>

#include "util/args.h"

namespace sdkpp::napi {
namespace {

constexpr const char* kHostGone = "the platform host is gone (client disposed or environment torn down)";
constexpr size_t kMaxMessageBytes = 512;
// Bounds on what the host may answer outside the hot path (a key package is ~400 B, a Welcome
// ~1 KB per member).
constexpr size_t kMaxHandshakeBytes = 1 << 20;

// The bytes of a Uint8Array (Buffer) answer, copied; false for anything else or an absurd size.
bool ReadAnswerBytes(const Napi::Value& value, std::string& bytes) {
  if (value.IsEmpty() || !value.IsTypedArray()) return false;
  auto array = value.As<Napi::TypedArray>();
  if (array.TypedArrayType() != napi_uint8_array || array.ByteLength() > kMaxHandshakeBytes) return false;
  auto view = value.As<Napi::Uint8Array>();
  bytes.assign(reinterpret_cast<const char*>(view.Data()), view.ByteLength());
  return true;
}

std::string AnswerMessage(const char* what, const Napi::Value& answer) {
  std::string text = !answer.IsEmpty() && answer.IsString() ? answer.As<Napi::String>().Utf8Value() : "";
  if (text.size() > kMaxMessageBytes) text.resize(kMaxMessageBytes);
  if (text.empty()) text = "the platform host gave no answer";
  return std::string(what) + ": " + text;
}

}  // namespace

std::unique_ptr<NodeDaveSession> NodeDaveSession::Create(std::shared_ptr<DaveHost> host, uint32_t id,
                                                         uint16_t protocol_version, uint64_t user_id,
                                                         uint64_t channel_id, std::string& error) {
  if (!host->attached()) {
    error = kHostGone;
    return nullptr;
  }
  std::unique_ptr<NodeDaveSession> session(new NodeDaveSession(std::move(host), id));
  Napi::HandleScope scope(session->host_->env());
  if (!session->Expect("create session", HostMethod::daveCreateSession,
                       {session->Number(id), session->Number(protocol_version),
                        session->Decimal(user_id), session->Decimal(channel_id)},
                       error)) {
    return nullptr;  // the destructor's daveDestroySession is harmless for an id the host lacks
  }
  return session;
}

NodeDaveSession::~NodeDaveSession() {
  if (!host_->attached()) return;
  Napi::HandleScope scope(host_->env());
  host_->Invoke(HostMethod::daveDestroySession, {Number(id_)});
}

Napi::Number NodeDaveSession::Number(double value) const { return Napi::Number::New(host_->env(), value); }

Napi::String NodeDaveSession::Decimal(uint64_t value) const {
  return Napi::String::New(host_->env(), std::to_string(value));
}

Napi::Value NodeDaveSession::Bytes(const std::string& bytes) const {
  return Napi::Buffer<char>::Copy(host_->env(), bytes.data(), bytes.size());
}

bool NodeDaveSession::Expect(const char* what, HostMethod method, std::initializer_list<napi_value> args,
                             std::string& error) {
  Napi::Value answer = host_->Invoke(method, args);
  if (!answer.IsEmpty() && answer.IsBoolean() && answer.As<Napi::Boolean>().Value()) return true;
  error = host_->attached() ? AnswerMessage(what, answer) : std::string(what) + ": " + kHostGone;
  return false;
}

bool NodeDaveSession::Reinit(uint16_t protocol_version, uint64_t user_id, uint64_t channel_id,
                             std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::HandleScope scope(host_->env());
  slots_.clear();  // davey forgets its decryptors with the group; the host's table restarts too
  return Expect("reinit", HostMethod::daveReinit,
                {Number(id_), Number(protocol_version), Decimal(user_id), Decimal(channel_id)}, error);
}

void NodeDaveSession::Reset() {
  if (!host_->attached()) return;
  Napi::HandleScope scope(host_->env());
  host_->Invoke(HostMethod::daveReset, {Number(id_)});
}

bool NodeDaveSession::SetExternalSender(const std::string& external_sender, std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::HandleScope scope(host_->env());
  return Expect("set external sender", HostMethod::daveSetExternalSender,
                {Number(id_), Bytes(external_sender)}, error);
}

bool NodeDaveSession::CreateKeyPackage(std::string& key_package, std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::HandleScope scope(host_->env());
  Napi::Value answer = host_->Invoke(HostMethod::daveCreateKeyPackage, {Number(id_)});
  if (ReadAnswerBytes(answer, key_package) && !key_package.empty()) return true;
  error = AnswerMessage("create key package", answer);
  return false;
}

bool NodeDaveSession::ProcessProposals(DaveProposalsOperation operation, const std::string& payload,
                                       const std::vector<uint64_t>& recognized_user_ids,
                                       DaveCommitWelcome& out, std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::Env env = host_->env();
  Napi::HandleScope scope(env);
  Napi::Array user_ids = Napi::Array::New(env, recognized_user_ids.size());
  for (uint32_t i = 0; i < recognized_user_ids.size(); ++i) user_ids.Set(i, Decimal(recognized_user_ids[i]));
  Napi::Value answer =
      host_->Invoke(HostMethod::daveProcessProposals,
                    {Number(id_), Number(static_cast<uint8_t>(operation)), Bytes(payload), user_ids});
  out = {};
  if (answer.IsEmpty() || !answer.IsObject() || answer.IsTypedArray()) {
    error = AnswerMessage("process proposals", answer);
    return false;
  }
  auto result = answer.As<Napi::Object>();
  Napi::Value commit = result.Get("commit"), welcome = result.Get("welcome");
  bool commit_ok = IsNullish(commit) || ReadAnswerBytes(commit, out.commit);
  bool welcome_ok = IsNullish(welcome) || ReadAnswerBytes(welcome, out.welcome);
  if (!commit_ok || !welcome_ok || (out.commit.empty() && !out.welcome.empty())) {
    out = {};
    error = "process proposals: the platform host answered a malformed commit/welcome";
    return false;
  }
  return true;
}

bool NodeDaveSession::ProcessCommit(const std::string& commit, std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::HandleScope scope(host_->env());
  return Expect("process commit", HostMethod::daveProcessCommit, {Number(id_), Bytes(commit)}, error);
}

bool NodeDaveSession::ProcessWelcome(const std::string& welcome, std::string& error) {
  if (!host_->attached()) return error = kHostGone, false;
  Napi::HandleScope scope(host_->env());
  return Expect("process welcome", HostMethod::daveProcessWelcome, {Number(id_), Bytes(welcome)}, error);
}

bool NodeDaveSession::IsReady() {
  if (!host_->attached()) return false;
  Napi::HandleScope scope(host_->env());
  Napi::Value answer = host_->Invoke(HostMethod::daveIsReady, {Number(id_)});
  return !answer.IsEmpty() && answer.IsBoolean() && answer.As<Napi::Boolean>().Value();
}

std::string NodeDaveSession::VoicePrivacyCode() {
  if (!host_->attached()) return "";
  Napi::HandleScope scope(host_->env());
  Napi::Value answer = host_->Invoke(HostMethod::daveVoicePrivacyCode, {Number(id_)});
  if (answer.IsEmpty() || !answer.IsString()) return "";
  std::string code = answer.As<Napi::String>().Utf8Value();
  return code.size() <= 64 ? code : "";  // 30 digits (and davey's spaces, if any)
}

void NodeDaveSession::SetPassthroughMode(bool passthrough, uint32_t expiry_seconds) {
  if (!host_->attached()) return;
  Napi::Env env = host_->env();
  Napi::HandleScope scope(env);
  host_->Invoke(HostMethod::daveSetPassthroughMode,
                {Number(id_), Napi::Boolean::New(env, passthrough), Number(expiry_seconds)});
}

bool NodeDaveSession::SlotOf(uint64_t user_id, uint32_t& slot) {
  auto found = slots_.find(user_id);
  if (found != slots_.end()) {
    slot = found->second;
    return true;
  }
  if (slots_.size() >= kMaxUserSlots) slots_.clear();  // the host overwrites reused slots
  slot = static_cast<uint32_t>(slots_.size());
  Napi::Value answer = host_->Invoke(HostMethod::daveSetUserSlot, {Number(id_), Number(slot), Decimal(user_id)});
  if (answer.IsEmpty() || !answer.IsBoolean() || !answer.As<Napi::Boolean>().Value()) return false;
  slots_.emplace(user_id, slot);
  return true;
}

size_t NodeDaveSession::RunFrame(HostMethod method, std::initializer_list<napi_value> args,
                                 const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) {
  DaveScratch::Regions regions;
  if (!host_->Frames(regions)) return 0;
  std::memcpy(regions.input, frame, size);
  Napi::Value answer = host_->Invoke(method, args);
  if (answer.IsEmpty() || !answer.IsNumber()) return 0;
  double written = answer.As<Napi::Number>().DoubleValue();
  // Read the regions again: the host's call could have detached the buffer (it never should).
  if (!(written >= 1 && written <= static_cast<double>(capacity) &&
        written <= static_cast<double>(DaveScratch::kOutputBytes)) ||
      !host_->Frames(regions)) {
    return 0;
  }
  auto bytes = static_cast<size_t>(written);
  std::memcpy(out, regions.output, bytes);
  return bytes;
}

size_t NodeDaveSession::EncryptOpus(const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) {
  if (frame == nullptr || out == nullptr || size == 0 || size > DaveScratch::kInputBytes) return 0;
  if (!host_->attached()) return 0;
  Napi::HandleScope scope(host_->env());  // once per frame: no handle pile-up over a burst
  return RunFrame(HostMethod::daveEncryptOpus, {Number(id_), Number(static_cast<double>(size))}, frame,
                  size, out, capacity);
}

size_t NodeDaveSession::Decrypt(uint64_t sender_user_id, const uint8_t* frame, size_t size, uint8_t* out,
                                size_t capacity) {
  if (frame == nullptr || out == nullptr || size == 0 || size > DaveScratch::kInputBytes) return 0;
  if (!host_->attached()) return 0;
  Napi::HandleScope scope(host_->env());
  uint32_t slot = 0;
  if (!SlotOf(sender_user_id, slot)) return 0;
  return RunFrame(HostMethod::daveDecrypt, {Number(id_), Number(slot), Number(static_cast<double>(size))},
                  frame, size, out, capacity);
}

}  // namespace sdkpp::napi
