#include "rpc/local_client.h"

namespace sdkpp::rpc {

bool EventNeedsAuthentication(std::string_view event) {
  return event != "ACTIVITY_JOIN" && event != "ACTIVITY_SPECTATE" &&
         event != "ACTIVITY_JOIN_REQUEST";
}

LocalClient::LocalClient(Platform& platform, IdSource& ids, Scheduler& scheduler,
                         logging::Logger& logger)
    : platform_(platform), scheduler_(scheduler), logger_(logger),
      connection_(platform, ids, scheduler, logger,
                  RpcConnection::Listener{
                      [this](const json::Value& data) { OnReady(data); },
                      [this](std::string_view event, const json::Value& data) {
                        OnEvent(event, data);
                      },
                      [this](std::string reason) { OnClosed(std::move(reason)); }}) {}

void LocalClient::SetAccessToken(std::optional<std::string> token) {
  if (token == access_token_) return;
  access_token_ = std::move(token);
  authenticated_ = false;
  refused_ = false;
  // Whoever waited to act as the player with the old token must not be sent as someone else.
  if (!access_token_) AnswerPlayerWaiters(false);
  else if (ready()) Authenticate();
}

void LocalClient::EnsureOpen() {
  if (connection_.state() == RpcConnection::State::Closed) connection_.Open(application_id_);
}

void LocalClient::Reach(std::function<void(bool)> done) {
  if (ready()) {
    // Keep the promise of never answering from inside the call.
    scheduler_.After(0, [done = std::move(done)] { done(true); });
    return;
  }
  waiting_.push_back(std::move(done));
  EnsureOpen();
}

void LocalClient::ReachAsPlayer(std::function<void(bool)> done) {
  if (ready() && (!access_token_ || authenticated_ || refused_)) {
    bool acts_for_player = !access_token_ || authenticated_;
    scheduler_.After(0, [done = std::move(done), acts_for_player] { done(acts_for_player); });
    return;
  }
  waiting_for_player_.push_back(std::move(done));
  if (ready()) {
    Authenticate();  // already on its way unless something cut it short; a no-op then
  } else {
    EnsureOpen();
  }
}

void LocalClient::AnswerPlayerWaiters(bool acts_for_player) {
  auto waiting = std::move(waiting_for_player_);
  waiting_for_player_.clear();
  for (auto& done : waiting) done(acts_for_player);
}

void LocalClient::Command(std::string_view cmd, std::string args_json, RpcConnection::Reply reply,
                          uint64_t timeout_ms) {
  connection_.Command(cmd, std::move(args_json), "", std::move(reply), timeout_ms);
}

void LocalClient::Subscribe(std::string event, EventHandler handler) {
  bool is_new = subscriptions_.count(event) == 0;
  subscriptions_[event] = std::move(handler);
  if (ready()) {
    if (is_new) SendSubscribe(event);
  } else {
    EnsureOpen();
  }
}

void LocalClient::Unsubscribe(const std::string& event) {
  if (subscriptions_.erase(event) == 0) return;
  if (ready() && applied_[event]) {
    connection_.Command("UNSUBSCRIBE", "{}", event, [](ClientResult, const json::Value&) {});
  }
  applied_.erase(event);
  if (subscriptions_.empty()) scheduler_.Cancel(reconnect_timer_);
}

void LocalClient::OnReady(const json::Value& data) {
  reconnect_delay_ms_ = kReconnectInitialMs;
  connected_user_id_ = data["user"]["id"].Snowflake();
  if (connected_user_id_ && ready_observer_) ready_observer_(data["user"]);
  applied_.clear();
  authenticated_ = false;
  refused_ = false;
  // AUTHENTICATE goes out first, so every command after it already finds the chat client acting
  // for the player; what waits for the player itself waits for its answer.
  if (access_token_) {
    Authenticate();
  } else {
    AnswerPlayerWaiters(true);
  }
  auto waiting = std::move(waiting_);
  waiting_.clear();
  for (auto& done : waiting) done(true);
  ApplySubscriptions();
}

void LocalClient::Authenticate() {
  if (authenticating_ || !access_token_) return;
  authenticating_ = true;
  std::string token = *access_token_;
  json::Writer args;
  args.BeginObject().Key("access_token").String(token).EndObject();
  connection_.Command("AUTHENTICATE", args.Take(), "", [this, token](ClientResult result, const json::Value&) {
    authenticating_ = false;
    if (access_token_ != token) {
      // UpdateToken gave another token while this one was checked: the connection must act for
      // the new one (a cleared token or a closed connection already answered the waiters).
      if (access_token_ && ready()) Authenticate();
      return;
    }
    authenticated_ = result.Successful();
    refused_ = !authenticated_;
    AnswerPlayerWaiters(authenticated_);
    if (!authenticated_) {
      logger_.Log(LoggingSeverity::Warning,
                  "local client: AUTHENTICATE failed: " + result.Error());
      return;
    }
    ApplySubscriptions();
  });
}

void LocalClient::ApplySubscriptions() {
  for (const auto& [event, handler] : subscriptions_) {
    if (applied_[event]) continue;
    if (EventNeedsAuthentication(event) && !authenticated_) {
      logger_.Log(LoggingSeverity::Info, "local client: " + event +
                                             " subscription waits for a token (AUTHENTICATE)");
      continue;
    }
    SendSubscribe(event);
  }
}

void LocalClient::SendSubscribe(const std::string& event) {
  applied_[event] = true;  // optimistic: a failure below clears it so a later pass retries
  connection_.Command("SUBSCRIBE", "{}", event, [this, event](ClientResult result, const json::Value&) {
    if (result.Successful()) return;
    applied_[event] = false;
    logger_.Log(LoggingSeverity::Warning,
                "local client: SUBSCRIBE " + event + " failed: " + result.Error());
  });
}

void LocalClient::OnEvent(std::string_view event, const json::Value& data) {
  auto it = subscriptions_.find(std::string(event));
  if (it != subscriptions_.end() && it->second) it->second(data);
}

void LocalClient::OnClosed(std::string reason) {
  connected_user_id_.reset();
  applied_.clear();
  authenticated_ = false;
  authenticating_ = false;
  refused_ = false;
  auto waiting = std::move(waiting_);
  waiting_.clear();
  for (auto& done : waiting) done(false);
  AnswerPlayerWaiters(false);
  if (!subscriptions_.empty()) ScheduleReconnect();
}

void LocalClient::ScheduleReconnect() {
  if (reconnect_timer_ != 0) return;
  uint64_t delay = reconnect_delay_ms_;
  reconnect_delay_ms_ = std::min(reconnect_delay_ms_ * 2, kReconnectMaxMs);
  // Not keep-alive: waiting for a chat client must not hold the host process open.
  reconnect_timer_ = scheduler_.After(
      delay,
      [this] {
        reconnect_timer_ = 0;
        if (!subscriptions_.empty()) EnsureOpen();
      },
      false);
}

}  // namespace sdkpp::rpc
