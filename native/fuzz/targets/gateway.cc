// The gateway session as the Client lives it: a Client on the scripted platform (the native
// harness's GatewayHarness), connected and greeted, then fed the input's lines as gateway text
// frames — READY, messages, lobbies, members, relationships, presences, invites, voice state
// and server updates, heartbeats, reconnects — through the same PlatformEvents path a host
// uses. After every frame the Client is read the way a launcher reads it. Lines starting with
// '!' steer the socket instead: "!advance <ms>" moves the clock (heartbeats, zombie detection,
// reconnect backoff), "!close <code>" closes the socket from the server's side. Whenever the
// client reconnects, the harness answers its gateway URL request and opens the new socket, so
// later frames reach a live session again.
#include <algorithm>
#include <charconv>
#include <string>

#include "client_reads.h"
#include "fuzz_input.h"
#include "test_client.h"

namespace {

using sdkpp::Client;
using sdkpp::testing::GatewayHarness;

using sdkpp::fuzz::Number;

struct FuzzGateway : GatewayHarness {
  FuzzGateway() : GatewayHarness("tok-fuzz-gateway-1") {}

  bool SocketClosed() const {
    for (const auto& [id, code] : platform->sockets_closed) {
      if (id == socket) return true;
    }
    return false;
  }
  // A reconnecting client asks for the gateway URL, then opens a new socket: both answered.
  void FollowReconnect() {
    for (int step = 0; step < 130 && SocketClosed() && client.GetStatus() != Client::Status::Disconnected; ++step) {
      platform->Advance(1000);
      if (auto* pending = platform->Pending(); pending && pending->http.url.find("/gateway") != std::string::npos) {
        platform->Respond(pending, 200, R"({"url":"ws://gw.test"})");
      }
      if (platform->sockets_opened.back().first != socket) {
        socket = platform->sockets_opened.back().first;
        platform->events()->OnWebSocketOpen(socket);
        Hello();
      }
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzGateway h;
  sdkpp::fuzz::SeenIds seen;
  sdkpp::fuzz::InstallReadingCallbacks(h.client, seen);
  h.Hello();
  for (std::string_view line : sdkpp::fuzz::Lines(sdkpp::fuzz::AsText(data, size))) {
    if (line.rfind("!advance", 0) == 0) {
      h.platform->Advance(static_cast<uint64_t>(std::clamp<int64_t>(Number(line.substr(8)), 0, 600'000)));
    } else if (line.rfind("!close", 0) == 0) {
      h.platform->events()->OnWebSocketClosed(h.socket, static_cast<int32_t>(Number(line.substr(6))), "fuzz");
    } else {
      h.Send(std::string(line));
    }
    sdkpp::testing::Pump();
    h.FollowReconnect();
    sdkpp::fuzz::ReadEverything(h.client, seen);
  }
  sdkpp::testing::Pump();
  return 0;
}
