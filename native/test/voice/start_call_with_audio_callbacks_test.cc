// Client::StartCallWithAudioCallbacks, the public C++ method: it joins the lobby's call as
// StartCall does, and the app's two audio callbacks become the call's audio hooks (the addon
// reaches the same entry with its bridge's hooks: ClientAccess::StartCallWithAudioHooks).
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "framework/test.h"

#include "test_client.h"
#include "voice/audio/audio_backend_choice.h"

namespace sdkpp::testing {
namespace {

constexpr uint64_t kLobby = 500;

// A Client Ready on a scripted gateway, member of lobby 500, with the virtual audio backend.
struct ReadyInLobby : GatewayHarness {
  ReadyInLobby() : GatewayHarness("tok-audio-callbacks-1") {
    Hello();
    Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
      "user":{"id":"1","username":"me"},"relationships":[],"presences":[],
      "lobbies":[{"id":"500","application_id":"1234567890123456789","members":[{"id":"1","connected":true}]}]})");
    Pump();
    impl().calls().SetAudioBackend(voice::AudioBackendKind::Virtual);
  }
};

TEST(StartCallWithAudioCallbacks, JoinsTheCallAndTheAudioThreadCallsTheCapturedCallback) {
  ReadyInLobby h;
  std::atomic<uint64_t> captured{0};
  std::atomic<uint64_t> captured_samples{0};
  Call call = h.client.StartCallWithAudioCallbacks(
      kLobby, [](uint64_t, int16_t*, uint64_t, int32_t, uint64_t, bool&) {},
      [&](int16_t*, uint64_t samples_per_channel, int32_t, uint64_t) {
        captured_samples = samples_per_channel;
        ++captured;
      });
  ASSERT_TRUE(bool(call)) << "a member of the lobby, Ready: the call starts";
  EXPECT_EQ(call.GetChannelId(), kLobby);
  EXPECT_TRUE(bool(h.client.GetCall(kLobby)));
  // The hooks run on the audio thread, once per 20 ms tick: wait for the first, bounded.
  for (int i = 0; i < 400 && captured == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_GT(captured.load(), 0u) << "the captured callback is the call's capture hook";
  EXPECT_EQ(captured_samples.load(), 960u);
  h.client.EndCalls(nullptr);
  Pump();
}

TEST(StartCallWithAudioCallbacks, RefusesWhatStartCallRefusesWithTheInvalidCall) {
  ReadyInLobby h;
  EXPECT_FALSE(bool(h.client.StartCallWithAudioCallbacks(0, nullptr, nullptr)));
  EXPECT_FALSE(bool(h.client.StartCallWithAudioCallbacks(777, nullptr, nullptr)));  // not a member
  EXPECT_TRUE(bool(h.client.StartCallWithAudioCallbacks(kLobby, nullptr, nullptr)));
  EXPECT_FALSE(bool(h.client.StartCallWithAudioCallbacks(kLobby, nullptr, nullptr)));  // already in it
  h.client.EndCalls(nullptr);
  Pump();

  Client moved = std::move(h.client);
  EXPECT_FALSE(bool(h.client.StartCallWithAudioCallbacks(kLobby, nullptr, nullptr)));  // invalid Client
}

}  // namespace
}  // namespace sdkpp::testing
