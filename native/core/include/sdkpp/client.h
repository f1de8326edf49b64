// The SDK's entry point (reference/api-surface.md, "Client"). Move-only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "sdkpp/authorization_code.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"
#include "sdkpp/enums.h"

namespace sdkpp {

class ClientImpl;

class Client {
 public:
  enum class Status : int32_t { SDKPP_ENUM_LIST_CLIENT_STATUS(SDKPP_ENUM_MEMBER) };
  enum class Error : int32_t { SDKPP_ENUM_LIST_CLIENT_ERROR(SDKPP_ENUM_MEMBER) };
  enum class Thread : int32_t { SDKPP_ENUM_LIST_CLIENT_THREAD(SDKPP_ENUM_MEMBER) };

  using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;

  static const Client nullobj;

  Client();
  Client(std::string apiBase, std::string webBase);
  explicit Client(ClientCreateOptions options);
  ~Client();
  Client(Client&& other) noexcept;
  Client& operator=(Client&& other) noexcept;
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  explicit operator bool() const noexcept { return impl_ != nullptr; }

  // --- Core
  void SetApplicationId(uint64_t applicationId);
  uint64_t GetApplicationId() const;
  // Log lines at or above `minSeverity` (release builds: Warning and Error only), secrets masked.
  // Delivered through RunCallbacks().
  void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends to <path>/sdkpp.log, creating the folder if needed. Returns false, and logs why,
  // when the folder cannot be written. LoggingSeverity::None stops file logging.
  bool SetLogDir(std::string const& path, LoggingSeverity minSeverity);

  static int32_t GetVersionMajor();
  static int32_t GetVersionMinor();
  static int32_t GetVersionPatch();
  static std::string GetVersionHash();
  static const char* ErrorToString(Error value);
  static const char* StatusToString(Status value);
  static const char* ThreadToString(Thread value);

  // --- Auth
  static std::string GetDefaultCommunicationScopes();
  static std::string GetDefaultPresenceScopes();
  // A fresh PKCE pair (RFC 7636, S256) from the OS's CSPRNG. Invalid (operator bool false)
  // only if the OS refuses randomness; the reason is logged.
  AuthorizationCodeVerifier CreateAuthorizationCodeVerifier();

  // For the SDK's own layers (N-API glue, tests): the implementation behind this handle.
  ClientImpl* Impl() const noexcept { return impl_.get(); }

 private:
  explicit Client(std::nullptr_t) noexcept;
  std::unique_ptr<ClientImpl> impl_;
};

const char* EnumToString(Client::Status value);
const char* EnumToString(Client::Error value);
const char* EnumToString(Client::Thread value);

// Runs the callbacks the SDK has queued (results, events, log lines). A game calls it once a
// frame; in Node the addon schedules it from the event loop.
void RunCallbacks();

}  // namespace sdkpp
