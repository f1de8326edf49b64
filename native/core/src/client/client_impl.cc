#include "client/client_impl.h"

#include "client/no_effect_options.h"

namespace sdkpp {
namespace {

ClientResult ClientDestroyedResult() {
  return ClientResult::Failure(ErrorType::ClientDestroyed, "the Client was destroyed");
}

}  // namespace

ClientImpl::ClientImpl(const ClientCreateOptions& options, std::shared_ptr<Platform> platform)
    : callbacks_(callbacks::CallbackQueue::ForCurrentThread()),
      platform_(platform ? std::move(platform) : CreateDefaultPlatform()),
      settings_{0, ServiceEndpoints::Resolve(options.ApiBase(), options.WebBase()), 0},
      logger_(logging::kIsDebugBuild, callbacks_.queue()),
      scheduler_(*platform_, ids_),
      http_(*platform_, scheduler_, ids_, logger_),
      urls_(*platform_, logger_),
      context_{*platform_, ids_, scheduler_, logger_, http_, callbacks_, settings_, sockets_, urls_},
      status_(logger_, callbacks_, *platform_),
      local_client_(*platform_, ids_, scheduler_, logger_),
      gateway_(*platform_, ids_, scheduler_, logger_, http_,
               gateway::GatewayConnection::Listener{
                   [this](Client::Status status, Client::Error error, int32_t detail) {
                     status_.Set(status, error, detail);
                   },
                   [this](std::string_view type, const json::Value& data) { OnDispatch(type, data); }}),
      session_(context_, status_, local_client_, gateway_),
      authorize_flow_(context_, local_client_),
      device_flow_(context_, session_),
      social_(context_),
      presence_(context_, status_, local_client_, gateway_),
      calls_(context_, gateway_, social_.state()) {
  http_.SetApiBase(settings_.endpoints.api_base);
  // Said to every log callback and log file the app adds later (there are none yet).
  for (const auto& line : NoEffectOptionWarnings(options)) logger_.AddOpeningWarning(line);
  social_.state()->cdn_base = settings_.endpoints.web_base + "/cdn";
  http_.SetServiceClockListener([this] { session_.OnServiceClockChanged(); });
  // The social layer first: presence's READY handler resends into the session READY set up.
  social_.RegisterHandlers(dispatch_handlers_);
  presence_.RegisterHandlers(dispatch_handlers_);
  calls_.RegisterHandlers(dispatch_handlers_);
  platform_->SetEvents(this);
  // The chat client's user (IPC READY) becomes a known user, so a UserHandle can show it.
  local_client_.SetReadyObserver([this](const json::Value& user) { social_.RememberUser(user); });
}

ClientImpl::~ClientImpl() {
  // Events posted from here on (and still queued) are dropped; steps still queued (a call
  // refused for want of a token) answer ClientDestroyed now, while every member still lives.
  callbacks_.End();
  // Pending operations answer ClientDestroyed (queued: they run from RunCallbacks as usual).
  ClientResult destroyed = ClientDestroyedResult();
  authorize_flow_.Fail(destroyed);
  device_flow_.Fail(destroyed);
  if (pending_guild_join_ && pending_guild_join_->callback) {
    Post([callback = pending_guild_join_->callback, destroyed] { callback(destroyed, std::string()); });
  }
  pending_guild_join_.reset();
  http_.FailAll(destroyed);
  // Calls leave (op 4) while the gateway is still up; the audio thread stops here.
  calls_.Shutdown();
  local_client_.connection().Close("the Client was destroyed");
  gateway_.Disconnect();
  scheduler_.CancelAll();
  platform_->SetEvents(nullptr);
}

void ClientImpl::set_application_id(uint64_t id) {
  settings_.application_id = id;
  local_client_.SetApplicationId(id);
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

// WebSocket ids a voice call registered go to it; every other id is the main gateway's.
void ClientImpl::OnWebSocketOpen(PlatformId socket) {
  if (auto* owner = sockets_.Find(socket)) return owner->OnWebSocketOpen(socket);
  gateway_.OnOpen(socket);
}

void ClientImpl::OnWebSocketMessage(PlatformId socket, std::string text) {
  if (auto* owner = sockets_.Find(socket)) return owner->OnWebSocketMessage(socket, text);
  gateway_.OnMessage(socket, text);
}

void ClientImpl::OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) {
  if (auto* owner = sockets_.Find(socket)) return owner->OnWebSocketClosed(socket, code, reason);
  gateway_.OnClosed(socket, code, reason);
}

// The main gateway speaks JSON only: a binary frame belongs to a voice call or to nobody.
void ClientImpl::OnWebSocketBinary(PlatformId socket, std::string bytes) {
  if (auto* owner = sockets_.Find(socket)) owner->OnWebSocketBinary(socket, bytes);
}

void ClientImpl::OnUdpOpen(PlatformId socket, uint16_t local_port) {
  if (auto* owner = sockets_.Find(socket)) owner->OnUdpOpen(socket, local_port);
}

void ClientImpl::OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size,
                              const std::string& host, uint16_t port) {
  if (auto* owner = sockets_.Find(socket)) owner->OnUdpMessage(socket, data, size, host, port);
}

void ClientImpl::OnUdpClosed(PlatformId socket, std::string reason) {
  if (auto* owner = sockets_.Find(socket)) owner->OnUdpClosed(socket, reason);
}

void ClientImpl::OnWake() { sockets_.OnWake(); }

void ClientImpl::OnDispatch(std::string_view type, const json::Value& data) {
  logger_.Log(LoggingSeverity::Verbose, "gateway event " + std::string(type));
  dispatch_handlers_.Dispatch(type, data);
}

void ClientImpl::AuthedRequest(http::ApiRequest request, std::function<void(http::ApiResponse)> done) {
  const auto& token = session_.token();
  if (!token) {
    if (!done) return;
    // `done` reads this ClientImpl: a step, so it never runs after the Client is gone (it
    // answers ClientDestroyed instead).
    auto answer = [done](ClientResult result) {
      http::ApiResponse response;
      response.result = std::move(result);
      done(std::move(response));
    };
    callbacks_.PostStep(
        [answer] {
          answer(ClientResult::Failure(ErrorType::ClientNotReady, "no token: call UpdateToken (and Connect) first"));
        },
        [answer] { answer(ClientDestroyedResult()); });
    return;
  }
  request.auth = http::AuthScheme::Bearer;
  request.token = *token;
  http_.Send(std::move(request), std::move(done));
}

void ClientImpl::OnLoopbackListening(PlatformId listener, uint16_t port, std::string error) {
  authorize_flow_.OnLoopbackListening(listener, port, std::move(error));
}

bool ClientImpl::OnUrlNotOpened(std::string url, std::string reason) { return urls_.OnNotOpened(url, reason); }

void ClientImpl::OnLoopbackRequest(PlatformId listener, PlatformId request, std::string target) {
  if (!authorize_flow_.OnLoopbackRequest(listener, request, target)) {
    platform_->RespondLoopback(listener, request, 404, "Not found");
  }
}

}  // namespace sdkpp
