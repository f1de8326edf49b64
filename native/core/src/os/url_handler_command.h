// The command line Windows runs for a URL of a registered scheme (the default value of
// shell\open\command): platform-neutral, so the quoting is tested on every OS.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sdkpp::os {

// `command` (one line: the game's executable, then its arguments) as a shell\open\command line:
// the executable in double quotes, the arguments as given, then "%1" (the URL, quoted: it may
// hold spaces once decoded). The executable is the quoted part when `command` starts with a
// double quote; else the text up to the first ".exe" followed by a space or the end (so an
// unquoted "C:\Program Files\Game\game.exe --x" keeps its spaces), else up to the first space.
// Empty (and `why` set) when no executable can be read from it.
std::optional<std::string> WindowsUrlHandlerCommand(std::string_view command, std::string& why);

}  // namespace sdkpp::os
