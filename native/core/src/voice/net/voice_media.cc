#include "voice/net/voice_media.h"

#include <algorithm>
#include <iterator>

#include "crypto/secure_random.h"
#include "voice/audio/audio_format.h"

namespace sdkpp::voice {
namespace {

constexpr int kDiscoveryTries = 3;
constexpr uint64_t kDiscoveryRetryMs = 1000;
constexpr uint64_t kKeepAliveMs = 5000;
constexpr uint64_t kUdpSilenceMs = 5000;
// Keep-alives go out every 5 s, so with nobody talking the echoes are 5 s apart too: silence
// counts only once the latest keep-alive had this long to be echoed.
constexpr uint64_t kEchoGraceMs = 1000;

}  // namespace

VoiceMedia::VoiceMedia(const FeatureContext& context, DaveController& dave, VoiceConnectionStats& stats,
                       VoiceMediaEvents& events)
    : context_(context), dave_(dave), stats_(stats), events_(events) {}

void VoiceMedia::Log(LoggingSeverity severity, const std::string& message, std::source_location site) {
  context_.logger.Log(severity, "voice: " + message, site);
}

void VoiceMedia::SetState(State next) {
  if (next != State::Discovering) context_.scheduler.Cancel(discovery_timer_);
  if (next == State::None) {
    context_.scheduler.Cancel(keepalive_timer_);
    context_.scheduler.Cancel(watchdog_timer_);
    if (udp_ != 0) {  // 0 when the socket closed by itself (OnUdpClosed)
      context_.sockets.Remove(udp_);
      context_.platform.CloseUdp(udp_);
      udp_ = 0;
    }
    cipher_.reset();  // its destructor wipes the key
    echoes_seen_ = false;
  }
  state_ = next;
}

void VoiceMedia::Prepare(const ReadyMessage& ready) {
  ssrc_ = ready.ssrc;
  server_ip_ = ready.ip;
  server_port_ = ready.port;
  chosen_mode_ = ChooseMode(ready.modes);
  std::array<uint8_t, 6> random{};
  if (!crypto::FillSecureRandom(random)) {
    // The RTP start values only need to be unpredictable to a passive observer; they are no
    // secret. The clock is the fallback when the OS refuses random bytes.
    const uint64_t now = context_.platform.NowMs();
    for (size_t i = 0; i < random.size(); ++i) random[i] = static_cast<uint8_t>(now >> (8 * i));
  }
  rtp_clock_.emplace(static_cast<uint16_t>(random[0] << 8 | random[1]),
                     uint32_t{random[2]} << 24 | uint32_t{random[3]} << 16 | uint32_t{random[4]} << 8 | random[5]);
}

void VoiceMedia::Start() {
  Stop();
  udp_ = context_.ids.Next();
  context_.sockets.Add(udp_, *this);
  SetState(State::Opening);
  context_.platform.OpenUdp(udp_, server_ip_, server_port_);
}

void VoiceMedia::Stop() { SetState(State::None); }

bool VoiceMedia::Secure(TransportMode mode, const SecretKey& key) {
  cipher_ = std::make_unique<TransportCipher>(context_.platform, mode, key);
  const bool first = state_ != State::Ready;
  SetState(State::Ready);
  return first;
}

void VoiceMedia::OnUdpOpen(PlatformId socket, uint16_t) {
  if (socket != udp_ || state_ != State::Opening) return;
  SetState(State::Discovering);
  discovery_tries_ = 0;
  SendDiscovery();
}

void VoiceMedia::SendDiscovery() {
  if (discovery_tries_ >= kDiscoveryTries) {
    events_.OnMediaLost(VoiceLoss::MediaFailed,
                        "no IP discovery answer after " + std::to_string(kDiscoveryTries) + " tries");
    return;
  }
  ++discovery_tries_;
  const auto request = DiscoveryRequest(ssrc_);
  context_.platform.SendUdp(udp_, request.data(), request.size());
  discovery_timer_ = context_.scheduler.After(kDiscoveryRetryMs, [this] {
    discovery_timer_ = 0;
    SendDiscovery();
  });
}

void VoiceMedia::HandleDiscovered(const DiscoveredAddress& address) {
  SetState(State::Selecting);
  // Sends Select Protocol: the gateway's, so no listener is told and this object stays.
  events_.OnDiscovered(address, *chosen_mode_);
  // The server now knows our address: keep the NAT binding open, and learn whether it echoes.
  SendKeepAlive();
}

void VoiceMedia::SendKeepAlive() {
  if (udp_ == 0) return;
  const auto keep_alive = KeepAlive(keepalive_counter_++);
  context_.platform.SendUdp(udp_, keep_alive.data(), keep_alive.size());
  last_keepalive_sent_ms_ = context_.platform.NowMs();
  keepalive_timer_ = context_.scheduler.After(kKeepAliveMs, [this] {
    keepalive_timer_ = 0;
    SendKeepAlive();
  }, false);
}

bool VoiceMedia::StillReceives() const {
  // A server that never echoed keep-alives gives no evidence either way: assume the path works.
  return !echoes_seen_ || context_.platform.NowMs() - last_udp_receive_ms_ < kUdpSilenceMs + kEchoGraceMs;
}

void VoiceMedia::ArmWatchdog(uint64_t delay_ms) {
  context_.scheduler.Cancel(watchdog_timer_);
  watchdog_timer_ = context_.scheduler.After(delay_ms, [this] {
    watchdog_timer_ = 0;
    CheckWatchdog();
  }, false);
}

void VoiceMedia::CheckWatchdog() {
  const uint64_t now = context_.platform.NowMs();
  const uint64_t silent_ms = now - last_udp_receive_ms_;
  const uint64_t probe_age_ms = now - last_keepalive_sent_ms_;
  if (silent_ms < kUdpSilenceMs || probe_age_ms < kEchoGraceMs) {
    ArmWatchdog(std::max(silent_ms < kUdpSilenceMs ? kUdpSilenceMs - silent_ms : 0,
                         probe_age_ms < kEchoGraceMs ? kEchoGraceMs - probe_age_ms : 0));
    return;
  }
  events_.OnMediaSilent("UDP silent for " + std::to_string(kUdpSilenceMs / 1000) + " s");
}

bool VoiceMedia::MapSsrc(uint32_t ssrc, uint64_t user_id) {
  // One SSRC per user: a user who came back with a new SSRC loses the old one.
  for (auto it = users_by_ssrc_.begin(); it != users_by_ssrc_.end();) {
    it = (it->second == user_id && it->first != ssrc) ? users_by_ssrc_.erase(it) : std::next(it);
  }
  if (!users_by_ssrc_.contains(ssrc) && users_by_ssrc_.size() >= kMaxKnownSsrcs) return false;
  users_by_ssrc_[ssrc] = user_id;
  return true;
}

void VoiceMedia::ForgetUser(uint64_t user_id) {
  std::erase_if(users_by_ssrc_, [&](const auto& entry) { return entry.second == user_id; });
}

void VoiceMedia::OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size, const std::string& host,
                              uint16_t port) {
  if (socket != udp_) return;
  if (host != server_ip_ || port != server_port_) {
    ++stats_.foreign_source;
    return;
  }
  // Anything from the server's address proves the path alive, even a packet we then refuse.
  last_udp_receive_ms_ = context_.platform.NowMs();
  if (data == nullptr || size == 0 || size > kMaxDatagramBytes) {
    ++stats_.malformed_packets;
    return;
  }
  if (state_ == State::Discovering) {
    if (auto address = ParseDiscoveryResponse(data, size, ssrc_)) {
      HandleDiscovered(*address);
    } else {
      ++stats_.malformed_packets;
    }
    return;
  }
  if (size == kKeepAliveBytes) {
    if (!echoes_seen_) {
      echoes_seen_ = true;
      ArmWatchdog(kUdpSilenceMs);
    }
    return;
  }
  if (size == kDiscoveryBytes && data[0] == 0 && data[1] == 2) return;  // a late discovery answer
  Receive(data, size);
}

