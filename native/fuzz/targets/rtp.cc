// The media transport's parsers (native/core/src/voice/net): the RTP header of a received
// packet, the AEAD open path under a fixed key (the platform's cipher, here the harness's
// OpenSSL one), the RTP payload inside the plaintext (extension body, padding) and the UDP
// IP discovery answer.
//
// Input: a first byte of flags — bit 0 picks XChaCha20-Poly1305 over AES-256-GCM, bit 1 the
// sealed path — then either a raw datagram (opened as received: it authenticates only if it
// was sealed under the fixed key) or, on the sealed path, a short record of header bytes and
// the plaintext, sealed here with TransportCipher::Seal and then parsed and opened like a
// received packet, so the parsing after a successful open is reached too.
// Checked: what opens is what was sealed, and the payload lies inside the plaintext.
#include <array>
#include <cstring>
#include <string>

#include "fuzz_input.h"
#include "sdkpp/client.h"  // before scripted_platform.h: its Pump calls RunCallbacks
#include "scripted_platform.h"
#include "voice/net/ip_discovery.h"
#include "voice/net/rtp_packet.h"
#include "voice/net/transport_crypto.h"

namespace {

using namespace sdkpp::voice;

constexpr size_t kCapacity = 4096;

SecretKey FixedKey() {
  SecretKey key;
  for (size_t i = 0; i < key.bytes.size(); ++i) key.bytes[i] = static_cast<uint8_t>(0xC0 + i);
  return key;
}

// Parses and opens `packet` as the connection does; the plaintext's size when it opened.
std::optional<size_t> Receive(TransportCipher& cipher, const uint8_t* packet, size_t size, uint8_t* plaintext) {
  auto view = ParseRtpHeader(packet, size);
  if (!view) return std::nullopt;
  FUZZ_CHECK(view->aad_bytes >= kRtpHeaderBytes && view->aad_bytes + kTransportOverheadBytes <= size);
  auto opened = cipher.Open(packet, size, view->aad_bytes, plaintext, kCapacity);
  if (!opened) return std::nullopt;
  FUZZ_CHECK(*opened == size - view->aad_bytes - kTransportOverheadBytes);
  if (auto payload = RtpPayload(*view, plaintext, *opened)) {
    FUZZ_CHECK(payload->data() >= plaintext && payload->data() + payload->size() <= plaintext + *opened);
  }
  return opened;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sdkpp::fuzz::Reader input(data, size);
  const uint8_t flags = input.U8();
  const TransportMode mode = (flags & 1) ? TransportMode::XChaCha20Poly1305RtpSize : TransportMode::Aes256GcmRtpSize;
  sdkpp::testing::ScriptedPlatform platform;
  TransportCipher receiver(platform, mode, FixedKey());
  static std::array<uint8_t, kCapacity> plaintext;

  if ((flags & 2) == 0) {
    const std::string_view packet = input.Rest();
    const auto* bytes = reinterpret_cast<const uint8_t*>(packet.data());
    (void)Receive(receiver, bytes, packet.size(), plaintext.data());
    (void)ParseDiscoveryResponse(bytes, packet.size(), 4242);
    if (packet.size() >= 8) {
      const uint32_t ssrc = uint32_t{bytes[4]} << 24 | uint32_t{bytes[5]} << 16 | uint32_t{bytes[6]} << 8 | bytes[7];
      if (auto found = ParseDiscoveryResponse(bytes, packet.size(), ssrc)) {
        FUZZ_CHECK(!found->address.empty() && found->address.size() <= 15 && found->port != 0);
      }
    }
    return 0;
  }

  const std::string_view header = input.ShortRecord();
  const std::string_view payload = input.Bytes(kMaxDatagramBytes);
  TransportCipher sender(platform, mode, FixedKey());
  std::array<uint8_t, kCapacity> packet{};
  const size_t sealed = sender.Seal(reinterpret_cast<const uint8_t*>(header.data()), header.size(),
                                    reinterpret_cast<const uint8_t*>(payload.data()), payload.size(), packet.data(),
                                    packet.size());
  FUZZ_CHECK(sealed == header.size() + payload.size() + kTransportOverheadBytes);
  auto view = ParseRtpHeader(packet.data(), sealed);
  auto opened = Receive(receiver, packet.data(), sealed, plaintext.data());
  if (view && view->aad_bytes == header.size()) {
    // Sealed with the header as AAD and parsed to the same header: it must open, unchanged.
    FUZZ_CHECK(opened.has_value());
    FUZZ_CHECK(*opened == payload.size() && std::memcmp(plaintext.data(), payload.data(), payload.size()) == 0);
  }
  return 0;
}
