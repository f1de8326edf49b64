// Applying a UrlSchemeRegistryPlan to the current user's registry (Windows only).
#pragma once

#ifdef _WIN32

#include <optional>
#include <string>

#include "os/url_scheme_registry_plan.h"

namespace sdkpp::os {

// Writes every value of `plan` under HKEY_CURRENT_USER. The scheme's current handler is read
// first (the user's registration, else the machine's): when it runs a different
// command, `replaced` gets that command and it is replaced all the same, as the Linux side
// replaces the scheme's .desktop entry (the scheme, sdkpp-<applicationId>, is this
// application's). False (and `why` set) when a key or value cannot be written.
bool ApplyUrlSchemeRegistryPlan(const UrlSchemeRegistryPlan& plan, std::optional<std::string>& replaced, std::string& why);

// Steam's executable as Steam's installer records it for the current user
// (HKEY_CURRENT_USER\Software\Valve\Steam, value SteamExe); empty when Steam is not installed.
std::optional<std::string> SteamExecutable();

}  // namespace sdkpp::os

#endif  // _WIN32
