#include "util/convert.h"

#include "sdkpp/limits.h"

namespace sdkpp::napi {

std::unordered_map<std::string, std::string> ReadMetadata(const ArgRef& arg) {
  constexpr uint64_t kMaxCodePoints = limits::kMaxMetadataCodePoints;
  constexpr size_t max_entries = kMaxCodePoints + 1;
  constexpr size_t max_bytes = kMaxCodePoints * limits::kMaxUtf8BytesPerCodePoint;
  auto too_long = [&] {
    ThrowRangeError(arg, "must total at most " + std::to_string(kMaxCodePoints) + " characters of keys and values");
  };
  Napi::Value value = arg.value();
  if (!value.IsObject() || value.IsArray() || value.IsFunction()) {
    ThrowTypeError(arg, "must be an object of string values");
  }
  Napi::Object object = value.As<Napi::Object>();
  Napi::Array keys = object.GetPropertyNames();
  if (keys.Length() > max_entries) too_long();
  std::unordered_map<std::string, std::string> map;
  size_t total = 0;
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    Napi::Value key = keys.Get(i);
    Napi::Value entry = object.Get(key);
    if (!entry.IsString()) ThrowTypeError(arg, "must have only string values");
    std::string k = key.ToString().Utf8Value();
    std::string v = entry.As<Napi::String>().Utf8Value();
    total += k.size() + v.size();
    if (total > max_bytes) too_long();
    if (k.find('\0') != std::string::npos || v.find('\0') != std::string::npos) {
      ThrowRangeError(arg, "must not contain NUL characters");
    }
    map.emplace(std::move(k), std::move(v));
  }
  return map;
}

}  // namespace sdkpp::napi
