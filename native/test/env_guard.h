// Sets an environment variable for one test (nullptr unsets it) and puts the old value back.
// POSIX setenv/unsetenv, or on Windows _putenv_s (an empty value removes the variable there),
// which updates the environment getenv reads.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace sdkpp::testing {

class EnvGuard {
 public:
  EnvGuard(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    Set(value);
  }
  ~EnvGuard() { Set(old_ ? old_->c_str() : nullptr); }
  EnvGuard(const EnvGuard&) = delete;
  EnvGuard& operator=(const EnvGuard&) = delete;

 private:
  void Set(const char* value) {
#if defined(_WIN32)
    _putenv_s(name_, value ? value : "");
#else
    if (value) {
      setenv(name_, value, 1);
    } else {
      unsetenv(name_);
    }
#endif
  }

  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace sdkpp::testing
