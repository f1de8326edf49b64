// The call state machine of docs/voice-calls.md, row by row, on the scripted platform and its fake
// clock, with a scripted voice connection (the test plays the voice server's part through the
// listener) and the real audio engine on a manual-clock virtual backend.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "feature_harness.h"
#include "framework/test.h"
#include "json/json.h"
#include "social/factory.h"
#include "voice/audio/virtual_audio_backend.h"
#include "sdkpp/limits.h"
#include "voice/call/call_manager.h"

namespace sdkpp::voice {
namespace {

using testing::FeatureHarness;
using testing::Pump;

constexpr uint64_t kMe = 1;
constexpr uint64_t kFriend = 2;
constexpr uint64_t kLobby = 555;

struct ScriptedConnection : VoiceConnection {
  VoiceConnectionListener& listener;
  int* closed_total = nullptr;  // the harness's count, which outlives the connection
  std::vector<VoiceJoinInfo> connects;
  int resumes = 0;
  int closes = 0;
  std::vector<bool> speaking;
  int opus_sent = 0;
  bool media_ready = false;
  VoiceConnectionStats stats;
  explicit ScriptedConnection(VoiceConnectionListener& l) : listener(l) {}
  void Connect(const VoiceJoinInfo& info) override { connects.push_back(info); }
  void Resume() override { ++resumes; }
  void Close() override {
    ++closes;
    if (closed_total) ++*closed_total;
  }
  void SetSpeaking(bool on) override { speaking.push_back(on); }
  void SendOpus(uint32_t, const uint8_t*, size_t) override { ++opus_sent; }
  bool IsMediaReady() const override { return media_ready; }
  const char* Mode() const override { return "aead_aes256_gcm_rtpsize"; }
  const VoiceConnectionStats& Stats() const override { return stats; }
};

struct CallHarness {
  FeatureHarness h;
  std::shared_ptr<social::SocialState> state = std::make_shared<social::SocialState>();
  std::vector<ScriptedConnection*> connections;  // owned by the sessions: the last is the live one
  int closed_connections = 0;
  VirtualAudioBackend* backend = nullptr;
  std::unique_ptr<CallManager> calls;
  PlatformId socket = 0;
  int seq = 1;
  std::vector<std::string> voice_logs;

