#include "io/dave_scratch.h"

namespace sdkpp::napi {

DaveScratch::DaveScratch(Napi::Env env)
    // A plain (not external) ArrayBuffer: Electron's V8 sandbox refuses external backing stores.
    : buffer_(Napi::Persistent(Napi::ArrayBuffer::New(env, kTotalBytes))) {}

Napi::Object DaveScratch::Views(Napi::Env env) const {
  Napi::ArrayBuffer buffer = buffer_.Value();
  Napi::Object views = Napi::Object::New(env);
  views.Set("input", Napi::Uint8Array::New(env, kInputBytes, buffer, kInputOffset));
  views.Set("output", Napi::Uint8Array::New(env, kOutputBytes, buffer, kOutputOffset));
  return views;
}

bool DaveScratch::Get(Regions& regions) const {
  Napi::ArrayBuffer buffer = buffer_.Value();
  if (buffer.IsEmpty() || buffer.ByteLength() != kTotalBytes) return false;
  auto* base = static_cast<uint8_t*>(buffer.Data());
  if (base == nullptr) return false;
  regions = {base + kInputOffset, base + kOutputOffset};
  return true;
}

}  // namespace sdkpp::napi
