// Registering a URL scheme with the operating system, so a game invite can launch the game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sdkpp::os {

struct UrlSchemeRegistration {
  bool registered = false;
  // Why it was not registered (unsupported OS, or the failure).
  std::string failure;
  // Registered, but over a handler that ran another command: a Warning naming the scheme and it.
  std::optional<std::string> replaced_warning;
};

// Registers `scheme` to run `command` (the URL is appended as the last argument). On Linux: a
// .desktop entry under $XDG_DATA_HOME/applications and the default handler in
// $XDG_CONFIG_HOME/mimeapps.list. On Windows: HKEY_CURRENT_USER\Software\Classes\<scheme>
// (url_scheme_registry_plan.h). Elsewhere (macOS) not registered, and `failure` says so.
UrlSchemeRegistration RegisterUrlScheme(const std::string& scheme, const std::string& command);

// The command that starts Steam's game `steam_app_id`: xdg-open of steam://rungameid/<id> on
// Linux, Steam's own executable with that URL on Windows. Empty (and `why` set) where Steam
// cannot be found.
std::optional<std::string> SteamLaunchCommand(uint32_t steam_app_id, std::string& why);

}  // namespace sdkpp::os