  CallHarness() {
    state->current_user_id = kMe;
    social::LobbyRecord lobby;
    lobby.id = kLobby;
    state->lobbies[kLobby] = lobby;
    calls = std::make_unique<CallManager>(
        h.context, h.gateway, state,
        [this](const FeatureContext&, VoiceConnectionListener& listener) {
          auto connection = std::make_unique<ScriptedConnection>(listener);
          connection->closed_total = &closed_connections;
          connections.push_back(connection.get());
          return std::unique_ptr<VoiceConnection>(std::move(connection));
        },
        [this] {
          auto created = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
          backend = created.get();
          return std::unique_ptr<AudioDeviceBackend>(std::move(created));
        });
    calls->RegisterHandlers(h.handlers);
    calls->voice_logger().AddCallback([this](std::string line, LoggingSeverity) { voice_logs.push_back(line); },
                                      LoggingSeverity::Verbose);
    // A main gateway session up to READY.
    h.gateway.Connect("tok-gateway");
    h.platform->Respond(h.platform->Pending(), 200, R"({"url":"ws://gw.test"})");
    socket = h.platform->sockets_opened.back().first;
    h.OnWebSocketOpen(socket);
    h.OnWebSocketMessage(socket, R"({"op":10,"d":{"heartbeat_interval":41250}})");
    Dispatch("READY", R"({"session_id":"s-1","resume_gateway_url":"ws://gw.test","user":{"id":"1","username":"p"},"lobbies":[]})");
  }
  ~CallHarness() { calls.reset(); }

  void Dispatch(const std::string& type, const std::string& data) {
    h.OnWebSocketMessage(socket, R"({"op":0,"t":")" + type + R"(","s":)" + std::to_string(seq++) + R"(,"d":)" + data + "}");
  }
  // The op 4 payloads the SDK sent on the main gateway, oldest first.
  std::vector<std::string> VoiceStateUpdates() {
    std::vector<std::string> out;
    for (const auto& frame : h.platform->socket_sent[socket]) {
      auto doc = json::Document::Parse(frame);
      if (doc && doc->Root()["op"].Int() == 4) out.push_back(doc->Root()["d"].Serialize());
    }
    return out;
  }
  void OwnVoiceState(const std::string& channel, const std::string& extra = "") {
    Dispatch("VOICE_STATE_UPDATE", R"({"guild_id":null,"channel_id":)" + channel +
                                       R"(,"user_id":"1","session_id":"vs-1","self_mute":false,"self_deaf":false)" + extra + "}");
  }
  void VoiceServer(const std::string& token = "voice-token-secret-1") {
    Dispatch("VOICE_SERVER_UPDATE", R"({"token":")" + token + R"(","guild_id":null,"channel_id":"555","endpoint":"127.0.0.1:9999"})");
  }
  ScriptedConnection& Connection() { return *connections.back(); }
  // Joining → Connecting → SignalingConnected → Connected.
  void Connect(Call& call) {
    OwnVoiceState("\"555\"");
    VoiceServer();
    Connection().listener.OnSignalingReady();
    Connection().media_ready = true;
    Connection().listener.OnMediaReady();
    (void)call;
  }
  // Lets the audio thread take its commands and the JS thread drain the engine's events.
  void AudioTick(int frames = 1) {
    if (backend) backend->Advance(frames);
    h.platform->DeliverWake();
  }
};

struct StatusLog {
  std::vector<Call::Status> statuses;
  std::vector<Call::Error> errors;
  std::vector<int32_t> details;
  void Attach(Call& call) {
    call.SetStatusChangedCallback([this](Call::Status s, Call::Error e, int32_t d) {
      statuses.push_back(s);
      errors.push_back(e);
      details.push_back(d);
    });
  }
  bool Saw(Call::Status status) const {
    for (auto s : statuses) {
      if (s == status) return true;
    }
    return false;
  }
};

TEST(CallSession, JoinsThroughEveryStateToConnected) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  ASSERT_TRUE(bool(call));
  StatusLog log;
  log.Attach(call);
  EXPECT_EQ(call.GetStatus(), Call::Status::Joining);
  auto joins = c.VoiceStateUpdates();
  ASSERT_EQ(joins.size(), size_t(1));
  EXPECT_EQ(joins[0], std::string(R"({"guild_id":null,"channel_id":"555","self_mute":false,"self_deaf":false})"));
  c.OwnVoiceState("\"555\"");
  EXPECT_EQ(call.GetStatus(), Call::Status::Joining);  // the server update is still missing
  c.VoiceServer();
  EXPECT_EQ(call.GetStatus(), Call::Status::Connecting);
  ASSERT_EQ(c.Connection().connects.size(), size_t(1));
  const auto& info = c.Connection().connects[0];
  EXPECT_EQ(info.endpoint, std::string("127.0.0.1:9999"));
  EXPECT_EQ(info.session_id, std::string("vs-1"));
  EXPECT_EQ(info.server_id, kLobby);
  EXPECT_EQ(info.user_id, kMe);
  EXPECT_TRUE(info.secure);  // the API base is https
  c.Connection().listener.OnSignalingReady();
  EXPECT_EQ(call.GetStatus(), Call::Status::SignalingConnected);
  c.Connection().listener.OnMediaReady();
  EXPECT_EQ(call.GetStatus(), Call::Status::Connected);
  Pump();
  std::vector<Call::Status> expected = {Call::Status::Connecting, Call::Status::SignalingConnected,
                                        Call::Status::Connected};
  EXPECT_TRUE(log.statuses == expected);
  EXPECT_EQ(c.calls->GetCalls().size(), size_t(1));
  EXPECT_EQ(c.calls->GetCall(kLobby).GetChannelId(), kLobby);
  for (const auto& line : c.voice_logs) EXPECT_EQ(line.find("voice-token-secret-1"), std::string::npos);
  for (const auto& line : c.h.logs) EXPECT_EQ(line.find("voice-token-secret-1"), std::string::npos);
}

TEST(CallSession, RefusedJoinIsForbiddenAndNoServerInTenSecondsIsJoinTimeout) {
  {
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.OwnVoiceState("null", R"(,"error":"forbidden")");
    EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
    Pump();
    ASSERT_FALSE(log.errors.empty());
    EXPECT_EQ(log.errors.back(), Call::Error::Forbidden);
    EXPECT_FALSE(bool(call));
  }
  {
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.OwnVoiceState("\"555\"");
    c.h.platform->Advance(9'999);
    EXPECT_EQ(call.GetStatus(), Call::Status::Joining);
    c.h.platform->Advance(1);
    EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
    Pump();
    EXPECT_EQ(log.errors.back(), Call::Error::JoinTimeout);
  }
}

TEST(CallSession, IdentifyRefusedAndMediaFailureEndTheCallBeforeConnected) {
  {
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.OwnVoiceState("\"555\"");
    c.VoiceServer();
    c.Connection().listener.OnConnectionLost(VoiceLoss::Refused, 4004, "authentication failed");
    Pump();
    EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
    EXPECT_EQ(log.errors.back(), Call::Error::SignalingConnectionFailed);
    EXPECT_EQ(log.details.back(), 4004);
    // The SDK left the call on the service too.
    EXPECT_EQ(c.VoiceStateUpdates().back().find(R"("channel_id":null)") != std::string::npos, true);
  }
  {
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.OwnVoiceState("\"555\"");
    c.VoiceServer();
    c.Connection().listener.OnSignalingReady();
    c.Connection().listener.OnConnectionLost(VoiceLoss::MediaFailed, 0, "no IP discovery answer");
    Pump();
    EXPECT_EQ(log.errors.back(), Call::Error::VoiceConnectionFailed);
  }
  {
    // Transport losses before Ready: three connects, then SignalingConnectionFailed.
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.OwnVoiceState("\"555\"");
    c.VoiceServer();
    c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "");
    c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "");
    EXPECT_EQ(call.GetStatus(), Call::Status::Connecting);
    EXPECT_EQ(c.Connection().connects.size(), size_t(3));
    c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "");
    Pump();
    EXPECT_EQ(log.errors.back(), Call::Error::SignalingConnectionFailed);
  }
}

TEST(CallSession, AServerSilentAfterReadyFailsTheCallAfterTenSecondsInsteadOfHanging) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.OwnVoiceState("\"555\"");
  c.VoiceServer();
  c.Connection().listener.OnSignalingReady();
  c.h.platform->Advance(9'999);
  EXPECT_EQ(call.GetStatus(), Call::Status::SignalingConnected);
  c.h.platform->Advance(1);
  Pump();
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
  EXPECT_EQ(log.errors.back(), Call::Error::VoiceConnectionFailed);
  EXPECT_GE(c.closed_connections, 1);
}

TEST(CallSession, AnInterruptionResumesThroughReconnectingNeverDisconnected) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.Connect(call);
  c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "socket dropped");
  EXPECT_EQ(call.GetStatus(), Call::Status::Reconnecting);
  EXPECT_EQ(c.Connection().resumes, 1);
  c.Connection().listener.OnResumed();
  EXPECT_EQ(call.GetStatus(), Call::Status::Connected);
  // A crashed voice server (4015) resumes too.
  c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 4015, "");
  EXPECT_EQ(c.Connection().resumes, 2);
  c.Connection().listener.OnResumed();
  Pump();
  EXPECT_FALSE(log.Saw(Call::Status::Disconnected));
  EXPECT_EQ(call.GetStatus(), Call::Status::Connected);
}

