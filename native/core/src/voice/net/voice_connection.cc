// One call's voice connection (docs/protocols/voice-gateway.md), on the JS thread: the
// signalling half (voice_signalling.h: the gateway socket, heartbeats, resume, DAVE's messages)
// and the media half (voice_media.h: the UDP path and the packets on it) joined here, with the
// DAVE session they share and the listener. It never decides to rejoin or give up a call: it
// classifies a loss and reports it once (OnConnectionLost).
//
// Listener calls may re-enter (Close, Resume, Connect) or even destroy this object, so every
// listener call is either the last thing a path does or followed by an `alive` check.
#include "voice/net/voice_connection.h"

#include <memory>
#include <string>

#include "voice/audio/audio_format.h"
#include "voice/dave/dave_controller.h"
#include "voice/net/voice_close_codes.h"
#include "voice/net/voice_media.h"
#include "voice/net/voice_signalling.h"

namespace sdkpp::voice {
namespace {

// Both spellings reserve their whole length first: a buffer that grew would leave the first part
// of the key's text in the memory it freed, never wiped.
std::string KeyAsJsonArray(const SecretKey& key) {
  std::string text;
  text.reserve(2 + key.bytes.size() * 4);  // "[" + "255," per byte + "]"
  text += '[';
  for (size_t i = 0; i < key.bytes.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(key.bytes[i]);
  }
  text += ']';
  return text;
}

std::string KeyAsHex(const SecretKey& key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(key.bytes.size() * 2);
  for (uint8_t byte : key.bytes) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 0x0F];
  }
  return text;
}

class VoiceConnectionImpl final : public VoiceConnection,
                                  private VoiceSignallingEvents,
                                  private VoiceMediaEvents,
                                  private DaveOutbox {
 public:
  VoiceConnectionImpl(const FeatureContext& context, VoiceConnectionListener& listener)
      : platform_(context.platform), logger_(context.logger), listener_(listener),
        dave_(platform_, logger_, *this, stats_), signalling_(context, dave_, stats_, *this),
        media_(context, dave_, stats_, *this) {}

  ~VoiceConnectionImpl() override {
    *alive_ = false;
    Shutdown();
  }

  // --- VoiceConnection
  void Connect(const VoiceJoinInfo& info) override;
  void Resume() override;
  void Close() override;
  void SetSpeaking(bool speaking) override {
    if (!closed_) signalling_.SetSpeaking(speaking);
  }
  void SendOpus(uint32_t audio_timestamp, const uint8_t* opus, size_t size) override;
  bool IsMediaReady() const override { return !closed_ && media_.ready(); }
  const char* Mode() const override { return media_.Mode(); }
  const VoiceConnectionStats& Stats() const override { return stats_; }
  VoiceEncryption Encryption() const override { return {dave_.protocol_version(), dave_.privacy_code()}; }

 private:
  // --- VoiceSignallingEvents
  void OnGatewayReady(const ReadyMessage& ready) override;
  void OnGatewayResumed() override;
  void OnSessionDescription(const SessionDescriptionMessage& description) override;
  void OnSpeaking(const SpeakingMessage& speaking) override;
  void OnClientsConnect(const ClientsConnectMessage& message) override;
  void OnClientDisconnect(const ClientDisconnectMessage& message) override;
  void OnGatewayLost(VoiceLoss loss, int32_t code, const std::string& detail) override { Lose(loss, code, detail); }

  // --- VoiceMediaEvents
  void OnDiscovered(const DiscoveredAddress& address, TransportMode mode) override {
    signalling_.SelectProtocol(address.address, address.port, mode);
  }
  void OnMediaLost(VoiceLoss loss, const std::string& detail) override;
  void OnMediaSilent(const std::string& detail) override;
  void OnOpusReceived(uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp, const uint8_t* opus,
                      size_t size) override {
    listener_.OnOpusReceived(user_id, sequence, rtp_timestamp, opus, size);
  }

  // --- DaveOutbox
  void SendDaveJson(std::string frame) override { signalling_.Send(std::move(frame)); }
  void SendDaveBinary(std::string frame) override { signalling_.SendBinary(std::move(frame)); }
  void DaveUnavailable(const std::string& reason) override { listener_.OnDaveUnavailable(reason); }
  void DaveStateChanged() override {
    if (!closed_) listener_.OnEncryptionChanged();
  }

  // The caller's site: the kind of line for the log's bound (logging/line_rate_limit.h).
  void Log(LoggingSeverity severity, const std::string& message,
           std::source_location site = std::source_location::current()) {
    logger_.Log(severity, "voice: " + message, site);
  }

  // Ends the connection for `loss`: sockets closed (UDP kept only for a resumable loss while it
  // still receives), the key wiped unless UDP is kept, then the listener told. The caller must
  // return right after: the listener may have destroyed this object.
  void Lose(VoiceLoss loss, int32_t code, const std::string& detail);
  void Shutdown();

  Platform& platform_;
  logging::Logger& logger_;
  // The token and the key's spellings: forgotten (wiped) with the connection.
  logging::SecretScope log_secrets_{logger_.redactor()};
  VoiceConnectionListener& listener_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  bool closed_ = false;

  VoiceConnectionStats stats_;
  // Declared after stats_, which they count into, and in this order: the halves hand DAVE's
  // messages and frames to dave_.
  DaveController dave_;
  VoiceSignalling signalling_;
  VoiceMedia media_;
};

