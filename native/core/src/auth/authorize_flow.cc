#include "auth/authorize_flow.h"

#include "auth/pkce.h"
#include "json/json.h"
#include "util/uri.h"

namespace sdkpp::auth {
namespace {

constexpr const char* kPageDone =
    "<!doctype html><meta charset=utf-8><title>Linked</title>"
    "<p>Your account is linked. You can close this window and return to the game.</p>";
constexpr const char* kPageDenied =
    "<!doctype html><meta charset=utf-8><title>Not linked</title>"
    "<p>Authorization was refused. You can close this window.</p>";
constexpr const char* kPageBadState =
    "<!doctype html><meta charset=utf-8><title>Not linked</title>"
    "<p>This link did not come from the game's request and was ignored.</p>";
constexpr const char* kPageNotAResponse =
    "<!doctype html><meta charset=utf-8><title>Waiting</title>"
    "<p>The game is still waiting for the sign-in to finish in the browser.</p>";

ClientResult Failure(ErrorType type, std::string message, int32_t code = 0) {
  ClientResult result = ClientResult::Failure(type, std::move(message));
  result.SetErrorCode(code);
  return result;
}

}  // namespace

std::optional<std::string> QueryParam(std::string_view query, std::string_view name) {
  size_t question = query.find('?');
  if (question != std::string_view::npos) query = query.substr(question + 1);
  size_t hash = query.find('#');
  if (hash != std::string_view::npos) query = query.substr(0, hash);
  size_t pos = 0;
  while (pos <= query.size()) {
    size_t end = query.find('&', pos);
    if (end == std::string_view::npos) end = query.size();
    std::string_view pair = query.substr(pos, end - pos);
    size_t eq = pair.find('=');
    std::string key = uri::PercentDecode(pair.substr(0, eq));
    if (key == name) {
      return eq == std::string_view::npos ? std::string() : uri::PercentDecode(pair.substr(eq + 1));
    }
    pos = end + 1;
  }
  return std::nullopt;
}

void AuthorizeFlow::Start(AuthorizationArgs args, Client::AuthorizationCallback callback) {
  if (pending()) {
    context_.logger.Log(LoggingSeverity::Info, "Authorize: a new request replaces the pending one");
    Finish(Failure(ErrorType::Aborted, "replaced by a newer Authorize call"));
  }
  // Validate up front, so bad arguments fail the same way whichever path is taken.
  AuthorizeRequestInput check;
  check.args = &args;
  check.application_id = context_.settings.application_id;
  check.web_base = context_.settings.endpoints.web_base;
  check.generated_state = "validation";
  auto validated = BuildAuthorizeRequest(check);
  if (!validated) {
    if (callback) {
      context_.callbacks.Post([callback, error = validated.error()] { callback(error, "", ""); });
    }
    return;
  }
  auto state = args.State() && !args.State()->empty() ? args.State() : GenerateState();
  if (!state) {
    if (callback) {
      context_.callbacks.Post([callback] {
        callback(ClientResult::Failure(ErrorType::AuthorizationFailed,
                                       "no secure random state available"),
                 "", "");
      });
    }
    return;
  }
  ++generation_;
  args_ = std::move(args);
  callback_ = std::move(callback);
  state_ = *state;
  redirect_uri_ = validated->redirect_uri;  // rule 4 or 5; the browser path may use loopback
  uint64_t generation = generation_;
  timeout_ = context_.scheduler.After(
      kAuthorizeTimeoutMs,
      [this, generation] {
        timeout_ = 0;
        if (generation == generation_ && pending()) {
          Finish(Failure(ErrorType::AuthorizationFailed,
                         "the authorization timed out: the player did not finish in the browser or the chat "
                         "client within " + std::to_string(kAuthorizeTimeoutMs / 60000) +
                             " minutes; call Authorize again"));
        }
      },
      false);
  stage_ = Stage::ReachingLocalClient;
  local_client_.Reach([this, generation](bool reachable) {
    if (generation != generation_ || stage_ != Stage::ReachingLocalClient) return;
    if (reachable) {
      UseLocalClient();
    } else {
      UseBrowser();
    }
  });
}

void AuthorizeFlow::UseLocalClient() {
  stage_ = Stage::LocalClientAuthorize;
  uint64_t client_id = args_.ClientId() != 0 ? args_.ClientId() : context_.settings.application_id;
  json::Writer args;
  args.BeginObject().Key("client_id").String(std::to_string(client_id)).Key("scopes").BeginArray();
  if (auto scopes = NormalizeScopes(args_.Scopes())) {
    size_t pos = 0;
    while (pos < scopes->size()) {
      size_t end = scopes->find(' ', pos);
      if (end == std::string::npos) end = scopes->size();
      args.String(std::string_view(*scopes).substr(pos, end - pos));
      pos = end + 1;
    }
  }
  args.EndArray();
  if (auto challenge = args_.CodeChallenge()) {
    args.Key("code_challenge").String(challenge->Challenge()).Key("code_challenge_method").String("S256");
  }
  args.Key("state").String(state_).Key("redirect_uri").String(redirect_uri_);
  if (auto type = args_.IntegrationType()) args.Key("integration_type").Int(static_cast<int>(*type));
  if (auto nonce = args_.Nonce()) args.Key("nonce").String(*nonce);
  args.EndObject();
  context_.logger.Log(LoggingSeverity::Info, "Authorize: asking the local client");
  uint64_t generation = generation_;
  local_client_.Command(
      "AUTHORIZE", args.Take(),
      [this, generation](ClientResult result, const json::Value& data) {
        if (generation != generation_ || stage_ != Stage::LocalClientAuthorize) return;
        if (!result.Successful()) {
          if (result.ErrorCode() == kOAuth2ErrorCode) {
            Finish(Failure(ErrorType::AuthorizationFailed,
                           "access_denied: the player refused the authorization",
                           kOAuth2ErrorCode));
          } else if (result.Error() == "the local client disconnected") {
            context_.logger.Log(LoggingSeverity::Info,
                               "Authorize: the local client went away; using the browser");
            UseBrowser();
          } else {
            Finish(std::move(result));
          }
          return;
        }
        auto code = data["code"].String();
        if (!code || code->empty()) {
          Finish(Failure(ErrorType::RPCError, "the local client's AUTHORIZE reply has no code"));
          return;
        }
        context_.logger.redactor().RememberSecret(*code);
        Finish(ClientResult::Success(), std::string(*code));
      },
      0);
}

void AuthorizeFlow::UseBrowser() {
  if (args_.CustomSchemeParam()) {
    stage_ = Stage::CustomScheme;
    OpenBrowser(std::nullopt);
    return;
  }
  stage_ = Stage::StartingListener;
  listener_ = context_.ids.Next();
  context_.platform.StartLoopbackListener(listener_);
}

void AuthorizeFlow::OnLoopbackListening(PlatformId listener, uint16_t port, std::string error) {
  if (listener != listener_ || stage_ != Stage::StartingListener) return;
  if (port == 0) {
    listener_ = 0;
    Finish(Failure(ErrorType::AuthorizationFailed,
                   "cannot listen for the browser's redirect on 127.0.0.1: " + error));
    return;
  }
  redirect_uri_ = "http://127.0.0.1:" + std::to_string(port) + "/callback";
  stage_ = Stage::Browser;
  OpenBrowser(redirect_uri_);
}

void AuthorizeFlow::OpenBrowser(const std::optional<std::string>& loopback_redirect) {
  AuthorizeRequestInput input;
  input.args = &args_;
  input.application_id = context_.settings.application_id;
  input.web_base = context_.settings.endpoints.web_base;
  input.generated_state = state_;
  input.loopback_redirect_uri = loopback_redirect;
  auto request = BuildAuthorizeRequest(input);
  if (!request) {
    Finish(request.error());
    return;
  }
  redirect_uri_ = request->redirect_uri;
  // A browser that cannot be opened does not end the flow: the Warning gives the address, which
  // the player may open by hand (on this machine, for the loopback redirect) until the flow's
  // timeout or AbortAuthorize.
  context_.urls.Open(request->url, "Authorize");
}

bool AuthorizeFlow::OnLoopbackRequest(PlatformId listener, PlatformId request,
                                      std::string_view target) {
  if (listener != listener_ || stage_ != Stage::Browser) return false;
  std::string_view path = target.substr(0, target.find('?'));
  if (path != "/callback") return false;  // e.g. /favicon.ico: 404, keep waiting
  FinishWithRedirectQuery(target, listener, request);
  return true;
}

bool AuthorizeFlow::HandleCallbackUrl(std::string_view url) {
  if (stage_ != Stage::CustomScheme) return false;
  std::string_view without_query = url.substr(0, url.find('?'));
  if (without_query != redirect_uri_) return false;
  FinishWithRedirectQuery(url, 0, 0);
  return true;
}

void AuthorizeFlow::FinishWithRedirectQuery(std::string_view query, PlatformId listener,
                                            PlatformId request) {
  auto respond = [&](int32_t status, const char* page) {
    if (listener != 0) context_.platform.RespondLoopback(listener, request, status, page);
  };
  auto state = QueryParam(query, "state");
  auto code = QueryParam(query, "code");
  if (code) context_.logger.redactor().RememberSecret(*code);
  if (!state && !code && !QueryParam(query, "error")) {
    // Not an authorization response at all (a reload, a link preview, another local program):
    // it cannot be a forged redirect either, so the flow keeps waiting for the real one.
    respond(400, kPageNotAResponse);
    context_.logger.Log(LoggingSeverity::Warning, "authorize: a request to the redirect URI carried no code, error or state; still waiting");
    return;
  }
  if (!state || *state != state_) {
    respond(400, kPageBadState);
    if (listener != 0) {
      // Any local program can reach the loopback port: one forged request must not end the
      // flow the player is still completing. Its code is refused (never exchanged) and the
      // flow keeps waiting for the redirect with the right state until its own timeout.
      context_.logger.Log(LoggingSeverity::Warning,
                          "authorize: refused a redirect with the wrong state; still waiting");
      return;
    }
    Finish(Failure(ErrorType::AuthorizationFailed,
                   "state mismatch: the redirect did not answer this request; code discarded"));
    return;
  }
  if (auto error = QueryParam(query, "error")) {
    respond(200, kPageDenied);
    bool denied = *error == "access_denied";
    Finish(Failure(ErrorType::AuthorizationFailed,
                   denied ? "access_denied: the player refused the authorization"
                          : "authorization error: " + error->substr(0, 100),
                   denied ? kOAuth2ErrorCode : 0));
    return;
  }
  if (!code || code->empty()) {
    respond(400, kPageBadState);
    Finish(Failure(ErrorType::AuthorizationFailed, "the redirect carried no code"));
    return;
  }
  respond(200, kPageDone);
  Finish(ClientResult::Success(), *code);
}

void AuthorizeFlow::Abort() {
  if (!pending()) return;
  Finish(Failure(ErrorType::Aborted, "AbortAuthorize was called"));
}

void AuthorizeFlow::Fail(const ClientResult& result) {
  if (pending()) Finish(result);
}

void AuthorizeFlow::StopListener() {
  if (listener_ != 0) context_.platform.StopLoopbackListener(listener_);
  listener_ = 0;
}

void AuthorizeFlow::Finish(ClientResult result, std::string code) {
  StopListener();
  context_.scheduler.Cancel(timeout_);
  stage_ = Stage::Idle;
  ++generation_;
  auto callback = std::move(callback_);
  callback_ = nullptr;
  std::string redirect = result.Successful() ? redirect_uri_ : std::string();
  state_.clear();
  if (!result.Successful()) {
    context_.logger.Log(LoggingSeverity::Warning, "Authorize failed: " + result.Error());
  }
  if (callback) {
    context_.callbacks.Post([callback, result = std::move(result), code = std::move(code), redirect] {
      callback(result, code, redirect);
    });
  }
}

}  // namespace sdkpp::auth
