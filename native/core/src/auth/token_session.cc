#include "auth/token_session.h"

#include <algorithm>

#include "json/json.h"
#include "util/time_format.h"

namespace sdkpp::auth {
namespace {
constexpr size_t kMaxRememberedTokens = 32;
}

void TokenSession::RememberIssued(const std::string& access_token, int32_t expires_in_seconds) {
  if (access_token.empty() || expires_in_seconds <= 0) return;
  if (issued_expiry_.size() >= kMaxRememberedTokens) issued_expiry_.clear();
  issued_expiry_[access_token] =
      context_.http.ServiceNowMs() + static_cast<uint64_t>(expires_in_seconds) * 1000;
}

void TokenSession::Update(AuthorizationTokenType type, std::string token) {
  context_.logger.redactor().RememberSecret(token);
  type_ = type;
  token_ = std::move(token);
  expiry_warned_ = false;
  expires_at_ms_.reset();
  if (auto it = issued_expiry_.find(*token_); it != issued_expiry_.end()) {
    expires_at_ms_ = it->second;
  }
  local_client_.SetAccessToken(token_);
  if (status_.get() != Client::Status::Disconnected) gateway_.Connect(*token_);
  if (expires_at_ms_) {
    ScheduleExpiry();
  } else {
    LearnExpiryFromService();
  }
}

bool TokenSession::IsAuthenticated() const {
  if (!token_) return false;
  return !expires_at_ms_ || context_.http.ServiceNowMs() < *expires_at_ms_;
}

void TokenSession::SetExpirationCallback(Client::TokenExpirationCallback callback) {
  expiration_callback_ = std::move(callback);
  ScheduleExpiry();
}

void TokenSession::ScheduleExpiry() {
  context_.scheduler.Cancel(expiry_timer_);
  if (!token_ || !expires_at_ms_ || !expiration_callback_ || expiry_warned_) return;
  uint64_t now = context_.http.ServiceNowMs();
  uint64_t warn_at = *expires_at_ms_ > kExpiryWarningMs ? *expires_at_ms_ - kExpiryWarningMs : 0;
  uint64_t delay = warn_at > now ? warn_at - now : 0;
  // Not keep-alive: a launcher idling until its token expires should be free to exit.
  expiry_timer_ = context_.scheduler.After(
      delay,
      [this] {
        expiry_timer_ = 0;
        if (!token_ || expiry_warned_) return;
        expiry_warned_ = true;
        context_.logger.Log(LoggingSeverity::Info, "the current token expires soon");
        if (auto callback = expiration_callback_) context_.callbacks.PostEvent([callback] { callback(); });
      },
      false);
}

void TokenSession::LearnExpiryFromService() {
  if (!token_ || type_ != AuthorizationTokenType::Bearer) return;
  http::ApiRequest request;
  request.path = "/oauth2/@me";
  request.auth = http::AuthScheme::Bearer;
  request.token = *token_;
  request.idempotent = true;
  request.operation = "UpdateToken (expiry)";
  std::string asked_for = *token_;
  context_.http.Send(std::move(request), [this, asked_for](http::ApiResponse response) {
    if (!token_ || *token_ != asked_for || !response.result.Successful()) return;
    auto document = json::Document::Parse(response.body);
    if (!document) return;
    auto expires = document->Root()["expires"].String();
    if (auto at = expires ? ParseIso8601(*expires) : std::nullopt) {
      expires_at_ms_ = at;
      ScheduleExpiry();
    }
  });
}

void TokenSession::Drop() {
  if (token_) gateway_.Disconnect();
  token_.reset();
  expires_at_ms_.reset();
  context_.scheduler.Cancel(expiry_timer_);
  local_client_.SetAccessToken(std::nullopt);
}

void TokenSession::Deauthorize(const std::string& why) {
  bool had_token = token_.has_value();
  Drop();
  issued_expiry_.clear();
  context_.logger.Log(LoggingSeverity::Warning,
                     "the service deauthorized this game (" + why + "); tokens dropped");
  bool was_connected = status_.get() != Client::Status::Disconnected;
  gateway_.Disconnect();
  if (had_token || was_connected) {
    status_.Set(Client::Status::Disconnected, Client::Error::ConnectionFailed, 4004);
  }
}

}  // namespace sdkpp::auth
