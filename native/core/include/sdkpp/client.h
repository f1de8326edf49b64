// The SDK's entry point (reference/api-surface.md, "Client"). Move-only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "sdkpp/authorization_args.h"
#include "sdkpp/authorization_code.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/client_result.h"
#include "sdkpp/device_authorization_args.h"
#include "sdkpp/platform.h"
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
  using ResultCallback = std::function<void(ClientResult result)>;
  using AuthorizationCallback =
      std::function<void(ClientResult result, std::string code, std::string redirectUri)>;
  using TokenExchangeCallback = std::function<void(
      ClientResult result, std::string accessToken, std::string refreshToken,
      AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  using ExchangeChildTokenCallback =
      std::function<void(ClientResult result, std::string accessToken,
                         AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  using FetchCurrentUserCallback =
      std::function<void(ClientResult result, uint64_t id, std::string name)>;
  using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
  using AuthorizeRequestCallback = std::function<void()>;
  using TokenExpirationCallback = std::function<void()>;
  using RevokeTokenCallback = ResultCallback;
  using UpdateTokenCallback = ResultCallback;
  using UnmergeIntoProvisionalAccountCallback = ResultCallback;
  using UpdateProvisionalAccountDisplayNameCallback = ResultCallback;

  static const Client nullobj;

  Client();
  Client(std::string apiBase, std::string webBase);
  explicit Client(ClientCreateOptions options);
  // For hosts and tests: a Client doing its I/O through `platform` (see sdkpp/platform.h).
  Client(ClientCreateOptions options, std::shared_ptr<Platform> platform);
  ~Client();
  Client(Client&& other) noexcept;
  Client& operator=(Client&& other) noexcept;
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  explicit operator bool() const noexcept { return impl_ != nullptr; }

  // --- Core
  void SetApplicationId(uint64_t applicationId);
  uint64_t GetApplicationId() const;
  // Opens the gateway session with the token given to UpdateToken (Status: HttpWait,
  // Connecting, Connected, Ready; Reconnecting after a drop; resumes without losing events).
  void Connect();
  void Disconnect();
  Status GetStatus() const;
  void SetStatusChangedCallback(OnStatusChanged callback);
  // Log lines at or above `minSeverity` (release builds: Warning and Error only), secrets masked.
  // Delivered through RunCallbacks().
  void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends to <path>/sdkpp.log, creating the folder if needed. Returns false, and logs why,
  // when the folder cannot be written. LoggingSeverity::None stops file logging.
  bool SetLogDir(std::string const& path, LoggingSeverity minSeverity);
  // Bounds every HTTP attempt (default 30000 ms). A timed-out request is a NetworkError
  // result with Retryable set.
  void SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds);

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

  // Asks the player to authorize the game: through the local chat client when it answers on
  // IPC, otherwise in the system browser with a loopback redirect (or, with
  // CustomSchemeParam, a redirect the OS hands back through HandleAuthorizeCallback).
  void Authorize(AuthorizationArgs args, AuthorizationCallback callback);
  // Ends a pending Authorize with an Aborted result and frees its listener.
  void AbortAuthorize();
  // Completes a custom-scheme Authorize with the callback URL the OS delivered
  // ("<scheme>:/authorize/callback?code=...&state=..."). False if no flow waits for it.
  bool HandleAuthorizeCallback(std::string const& callbackUrl);

  void GetToken(uint64_t applicationId, std::string const& code, std::string const& codeVerifier,
                std::string const& redirectUri, TokenExchangeCallback callback);
  void GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback);
  void AbortGetTokenFromDevice();
  void OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const& userCode);
  void CloseAuthorizeDeviceScreen();
  void RefreshToken(uint64_t applicationId, std::string const& refreshToken,
                    TokenExchangeCallback callback);
  void RevokeToken(uint64_t applicationId, std::string const& token, RevokeTokenCallback callback);
  // Makes `token` the Client's credential (for Connect, presence, social calls).
  void UpdateToken(AuthorizationTokenType tokenType, std::string token,
                   UpdateTokenCallback callback);
  bool IsAuthenticated();
  void FetchCurrentUser(AuthorizationTokenType tokenType, std::string const& token,
                        FetchCurrentUserCallback callback);
  // Fires once, before the current token expires by the service's clock.
  void SetTokenExpirationCallback(TokenExpirationCallback callback);

  void GetProvisionalToken(uint64_t applicationId, AuthenticationExternalAuthType externalAuthType,
                           std::string const& externalAuthToken, TokenExchangeCallback callback);
  void GetTokenFromProvisionalMerge(uint64_t applicationId, std::string const& code,
                                    std::string const& codeVerifier,
                                    std::string const& redirectUri,
                                    AuthenticationExternalAuthType externalAuthType,
                                    std::string const& externalAuthToken,
                                    TokenExchangeCallback callback);
  void UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                     AuthenticationExternalAuthType externalAuthType,
                                     std::string const& externalAuthToken,
                                     UnmergeIntoProvisionalAccountCallback callback);
  void UpdateProvisionalAccountDisplayName(std::string const& name,
                                           UpdateProvisionalAccountDisplayNameCallback callback);
  void ProvisionalUserMergeCompleted(bool success);
  void ExchangeChildToken(std::string const& parentApplicationToken, uint64_t childApplicationId,
                          ExchangeChildTokenCallback callback);

  void RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback);
  void RemoveAuthorizeRequestCallback();
  void SetGameWindowPid(int32_t pid);

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
