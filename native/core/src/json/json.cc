#include "json/json.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "simdjson.h"

namespace sdkpp::json {

// --- Value

static_assert(sizeof(simdjson::dom::element) <= 16 && alignof(simdjson::dom::element) <= 8);
static_assert(std::is_trivially_copyable_v<simdjson::dom::element>);

Value::Value(const simdjson::dom::element& element) : exists_(true) {
  std::memcpy(storage_, &element, sizeof element);
}

const simdjson::dom::element* Value::element() const {
  return exists_ ? reinterpret_cast<const simdjson::dom::element*>(storage_) : nullptr;
}

bool Value::Exists() const { return exists_; }
bool Value::IsNull() const { return element() && element()->is_null(); }
bool Value::IsObject() const { return element() && element()->is_object(); }
bool Value::IsArray() const { return element() && element()->is_array(); }
bool Value::IsString() const { return element() && element()->is_string(); }

Value Value::operator[](std::string_view key) const {
  if (!IsObject()) return Value();
  simdjson::dom::element child;
  simdjson::dom::object object;
  if (element()->get_object().get(object) != simdjson::SUCCESS ||
      object.at_key(key).get(child) != simdjson::SUCCESS) {
    return Value();
  }
  return Value(child);
}

void Value::Fields(const std::string_view* keys, Value* found, size_t count) const {
  for (size_t i = 0; i < count; ++i) found[i] = Value();
  simdjson::dom::object object;
  if (!IsObject() || element()->get_object().get(object) != simdjson::SUCCESS) return;
  // The wanted keys by length, as bit masks of their indices: a member's key is compared only
  // with the keys of its length that are not found yet (usually none or one).
  constexpr size_t kShortKey = 32;
  uint64_t wanted_of_length[kShortKey + 1] = {};  // the last entry: every longer key
  for (size_t i = 0; i < count; ++i) wanted_of_length[std::min(keys[i].size(), kShortKey)] |= uint64_t{1} << i;
  uint64_t missing = count == 64 ? ~uint64_t{0} : (uint64_t{1} << count) - 1;
  for (auto field : object) {
    const std::string_view key = field.key;
    uint64_t& candidates = wanted_of_length[std::min(key.size(), kShortKey)];
    for (uint64_t left = candidates; left != 0; left &= left - 1) {
      const auto i = static_cast<size_t>(std::countr_zero(left));
      if (keys[i] != key) continue;
      // The first occurrence of a key wins, as operator[] (simdjson's at_key) answers: a found
      // key leaves its mask.
      found[i] = Value(field.value);
      candidates &= ~(uint64_t{1} << i);
      missing &= ~(uint64_t{1} << i);
      break;
    }
    if (missing == 0) return;
  }
}

std::vector<Value> Value::Items() const {
  std::vector<Value> items;
  if (!IsArray()) return items;
  simdjson::dom::array array;
  if (element()->get_array().get(array) != simdjson::SUCCESS) return items;
  items.reserve(array.size());
  for (simdjson::dom::element child : array) items.push_back(Value(child));
  return items;
}

std::vector<std::pair<std::string_view, Value>> Value::Members() const {
  std::vector<std::pair<std::string_view, Value>> members;
  if (!IsObject()) return members;
  simdjson::dom::object object;
  if (element()->get_object().get(object) != simdjson::SUCCESS) return members;
  for (auto field : object) members.emplace_back(field.key, Value(field.value));
  return members;
}

std::optional<std::string_view> Value::String() const {
  std::string_view text;
  if (!element() || element()->get_string().get(text) != simdjson::SUCCESS) return std::nullopt;
  return text;
}

std::optional<int64_t> Value::Int() const {
  if (!element()) return std::nullopt;
  int64_t number;
  if (element()->get_int64().get(number) == simdjson::SUCCESS) return number;
  return std::nullopt;
}

std::optional<double> Value::Number() const {
  if (!element()) return std::nullopt;
  double number;
  if (element()->get_double().get(number) == simdjson::SUCCESS) return number;
  return std::nullopt;
}

std::optional<bool> Value::Bool() const {
  bool flag;
  if (!element() || element()->get_bool().get(flag) != simdjson::SUCCESS) return std::nullopt;
  return flag;
}

std::optional<uint64_t> Value::Snowflake() const {
  if (!element()) return std::nullopt;
  // Ids are strings on the wire: that form is tried first (a failed get_uint64 on a string is
  // not free, and a message carries several ids).
  std::string_view text;
  if (element()->get_string().get(text) != simdjson::SUCCESS) {
    uint64_t number;
    if (element()->get_uint64().get(number) == simdjson::SUCCESS) return number;
    return std::nullopt;
  }
  if (text.empty() || text.size() > 20) return std::nullopt;
  // Nineteen digits always fit in 64 bits; twenty fit up to 2^64 - 1, which for digit strings of
  // one length is a comparison of the texts. No overflow check per digit then.
  if (text.size() == 20 && text > "18446744073709551615") return std::nullopt;
  uint64_t id = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    id = id * 10 + static_cast<uint64_t>(c - '0');
  }
  return id;
}