TEST(CallSession, TheMicrophoneStateReachesTheConnectionWhateverTheCallStatus) {
  // The connection announces our speaking state (op 5: the others learn our SSRC from it) at
  // every Ready and Resumed, so it must hear every change, also one made before it existed or
  // while the call was not Connected; dropped, the others could not map our packets to us.
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  call.SetVADThreshold(false, -60);
  c.backend->PlaySine(440, -20);
  c.AudioTick(10);
  c.OwnVoiceState("\"555\"");
  c.VoiceServer();
  ASSERT_EQ(call.GetStatus(), Call::Status::Connecting);
  ASSERT_FALSE(c.Connection().speaking.empty()) << "the state from before the connection existed";
  EXPECT_TRUE(c.Connection().speaking.back());
}

TEST(CallSession, NoDaveIsAWarningOncePerCallEvenAcrossRejoins) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  c.Connect(call);
  c.Connection().listener.OnDaveUnavailable("the DAVE library is missing");
  c.Connection().listener.OnDaveUnavailable("the DAVE library is missing");
  // A full rejoin makes a new connection, which reports it again.
  c.Connection().listener.OnConnectionLost(VoiceLoss::Rejoin, 4006, "session no longer valid");
  c.h.platform->Advance(1'000);
  c.OwnVoiceState("\"555\"");
  c.VoiceServer("voice-token-secret-2");
  ASSERT_EQ(c.connections.size(), size_t(2));
  c.Connection().listener.OnDaveUnavailable("the DAVE library is missing");
  Pump();
  int warnings = 0;
  for (const auto& line : c.voice_logs) {
    if (line.find("no end-to-end encryption (DAVE): the DAVE library is missing") != std::string::npos) ++warnings;
  }
  EXPECT_EQ(warnings, 1);
  EXPECT_EQ(call.GetStatus(), Call::Status::Reconnecting) << "the call carries on";
}

