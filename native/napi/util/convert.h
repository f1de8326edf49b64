// C++ values to JS and back for the social types: maps, id lists, optionals, handles.
#pragma once

#include <napi.h>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "util/args.h"

namespace sdkpp::napi {

inline Napi::Value ToJs(Napi::Env env, const std::string& value) { return Napi::String::New(env, value); }
inline Napi::Value ToJs(Napi::Env env, bool value) { return Napi::Boolean::New(env, value); }
inline Napi::Value ToJs(Napi::Env env, int32_t value) { return Napi::Number::New(env, value); }
inline Napi::Value ToJs(Napi::Env env, uint8_t value) { return Napi::Number::New(env, value); }
inline Napi::Value ToJs(Napi::Env env, uint64_t value) { return U64ToJs(env, value); }

template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
Napi::Value ToJs(Napi::Env env, E value) {
  return Napi::Number::New(env, static_cast<int32_t>(value));
}

inline Napi::Value ToJs(Napi::Env env, const std::unordered_map<std::string, std::string>& map) {
  Napi::Object object = Napi::Object::New(env);
  for (const auto& [key, value] : map) object.Set(key, value);
  return object;
}

template <class T>
Napi::Value ToJs(Napi::Env env, const std::optional<T>& value) {
  if (!value) return env.Undefined();
  return ToJs(env, *value);
}

inline Napi::Value ToJs(Napi::Env env, const std::vector<uint64_t>& ids) {
  Napi::Array array = Napi::Array::New(env, ids.size());
  for (uint32_t i = 0; i < ids.size(); ++i) array.Set(i, U64ToJs(env, ids[i]));
  return array;
}

// Lobby, member or message metadata: a Record<string, string> without NUL. Its rule (keys and
// values together at most kMaxMetadataCodePoints) is the core's; here only a size guard refuses
// a record that cannot pass it — more than that many × kMaxUtf8BytesPerCodePoint UTF-8 bytes, or
// more entries than it has code points (+1: one entry may be empty) — before converting it all.
std::unordered_map<std::string, std::string> ReadMetadata(const ArgRef& arg);

}  // namespace sdkpp::napi
