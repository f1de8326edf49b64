#include "convert.h"

namespace sdkpp::napi {

std::unordered_map<std::string, std::string> ReadStringMap(const ArgRef& arg, size_t max_entries, size_t max_chars) {
  Napi::Value value = arg.value();
  if (!value.IsObject() || value.IsArray() || value.IsFunction()) {
    ThrowTypeError(arg, "must be an object of string values");
  }
  Napi::Object object = value.As<Napi::Object>();
  Napi::Array keys = object.GetPropertyNames();
  if (keys.Length() > max_entries) ThrowRangeError(arg, "must have at most " + std::to_string(max_entries) + " entries");
  std::unordered_map<std::string, std::string> map;
  size_t total = 0;
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    Napi::Value key = keys.Get(i);
    Napi::Value entry = object.Get(key);
    if (!entry.IsString()) ThrowTypeError(arg, "must have only string values");
    std::string k = key.ToString().Utf8Value();
    std::string v = entry.As<Napi::String>().Utf8Value();
    total += k.size() + v.size();
    if (total > max_chars) ThrowRangeError(arg, "must total at most " + std::to_string(max_chars) + " characters");
    if (k.find('\0') != std::string::npos || v.find('\0') != std::string::npos) {
      ThrowRangeError(arg, "must not contain NUL characters");
    }
    map.emplace(std::move(k), std::move(v));
  }
  return map;
}

std::unordered_map<std::string, std::string> ReadMetadata(const ArgRef& arg) {
  constexpr size_t kMaxMetadataEntries = 25;
  constexpr size_t kMaxMetadataChars = 1000;
  return ReadStringMap(arg, kMaxMetadataEntries, kMaxMetadataChars);
}

}  // namespace sdkpp::napi
