// Reading JS arguments at the boundary. Every reader validates and throws a TypeError or
// RangeError naming the method and the argument, so no JS value can reach the core unchecked.
#pragma once

#include <napi.h>

#include <cstdint>
#include <optional>
#include <string>

namespace sdkpp::rules {
struct SettingRange;
}

namespace sdkpp::napi {

// Bounds on strings from JS: generous for any real use, small enough that a hostile caller
// cannot make the SDK copy megabytes per call.
inline constexpr size_t kMaxShortString = 1024;
inline constexpr size_t kMaxScopesString = 4096;
inline constexpr size_t kMaxPathString = 4096;
inline constexpr size_t kMaxUrlString = 2048;

// Where an argument comes from, for error messages: "AuthorizationArgs.SetClientId(clientId)".
struct ArgRef {
  const Napi::CallbackInfo& info;
  size_t index;
  const char* method;  // "AuthorizationArgs.SetClientId"
  const char* name;    // "clientId"
  Napi::Value value() const { return info[index]; }
};

[[noreturn]] void ThrowTypeError(const ArgRef& arg, const std::string& rule);
[[noreturn]] void ThrowRangeError(const ArgRef& arg, const std::string& rule);

bool IsNullish(const Napi::Value& value);

// A snowflake id: a bigint in [0, 2^64) or a string of decimal digits in that range.
uint64_t ReadU64(const ArgRef& arg);
std::optional<uint64_t> ReadOptionalU64(const ArgRef& arg);
// A string of at most `max_length` UTF-8 bytes without NUL characters.
std::string ReadString(const ArgRef& arg, size_t max_length);
std::optional<std::string> ReadOptionalString(const ArgRef& arg, size_t max_length);
// Text whose rule the core checks in code points (sdkpp/limits.h): here only a size guard. A
// string of more than max_code_points × kMaxUtf8BytesPerCodePoint UTF-8 bytes cannot pass the
// rule and is refused before conversion (a RangeError naming the rule); anything shorter goes to
// the core, which answers ValidationError when it breaks the rule.
std::string ReadText(const ArgRef& arg, uint64_t max_code_points);
// A loop or count argument: an integer number in the 32-bit range. The rule on its value is
// the core's.
int32_t ReadInt32(const ArgRef& arg);
bool ReadBool(const ArgRef& arg);
// A finite number in [min, max] (a volume, a dB threshold); `range_rule` names the range.
float ReadFloat(const ArgRef& arg, double min, double max, const std::string& range_rule);
// A setting's number (a volume, a dB threshold, a delay): a TypeError when it is not a number, a
// RangeError with the core's own rule (context/argument_rules.h) when it is out of range.
float ReadSetting(const ArgRef& arg, const rules::SettingRange& range);
// An integer number in [min, max]; `range_rule` is the RangeError's rule otherwise, `type_rule`
// the TypeError's for a value that is not a number.
int32_t ReadInt(const ArgRef& arg, double min, double max, const char* range_rule = "must be an integer in range",
                const char* type_rule = "must be a number");
// An integer that is one of the enum's values (checked against EnumToString).
int32_t ReadEnumValue(const ArgRef& arg, const char* enum_name,
                      bool (*is_member)(int32_t value));
Napi::Function ReadFunction(const ArgRef& arg);
// The bytes of a Uint8Array (a Buffer), read in place, not copied: valid only while the caller's
// JS call runs. At most `max_length` bytes.
struct BytesView {
  const uint8_t* data;
  size_t size;
};
BytesView ReadBytesView(const ArgRef& arg, size_t max_length);

Napi::BigInt U64ToJs(Napi::Env env, uint64_t value);

}  // namespace sdkpp::napi
