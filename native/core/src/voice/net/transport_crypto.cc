#include "voice/net/transport_crypto.h"

#include <algorithm>
#include <cstring>

namespace sdkpp::voice {

const char* ModeName(TransportMode mode) {
  return mode == TransportMode::Aes256GcmRtpSize ? kModeAes256Gcm.data() : kModeXChaCha20.data();
}

std::optional<TransportMode> ModeFromName(std::string_view name) {
  if (name == kModeAes256Gcm) return TransportMode::Aes256GcmRtpSize;
  if (name == kModeXChaCha20) return TransportMode::XChaCha20Poly1305RtpSize;
  return std::nullopt;
}

std::optional<TransportMode> ChooseMode(const std::vector<std::string>& offered) {
  auto has = [&](std::string_view name) { return std::find(offered.begin(), offered.end(), name) != offered.end(); };
  if (has(kModeAes256Gcm)) return TransportMode::Aes256GcmRtpSize;
  if (has(kModeXChaCha20)) return TransportMode::XChaCha20Poly1305RtpSize;
  return std::nullopt;
}

TransportCipher::TransportCipher(Platform& platform, TransportMode mode, const SecretKey& key)
    : platform_(platform), mode_(mode), key_(key) {}

AeadAlgorithm TransportCipher::algorithm() const {
  return mode_ == TransportMode::Aes256GcmRtpSize ? AeadAlgorithm::Aes256Gcm : AeadAlgorithm::XChaCha20Poly1305;
}

size_t TransportCipher::nonce_size() const { return mode_ == TransportMode::Aes256GcmRtpSize ? 12 : 24; }

size_t TransportCipher::Seal(const uint8_t* header, size_t header_size, const uint8_t* payload,
                             size_t size, uint8_t* out, size_t out_capacity) {
  const size_t total = header_size + size + kTransportOverheadBytes;
  if (total > out_capacity || counter_ == UINT32_MAX) return 0;
  const uint32_t counter = counter_ + 1;
  std::array<uint8_t, 24> nonce{};
  for (int i = 0; i < 4; ++i) nonce[i] = static_cast<uint8_t>(counter >> (24 - 8 * i));
  std::memcpy(out, header, header_size);
  if (!platform_.AeadSeal(algorithm(), key_.bytes.data(), nonce.data(), nonce_size(), header,
                          header_size, payload, size, out + header_size)) {
    return 0;
  }
  counter_ = counter;
  std::memcpy(out + total - kTransportNonceSuffixBytes, nonce.data(), kTransportNonceSuffixBytes);
  return total;
}

std::optional<size_t> TransportCipher::Open(const uint8_t* packet, size_t size, size_t aad_bytes,
                                            uint8_t* out, size_t out_capacity) {
  if (size < aad_bytes + kTransportOverheadBytes) return std::nullopt;
  const size_t sealed = size - aad_bytes - kTransportNonceSuffixBytes;  // ciphertext ‖ tag
  const size_t plain = sealed - kTransportTagBytes;
  if (plain > out_capacity) return std::nullopt;
  std::array<uint8_t, 24> nonce{};
  std::memcpy(nonce.data(), packet + size - kTransportNonceSuffixBytes, kTransportNonceSuffixBytes);
  if (!platform_.AeadOpen(algorithm(), key_.bytes.data(), nonce.data(), nonce_size(), packet,
                          aad_bytes, packet + aad_bytes, sealed, out)) {
    return std::nullopt;
  }
  return plain;
}

}  // namespace sdkpp::voice
