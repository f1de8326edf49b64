#include "os/launch_command.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace sdkpp::os {
namespace {

namespace fs = std::filesystem;

fs::path XdgDir(const char* variable, const char* fallback_under_home) {
  if (const char* value = std::getenv(variable); value && *value) return value;
  const char* home = std::getenv("HOME");
  return fs::path(home ? home : ".") / fallback_under_home;
}

// Writes `text` to `path` through a temporary file, so a crash never leaves half a file.
bool WriteFileAtomically(const fs::path& path, const std::string& text, std::string& why) {
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) {
    why = "cannot create " + path.parent_path().string() + ": " + error.message();
    return false;
  }
  fs::path temp = path;
  temp += ".sdkpp-tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) {
      why = "cannot write " + temp.string();
      return false;
    }
  }
  fs::rename(temp, path, error);
  if (error) {
    why = "cannot replace " + path.string() + ": " + error.message();
    return false;
  }
  return true;
}

// Sets `key=value` in the [Default Applications] group of a mimeapps.list, keeping the rest.
std::string WithDefaultApplication(const std::string& existing, const std::string& key, const std::string& value) {
  std::istringstream in(existing);
  std::ostringstream out;
  std::string line;
  bool in_group = false, group_seen = false, written = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.front() == '[') {
      if (in_group && !written) {
        out << key << '=' << value << '\n';
        written = true;
      }
      in_group = line == "[Default Applications]";
      group_seen |= in_group;
    } else if (in_group && line.rfind(key + "=", 0) == 0) {
      if (!written) out << key << '=' << value << '\n';
      written = true;
      continue;
    }
    out << line << '\n';
  }
  if (!group_seen) out << "[Default Applications]\n";
  if (!written) out << key << '=' << value << '\n';
  return out.str();
}

}  // namespace

bool RegisterUrlScheme(const std::string& scheme, const std::string& command, std::string& why) {
#if defined(__linux__)
  const std::string desktop_name = scheme + ".desktop";
  std::string entry = "[Desktop Entry]\nType=Application\nName=" + scheme +
                      " (game launch)\nNoDisplay=true\nTerminal=false\nExec=" + command +
                      " %u\nMimeType=x-scheme-handler/" + scheme + ";\n";
  if (!WriteFileAtomically(XdgDir("XDG_DATA_HOME", ".local/share") / "applications" / desktop_name, entry, why)) {
    return false;
  }
  fs::path mimeapps = XdgDir("XDG_CONFIG_HOME", ".config") / "mimeapps.list";
  std::string existing;
  if (std::ifstream in(mimeapps, std::ios::binary); in) {
    std::ostringstream text;
    text << in.rdbuf();
    existing = text.str();
  }
  return WriteFileAtomically(mimeapps, WithDefaultApplication(existing, "x-scheme-handler/" + scheme, desktop_name), why);
#else
  why = "registering a URL scheme is implemented for Linux only in this build";
  (void)scheme;
  (void)command;
  return false;
#endif
}

}  // namespace sdkpp::os
