#include "os/launch_command.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#ifdef _WIN32
#include "os/url_scheme_registry_plan.h"
#include "os/url_scheme_registry_win.h"
#endif

namespace sdkpp::os {
namespace {

namespace fs = std::filesystem;

// What desktop environments create a new .desktop entry or mimeapps.list with (0644).
constexpr fs::perms kNewFileMode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;

fs::path XdgDir(const char* variable, const char* fallback_under_home) {
  if (const char* value = std::getenv(variable); value && *value) return value;
  const char* home = std::getenv("HOME");
  return fs::path(home ? home : ".") / fallback_under_home;
}

// The file a path names once symbolic links are followed: a user who keeps mimeapps.list in a
// dotfiles repository and links it into ~/.config expects the linked file edited, not the link
// replaced by a plain copy.
fs::path FollowLinks(const fs::path& path) {
  std::error_code error;
  fs::path target = path;
  for (int hops = 0; hops < 16 && fs::is_symlink(fs::symlink_status(target, error)); ++hops) {
    fs::path next = fs::read_symlink(target, error);
    if (error) break;
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  return target;
}

// Writes `text` to `path` (through its symbolic links) by way of a temporary file beside it, so a
// crash never leaves half a file; an existing file keeps its permissions, a new one gets
// `new_file_mode`.
bool WriteFileAtomically(const fs::path& link_or_path, const std::string& text, fs::perms new_file_mode, std::string& why) {
  const fs::path path = FollowLinks(link_or_path);
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) {
    why = "cannot create " + path.parent_path().string() + ": " + error.message();
    return false;
  }
  fs::file_status existing = fs::status(path, error);
  const fs::perms mode = fs::exists(existing) ? existing.permissions() & fs::perms::mask : new_file_mode;
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
  fs::permissions(temp, mode, fs::perm_options::replace, error);
  if (error) {
    fs::remove(temp, error);
    why = "cannot set the permissions of " + temp.string();
    return false;
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

#if defined(__linux__)
// The scheme's .desktop entry (named after the scheme, so it is this application's and is
// replaced as it is) and its mimeapps.list default.
bool RegisterDesktopEntry(const std::string& scheme, const std::string& command, std::string& why) {
  const std::string desktop_name = scheme + ".desktop";
  std::string entry = "[Desktop Entry]\nType=Application\nName=" + scheme +
                      " (game launch)\nNoDisplay=true\nTerminal=false\nExec=" + command +
                      " %u\nMimeType=x-scheme-handler/" + scheme + ";\n";
  if (!WriteFileAtomically(XdgDir("XDG_DATA_HOME", ".local/share") / "applications" / desktop_name, entry, kNewFileMode, why)) {
    return false;
  }
  fs::path mimeapps = XdgDir("XDG_CONFIG_HOME", ".config") / "mimeapps.list";
  std::string existing;
  if (std::ifstream in(mimeapps, std::ios::binary); in) {
    std::ostringstream text;
    text << in.rdbuf();
    existing = text.str();
  }
  return WriteFileAtomically(mimeapps, WithDefaultApplication(existing, "x-scheme-handler/" + scheme, desktop_name),
                             kNewFileMode, why);
}
#endif

}  // namespace

#if defined(__linux__)
UrlSchemeRegistration RegisterUrlScheme(const std::string& scheme, const std::string& command) {
  UrlSchemeRegistration result;
  result.registered = RegisterDesktopEntry(scheme, command, result.failure);
  return result;
}
#elif defined(_WIN32)
UrlSchemeRegistration RegisterUrlScheme(const std::string& scheme, const std::string& command) {
  UrlSchemeRegistration result;
  std::optional<UrlSchemeRegistryPlan> plan = PlanUrlSchemeRegistry(scheme, command, result.failure);
  if (!plan) return result;
  std::optional<std::string> replaced;
  result.registered = ApplyUrlSchemeRegistryPlan(*plan, replaced, result.failure);
  if (replaced) result.replaced_warning = ReplacedUrlHandlerWarning(scheme, *replaced);
  return result;
}
#else
UrlSchemeRegistration RegisterUrlScheme(const std::string&, const std::string&) {
  UrlSchemeRegistration result;
  result.failure = "registering a URL scheme is implemented for Linux and Windows only in this build";
  return result;
}
#endif

std::optional<std::string> SteamLaunchCommand(uint32_t steam_app_id, std::string& why) {
  const std::string url = "steam://rungameid/" + std::to_string(steam_app_id);
#ifdef _WIN32
  std::optional<std::string> steam = SteamExecutable();
  if (!steam) {
    why = "Steam is not installed for this user (no SteamExe under HKEY_CURRENT_USER\\Software\\Valve\\Steam)";
    return std::nullopt;
  }
  return "\"" + *steam + "\" " + url;
#else
  (void)why;
  return "xdg-open " + url;
#endif
}

}  // namespace sdkpp::os
