// What every fuzz target shares: the libFuzzer entry point's declaration, a check that stops
// the run with a message (libFuzzer and the replay both count an abort as a crash), and
// readers that turn the input into the script a target plays: lines (for the JSON targets)
// or length-prefixed binary records. Readers never fail: a short input is a short script.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

// A property the target asserts: its failure is a finding, exactly like a sanitizer report.
#define FUZZ_CHECK(condition)                                                               \
  do {                                                                                      \
    if (!(condition)) {                                                                     \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                         \
    }                                                                                       \
  } while (0)

namespace sdkpp::fuzz {

inline std::string_view AsText(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input split on '\n' (a minified JSON message has no raw newline), empty lines dropped.
inline std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty()) lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// Bytes taken from the front of the input; past its end every read answers zeros / empty.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  size_t left() const { return size_ - pos_; }
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return static_cast<uint16_t>(U8() << 8 | U8()); }
  uint32_t U32() { return uint32_t{U16()} << 16 | U16(); }
  uint64_t U64() { return uint64_t{U32()} << 32 | U32(); }
  bool Bool() { return (U8() & 1) != 0; }
  // Up to `count` bytes (fewer at the end of the input).
  std::string_view Bytes(size_t count) {
    count = count < left() ? count : left();
    std::string_view out(reinterpret_cast<const char*>(data_ + pos_), count);
    pos_ += count;
    return out;
  }
  // A record: a big-endian u16 length, then that many bytes (clamped to what is left).
  std::string_view Record() { return Bytes(U16()); }
  // A short record: a one-byte length.
  std::string_view ShortRecord() { return Bytes(U8()); }
  std::string_view Rest() { return Bytes(left()); }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// "48656c6c6f" → "Hello"; a character that is not a hex digit is skipped, an odd digit dropped.
/** The number a line's field starts with (after spaces), in `base`; 0 when there is none. */
inline int64_t Number(std::string_view text, int base = 10) {
  int64_t value = 0;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  std::from_chars(text.data(), text.data() + text.size(), value, base);
  return value;
}

inline std::string FromHex(std::string_view hex) {
  std::string out;
  int high = -1;
  for (char c : hex) {
    int value = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (value < 0) continue;
    if (high < 0) {
      high = value;
    } else {
      out += static_cast<char>(high << 4 | value);
      high = -1;
    }
  }
  return out;
}

}  // namespace sdkpp::fuzz
