// Client::Authorize: through the local chat client's AUTHORIZE when it answers on IPC, else the
// system browser with a loopback redirect (http://127.0.0.1:<port>/callback), or a custom
// scheme whose callback URL the app hands back. The state is checked on every redirect; a
// mismatch discards the code. One flow at a time; AbortAuthorize ends it and frees its
// listener.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "auth/authorize_request.h"
#include "context/feature_context.h"
#include "rpc/local_client.h"
#include "sdkpp/client.h"
#include "sdkpp/platform.h"

namespace sdkpp::auth {

// A person may take a while in the browser, but not forever.
inline constexpr uint64_t kAuthorizeTimeoutMs = 15 * 60 * 1000;
// The RPC error code of an OAuth2 refusal; also set on a browser refusal.
inline constexpr int32_t kOAuth2ErrorCode = 5000;

class AuthorizeFlow {
 public:
  AuthorizeFlow(FeatureContext& context, rpc::LocalClient& local_client)
      : context_(context), local_client_(local_client) {}

  void Start(AuthorizationArgs args, Client::AuthorizationCallback callback);
  void Abort();
  // Ends a pending flow with `result` (e.g. ClientDestroyed).
  void Fail(const ClientResult& result);
  bool HandleCallbackUrl(std::string_view url);

  void OnLoopbackListening(PlatformId listener, uint16_t port, std::string error);
  bool OnLoopbackRequest(PlatformId listener, PlatformId request, std::string_view target);

  bool pending() const { return stage_ != Stage::Idle; }

 private:
  enum class Stage { Idle, ReachingLocalClient, LocalClientAuthorize, StartingListener, Browser,
                     CustomScheme };

  void UseLocalClient();
  void UseBrowser();
  void OpenBrowser(const std::optional<std::string>& loopback_redirect);
  // The query of a redirect: checks state, then finishes with the code or the refusal.
  void FinishWithRedirectQuery(std::string_view query, PlatformId listener, PlatformId request);
  void Finish(ClientResult result, std::string code = {});
  void StopListener();

  FeatureContext& context_;
  rpc::LocalClient& local_client_;
  Stage stage_ = Stage::Idle;
  uint64_t generation_ = 0;  // replies of an aborted flow are recognised and ignored
  AuthorizationArgs args_;
  Client::AuthorizationCallback callback_;
  std::string state_;
  std::string redirect_uri_;
  PlatformId listener_ = 0;
  PlatformId timeout_ = 0;
};

// "/callback?code=x&state=y" -> the value of `name` in the query (percent-decoded).
std::optional<std::string> QueryParam(std::string_view query, std::string_view name);

}  // namespace sdkpp::auth
