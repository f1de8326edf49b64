// Registering a URL scheme with the operating system, so a game invite can launch the game.
#pragma once

#include <string>

namespace sdkpp::os {

// Registers `scheme` to run `command` (the URL is appended as the last argument). On Linux: a
// .desktop entry under $XDG_DATA_HOME/applications and the default handler in
// $XDG_CONFIG_HOME/mimeapps.list. False (and `why` set) where unsupported or on failure.
bool RegisterUrlScheme(const std::string& scheme, const std::string& command, std::string& why);

}  // namespace sdkpp::os
