// The SDK's link to the local chat client: one RpcConnection, opened on demand, authenticated
// with the current token when there is one, re-opened with backoff while the game still wants
// something from it, and every event subscription re-established after each reconnect (the
// spec: "The AUTHORIZE_REQUEST subscription is re-established after the local client
// disconnects and reconnects").
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rpc/rpc_connection.h"

namespace sdkpp::rpc {

inline constexpr uint64_t kReconnectInitialMs = 1000;
inline constexpr uint64_t kReconnectMaxMs = 30000;

// Events a game may subscribe to before AUTHENTICATE (docs/protocols/ipc.md).
bool EventNeedsAuthentication(std::string_view event);

class LocalClient {
 public:
  using EventHandler = std::function<void(const json::Value& data)>;
  using ReadyObserver = std::function<void(const json::Value& user)>;

  LocalClient(Platform& platform, IdSource& ids, Scheduler& scheduler, logging::Logger& logger);

  void SetApplicationId(uint64_t id) { application_id_ = id; }
  uint64_t application_id() const { return application_id_; }
  // The bearer token to AUTHENTICATE with (nullopt: none; subscriptions that need it wait).
  void SetAccessToken(std::optional<std::string> token);

  // Calls `done(true)` once connected and handshaken, `done(false)` if the local client cannot
  // be reached now. Never calls back from inside this call.
  void Reach(std::function<void(bool reachable)> done);
  // Calls `done(true)` once commands on the connection act for this Client's player: handshaken
  // and, when the Client holds a token, AUTHENTICATE accepted it. Before that the chat client
  // acts for whoever is logged in to it (READY's user), who need not be the player, so a
  // SET_ACTIVITY sent then would show on someone else's profile. Without a token the player is
  // the chat client's user (the classic flow: handshake, then SET_ACTIVITY). `done(false)` when
  // the local client cannot be reached, refused the token, or the token was taken away
  // meanwhile. Never calls back from inside this call.
  void ReachAsPlayer(std::function<void(bool acts_for_player)> done);
  void Command(std::string_view cmd, std::string args_json, RpcConnection::Reply reply,
               uint64_t timeout_ms = kCommandTimeoutMs);

  // Wanted subscriptions, applied now if possible and again after every reconnect.
  void Subscribe(std::string event, EventHandler handler);
  void Unsubscribe(const std::string& event);
  bool IsSubscribed(const std::string& event) const { return subscriptions_.count(event) > 0; }

  // Told the user object of each handshake's READY (the chat client's logged-in user).
  void SetReadyObserver(ReadyObserver observer) { ready_observer_ = std::move(observer); }
  // The user the chat client is logged in as on the open connection; nullopt when closed.
  std::optional<uint64_t> connected_user_id() const { return connected_user_id_; }

  bool ready() const { return connection_.state() == RpcConnection::State::Ready; }
  bool authenticated() const { return authenticated_; }
  RpcConnection& connection() { return connection_; }

 private:
  void OnReady(const json::Value& data);
  void OnEvent(std::string_view event, const json::Value& data);
  void OnClosed(std::string reason);
  void Authenticate();
  void AnswerPlayerWaiters(bool acts_for_player);
  void ApplySubscriptions();
  void SendSubscribe(const std::string& event);
  void ScheduleReconnect();
  void EnsureOpen();

  Platform& platform_;
  Scheduler& scheduler_;
  logging::Logger& logger_;
  RpcConnection connection_;
  uint64_t application_id_ = 0;
  std::optional<std::string> access_token_;
  bool authenticated_ = false;
  bool authenticating_ = false;
  bool refused_ = false;  // this connection refused the current token
  std::map<std::string, EventHandler> subscriptions_;
  std::map<std::string, bool> applied_;  // event -> SUBSCRIBE acknowledged on this connection
  std::vector<std::function<void(bool)>> waiting_;
  std::vector<std::function<void(bool)>> waiting_for_player_;
  PlatformId reconnect_timer_ = 0;
  uint64_t reconnect_delay_ms_ = kReconnectInitialMs;
  ReadyObserver ready_observer_;
  std::optional<uint64_t> connected_user_id_;
};

}  // namespace sdkpp::rpc