TEST(CallSession, ALostSessionRejoinsWithBackoffAndAFailingResumeFallsBackToRejoin) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.Connect(call);
  size_t joins_before = c.VoiceStateUpdates().size();
  c.Connection().listener.OnConnectionLost(VoiceLoss::Rejoin, 4006, "session no longer valid");
  EXPECT_EQ(call.GetStatus(), Call::Status::Reconnecting);
  EXPECT_EQ(c.VoiceStateUpdates().size(), joins_before);  // backoff first (at most 1 s)
  c.h.platform->Advance(1'000);
  ASSERT_EQ(c.VoiceStateUpdates().size(), joins_before + 1);
  EXPECT_NE(c.VoiceStateUpdates().back().find(R"("channel_id":"555")"), std::string::npos);
  c.OwnVoiceState("\"555\"");
  c.VoiceServer("voice-token-secret-2");
  ASSERT_EQ(c.connections.size(), size_t(2));  // a fresh connection with the new token
  EXPECT_EQ(c.Connection().connects.back().token, std::string("voice-token-secret-2"));
  c.Connection().listener.OnSignalingReady();
  c.Connection().listener.OnMediaReady();
  EXPECT_EQ(call.GetStatus(), Call::Status::Connected);

  // Three failed resumes: the fourth loss rejoins instead.
  for (int i = 0; i < 3; ++i) c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "");
  EXPECT_EQ(c.Connection().resumes, 3);
  size_t before = c.VoiceStateUpdates().size();
  c.Connection().listener.OnConnectionLost(VoiceLoss::Resumable, 1006, "");
  c.h.platform->Advance(30'000);
  EXPECT_GT(c.VoiceStateUpdates().size(), before);  // rejoin attempts (unanswered here)
  Pump();
  EXPECT_FALSE(log.Saw(Call::Status::Disconnected));
}

TEST(CallSession, RejoinsForFiveMinutesThenGivesUpAsSignalingUnexpectedClose) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.Connect(call);
  c.Connection().listener.OnConnectionLost(VoiceLoss::Rejoin, 4009, "session timeout");
  // Nobody answers the rejoins: each waits 10 s for a server, then backs off (≤ 30 s).
  for (int second = 0; second < 299; ++second) c.h.platform->Advance(1'000);
  EXPECT_EQ(call.GetStatus(), Call::Status::Reconnecting);
  Pump();
  EXPECT_FALSE(log.Saw(Call::Status::Disconnected));
  c.h.platform->Advance(60'000);
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
  Pump();
  EXPECT_EQ(log.errors.back(), Call::Error::SignalingUnexpectedClose);
}

TEST(CallSession, KickRateLimitAndTerminationEndTheCallWithoutRejoin) {
  for (int32_t code : {4014, 4021, 4022}) {
    CallHarness c;
    Call call = c.calls->StartCall(kLobby, {});
    StatusLog log;
    log.Attach(call);
    c.Connect(call);
    size_t joins = c.VoiceStateUpdates().size();
    c.Connection().listener.OnConnectionLost(VoiceLoss::Terminated, code, "");
    Pump();
    EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
    EXPECT_EQ(log.errors.back(), Call::Error::SignalingUnexpectedClose);
    EXPECT_EQ(log.details.back(), code);
    c.h.platform->Advance(60'000);
    // Only the leave (channel_id null) went out: no rejoin.
    EXPECT_EQ(c.VoiceStateUpdates().size(), joins + 1);
  }
}

TEST(CallSession, TheLobbysEndOrRemovalFromItEndsTheCall) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.Connect(call);
  c.Dispatch("LOBBY_DELETE", R"({"id":"555"})");
  Pump();
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
  EXPECT_EQ(log.errors.back(), Call::Error::SignalingUnexpectedClose);
}

TEST(CallSession, EndCallGoesThroughDisconnectingAndAnswersOnceTheAudioThreadLetGo) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  StatusLog log;
  log.Attach(call);
  c.Connect(call);
  int ended = 0;
  c.calls->EndCall(kLobby, [&] { ++ended; });
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnecting);
  EXPECT_EQ(c.closed_connections, 1);
  EXPECT_NE(c.VoiceStateUpdates().back().find(R"("channel_id":null)"), std::string::npos);
  Pump();
  EXPECT_EQ(ended, 0);
  c.AudioTick();
  Pump();
  EXPECT_EQ(ended, 1);
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
  EXPECT_FALSE(bool(call));
  EXPECT_TRUE(c.calls->GetCalls().empty());
  // A second EndCall of a gone call still answers.
  c.calls->EndCall(kLobby, [&] { ++ended; });
  Pump();
  EXPECT_EQ(ended, 2);
}

