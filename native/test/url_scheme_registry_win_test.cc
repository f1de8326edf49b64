// RegisterLaunchCommand on Windows (run under Wine by `npm run test:cross:win32-x64`): the keys
// and values it writes under HKEY_CURRENT_USER\Software\Classes, read back with the registry API,
// and the Warning when the scheme ran something else. Windows only: elsewhere this file is empty.
#ifdef _WIN32

#include <windows.h>

#include <algorithm>
#include <optional>
#include <string>

#include "framework/test.h"
#include "os/windows_text.h"
#include "test_client.h"

namespace sdkpp {
namespace {

using testing::Harness;
using testing::kAppId;

const std::wstring kSchemeKey = L"Software\\Classes\\sdkpp-" + std::to_wstring(kAppId);

std::optional<std::string> ReadUserString(const std::wstring& subkey, const wchar_t* name) {
  wchar_t buffer[1024] = {};
  DWORD bytes = sizeof buffer;
  if (RegGetValueW(HKEY_CURRENT_USER, subkey.c_str(), name, RRF_RT_REG_SZ, nullptr, buffer, &bytes) != ERROR_SUCCESS) {
    return std::nullopt;
  }
  return os::Utf8FromWide(buffer);
}

void WriteUserString(const std::wstring& subkey, const wchar_t* name, const std::wstring& data) {
  HKEY key = nullptr;
  if (RegCreateKeyExW(HKEY_CURRENT_USER, subkey.c_str(), 0, nullptr, 0, KEY_SET_VALUE, nullptr, &key, nullptr) != ERROR_SUCCESS) return;
  RegSetValueExW(key, name, 0, REG_SZ, reinterpret_cast<const BYTE*>(data.c_str()), static_cast<DWORD>((data.size() + 1) * sizeof(wchar_t)));
  RegCloseKey(key);
}

// Removes the scheme's key before and after a test: the Wine prefix outlives the run.
struct SchemeKeyCleanup {
  SchemeKeyCleanup() { RegDeleteTreeW(HKEY_CURRENT_USER, kSchemeKey.c_str()); }
  ~SchemeKeyCleanup() { RegDeleteTreeW(HKEY_CURRENT_USER, kSchemeKey.c_str()); }
};

// Log lines reach the callbacks through the RunCallbacks queue.
bool AnyLogContains(const Harness& h, const std::string& text) {
  testing::Pump();
  return std::any_of(h.logs.begin(), h.logs.end(), [&](const std::string& line) { return line.find(text) != std::string::npos; });
}

TEST(UrlSchemeRegistryWin, RegisterLaunchCommandWritesTheUrlProtocolKeys) {
  SchemeKeyCleanup cleanup;
  Harness h;
  ASSERT_TRUE(h.client.RegisterLaunchCommand(kAppId, "C:\\Program Files\\Game\\game.exe --from-invite"));
  const std::string scheme = "sdkpp-" + std::to_string(kAppId);
  EXPECT_EQ(ReadUserString(kSchemeKey, nullptr).value_or("<absent>"), "URL:" + scheme + " Protocol");
  EXPECT_EQ(ReadUserString(kSchemeKey, L"URL Protocol").value_or("<absent>"), "");
  EXPECT_EQ(ReadUserString(kSchemeKey + L"\\shell\\open\\command", nullptr).value_or("<absent>"),
            "\"C:\\Program Files\\Game\\game.exe\" --from-invite \"%1\"");
  EXPECT_FALSE(AnyLogContains(h, "replacing it")) << "a first registration replaces nothing";
  // The same command again is no replacement either.
  ASSERT_TRUE(h.client.RegisterLaunchCommand(kAppId, "C:\\Program Files\\Game\\game.exe --from-invite"));
  EXPECT_FALSE(AnyLogContains(h, "replacing it"));
}

TEST(UrlSchemeRegistryWin, AnotherCommandIsReplacedWithAWarningNamingIt) {
  SchemeKeyCleanup cleanup;
  WriteUserString(kSchemeKey + L"\\shell\\open\\command", nullptr, L"\"C:\\Other\\other.exe\" \"%1\"");
  Harness h;
  ASSERT_TRUE(h.client.RegisterLaunchCommand(kAppId, "C:\\Games\\game.exe"));
  EXPECT_EQ(ReadUserString(kSchemeKey + L"\\shell\\open\\command", nullptr).value_or("<absent>"), "\"C:\\Games\\game.exe\" \"%1\"");
  const std::string scheme = "sdkpp-" + std::to_string(kAppId);
  EXPECT_TRUE(AnyLogContains(h, "RegisterLaunchCommand: the URL scheme " + scheme + " was registered to run \"C:\\Other\\other.exe\" \"%1\"; replacing it"));
}

TEST(UrlSchemeRegistryWin, ABadCommandWritesNothing) {
  SchemeKeyCleanup cleanup;
  Harness h;
  EXPECT_FALSE(h.client.RegisterLaunchCommand(kAppId, "\"C:\\Games\\game.exe --x"));
  EXPECT_FALSE(ReadUserString(kSchemeKey, nullptr).has_value());
  EXPECT_TRUE(AnyLogContains(h, "RegisterLaunchCommand: the executable's opening double quote is not closed"));
}

TEST(UrlSchemeRegistryWin, RegisterLaunchSteamApplicationRunsSteamsOwnExecutable) {
  SchemeKeyCleanup cleanup;
  const std::wstring steam_key = L"Software\\Valve\\Steam";
  HKEY probe = nullptr;
  if (RegOpenKeyExW(HKEY_CURRENT_USER, steam_key.c_str(), 0, KEY_READ, &probe) == ERROR_SUCCESS) {
    RegCloseKey(probe);
    SUCCEED();  // a real Steam is installed: not touched
    return;
  }
  {
    Harness h;
    EXPECT_FALSE(h.client.RegisterLaunchSteamApplication(kAppId, 480));
    EXPECT_TRUE(AnyLogContains(h, "RegisterLaunchSteamApplication: Steam is not installed for this user"));
    EXPECT_FALSE(ReadUserString(kSchemeKey, nullptr).has_value());
  }
  WriteUserString(steam_key, L"SteamExe", L"c:/program files (x86)/steam/steam.exe");
  Harness h;
  const bool registered = h.client.RegisterLaunchSteamApplication(kAppId, 480);
  const std::optional<std::string> command = ReadUserString(kSchemeKey + L"\\shell\\open\\command", nullptr);
  RegDeleteTreeW(HKEY_CURRENT_USER, steam_key.c_str());
  EXPECT_TRUE(registered);
  EXPECT_EQ(command.value_or("<absent>"), "\"c:/program files (x86)/steam/steam.exe\" steam://rungameid/480 \"%1\"");
}

}  // namespace
}  // namespace sdkpp

#endif  // _WIN32
