// JSON for the core: a read-only parsed document (simdjson's DOM underneath, with a depth and a
// size bound so hostile input cannot exhaust the stack or memory) and a small writer.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sdkpp/limits.h"

namespace simdjson::dom {
class parser;
class element;
}  // namespace simdjson::dom

namespace sdkpp::json {

inline constexpr size_t kMaxDepth = 64;
// Every document the SDK parses came as an HTTP body or a gateway message, both bounded by the
// limits table; the parser refuses anything larger than the larger of the two.
inline constexpr size_t kMaxDocumentBytes = std::max(limits::kMaxHttpBodyBytes, limits::kMaxGatewayMessageBytes);

// A view of one JSON value inside a Document; valid while that Document lives. Reading a
// missing key or the wrong type answers nullopt (or an empty Value), never throws.
class Value {
 public:
  Value() = default;

  bool Exists() const;  // false for a missing key / out-of-range index
  bool IsNull() const;
  bool IsObject() const;
  bool IsArray() const;
  bool IsString() const;

  Value operator[](std::string_view key) const;
  // Several members in one pass over the object, each as operator[] would answer (its first
  // occurrence, or an empty Value): `auto [id, name] = user.Fields("id", "name");`. Looking
  // keys up one by one scans the members once per key, and for a missing key all of them.
  template <typename... Keys>
  std::array<Value, sizeof...(Keys)> Fields(const Keys&... keys) const {
    static_assert(sizeof...(Keys) <= kMaxFields, "Fields tracks the keys in 64-bit masks");
    const std::array<std::string_view, sizeof...(Keys)> names{std::string_view(keys)...};
    std::array<Value, sizeof...(Keys)> found;
    Fields(names.data(), found.data(), names.size());
    return found;
  }
  std::vector<Value> Items() const;                             // array elements
  std::vector<std::pair<std::string_view, Value>> Members() const;  // object members

  std::optional<std::string_view> String() const;
  std::optional<int64_t> Int() const;  // integers only (a fractional number is nullopt)
  std::optional<double> Number() const;
  std::optional<bool> Bool() const;
  // A snowflake id: a string of decimal digits, or a non-negative integer.
  std::optional<uint64_t> Snowflake() const;
  // This value serialized back to minified JSON ("" when missing).
  std::string Serialize() const;

 private:
  friend class Document;
  explicit Value(const simdjson::dom::element& element);
  static constexpr size_t kMaxFields = 64;
  void Fields(const std::string_view* keys, Value* found, size_t count) const;  // count <= kMaxFields
  const simdjson::dom::element* element() const;
  // simdjson's element is a 16-byte trivially copyable handle; keeping it inline (instead of
  // behind a pointer) makes a Value free to copy and keeps simdjson.h out of this header.
  alignas(8) unsigned char storage_[16] = {};
  bool exists_ = false;
};

class Document {
 public:
  // nullopt (and `error` set, when given) for invalid JSON, too deep, or too large.
  static std::optional<Document> Parse(std::string_view text, std::string* error = nullptr);
  Document(Document&&) noexcept;
  Document& operator=(Document&&) noexcept;
  ~Document();

  Value Root() const;

 private:
  Document();
  std::unique_ptr<simdjson::dom::parser> parser_;
  std::unique_ptr<simdjson::dom::element> root_;
};

// Builds minified JSON. Commas are placed automatically; strings are escaped per RFC 8259.
class Writer {
 public:
  Writer& BeginObject();
  Writer& EndObject();
  Writer& BeginArray();
  Writer& EndArray();
  Writer& Key(std::string_view key);
  Writer& String(std::string_view value);
  Writer& Int(int64_t value);
  Writer& Uint(uint64_t value);
  Writer& Double(double value);
  Writer& Bool(bool value);
  Writer& Null();
  // Inserts already-serialized JSON as one value.
  Writer& Raw(std::string_view json);
  // A snowflake, written as a JSON string of digits (ids are strings on the wire).
  Writer& Snowflake(uint64_t id);

  std::string Take() { return std::move(out_); }
  const std::string& str() const { return out_; }

 private:
  void BeforeValue();
  std::string out_;
  std::vector<bool> first_in_scope_;
  bool after_key_ = false;
};

void AppendEscaped(std::string& out, std::string_view text);

}  // namespace sdkpp::json
