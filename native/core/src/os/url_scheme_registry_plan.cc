#include "os/url_scheme_registry_plan.h"

#include "os/url_handler_command.h"

namespace sdkpp::os {

std::optional<UrlSchemeRegistryPlan> PlanUrlSchemeRegistry(std::string_view scheme, std::string_view command, std::string& why) {
  std::optional<std::string> line = WindowsUrlHandlerCommand(command, why);
  if (!line) return std::nullopt;
  UrlSchemeRegistryPlan plan;
  plan.key = "Software\\Classes\\" + std::string(scheme);
  plan.command_subkey = "shell\\open\\command";
  plan.command_line = *line;
  plan.values = {
      {"", "", "URL:" + std::string(scheme) + " Protocol"},
      {"", "URL Protocol", ""},
      {plan.command_subkey, "", *line},
  };
  return plan;
}

std::string ReplacedUrlHandlerWarning(std::string_view scheme, std::string_view existing_command) {
  return "the URL scheme " + std::string(scheme) + " was registered to run " + std::string(existing_command) +
         "; replacing it (the scheme is this application's: sdkpp-<applicationId>)";
}

}  // namespace sdkpp::os
