#include "util/args.h"

#include <cmath>
#include <cstring>

#include "context/argument_rules.h"
#include "sdkpp/limits.h"

namespace sdkpp::napi {
namespace {

std::string Describe(const Napi::Value& value) {
  switch (value.Type()) {
    case napi_undefined:
      return "undefined";
    case napi_null:
      return "null";
    case napi_boolean:
      return "a boolean";
    case napi_number:
      return "a number";
    case napi_string:
      return "a string";
    case napi_symbol:
      return "a symbol";
    case napi_object:
      return value.IsArray() ? "an array" : "an object";
    case napi_function:
      return "a function";
    case napi_external:
      return "an external";
    case napi_bigint:
      return "a bigint";
  }
  return "an unknown value";
}

std::string Where(const ArgRef& arg) {
  return std::string(arg.method) + ": " + arg.name + " ";
}

}  // namespace

void ThrowTypeError(const ArgRef& arg, const std::string& rule) {
  throw Napi::TypeError::New(arg.info.Env(),
                             Where(arg) + rule + " (got " + Describe(arg.value()) + ")");
}

void ThrowRangeError(const ArgRef& arg, const std::string& rule) {
  throw Napi::RangeError::New(arg.info.Env(), Where(arg) + rule);
}

bool IsNullish(const Napi::Value& value) { return value.IsUndefined() || value.IsNull(); }

uint64_t ReadU64(const ArgRef& arg) {
  Napi::Value value = arg.value();
  if (value.IsBigInt()) {
    // napi_get_value_bigint_words tells the sign; ToUint64 alone wraps negatives silently.
    int sign = 0;
    size_t word_count = 2;
    uint64_t words[2] = {0, 0};
    napi_status status =
        napi_get_value_bigint_words(arg.info.Env(), value, &sign, &word_count, words);
    if (status != napi_ok) ThrowTypeError(arg, "must be a bigint or a decimal string");
    if (sign != 0 && (word_count > 1 || words[0] != 0)) {
      ThrowRangeError(arg, "must not be negative");
    }
    if (word_count > 1) ThrowRangeError(arg, "must be below 2^64");
    return words[0];
  }
  if (value.IsString()) {
    std::string text = value.As<Napi::String>().Utf8Value();
    if (text.empty() || text.size() > 20) {
      ThrowRangeError(arg, "must be a decimal string of 1 to 20 digits below 2^64");
    }
    uint64_t result = 0;
    for (char c : text) {
      if (c < '0' || c > '9') ThrowRangeError(arg, "must contain only the digits 0-9");
      uint64_t digit = static_cast<uint64_t>(c - '0');
      if (result > (UINT64_MAX - digit) / 10) ThrowRangeError(arg, "must be below 2^64");
      result = result * 10 + digit;
    }
    return result;
  }
  ThrowTypeError(arg, "must be a bigint or a decimal string");
}

std::optional<uint64_t> ReadOptionalU64(const ArgRef& arg) {
  if (IsNullish(arg.value())) return std::nullopt;
  return ReadU64(arg);
}

namespace {

// Refuses more than `max_bytes` UTF-8 bytes with "must be at most <rule_limit><rule_unit>" (the
// text is made only then: strings are read on every call).
std::string ReadStringWithin(const ArgRef& arg, size_t max_bytes, uint64_t rule_limit, const char* rule_unit) {
  Napi::Value value = arg.value();
  if (!value.IsString()) ThrowTypeError(arg, "must be a string");
  // Ask for the length first so a huge string is refused without being copied.
  size_t length = 0;
  napi_status status =
      napi_get_value_string_utf8(arg.info.Env(), value, nullptr, 0, &length);
  if (status != napi_ok) ThrowTypeError(arg, "must be a string");
  if (length > max_bytes) ThrowRangeError(arg, "must be at most " + std::to_string(rule_limit) + rule_unit);
  std::string text(length, '\0');
  status = napi_get_value_string_utf8(arg.info.Env(), value, text.data(), length + 1, &length);
  if (status != napi_ok) ThrowTypeError(arg, "must be a string");
  text.resize(length);
  if (text.find('\0') != std::string::npos) {
    ThrowRangeError(arg, "must not contain NUL characters");
  }
  return text;
}

}  // namespace

std::string ReadString(const ArgRef& arg, size_t max_length) {
  return ReadStringWithin(arg, max_length, max_length, " bytes long");
}

std::string ReadText(const ArgRef& arg, uint64_t max_code_points) {
  return ReadStringWithin(arg, static_cast<size_t>(max_code_points * limits::kMaxUtf8BytesPerCodePoint), max_code_points,
                          " characters");
}

int32_t ReadInt32(const ArgRef& arg) {
  return ReadInt(arg, -2147483648.0, 2147483647.0, "must be a 32-bit integer");
}

std::optional<std::string> ReadOptionalString(const ArgRef& arg, size_t max_length) {
  if (IsNullish(arg.value())) return std::nullopt;
  return ReadString(arg, max_length);
}

int32_t ReadInt(const ArgRef& arg, double min, double max, const char* range_rule, const char* type_rule) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, type_rule);
  double value = arg.value().As<Napi::Number>().DoubleValue();
  if (!(value >= min && value <= max) || std::trunc(value) != value) ThrowRangeError(arg, range_rule);
  return static_cast<int32_t>(value);
}

float ReadFloat(const ArgRef& arg, double min, double max, const std::string& range_rule) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double value = arg.value().As<Napi::Number>().DoubleValue();
  if (!std::isfinite(value) || value < min || value > max) ThrowRangeError(arg, range_rule);
  return static_cast<float>(value);
}

float ReadSetting(const ArgRef& arg, const rules::SettingRange& range) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double value = arg.value().As<Napi::Number>().DoubleValue();
  if (!rules::InRange(value, range)) ThrowRangeError(arg, rules::RangeRule(range));
  return static_cast<float>(value);
}

bool ReadBool(const ArgRef& arg) {
  if (!arg.value().IsBoolean()) ThrowTypeError(arg, "must be a boolean");
  return arg.value().As<Napi::Boolean>().Value();
}

int32_t ReadEnumValue(const ArgRef& arg, const char* enum_name,
                      bool (*is_member)(int32_t value)) {
  Napi::Value value = arg.value();
  if (!value.IsNumber()) ThrowTypeError(arg, std::string("must be a ") + enum_name + " value");
  double number = value.As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number) || std::trunc(number) != number || number < INT32_MIN ||
      number > INT32_MAX || !is_member(static_cast<int32_t>(number))) {
    ThrowRangeError(arg, std::string("must be one of the values of ") + enum_name);
  }
  return static_cast<int32_t>(number);
}

Napi::Function ReadFunction(const ArgRef& arg) {
  if (!arg.value().IsFunction()) ThrowTypeError(arg, "must be a function");
  return arg.value().As<Napi::Function>();
}

BytesView ReadBytesView(const ArgRef& arg, size_t max_length) {
  Napi::Value value = arg.value();
  if (!value.IsTypedArray() || value.As<Napi::TypedArray>().TypedArrayType() != napi_uint8_array) {
    ThrowTypeError(arg, "must be a Buffer or Uint8Array");
  }
  auto bytes = value.As<Napi::Uint8Array>();
  if (bytes.ByteLength() > max_length) ThrowRangeError(arg, "is too large");
  return {bytes.Data(), bytes.ByteLength()};
}

Napi::BigInt U64ToJs(Napi::Env env, uint64_t value) { return Napi::BigInt::New(env, value); }

}  // namespace sdkpp::napi