void VoiceMedia::Receive(const uint8_t* data, size_t size) {
  auto view = ParseRtpHeader(data, size);
  if (!view) {
    ++stats_.malformed_packets;
    return;
  }
  auto user = users_by_ssrc_.find(view->header.ssrc);
  if (user == users_by_ssrc_.end()) {
    ++stats_.unknown_ssrc;
    return;
  }
  if (!cipher_) {
    ++stats_.decrypt_failures;  // no key yet (or any more): it cannot be opened
    return;
  }
  auto plaintext = cipher_->Open(data, size, view->aad_bytes, receive_buffer_.data(), receive_buffer_.size());
  if (!plaintext) {
    ++stats_.decrypt_failures;
    return;
  }
  auto payload = RtpPayload(*view, receive_buffer_.data(), *plaintext);
  if (!payload || payload->size() > kDaveMaxFrameBytes) {
    ++stats_.malformed_packets;
    return;
  }
  ++stats_.packets_received;
  stats_.bytes_received += size;
  if (payload->empty()) return;  // padding only: nothing to play
  // End-to-end encryption comes off after the transport's (a failure is counted and the frame
  // dropped: the jitter buffer conceals it).
  auto opus = dave_.Incoming(user->second, payload->data(), payload->size());
  if (!opus) return;
  if (opus->size == 0 || opus->size > kMaxOpusPacketBytes) {
    ++stats_.malformed_packets;
    return;
  }
  events_.OnOpusReceived(user->second, view->header.sequence, view->header.timestamp, opus->data, opus->size);
}

void VoiceMedia::OnUdpClosed(PlatformId socket, const std::string& reason) {
  if (socket != udp_) return;
  // Already closed: the stop that follows has no socket to close.
  context_.sockets.Remove(udp_);
  udp_ = 0;
  const State was = state_;
  Stop();
  const std::string detail = "UDP socket closed" + (reason.empty() ? std::string() : ": " + reason.substr(0, 200));
  events_.OnMediaLost(was == State::Ready ? VoiceLoss::Resumable : VoiceLoss::MediaFailed, detail);
}

void VoiceMedia::Send(uint32_t audio_timestamp, const uint8_t* opus, size_t size) {
  // End-to-end encryption goes on before the transport's (docs/protocols/dave.md).
  auto frame = dave_.Outgoing(opus, size);
  if (!frame) return;
  uint8_t header[kRtpHeaderBytes];
  WriteRtpHeader(rtp_clock_->Next(ssrc_, audio_timestamp), header);
  const size_t sealed =
      cipher_->Seal(header, sizeof header, frame->data, frame->size, send_buffer_.data(), send_buffer_.size());
  if (sealed == 0) {
    Log(LoggingSeverity::Warning, "could not seal an outgoing packet; dropped");
    return;
  }
  context_.platform.SendUdp(udp_, send_buffer_.data(), sealed);
  ++stats_.packets_sent;
  stats_.bytes_sent += sealed;
}

}  // namespace sdkpp::voice
