// The bytes NodeDaveSession and the JS host share for DAVE's per-frame crypto (docs/protocols/dave.md, §7):
// one ArrayBuffer, made once per platform, that the host keeps two Uint8Array views of. An
// encrypt or decrypt copies the frame into `input`, calls the host with the session, the sender's
// slot and the size only (small integers: no JS allocation), and reads the result back from
// `output`. What davey itself allocates (it answers a Buffer) is its cost, not the boundary's.
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>

#include "sdkpp/limits.h"
#include "sdkpp/platform_dave.h"

namespace sdkpp::napi {

class DaveScratch {
 public:
  // A frame is at most a datagram's payload; encryption adds at most kDaveMaxFrameOverhead.
  static constexpr size_t kInputBytes = limits::kMaxVoiceDatagramBytes;
  static constexpr size_t kOutputBytes = kInputBytes + kDaveMaxFrameOverhead;

  explicit DaveScratch(Napi::Env env);

  // {input, output}: the views the host keeps (the host method useDaveScratch).
  Napi::Object Views(Napi::Env env) const;

  struct Regions {
    uint8_t* input;
    uint8_t* output;
  };
  // False when the buffer is no longer usable (detached by a transfer).
  bool Get(Regions& regions) const;

 private:
  static constexpr size_t kInputOffset = 0;
  static constexpr size_t kOutputOffset = kInputOffset + kInputBytes;
  static constexpr size_t kTotalBytes = kOutputOffset + kOutputBytes;

  Napi::Reference<Napi::ArrayBuffer> buffer_;
};

}  // namespace sdkpp::napi