// The call's voice token is masked in both logs while the call lives; EndCall forgets it in both
// (the redactor's copy is wiped), except where something else still holds the same value.
TEST(CallSession, EndCallForgetsTheCallsTokenInBothLogsUnlessHeldElsewhere) {
  CallHarness c;
  const std::string token = "voice-token-secret-1";
  const std::string shared = "voice-token-shared-2";
  c.h.logger.redactor().RememberSecret(shared);  // the Client itself also knows this one
  Call call = c.calls->StartCall(kLobby, {});
  c.OwnVoiceState("\"555\"");
  c.VoiceServer(token);
  auto& voice_redactor = c.calls->voice_logger().redactor();
  EXPECT_EQ(voice_redactor.Redact(token), "[REDACTED]");
  EXPECT_EQ(c.h.logger.redactor().Redact(token), "[REDACTED]");
  // A main re-identify sends a new token for the same voice session.
  c.VoiceServer(shared);
  EXPECT_EQ(voice_redactor.Redact(shared), "[REDACTED]");

  c.calls->EndCall(kLobby, {});
  EXPECT_EQ(voice_redactor.Redact(token), token);
  EXPECT_EQ(c.h.logger.redactor().Redact(token), token);
  EXPECT_EQ(voice_redactor.Redact(shared), shared);
  EXPECT_EQ(c.h.logger.redactor().Redact(shared), "[REDACTED]") << "still the Client's";
}

TEST(CallSession, StartCallRefusesWhatItCannotDoWithTheInvalidCall) {
  CallHarness c;
  EXPECT_FALSE(bool(c.calls->StartCall(0, {})));
  EXPECT_FALSE(bool(c.calls->StartCall(777, {})));  // not a member of that lobby
  Call call = c.calls->StartCall(kLobby, {});
  EXPECT_TRUE(bool(call));
  EXPECT_FALSE(bool(c.calls->StartCall(kLobby, {})));  // already in that call
  Pump();
  bool logged = false;
  for (const auto& line : c.h.logs) logged = logged || line.find("already in that call") != std::string::npos;
  EXPECT_TRUE(logged);
}

// limits::kMaxCallMembersCount at the bound and one over (the limits table's
// MaxCallMembersCount, test/limits/limit_table.ts): with one seat left the user joins as the
// last member; with none, StartCall answers the invalid Call and logs why.
TEST(CallSession, StartCallTakesTheLastSeatAndRefusesAFullCall) {
  for (uint64_t others : {limits::kMaxCallMembersCount - 1, limits::kMaxCallMembersCount}) {
    CallHarness c;
    for (uint64_t i = 0; i < others; ++i) {
      c.Dispatch("VOICE_STATE_UPDATE", R"({"guild_id":null,"channel_id":"555","user_id":")" + std::to_string(100 + i) +
                                           R"(","session_id":"s","self_mute":false,"self_deaf":false})");
    }
    Pump();
    Call call = c.calls->StartCall(kLobby, {});
    const bool full = others == limits::kMaxCallMembersCount;
    EXPECT_EQ(bool(call), !full) << others << " others in the call";
    Pump();
    bool logged = false;
    for (const auto& line : c.h.logs) logged = logged || line.find("the call is full (25 members)") != std::string::npos;
    EXPECT_EQ(logged, full) << others << " others in the call";
  }
}

