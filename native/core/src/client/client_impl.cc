#include "client/client_impl.h"

namespace sdkpp {

ClientImpl::ClientImpl(const ClientCreateOptions& options, std::shared_ptr<Platform> platform)
    : queue_(callbacks::CallbackQueue::ForCurrentThread()),
      platform_(platform ? std::move(platform) : CreateDefaultPlatform()),
      endpoints_(ServiceEndpoints::Resolve(options.ApiBase(), options.WebBase())),
      logger_(logging::kIsDebugBuild, queue_),
      scheduler_(*platform_, ids_),
      http_(*platform_, scheduler_, ids_, logger_),
      local_client_(*platform_, ids_, scheduler_, logger_),
      session_(*this),
      authorize_flow_(*this),
      device_flow_(*this),
      gateway_(*platform_, ids_, scheduler_, logger_, http_,
               gateway::GatewayConnection::Listener{
                   [this](Client::Status status, Client::Error error, int32_t detail) {
                     SetStatus(status, error, detail);
                   },
                   [this](std::string_view type, const json::Value& data) { OnDispatch(type, data); }}),
      social_(*this),
      presence_(*this) {
  http_.SetApiBase(endpoints_.api_base);
  social_.state()->cdn_base = endpoints_.web_base + "/cdn";
  http_.SetServiceClockListener([this] { session_.OnServiceClockChanged(); });
  platform_->SetEvents(this);
  // The chat client's user (IPC READY) becomes a known user, so a UserHandle can show it.
  local_client_.SetReadyObserver([this](const json::Value& user) { social_.RememberUser(user); });
}

ClientImpl::~ClientImpl() {
  lifetime_.reset();  // events posted from here on (and still queued) are dropped
  // Pending operations answer ClientDestroyed (queued: they run from RunCallbacks as usual).
  ClientResult destroyed =
      ClientResult::Failure(ErrorType::ClientDestroyed, "the Client was destroyed");
  authorize_flow_.Fail(destroyed);
  device_flow_.Fail(destroyed);
  http_.FailAll(destroyed);
  local_client_.connection().Close("the Client was destroyed");
  gateway_.Disconnect();
  scheduler_.CancelAll();
  platform_->SetEvents(nullptr);
}

void ClientImpl::set_application_id(uint64_t id) {
  application_id_ = id;
  social_.state()->application_id = id;
  local_client_.SetApplicationId(id);
}

void ClientImpl::SetStatus(Client::Status status, Client::Error error, int32_t error_detail) {
  if (status == status_ && error == Client::Error::None) return;
  status_ = status;
  logger_.Log(LoggingSeverity::Info, std::string("status: ") + EnumToString(status) +
                                         (error != Client::Error::None
                                              ? std::string(" (") + EnumToString(error) + ")"
                                              : std::string()));
  if (status_callback_) {
    auto callback = status_callback_;
    PostEvent([callback, status, error, error_detail] { callback(status, error, error_detail); });
  }
}

void ClientImpl::OnTimer(PlatformId timer) { scheduler_.Fire(timer); }

void ClientImpl::OnHttpResponse(PlatformId request, PlatformHttpResponse response) {
  http_.OnResponse(request, std::move(response));
}

void ClientImpl::OnHttpError(PlatformId request, std::string message) {
  http_.OnError(request, std::move(message));
}

void ClientImpl::OnIpcOpen(PlatformId stream) { local_client_.connection().OnOpen(stream); }

void ClientImpl::OnIpcData(PlatformId stream, std::string bytes) {
  local_client_.connection().OnData(stream, bytes);
}

void ClientImpl::OnIpcClosed(PlatformId stream, std::string reason) {
  local_client_.connection().OnClosed(stream, std::move(reason));
}

void ClientImpl::OnWebSocketOpen(PlatformId socket) { gateway_.OnOpen(socket); }

void ClientImpl::OnWebSocketMessage(PlatformId socket, std::string text) {
  gateway_.OnMessage(socket, text);
}

void ClientImpl::OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) {
  gateway_.OnClosed(socket, code, reason);
}

void ClientImpl::OnDispatch(std::string_view type, const json::Value& data) {
  logger_.Log(LoggingSeverity::Verbose, "gateway event " + std::string(type));
  social_.OnDispatch(type, data);
  if (type == "READY") presence_.Resend();
}

void ClientImpl::AuthedRequest(http::ApiRequest request, std::function<void(http::ApiResponse)> done) {
  const auto& token = session_.token();
  if (!token) {
    http::ApiResponse response;
    response.result = ClientResult::Failure(ErrorType::ClientNotReady,
                                            "no token: call UpdateToken (and Connect) first");
    if (done) Post([done, response] { done(response); });
    return;
  }
  request.auth = http::AuthScheme::Bearer;
  request.token = *token;
  http_.Send(std::move(request), std::move(done));
}

void ClientImpl::OnLoopbackListening(PlatformId listener, uint16_t port, std::string error) {
  authorize_flow_.OnLoopbackListening(listener, port, std::move(error));
}

void ClientImpl::OnLoopbackRequest(PlatformId listener, PlatformId request, std::string target) {
  if (!authorize_flow_.OnLoopbackRequest(listener, request, target)) {
    platform_->RespondLoopback(listener, request, 404, "Not found");
  }
}

}  // namespace sdkpp
