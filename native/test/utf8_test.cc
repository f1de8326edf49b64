// The UTF-8 counter behind every limit counted in characters (code points) or UTF-16 units.
#include "framework/test.h"

#include <string>

#include "util/utf8.h"

namespace sdkpp {
namespace {

TEST(Utf8, CountsAsciiOneCodePointPerByte) {
  EXPECT_EQ(utf8::CountCodePoints(""), 0u);
  EXPECT_EQ(utf8::CountCodePoints("hello"), 5u);
  EXPECT_EQ(utf8::CountUtf16Units("hello"), 5u);
  EXPECT_EQ(utf8::CountCodePoints(std::string("a\0b", 3)), 3u);  // NUL is a code point
}

TEST(Utf8, CountsEachMultibyteWidthAsOneCodePoint) {
  EXPECT_EQ(utf8::CountCodePoints("\xc3\xa9"), 1u);          // é, 2 bytes
  EXPECT_EQ(utf8::CountCodePoints("\xe2\x82\xac"), 1u);      // €, 3 bytes
  EXPECT_EQ(utf8::CountCodePoints("\xf0\x9f\x98\x80"), 1u);  // 😀, 4 bytes
  EXPECT_EQ(utf8::CountCodePoints("h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x8e\xae"), 9u);
  // The extremes of each width.
  EXPECT_EQ(utf8::CountCodePoints("\x7f"), 1u);
  EXPECT_EQ(utf8::CountCodePoints("\xc2\x80"), 1u);          // U+0080
  EXPECT_EQ(utf8::CountCodePoints("\xdf\xbf"), 1u);          // U+07FF
  EXPECT_EQ(utf8::CountCodePoints("\xe0\xa0\x80"), 1u);      // U+0800
  EXPECT_EQ(utf8::CountCodePoints("\xef\xbf\xbf"), 1u);      // U+FFFF
  EXPECT_EQ(utf8::CountCodePoints("\xf0\x90\x80\x80"), 1u);  // U+10000
  EXPECT_EQ(utf8::CountCodePoints("\xf4\x8f\xbf\xbf"), 1u);  // U+10FFFF
}

TEST(Utf8, AstralCharactersAreOneCodePointAndTwoUtf16Units) {
  std::string emoji;
  for (int i = 0; i < 1001; ++i) emoji += "\xf0\x9f\x98\x80";
  ASSERT_EQ(emoji.size(), 4004u);
  EXPECT_EQ(utf8::CountCodePoints(emoji), 1001u);
  EXPECT_EQ(utf8::CountUtf16Units(emoji), 2002u);
  EXPECT_EQ(utf8::CountUtf16Units("\xc3\xa9\xe2\x82\xac"), 2u);  // BMP characters: one unit each
}

TEST(Utf8, InvalidSequencesHaveNoCount) {
  struct Case {
    const char* name;
    std::string bytes;
  };
  const Case cases[] = {
      {"stray continuation byte", "\x80"},
      {"continuation after ASCII", "a\xbf"},
      {"lead 0xF8 (five-byte form)", "\xf8\x88\x80\x80\x80"},
      {"lead 0xFF", "\xff"},
      {"truncated 2-byte", "\xc3"},
      {"truncated 3-byte", "\xe2\x82"},
      {"truncated 4-byte", "\xf0\x9f\x98"},
      {"truncated at the end of longer text", "abc\xf0\x9f"},
      {"lead followed by ASCII", "\xc3(" },
      {"surrogate U+D800", "\xed\xa0\x80"},
      {"surrogate U+DFFF", "\xed\xbf\xbf"},
      {"past U+10FFFF", "\xf4\x90\x80\x80"},
      {"lead 0xF5", "\xf5\x80\x80\x80"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(utf8::Count(c.bytes), std::nullopt) << c.name;
    EXPECT_FALSE(utf8::IsValid(c.bytes)) << c.name;
  }
}

TEST(Utf8, OverlongFormsAreInvalid) {
  EXPECT_FALSE(utf8::IsValid("\xc0\xaf"));          // '/' in 2 bytes
  EXPECT_FALSE(utf8::IsValid("\xc1\xbf"));          // U+007F in 2 bytes
  EXPECT_FALSE(utf8::IsValid("\xc0\x80"));          // NUL in 2 bytes ("modified UTF-8")
  EXPECT_FALSE(utf8::IsValid("\xe0\x80\xaf"));      // '/' in 3 bytes
  EXPECT_FALSE(utf8::IsValid("\xe0\x9f\xbf"));      // U+07FF in 3 bytes
  EXPECT_FALSE(utf8::IsValid("\xf0\x80\x80\xaf"));  // '/' in 4 bytes
  EXPECT_FALSE(utf8::IsValid("\xf0\x8f\xbf\xbf"));  // U+FFFF in 4 bytes
}

}  // namespace
}  // namespace sdkpp