std::string Value::Serialize() const {
  if (!element()) return "";
  return simdjson::minify(*element());
}

// --- Document

Document::Document() = default;
Document::Document(Document&&) noexcept = default;
Document& Document::operator=(Document&&) noexcept = default;
Document::~Document() = default;

std::optional<Document> Document::Parse(std::string_view text, std::string* error) {
  if (text.size() > kMaxDocumentBytes) {
    if (error) *error = "document larger than " + std::to_string(kMaxDocumentBytes) + " bytes";
    return std::nullopt;
  }
  Document document;
  document.parser_ = std::make_unique<simdjson::dom::parser>();
  if (document.parser_->allocate(std::max<size_t>(text.size(), 64), kMaxDepth) !=
      simdjson::SUCCESS) {
    if (error) *error = "out of memory";
    return std::nullopt;
  }
  simdjson::padded_string padded(text);
  simdjson::dom::element root;
  auto code = document.parser_->parse(padded).get(root);
  if (code != simdjson::SUCCESS) {
    if (error) *error = simdjson::error_message(code);
    return std::nullopt;
  }
  document.root_ = std::make_unique<simdjson::dom::element>(root);
  return document;
}

Value Document::Root() const { return root_ ? Value(*root_) : Value(); }

// --- Writer

void AppendEscaped(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void Writer::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_in_scope_.empty()) {
    if (!first_in_scope_.back()) out_ += ',';
    first_in_scope_.back() = false;
  }
}

Writer& Writer::BeginObject() {
  BeforeValue();
  out_ += '{';
  first_in_scope_.push_back(true);
  return *this;
}
Writer& Writer::EndObject() {
  out_ += '}';
  if (!first_in_scope_.empty()) first_in_scope_.pop_back();
  return *this;
}
Writer& Writer::BeginArray() {
  BeforeValue();
  out_ += '[';
  first_in_scope_.push_back(true);
  return *this;
}
Writer& Writer::EndArray() {
  out_ += ']';
  if (!first_in_scope_.empty()) first_in_scope_.pop_back();
  return *this;
}
Writer& Writer::Key(std::string_view key) {
  BeforeValue();
  AppendEscaped(out_, key);
  out_ += ':';
  after_key_ = true;
  return *this;
}
Writer& Writer::String(std::string_view value) {
  BeforeValue();
  AppendEscaped(out_, value);
  return *this;
}
Writer& Writer::Int(int64_t value) {
  BeforeValue();
  out_ += std::to_string(value);
  return *this;
}
Writer& Writer::Uint(uint64_t value) {
  BeforeValue();
  out_ += std::to_string(value);
  return *this;
}
Writer& Writer::Double(double value) {
  BeforeValue();
  if (!std::isfinite(value)) {
    out_ += "null";
  } else {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    out_ += buffer;
  }
  return *this;
}
Writer& Writer::Bool(bool value) {
  BeforeValue();
  out_ += value ? "true" : "false";
  return *this;
}
Writer& Writer::Null() {
  BeforeValue();
  out_ += "null";
  return *this;
}
Writer& Writer::Raw(std::string_view json) {
  BeforeValue();
  out_ += json;
  return *this;
}
Writer& Writer::Snowflake(uint64_t id) { return String(std::to_string(id)); }

}  // namespace sdkpp::json
