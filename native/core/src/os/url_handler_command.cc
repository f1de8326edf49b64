#include "os/url_handler_command.h"

#include <cctype>

namespace sdkpp::os {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

std::string_view TrimBlanks(std::string_view text) {
  while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
  return text;
}

// Where the first ".exe" that ends a word ends, or npos.
size_t EndOfExeName(std::string_view text) {
  for (size_t at = 0; at + 4 <= text.size(); ++at) {
    const bool exe = text[at] == '.' && std::tolower(static_cast<unsigned char>(text[at + 1])) == 'e' &&
                     std::tolower(static_cast<unsigned char>(text[at + 2])) == 'x' &&
                     std::tolower(static_cast<unsigned char>(text[at + 3])) == 'e';
    if (exe && (at + 4 == text.size() || IsBlank(text[at + 4]))) return at + 4;
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<std::string> WindowsUrlHandlerCommand(std::string_view command, std::string& why) {
  std::string_view text = TrimBlanks(command);
  std::string_view executable, arguments;
  if (!text.empty() && text.front() == '"') {
    const size_t close = text.find('"', 1);
    if (close == std::string_view::npos) {
      why = "the executable's opening double quote is not closed";
      return std::nullopt;
    }
    executable = text.substr(1, close - 1);
    arguments = text.substr(close + 1);
    if (!arguments.empty() && !IsBlank(arguments.front())) {
      why = "the executable's closing double quote must be followed by a space or the end";
      return std::nullopt;
    }
  } else {
    size_t end = EndOfExeName(text);
    if (end == std::string_view::npos) {
      end = 0;
      while (end < text.size() && !IsBlank(text[end])) ++end;
    }
    executable = text.substr(0, end);
    arguments = text.substr(end);
  }
  executable = TrimBlanks(executable);
  arguments = TrimBlanks(arguments);
  if (executable.empty()) {
    why = "the command names no executable";
    return std::nullopt;
  }
  if (executable.find('"') != std::string_view::npos) {
    why = "the executable's path must not contain a double quote";
    return std::nullopt;
  }
  // Inside quotes, a backslash before the closing quote escapes it (CommandLineToArgvW): the
  // rest of the line would become part of the executable's name.
  if (executable.back() == '\\') {
    why = "the executable's path must not end with a backslash";
    return std::nullopt;
  }
  std::string line;
  line.reserve(executable.size() + arguments.size() + 8);
  line.append(1, '"').append(executable).append(1, '"');
  if (!arguments.empty()) line.append(1, ' ').append(arguments);
  line.append(" \"%1\"");
  return line;
}

}  // namespace sdkpp::os
