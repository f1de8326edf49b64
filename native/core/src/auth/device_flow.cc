#include "auth/device_flow.h"

#include "auth/authorize_request.h"
#include "http/form.h"
#include "http/result_builder.h"
#include "json/json.h"
#include "util/uri.h"

namespace sdkpp::auth {

void DeviceFlow::Start(DeviceAuthorizationArgs args, Client::TokenExchangeCallback callback) {
  if (pending()) Finish(ClientResult::Failure(ErrorType::Aborted, "replaced by a newer request"));
  uint64_t client_id = args.ClientId() != 0 ? args.ClientId() : context_.settings.application_id;
  auto scopes = NormalizeScopes(args.Scopes());
  ClientResult invalid = ClientResult::Success();
  if (!args) invalid = ClientResult::Failure(ErrorType::ValidationError, "args: invalid object");
  else if (client_id == 0)
    invalid = ClientResult::Failure(ErrorType::ValidationError,
                                    "ClientId: is 0 and no application id was set");
  else if (!scopes)
    invalid = ClientResult::Failure(ErrorType::ValidationError, "Scopes: must name at least one valid scope");
  if (!invalid.Successful()) {
    DeliverTokenExchange(context_.callbacks, callback, invalid, {});
    return;
  }
  callback_ = std::move(callback);
  client_id_ = client_id;
  uint64_t generation = ++generation_;
  http::FormBody form;
  form.Add("client_id", std::to_string(client_id)).Add("scope", *scopes);
  request_ = context_.http.Send(
      FormPost("/oauth2/device/authorize", form.Take(), "GetTokenFromDevice"),
      [this, generation](http::ApiResponse response) {
        request_ = 0;
        if (generation != generation_) return;
        if (!response.result.Successful()) {
          Finish(std::move(response.result));
          return;
        }
        auto document = json::Document::Parse(response.body);
        json::Value root = document ? document->Root() : json::Value();
        auto device_code = root["device_code"].String();
        auto user_code = root["user_code"].String();
        if (!device_code || !user_code) {
          Finish(http::MalformedResponse(response.status, response.body, true,
                                         "no device_code/user_code"));
          return;
        }
        device_code_ = std::string(*device_code);
        context_.logger.redactor().RememberSecret(device_code_);
        interval_ms_ = static_cast<uint64_t>(std::max<int64_t>(1, root["interval"].Int().value_or(5))) * 1000;
        deadline_ms_ = context_.scheduler.NowMs() +
                       static_cast<uint64_t>(std::max<int64_t>(1, root["expires_in"].Int().value_or(300))) * 1000;
        if (auto complete = root["verification_uri_complete"].String()) {
          context_.logger.Log(LoggingSeverity::Info,
                             "GetTokenFromDevice: enter code " + std::string(*user_code));
          context_.urls.Open(std::string(*complete), "GetTokenFromDevice");
        } else {
          OpenScreen(client_id_, std::string(*user_code));
        }
        SchedulePoll();
      });
}

void DeviceFlow::SchedulePoll() {
  uint64_t generation = generation_;
  timer_ = context_.scheduler.After(interval_ms_, [this, generation] {
    timer_ = 0;
    if (generation == generation_) Poll();
  });
}

void DeviceFlow::Poll() {
  if (context_.scheduler.NowMs() >= deadline_ms_) {
    Finish(ClientResult::Failure(ErrorType::AuthorizationFailed,
                                 "expired_token: the device code expired before it was approved"));
    return;
  }
  uint64_t generation = generation_;
  http::FormBody form;
  form.Add("grant_type", kDeviceCodeGrant)
      .Add("device_code", device_code_)
      .Add("client_id", std::to_string(client_id_));
  http::ApiRequest request = FormPost("/oauth2/token", form.Take(), "GetTokenFromDevice");
  ExchangeForToken(context_, session_, std::move(request), [this, generation](ClientResult result, TokenGrant grant) {
    if (generation != generation_) return;
    if (result.Successful()) {
      CloseScreen();
      Finish(std::move(result), std::move(grant));
      return;
    }
    const std::string error = result.Error();
    if (error.rfind("authorization_pending", 0) == 0) {
      SchedulePoll();
    } else if (error.rfind("slow_down", 0) == 0) {
      interval_ms_ += 5000;
      SchedulePoll();
    } else if (error.rfind("access_denied", 0) == 0 || error.rfind("expired_token", 0) == 0) {
      ClientResult failure = ClientResult::Failure(ErrorType::AuthorizationFailed, error);
      failure.SetStatus(result.Status());
      Finish(std::move(failure));
    } else {
      Finish(std::move(result));
    }
  });
}

void DeviceFlow::OpenScreen(uint64_t client_id, const std::string& user_code) {
  std::string url = context_.settings.endpoints.web_base + "/activate?user_code=" + uri::PercentEncode(user_code) +
                    "&client_id=" + std::to_string(client_id);
  context_.logger.Log(LoggingSeverity::Info, "device authorization: enter code " + user_code);
  context_.urls.Open(url, "OpenAuthorizeDeviceScreen");
}

void DeviceFlow::CloseScreen() {
  // The desktop screen is a browser tab the SDK cannot close; the page tells the player. A
  // Warning (delivered by release builds too), as for every call that cannot do its job here.
  context_.logger.Log(LoggingSeverity::Warning,
                      "CloseAuthorizeDeviceScreen: the device screen is a browser tab the SDK cannot close; the page tells the player when it is done");
}

void DeviceFlow::Abort() {
  if (pending()) Finish(ClientResult::Failure(ErrorType::Aborted, "AbortGetTokenFromDevice was called"));
}

void DeviceFlow::Fail(const ClientResult& result) {
  if (pending()) Finish(result);
}

void DeviceFlow::Finish(ClientResult result, TokenGrant grant) {
  ++generation_;
  context_.scheduler.Cancel(timer_);
  if (request_ != 0) context_.http.Cancel(request_);
  request_ = 0;
  device_code_.clear();
  auto callback = std::move(callback_);
  callback_ = nullptr;
  DeliverTokenExchange(context_.callbacks, callback, std::move(result), grant);
}

}  // namespace sdkpp::auth
