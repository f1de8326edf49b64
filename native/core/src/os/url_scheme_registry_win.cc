#ifdef _WIN32

#include "os/url_scheme_registry_win.h"

#include <windows.h>

#include "os/windows_text.h"

namespace sdkpp::os {
namespace {

// An open registry key, closed when it goes out of scope.
class RegistryKey {
 public:
  RegistryKey() = default;
  RegistryKey(const RegistryKey&) = delete;
  RegistryKey& operator=(const RegistryKey&) = delete;
  ~RegistryKey() {
    if (key_) RegCloseKey(key_);
  }
  HKEY* out() { return &key_; }
  HKEY get() const { return key_; }

 private:
  HKEY key_ = nullptr;
};

std::string ErrorText(LSTATUS status) {
  wchar_t* text = nullptr;
  const DWORD length = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                      nullptr, static_cast<DWORD>(status), 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string message = length > 0 ? Utf8FromWide(std::wstring_view(text, length)) : std::string();
  if (text) LocalFree(text);
  while (!message.empty() && (message.back() == '\n' || message.back() == '\r' || message.back() == ' ')) message.pop_back();
  return "error " + std::to_string(status) + (message.empty() ? "" : " (" + message + ")");
}

// A REG_SZ (or REG_EXPAND_SZ, unexpanded) value; empty when absent or not a string.
std::optional<std::string> ReadString(HKEY root, const std::wstring& subkey, const wchar_t* name) {
  DWORD bytes = 0;
  constexpr DWORD kFlags = RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND;
  if (RegGetValueW(root, subkey.c_str(), name, kFlags, nullptr, nullptr, &bytes) != ERROR_SUCCESS) return std::nullopt;
  std::wstring text(bytes / sizeof(wchar_t) + 1, L'\0');
  bytes = static_cast<DWORD>(text.size() * sizeof(wchar_t));
  if (RegGetValueW(root, subkey.c_str(), name, kFlags, nullptr, text.data(), &bytes) != ERROR_SUCCESS) return std::nullopt;
  text.resize(wcsnlen(text.c_str(), text.size()));
  return Utf8FromWide(text);
}

bool WriteString(const std::wstring& key, const RegistryStringValue& value, std::string& why) {
  std::wstring path = key;
  if (!value.subkey.empty()) path += L"\\" + WideFromUtf8(value.subkey);
  RegistryKey opened;
  LSTATUS status = RegCreateKeyExW(HKEY_CURRENT_USER, path.c_str(), 0, nullptr, REG_OPTION_NON_VOLATILE, KEY_SET_VALUE,
                                   nullptr, opened.out(), nullptr);
  if (status != ERROR_SUCCESS) {
    why = "cannot create HKEY_CURRENT_USER\\" + Utf8FromWide(path) + ": " + ErrorText(status);
    return false;
  }
  const std::wstring name = WideFromUtf8(value.name);
  const std::wstring data = WideFromUtf8(value.data);
  status = RegSetValueExW(opened.get(), name.empty() ? nullptr : name.c_str(), 0, REG_SZ,
                          reinterpret_cast<const BYTE*>(data.c_str()), static_cast<DWORD>((data.size() + 1) * sizeof(wchar_t)));
  if (status != ERROR_SUCCESS) {
    why = "cannot set " + (value.name.empty() ? std::string("the default value") : "\"" + value.name + "\"") +
          " of HKEY_CURRENT_USER\\" + Utf8FromWide(path) + ": " + ErrorText(status);
    return false;
  }
  return true;
}

}  // namespace

bool ApplyUrlSchemeRegistryPlan(const UrlSchemeRegistryPlan& plan, std::optional<std::string>& replaced, std::string& why) {
  const std::wstring key = WideFromUtf8(plan.key);
  if (key.empty()) {
    why = "the registry key is not valid text";
    return false;
  }
  // What the shell runs today: Software\Classes of the user over the machine's (the view
  // HKEY_CLASSES_ROOT merges on Windows; read one by one, as Wine does not merge them).
  const std::wstring command_key = WideFromUtf8(plan.key + "\\" + plan.command_subkey);
  std::optional<std::string> existing = ReadString(HKEY_CURRENT_USER, command_key, nullptr);
  if (!existing) existing = ReadString(HKEY_LOCAL_MACHINE, command_key, nullptr);
  if (existing && *existing != plan.command_line) replaced = *existing;
  for (const RegistryStringValue& value : plan.values) {
    if (!WriteString(key, value, why)) return false;
  }
  return true;
}

std::optional<std::string> SteamExecutable() {
  std::optional<std::string> path = ReadString(HKEY_CURRENT_USER, L"Software\\Valve\\Steam", L"SteamExe");
  if (path && path->empty()) return std::nullopt;
  return path;
}

}  // namespace sdkpp::os

#endif  // _WIN32
