// The media transport's AEAD in the rtpsize modes (docs/protocols/voice-media.md): a packet is
// `header | ciphertext | 16-byte tag | 4-byte nonce`, the header (CSRCs and extension preamble
// included) is the AAD, and the nonce is a per-sender u32 counter, big-endian at offset 0 of a
// zeroed 12-byte (AES-256-GCM) or 24-byte (XChaCha20-Poly1305) nonce. The cipher itself is the
// platform's (AeadSeal / AeadOpen): the core holds no crypto library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/wipe.h"
#include "sdkpp/platform.h"

namespace sdkpp::voice {

inline constexpr size_t kTransportKeyBytes = 32;
inline constexpr size_t kTransportTagBytes = 16;
inline constexpr size_t kTransportNonceSuffixBytes = 4;
// What sealing adds to the plaintext after the header.
inline constexpr size_t kTransportOverheadBytes = kTransportTagBytes + kTransportNonceSuffixBytes;

enum class TransportMode { Aes256GcmRtpSize, XChaCha20Poly1305RtpSize };

inline constexpr std::string_view kModeAes256Gcm = "aead_aes256_gcm_rtpsize";
inline constexpr std::string_view kModeXChaCha20 = "aead_xchacha20_poly1305_rtpsize";

const char* ModeName(TransportMode mode);
std::optional<TransportMode> ModeFromName(std::string_view name);
// AES-256-GCM when the server offers it (it is "Preferred" and cheaper), else XChaCha20-Poly1305
// (always offered by the real service); nullopt when neither is offered.
std::optional<TransportMode> ChooseMode(const std::vector<std::string>& offered);

// Overwrites secret bytes in a way the compiler may not drop as a dead store.
using crypto::WipeSecret;

// A 32-byte key that wipes itself when it goes away.
struct SecretKey {
  std::array<uint8_t, kTransportKeyBytes> bytes{};
  SecretKey() = default;
  SecretKey(const SecretKey&) = default;
  SecretKey& operator=(const SecretKey&) = default;
  ~SecretKey() { Wipe(); }
  void Wipe() { WipeSecret(bytes.data(), bytes.size()); }
};

// One session key and this side's nonce counter. Never repeats a (key, nonce) pair: once the
// counter reached 2^32 − 1 it refuses to seal (at 50 packets/s that is 2.7 years).
class TransportCipher {
 public:
  TransportCipher(Platform& platform, TransportMode mode, const SecretKey& key);
  ~TransportCipher() { key_.Wipe(); }
  TransportCipher(const TransportCipher&) = delete;
  TransportCipher& operator=(const TransportCipher&) = delete;

  TransportMode mode() const { return mode_; }
  uint32_t last_nonce() const { return counter_; }

  // Writes `header | seal(payload) | tag | nonce` to `out` (room for header_size + size + 20
  // bytes) and returns its size, or 0 when the platform failed or the counter is exhausted.
  size_t Seal(const uint8_t* header, size_t header_size, const uint8_t* payload, size_t size,
              uint8_t* out, size_t out_capacity);
  // Opens `packet` whose first `aad_bytes` are the unencrypted header; writes the plaintext
  // (packet size − aad − 20 bytes) to `out` and returns its size, or nullopt when it does not
  // authenticate or cannot be a sealed packet.
  std::optional<size_t> Open(const uint8_t* packet, size_t size, size_t aad_bytes, uint8_t* out,
                             size_t out_capacity);

 private:
  AeadAlgorithm algorithm() const;
  size_t nonce_size() const;

  Platform& platform_;
  TransportMode mode_;
  SecretKey key_;
  uint32_t counter_ = 0;  // the last nonce used; the first packet gets 1
};

}  // namespace sdkpp::voice
