// The JSON layer (native/core/src/json) on any bytes: Document::Parse, every accessor of every
// value, Fields against operator[], and the writer round trip: a parsed document written back
// with json::Writer parses again to the same minified text.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "fuzz_input.h"
#include "json/json.h"

namespace {

using sdkpp::json::Document;
using sdkpp::json::Value;
using sdkpp::json::Writer;

bool SameValue(const Value& a, const Value& b) { return a.Exists() == b.Exists() && a.Serialize() == b.Serialize(); }

// Writes `value` with the Writer, reading it only through the public accessors.
void Rewrite(const Value& value, Writer& out, size_t depth) {
  FUZZ_CHECK(depth <= sdkpp::json::kMaxDepth);
  if (value.IsObject()) {
    out.BeginObject();
    for (const auto& [key, member] : value.Members()) {
      out.Key(key);
      Rewrite(member, out, depth + 1);
    }
    out.EndObject();
  } else if (value.IsArray()) {
    out.BeginArray();
    for (const auto& item : value.Items()) Rewrite(item, out, depth + 1);
    out.EndArray();
  } else if (auto text = value.String()) {
    out.String(*text);
  } else if (auto flag = value.Bool()) {
    out.Bool(*flag);
  } else if (value.IsNull()) {
    out.Null();
  } else if (auto integer = value.Int()) {
    out.Int(*integer);
  } else if (auto id = value.Snowflake()) {
    out.Uint(*id);  // an integer beyond int64 but within uint64
  } else {
    auto number = value.Number();
    FUZZ_CHECK(number.has_value());  // every JSON value is one of the above
    out.Raw(value.Serialize());      // the number as simdjson wrote it
  }
}

void Walk(const Value& value, size_t depth) {
  FUZZ_CHECK(value.Exists());
  FUZZ_CHECK(depth <= sdkpp::json::kMaxDepth);
  (void)value.String();
  (void)value.Int();
  (void)value.Number();
  (void)value.Bool();
  if (auto id = value.Snowflake(); id && value.IsString()) {
    // A string id is 1 to 20 decimal digits, nothing else, and its value is what they say.
    const std::string_view text = *value.String();
    FUZZ_CHECK(!text.empty() && text.size() <= 20 && text.find_first_not_of("0123456789") == std::string_view::npos);
    const size_t first = std::min(text.find_first_not_of('0'), text.size());
    FUZZ_CHECK(std::to_string(*id) == (first == text.size() ? "0" : std::string(text.substr(first))));
  }
  if (value.IsObject()) {
    const auto members = value.Members();
    // Fields answers what operator[] answers: the first occurrence of each key, or nothing.
    // (The SDK asks for distinct keys only: the keys here are the first two distinct names.)
    std::array<std::string, 3> keys = {"\x02 absent", "id", "\x01 missing"};
    size_t named = 0;
    for (size_t i = 0; i < members.size() && named < 2; ++i) {
      const std::string name(members[i].first);
      if (name != keys[0] && name != keys[1] && name != keys[2]) keys[named++] = name;
    }
    const auto found = value.Fields(keys[0], keys[1], keys[2]);
    for (size_t i = 0; i < keys.size(); ++i) FUZZ_CHECK(SameValue(found[i], value[keys[i]]));
    for (const auto& [key, member] : members) Walk(member, depth + 1);
  } else if (value.IsArray()) {
    for (const auto& item : value.Items()) Walk(item, depth + 1);
  }
  FUZZ_CHECK(!value["x"].Exists() || value.IsObject());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string error;
  auto document = Document::Parse(sdkpp::fuzz::AsText(data, size), &error);
  if (!document) {
    FUZZ_CHECK(!error.empty());
    return 0;
  }
  const Value root = document->Root();
  Walk(root, 0);
  const std::string minified = root.Serialize();
  auto again = Document::Parse(minified);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(again->Root().Serialize() == minified);
  Writer writer;
  Rewrite(root, writer, 0);
  auto rewritten = Document::Parse(writer.str());
  FUZZ_CHECK(rewritten.has_value());
  FUZZ_CHECK(rewritten->Root().Serialize() == minified);
  return 0;
}
