#include "social/content_markup.h"

namespace sdkpp::social {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// A snowflake followed by '>' at `at`; on success `at` is moved past the '>'. An id that
// overflows 64 bits is no id the service could have sent, so it reads as malformed.
std::optional<uint64_t> ReadIdAndClose(std::string_view text, size_t& at) {
  size_t i = at;
  uint64_t id = 0;
  while (i < text.size() && IsDigit(text[i])) {
    uint64_t digit = static_cast<uint64_t>(text[i] - '0');
    if (id > (UINT64_MAX - digit) / 10) return std::nullopt;
    id = id * 10 + digit;
    ++i;
  }
  if (i == at || i >= text.size() || text[i] != '>') return std::nullopt;
  at = i + 1;
  return id;
}

struct Markup {
  size_t end = 0;  // one past the closing '>'
  std::string replacement;
};

// The markup starting at text[start] == '<', if it is well-formed and has something to show.
// None of the characters a match consumes is '<', so a failed attempt never scans past the
// next candidate: the whole render stays linear.
std::optional<Markup> MatchAt(std::string_view text, size_t start, const NameLookup& user_name,
                              const NameLookup& channel_name) {
  size_t i = start + 1;
  if (i >= text.size()) return std::nullopt;
  char kind = text[i];
  if (kind == '@' || kind == '#') {
    ++i;
    if (kind == '@' && i < text.size() && text[i] == '!') ++i;  // the legacy nickname form
    auto id = ReadIdAndClose(text, i);
    if (!id) return std::nullopt;
    const NameLookup& lookup = kind == '@' ? user_name : channel_name;
    auto name = lookup ? lookup(*id) : std::nullopt;
    if (!name) return std::nullopt;
    return Markup{i, std::string(1, kind) + *name};
  }
  if (kind == 'a' && i + 1 < text.size() && text[i + 1] == ':') ++i;
  if (text[i] != ':') return std::nullopt;
  size_t name_start = ++i;
  while (i < text.size() && IsWordChar(text[i])) ++i;
  if (i == name_start || i >= text.size() || text[i] != ':') return std::nullopt;
  std::string_view name = text.substr(name_start, i - name_start);
  ++i;
  if (!ReadIdAndClose(text, i)) return std::nullopt;
  std::string shown;
  shown.reserve(name.size() + 2);
  shown.append(1, ':').append(name).append(1, ':');
  return Markup{i, std::move(shown)};
}

}  // namespace

std::string RenderContentMarkup(std::string_view raw, const NameLookup& user_name,
                                const NameLookup& channel_name) {
  std::string out;
  out.reserve(raw.size());
  size_t copied = 0;  // raw[0, copied) is already in `out`
  size_t at = raw.find('<');
  while (at != std::string_view::npos) {
    if (auto markup = MatchAt(raw, at, user_name, channel_name)) {
      out.append(raw.substr(copied, at - copied));
      out.append(markup->replacement);
      copied = markup->end;
      at = raw.find('<', copied);
    } else {
      at = raw.find('<', at + 1);
    }
  }
  out.append(raw.substr(copied));
  return out;
}

}  // namespace sdkpp::social
