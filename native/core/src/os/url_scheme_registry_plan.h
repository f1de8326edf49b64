// What registering a URL scheme writes into the Windows registry, as data: platform-neutral, so
// the plan is tested on every OS and only its application (url_scheme_registry_win.h) is Windows.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdkpp::os {

// One REG_SZ value: under `subkey` of the plan's key ("" = the key itself), named `name`
// ("" = the key's default value).
struct RegistryStringValue {
  std::string subkey;
  std::string name;
  std::string data;
};

struct UrlSchemeRegistryPlan {
  // Under HKEY_CURRENT_USER: Software\Classes\<scheme>, the per-user class registration (no
  // administrator rights needed; it takes precedence over a machine-wide one).
  std::string key;
  // The command subkey, whose default value says what runs today (compared before replacing).
  std::string command_subkey;
  std::string command_line;
  std::vector<RegistryStringValue> values;
};

// The key, "URL:<scheme> Protocol" as its default value, the empty "URL Protocol" value that marks
// it a URL scheme, and shell\open\command = WindowsUrlHandlerCommand(command). Empty (and `why`
// set) when the command line cannot be built.
std::optional<UrlSchemeRegistryPlan> PlanUrlSchemeRegistry(std::string_view scheme, std::string_view command, std::string& why);

// The Warning for a scheme that runs something else today: it names the scheme and what runs.
std::string ReplacedUrlHandlerWarning(std::string_view scheme, std::string_view existing_command);

}  // namespace sdkpp::os