// ------------------------------------------------------------------------------------------
// Lifecycle

void VoiceConnectionImpl::Connect(const VoiceJoinInfo& info) {
  if (closed_) return;
  // A new session from scratch (also the full rejoin): nothing of the old one survives.
  signalling_.Stop(kVoiceCloseNormal, "rejoining");
  media_.Stop();
  media_.ForgetUsers();
  log_secrets_.Remember(info.token);
  // A new voice session starts a new DAVE group (a resume keeps it).
  dave_.Begin(info.user_id, info.channel_id);
  signalling_.Identify(info);
}

void VoiceConnectionImpl::Resume() {
  if (closed_ || !signalling_.has_info()) return;
  signalling_.Stop(kVoiceCloseGivenUp, "resuming");
  if (!signalling_.identified()) {
    // No session to resume yet: start it.
    media_.Stop();
    dave_.Begin(signalling_.info().user_id, signalling_.info().channel_id);
    signalling_.Reidentify();
    return;
  }
  // Keep the UDP path only when it is complete and still hears the server.
  if (!media_.ready() || !media_.StillReceives()) media_.Stop();
  signalling_.Resume();
}

void VoiceConnectionImpl::Close() {
  if (closed_) return;
  Log(LoggingSeverity::Info, "closed");
  Shutdown();
}

void VoiceConnectionImpl::Shutdown() {
  closed_ = true;
  signalling_.Stop(kVoiceCloseNormal, "call ended");
  media_.Stop();
  media_.ForgetUsers();
  dave_.End();
}

void VoiceConnectionImpl::Lose(VoiceLoss loss, int32_t code, const std::string& detail) {
  if (closed_) return;
  std::string line = std::string("connection lost (") + VoiceLossName(loss);
  if (code != 0) line += ", close code " + std::to_string(code);
  Log(loss == VoiceLoss::Resumable ? LoggingSeverity::Warning : LoggingSeverity::Error, line + "): " + detail);
  const bool keep_udp = loss == VoiceLoss::Resumable && media_.ready() && media_.StillReceives();
  signalling_.Drop();
  if (!keep_udp) media_.Stop();
  listener_.OnConnectionLost(loss, code, detail);
}

// ------------------------------------------------------------------------------------------
// The session, as the gateway tells it

void VoiceConnectionImpl::OnGatewayReady(const ReadyMessage& ready) {
  media_.Prepare(ready);
  Log(LoggingSeverity::Info, "Ready (ssrc " + std::to_string(ready.ssrc) + ", media at " + ready.ip + ":" +
                                 std::to_string(ready.port) + ")");
  auto alive = alive_;
  listener_.OnSignalingReady();
  if (!*alive || closed_ || !signalling_.ready()) return;
  signalling_.AnnounceSpeaking();
  if (!media_.has_mode()) {
    std::string offered;
    for (const auto& mode : ready.modes) offered += (offered.empty() ? "" : ", ") + mode;
    Lose(VoiceLoss::MediaFailed, 0, "no common encryption mode (offered: " + (offered.empty() ? "none" : offered) + ")");
    return;
  }
  media_.Start();
}

