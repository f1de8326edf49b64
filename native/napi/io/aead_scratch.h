// The bytes NodePlatform and the JS host share for the voice AEAD (docs/voice-calls.md): one ArrayBuffer,
// made once per platform, that the host keeps Uint8Array views of. A seal or open copies the key,
// nonce, AAD and input into it, calls the host with the sizes only, and reads the output back, so
// a packet costs no Buffer on the boundary. The layout lives here only: the host gets the views,
// not offsets.
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>

#include "sdkpp/limits.h"

namespace sdkpp::napi {

class AeadScratch {
 public:
  static constexpr size_t kKeyBytes = 32;
  static constexpr size_t kNonceBytes = 24;  // the largest (XChaCha20-Poly1305)
  static constexpr size_t kAadBytes = 64;    // an RTP header with its extension header
  static constexpr size_t kInputBytes = limits::kMaxVoiceDatagramBytes;
  static constexpr size_t kTagBytes = 16;
  static constexpr size_t kOutputBytes = kInputBytes + kTagBytes;

  explicit AeadScratch(Napi::Env env);

  // {key, nonce, aad, input, output}: views the host keeps (the host method useAeadScratch).
  Napi::Object Views(Napi::Env env) const;

  // The regions, or nullptr when the buffer is no longer usable (detached by a transfer).
  struct Regions {
    uint8_t* key;
    uint8_t* nonce;
    uint8_t* aad;
    uint8_t* input;
    uint8_t* output;
  };
  bool Get(Regions& regions) const;

 private:
  static constexpr size_t kKeyOffset = 0;
  static constexpr size_t kNonceOffset = kKeyOffset + kKeyBytes;
  static constexpr size_t kAadOffset = kNonceOffset + kNonceBytes;
  static constexpr size_t kInputOffset = kAadOffset + kAadBytes;
  static constexpr size_t kOutputOffset = kInputOffset + kInputBytes;
  static constexpr size_t kTotalBytes = kOutputOffset + kOutputBytes;

  Napi::Reference<Napi::ArrayBuffer> buffer_;
};

}  // namespace sdkpp::napi