TEST(CallSession, ParticipantsVoiceStatesAndTheirCallbacksFollowTheMainGateway) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  std::vector<std::pair<uint64_t, bool>> changes;
  std::vector<uint64_t> state_changes;
  call.SetParticipantChangedCallback([&](uint64_t user, bool added) { changes.push_back({user, added}); });
  call.SetOnVoiceStateChangedCallback([&](uint64_t user) { state_changes.push_back(user); });
  c.Connect(call);
  c.Dispatch("VOICE_STATE_UPDATE", R"({"guild_id":null,"channel_id":"555","user_id":"2","session_id":"x","self_mute":true,"self_deaf":false})");
  Pump();
  auto participants = call.GetParticipants();
  ASSERT_EQ(participants.size(), size_t(2));
  auto friend_state = call.GetVoiceStateHandle(kFriend);
  ASSERT_TRUE(friend_state.has_value());
  EXPECT_TRUE(friend_state->SelfMute());
  auto info = detail::SocialFactory::Lobby(c.state, kLobby).GetCallInfoHandle();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->GetParticipants().size(), size_t(2));
  c.Dispatch("VOICE_STATE_UPDATE", R"({"guild_id":null,"channel_id":"555","user_id":"2","session_id":"x","self_mute":false,"self_deaf":true})");
  c.Dispatch("VOICE_STATE_UPDATE", R"({"guild_id":null,"channel_id":null,"user_id":"2","session_id":"x"})");
  Pump();
  EXPECT_EQ(call.GetParticipants().size(), size_t(1));
  ASSERT_GE(changes.size(), size_t(3));
  EXPECT_TRUE(changes.back() == std::make_pair(kFriend, false));
  bool friend_changed = false;
  for (auto user : state_changes) friend_changed = friend_changed || user == kFriend;
  EXPECT_TRUE(friend_changed);
}

TEST(CallSession, SettersKeepTheirValuesAndRefuseOutOfRangeArguments) {
  CallHarness c;
  Call call = c.calls->StartCall(kLobby, {});
  call.SetParticipantVolume(kFriend, 50);
  EXPECT_EQ(call.GetParticipantVolume(kFriend), 50.0f);
  call.SetParticipantVolume(kFriend, 300);
  EXPECT_EQ(call.GetParticipantVolume(kFriend), 50.0f);
  call.SetPTTReleaseDelay(2500);
  EXPECT_EQ(call.GetPTTReleaseDelay(), uint32_t(0));
  call.SetPTTReleaseDelay(400);
  EXPECT_EQ(call.GetPTTReleaseDelay(), uint32_t(400));
  call.SetVADThreshold(false, -120);
  EXPECT_TRUE(call.GetVADThreshold().Automatic());
  call.SetVADThreshold(false, -45);
  EXPECT_FALSE(call.GetVADThreshold().Automatic());
  // Each refusal logs the argument and the rule, in the words the addon throws.
  Pump();  // log lines reach the app's callback as callbacks
  for (const char* refusal : {"SetParticipantVolume: volume must be from 0 to 200 (100 = unchanged)",
                              "SetPTTReleaseDelay: releaseDelayMs must be an integer from 0 to 2000 (ms)",
                              "SetVADThreshold: threshold must be from -100 to 0 (dB)"}) {
    bool logged = false;
    for (const auto& line : c.h.logs) logged = logged || line.find(refusal) != std::string::npos;
    EXPECT_TRUE(logged) << refusal;
  }
  EXPECT_EQ(call.GetVADThreshold().VadThreshold(), -45.0f);
  call.SetAudioMode(AudioModeType::MODE_UNINIT);
  EXPECT_EQ(call.GetAudioMode(), AudioModeType::MODE_VAD);
  call.SetAudioMode(AudioModeType::MODE_PTT);
  EXPECT_EQ(call.GetAudioMode(), AudioModeType::MODE_PTT);
  call.SetLocalMute(kFriend, true);
  EXPECT_TRUE(call.GetLocalMute(kFriend));
  size_t joins = c.VoiceStateUpdates().size();
  c.Connect(call);
  call.SetSelfMute(true);
  EXPECT_TRUE(call.GetSelfMute());
  // Self-mute goes to the service as op 4 with the new flags.
  ASSERT_GT(c.VoiceStateUpdates().size(), joins);
  EXPECT_NE(c.VoiceStateUpdates().back().find(R"("self_mute":true)"), std::string::npos);
  Pump();
  int refused = 0;
  for (const auto& line : c.h.logs) refused += line.find("must be") != std::string::npos;
  EXPECT_GE(refused, 3);
}

TEST(CallSession, AHandleOutlivesItsCallAndItsClientSafely) {
  Call call;
  {
    CallHarness c;
    call = c.calls->StartCall(kLobby, {});
    EXPECT_TRUE(bool(call));
  }
  EXPECT_FALSE(bool(call));
  EXPECT_EQ(call.GetStatus(), Call::Status::Disconnected);
  call.SetSelfMute(true);  // nothing to change, nothing to crash
  EXPECT_TRUE(call.GetParticipants().empty());
}

}  // namespace
}  // namespace sdkpp::voice
