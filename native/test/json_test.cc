// The core's JSON reader (json/json.h): Fields answers exactly what operator[] answers, key by
// key, and Snowflake reads every id form the wire can carry and nothing beyond 64 bits.
#include "framework/test.h"

#include <optional>
#include <string>
#include <string_view>

#include "json/json.h"

namespace sdkpp {
namespace {

// What a Value holds, as text, so two Values can be compared ("<missing>" for an empty Value).
std::string Describe(const json::Value& value) { return value.Exists() ? value.Serialize() : "<missing>"; }

std::optional<uint64_t> SnowflakeOf(std::string_view json_text) {
  auto document = json::Document::Parse(std::string(R"({"v":)") + std::string(json_text) + "}");
  if (!document) return std::nullopt;
  return document->Root()["v"].Snowflake();
}

TEST(Json, FieldsAnswersAsOperatorIndexForEachKey) {
  const char* documents[] = {
      R"({"id":"1","content":"hi","author":{"id":"2"},"embeds":[],"flags":0})",
      R"({"content":"x","id":"9","id":"10","content":"second"})",  // duplicates: the first wins
      R"({"a":1,"ab":2,"abc":3,"b":null,"":"empty key"})",
      R"({})",
      R"([1,2,3])",
      R"("a string")",
      R"(null)",
  };
  for (const char* text : documents) {
    auto document = json::Document::Parse(text);
    ASSERT_TRUE(document.has_value()) << text;
    json::Value root = document->Root();
    auto [id, content, author, missing, a, ab, b, empty, flags] =
        root.Fields("id", "content", "author", "missing", "a", "ab", "b", "", "flags");
    EXPECT_EQ(Describe(id), Describe(root["id"])) << text;
    EXPECT_EQ(Describe(content), Describe(root["content"])) << text;
    EXPECT_EQ(Describe(author), Describe(root["author"])) << text;
    EXPECT_EQ(Describe(missing), Describe(root["missing"])) << text;
    EXPECT_EQ(Describe(a), Describe(root["a"])) << text;
    EXPECT_EQ(Describe(ab), Describe(root["ab"])) << text;
    EXPECT_EQ(Describe(b), Describe(root["b"])) << text;
    EXPECT_EQ(Describe(empty), Describe(root[""])) << text;
    EXPECT_EQ(Describe(flags), Describe(root["flags"])) << text;
  }
}

TEST(Json, FieldsKeepsTheFirstOfDuplicatedKeysAndFindsNested) {
  auto document = json::Document::Parse(R"({"id":"9","author":{"id":"2"},"id":"10"})");
  ASSERT_TRUE(document.has_value());
  auto [id, author] = document->Root().Fields("id", "author");
  EXPECT_EQ(id.Snowflake(), std::optional<uint64_t>(9));
  EXPECT_EQ(author["id"].Snowflake(), std::optional<uint64_t>(2));
  auto [none] = json::Value().Fields("id");  // an empty Value has no members
  EXPECT_FALSE(none.Exists());
}

TEST(Json, SnowflakeReadsDigitStringsAndNonNegativeIntegers) {
  EXPECT_EQ(SnowflakeOf(R"("0")"), std::optional<uint64_t>(0));
  EXPECT_EQ(SnowflakeOf(R"("1575644832792051712")"), std::optional<uint64_t>(1575644832792051712ull));
  EXPECT_EQ(SnowflakeOf(R"("9999999999999999999")"), std::optional<uint64_t>(9999999999999999999ull));  // 19 digits
  EXPECT_EQ(SnowflakeOf(R"("18446744073709551615")"), std::optional<uint64_t>(UINT64_MAX));
  EXPECT_EQ(SnowflakeOf(R"("00000000000000000042")"), std::optional<uint64_t>(42));  // 20 digits, small
  EXPECT_EQ(SnowflakeOf("1234"), std::optional<uint64_t>(1234));
  EXPECT_EQ(SnowflakeOf("18446744073709551615"), std::optional<uint64_t>(UINT64_MAX));
}

TEST(Json, SnowflakeRefusesWhatIsNotAn64BitId) {
  for (const char* bad : {R"("18446744073709551616")", R"("20000000000000000000")", R"("99999999999999999999")",
                          R"("000000000000000000001")", R"("")", R"("-5")", R"("12a")", R"(" 12")", R"("1.5")",
                          "-1", "1.5", "1e3", "18446744073709551616", "true", "null", "[]", "{}"}) {
    EXPECT_EQ(SnowflakeOf(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(json::Value().Snowflake(), std::nullopt);
}

}  // namespace
}  // namespace sdkpp
