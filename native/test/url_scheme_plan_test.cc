// The Windows registration of the sdkpp-<applicationId> URL scheme as data (every OS): the
// command line's quoting and the keys and values it writes.
#include "framework/test.h"

#include <optional>
#include <string>

#include "os/url_handler_command.h"
#include "os/url_scheme_registry_plan.h"

namespace sdkpp {
namespace {

std::string Line(const std::string& command) {
  std::string why;
  std::optional<std::string> line = os::WindowsUrlHandlerCommand(command, why);
  return line ? *line : "refused: " + why;
}

TEST(UrlHandlerCommand, QuotesTheExecutableAndAppendsTheQuotedUrl) {
  EXPECT_EQ(Line("C:\\Games\\game.exe --from-invite"), "\"C:\\Games\\game.exe\" --from-invite \"%1\"");
  EXPECT_EQ(Line("C:\\Games\\game.exe"), "\"C:\\Games\\game.exe\" \"%1\"");
  EXPECT_EQ(Line("game --x"), "\"game\" --x \"%1\"");
  EXPECT_EQ(Line("  C:\\Games\\run.bat   --a  b  "), "\"C:\\Games\\run.bat\" --a  b \"%1\"");
}

TEST(UrlHandlerCommand, AnUnquotedPathWithSpacesEndsAtItsExe) {
  EXPECT_EQ(Line("C:\\Program Files\\Game\\game.exe --from-invite"),
            "\"C:\\Program Files\\Game\\game.exe\" --from-invite \"%1\"");
  EXPECT_EQ(Line("C:\\Program Files\\Game\\GAME.EXE"), "\"C:\\Program Files\\Game\\GAME.EXE\" \"%1\"");
  // ".exe" inside a word is not the end of the executable.
  EXPECT_EQ(Line("C:\\tools.exedir\\run --x"), "\"C:\\tools.exedir\\run\" --x \"%1\"");
}

TEST(UrlHandlerCommand, AQuotedExecutableIsKeptAsQuoted) {
  EXPECT_EQ(Line("\"C:\\Program Files\\Game\\game\" --x \"a b\""), "\"C:\\Program Files\\Game\\game\" --x \"a b\" \"%1\"");
  EXPECT_EQ(Line("\"D:\\g.exe\""), "\"D:\\g.exe\" \"%1\"");
}

TEST(UrlHandlerCommand, RefusesWhatCannotBeQuotedSafely) {
  EXPECT_EQ(Line("\"C:\\Games\\game.exe --x"), "refused: the executable's opening double quote is not closed");
  EXPECT_EQ(Line("\"C:\\Games\\game\".exe --x"),
            "refused: the executable's closing double quote must be followed by a space or the end");
  EXPECT_EQ(Line("\"\" --x"), "refused: the command names no executable");
  EXPECT_EQ(Line("   "), "refused: the command names no executable");
  EXPECT_EQ(Line("C:\\Ga\"mes\\game.exe"), "refused: the executable's path must not contain a double quote");
  EXPECT_EQ(Line("\"C:\\Games\\\" --x"), "refused: the executable's path must not end with a backslash");
}

TEST(UrlSchemeRegistryPlan, WritesTheUrlProtocolKeyAndItsOpenCommand) {
  std::string why;
  std::optional<os::UrlSchemeRegistryPlan> plan = os::PlanUrlSchemeRegistry("sdkpp-42", "C:\\Games\\game.exe --from-invite", why);
  ASSERT_TRUE(plan.has_value()) << why;
  EXPECT_EQ(plan->key, "Software\\Classes\\sdkpp-42");
  EXPECT_EQ(plan->command_subkey, "shell\\open\\command");
  EXPECT_EQ(plan->command_line, "\"C:\\Games\\game.exe\" --from-invite \"%1\"");
  ASSERT_EQ(plan->values.size(), 3u);
  EXPECT_EQ(plan->values[0].subkey, "");
  EXPECT_EQ(plan->values[0].name, "");
  EXPECT_EQ(plan->values[0].data, "URL:sdkpp-42 Protocol");
  EXPECT_EQ(plan->values[1].subkey, "");
  EXPECT_EQ(plan->values[1].name, "URL Protocol");
  EXPECT_EQ(plan->values[1].data, "");
  EXPECT_EQ(plan->values[2].subkey, "shell\\open\\command");
  EXPECT_EQ(plan->values[2].name, "");
  EXPECT_EQ(plan->values[2].data, plan->command_line);
}

TEST(UrlSchemeRegistryPlan, NoPlanForACommandWithoutAnExecutable) {
  std::string why;
  EXPECT_FALSE(os::PlanUrlSchemeRegistry("sdkpp-42", "\"unclosed", why).has_value());
  EXPECT_EQ(why, "the executable's opening double quote is not closed");
}

TEST(UrlSchemeRegistryPlan, TheReplacementWarningNamesTheSchemeAndWhatRan) {
  const std::string warning = os::ReplacedUrlHandlerWarning("sdkpp-42", "\"C:\\Other\\app.exe\" \"%1\"");
  EXPECT_NE(warning.find("sdkpp-42"), std::string::npos) << warning;
  EXPECT_NE(warning.find("\"C:\\Other\\app.exe\" \"%1\""), std::string::npos) << warning;
}

}  // namespace
}  // namespace sdkpp