void VoiceConnectionImpl::OnGatewayResumed() {
  Log(LoggingSeverity::Info, std::string("resumed") + (media_.ready() ? "" : "; redoing IP discovery"));
  signalling_.AnnounceSpeaking();
  auto alive = alive_;
  listener_.OnResumed();
  if (!*alive || closed_ || !signalling_.ready()) return;
  if (media_.idle()) media_.Start();
}

void VoiceConnectionImpl::OnSessionDescription(const SessionDescriptionMessage& description) {
  if (!media_.awaits_key()) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Session Description that answers no Select Protocol");
    return;
  }
  if (!description.mode) {
    Lose(VoiceLoss::MediaFailed, 0, "Session Description with an encryption mode sdkpp does not know");
    return;
  }
  // The key must never reach a log, in any spelling a log line could carry it.
  std::string as_json = KeyAsJsonArray(description.key);
  std::string as_hex = KeyAsHex(description.key);
  log_secrets_.Remember(as_json);
  log_secrets_.Remember(as_hex);
  WipeSecret(as_json.data(), as_json.size());
  WipeSecret(as_hex.data(), as_hex.size());
  const bool first = media_.Secure(*description.mode, description.key);
  signalling_.MarkMediaConnected();
  dave_.OnSessionDescription(description.dave_protocol_version);
  if (!first) {
    Log(LoggingSeverity::Info, "new session key");
    return;
  }
  Log(LoggingSeverity::Info, std::string("media ready (") + ModeName(*description.mode) + ")");
  listener_.OnMediaReady();
}

void VoiceConnectionImpl::OnSpeaking(const SpeakingMessage& speaking) {
  if (signalling_.IsOwnSsrc(speaking.ssrc)) return;  // our own, echoed
  if (!media_.MapSsrc(speaking.ssrc, speaking.user_id)) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Speaking: already " + std::to_string(VoiceMedia::kMaxKnownSsrcs) + " SSRCs known");
    return;
  }
  listener_.OnUserSpeaking(speaking.user_id, speaking.ssrc, speaking.flags);
}

void VoiceConnectionImpl::OnClientsConnect(const ClientsConnectMessage& message) {
  if (message.user_ids.empty()) return;
  dave_.OnUsersConnected(message.user_ids);
  listener_.OnUsersConnected(message.user_ids);
}

void VoiceConnectionImpl::OnClientDisconnect(const ClientDisconnectMessage& message) {
  media_.ForgetUser(message.user_id);
  dave_.OnUserDisconnected(message.user_id);
  listener_.OnUserDisconnected(message.user_id);
}

// ------------------------------------------------------------------------------------------
// The media path, as the UDP socket tells it

void VoiceConnectionImpl::OnMediaLost(VoiceLoss loss, const std::string& detail) {
  if (!signalling_.ready()) {
    // The gateway is resuming: the Resumed that follows starts the media path again.
    media_.Stop();
    return;
  }
  Lose(loss, 0, detail);
}

void VoiceConnectionImpl::OnMediaSilent(const std::string& detail) {
  if (signalling_.ready()) {
    Lose(VoiceLoss::Resumable, 0, detail);
    return;
  }
  // The gateway is already down or resuming: drop the dead path so the resume rediscovers.
  Log(LoggingSeverity::Warning, "UDP silent while the gateway resumes; will redo IP discovery");
  media_.Stop();
}

void VoiceConnectionImpl::SendOpus(uint32_t audio_timestamp, const uint8_t* opus, size_t size) {
  if (closed_ || !media_.can_send()) return;
  if (opus == nullptr || size == 0 || size > kMaxOpusPacketBytes) {
    Log(LoggingSeverity::Warning, "refused to send an Opus frame of " + std::to_string(size) + " bytes");
    return;
  }
  signalling_.AnnounceBeforeMedia();
  media_.Send(audio_timestamp, opus, size);
}

}  // namespace

std::unique_ptr<VoiceConnection> CreateVoiceConnection(const FeatureContext& context,
                                                       VoiceConnectionListener& listener) {
  return std::make_unique<VoiceConnectionImpl>(context, listener);
}

}  // namespace sdkpp::voice
