#include "io/aead_scratch.h"

namespace sdkpp::napi {

AeadScratch::AeadScratch(Napi::Env env)
    // A plain (not external) ArrayBuffer: Electron's V8 sandbox refuses external backing stores.
    : buffer_(Napi::Persistent(Napi::ArrayBuffer::New(env, kTotalBytes))) {}

Napi::Object AeadScratch::Views(Napi::Env env) const {
  Napi::ArrayBuffer buffer = buffer_.Value();
  auto view = [&](size_t offset, size_t length) {
    return Napi::Uint8Array::New(env, length, buffer, offset);
  };
  Napi::Object views = Napi::Object::New(env);
  views.Set("key", view(kKeyOffset, kKeyBytes));
  views.Set("nonce", view(kNonceOffset, kNonceBytes));
  views.Set("aad", view(kAadOffset, kAadBytes));
  views.Set("input", view(kInputOffset, kInputBytes));
  views.Set("output", view(kOutputOffset, kOutputBytes));
  return views;
}

bool AeadScratch::Get(Regions& regions) const {
  Napi::ArrayBuffer buffer = buffer_.Value();
  if (buffer.IsEmpty() || buffer.ByteLength() != kTotalBytes) return false;
  auto* base = static_cast<uint8_t*>(buffer.Data());
  if (base == nullptr) return false;
  regions = {base + kKeyOffset, base + kNonceOffset, base + kAadOffset, base + kInputOffset,
             base + kOutputOffset};
  return true;
}

}  // namespace sdkpp::napi
