// One call's voice connection (native/core/src/voice/net) fed by a hostile voice server: the
// voice gateway's JSON messages (Hello, Ready, Session Description, Speaking, heartbeat ACKs,
// Resumed, Clients Connect/Disconnect, DAVE's ops 21/22/24), its binary DAVE frames, and UDP
// datagrams — IP discovery answers and RTP media sealed under the session key — through the
// same PlatformEvents a host delivers. The platform has DAVE (the harness's scripted session).
//
// Input lines: a line starting with '{' (or "T<json>") is a text frame; "B<hex>" a binary
// frame; "U<hex>" a raw datagram; "D[address]" the IP discovery answer (for our SSRC);
// "M<ssrc> <first byte> <extra header> <plaintext prefix> <payload> <padding>" (hex fields) an
// RTP packet sealed with the fixture's key and mode, so it authenticates; "!advance <ms>",
// "!close <code>" (the server closes the socket), "!udpclosed", "!resume", "!send <hex>" (an
// Opus frame out), "!speaking". New sockets the connection opens are accepted.
// Checked: the voice token never reaches a log line.
#include <algorithm>
#include <charconv>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_input.h"
#include "scripted_dave_session.h"
#include "voice_connection_fixture.h"

namespace {

using namespace sdkpp;
using voice::testing::VoiceFixture;

using sdkpp::fuzz::Number;

std::vector<uint8_t> Bytes(const std::string& text) { return {text.begin(), text.end()}; }

std::vector<std::string_view> Fields(std::string_view text) {
  std::vector<std::string_view> fields;
  while (!text.empty()) {
    size_t end = text.find(' ');
    fields.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return fields;
}

struct FuzzVoice : VoiceFixture {
  PlatformId accepted_ws = 0;
  PlatformId accepted_udp = 0;
  uint16_t sequence = 1000;
  uint32_t timestamp = 0;

  FuzzVoice() {
    h.platform->dave = std::make_shared<sdkpp::testing::DaveScript>();
    connection->Connect(Info());
  }
  void AcceptNewSockets() {
    if (!h.platform->sockets_opened.empty() && ws() != accepted_ws) {
      accepted_ws = ws();
      events().OnWebSocketOpen(accepted_ws);
    }
    if (!h.platform->udp_opened.empty() && udp() != accepted_udp) {
      accepted_udp = udp();
      events().OnUdpOpen(accepted_udp, 40000);
    }
  }
  bool HasUdp() const { return !h.platform->udp_opened.empty(); }

  void Media(std::string_view spec) {
    auto fields = Fields(spec);
    fields.resize(6);
    const auto ssrc = static_cast<uint32_t>(Number(fields[0], 16));
    const auto first_byte = static_cast<uint8_t>(fields[1].empty() ? 0x80 : Number(fields[1], 16));
    Datagram(ServerPacket(ssrc, sequence++, timestamp += 960, fuzz::FromHex(fields[4]), Bytes(fuzz::FromHex(fields[2])),
                          first_byte, Bytes(fuzz::FromHex(fields[3])), Bytes(fuzz::FromHex(fields[5]))));
  }

  void Play(std::string_view line) {
    const char kind = line.front();
    const std::string_view rest = line.substr(1);
    if (line.rfind("!advance", 0) == 0) {
      h.platform->Advance(static_cast<uint64_t>(std::clamp<int64_t>(Number(line.substr(8)), 0, 120'000)));
    } else if (line.rfind("!close", 0) == 0) {
      ServerCloses(static_cast<int32_t>(Number(line.substr(6))), "fuzz");
    } else if (line == "!udpclosed") {
      if (HasUdp()) events().OnUdpClosed(udp(), "fuzz");
    } else if (line == "!resume") {
      connection->Resume();
    } else if (line == "!speaking") {
      connection->SetSpeaking(true);
    } else if (line.rfind("!send", 0) == 0) {
      const std::string opus = fuzz::FromHex(line.substr(5));
      connection->SendOpus(timestamp, reinterpret_cast<const uint8_t*>(opus.data()), opus.size());
    } else if (kind == 'B') {
      events().OnWebSocketBinary(ws(), fuzz::FromHex(rest));
    } else if (kind == 'U') {
      if (HasUdp()) Datagram(Bytes(fuzz::FromHex(rest)));
    } else if (kind == 'D') {
      if (HasUdp()) Datagram(rest.empty() ? DiscoveryAnswer() : DiscoveryAnswer(std::string(rest.substr(0, 63))));
    } else if (kind == 'M') {
      if (HasUdp()) Media(rest);
    } else {
      ServerSays(std::string(kind == 'T' ? rest : line));
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzVoice f;
  f.AcceptNewSockets();
  for (std::string_view line : fuzz::Lines(fuzz::AsText(data, size))) {
    f.Play(line);
    f.AcceptNewSockets();
    sdkpp::testing::Pump();
  }
  (void)f.connection->Stats();
  (void)f.connection->Mode();
  f.connection->Close();
  sdkpp::testing::Pump();
  for (const auto& line : f.h.logs) FUZZ_CHECK(line.find(VoiceFixture::kToken) == std::string::npos);
  return 0;
}
