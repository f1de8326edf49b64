// The Client's gateway session (docs/protocols/gateway.md): fetch the gateway URL, connect, Hello,
// Identify (or Resume), heartbeats with zombie detection, dispatches in sequence order with
// duplicates dropped, Reconnect and Invalid Session handling, resume after a dropped socket so
// that no event is lost or delivered twice, jittered exponential backoff, and the sending limit.
// It reports Client::Status transitions; what the events mean is the social layer's business.
// A failure no retry can change (a refused token, a wrong API base, a close code the service
// documents as "do not reconnect") ends the attempt with Disconnected / ConnectionFailed and an
// Error line that says what to do; other failures are retried with backoff, their reasons logged
// at a bounded rate.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <random>
#include <string>

#include "gateway/gateway_protocol.h"
#include "gateway/send_limiter.h"
#include "http/http_client.h"
#include "io/scheduler.h"
#include "json/json.h"
#include "logging/logger.h"
#include "sdkpp/client.h"

namespace sdkpp::gateway {

inline constexpr uint64_t kReconnectBaseMs = 1000;
inline constexpr uint64_t kReconnectMaxMs = 60'000;
inline constexpr uint64_t kHelloTimeoutMs = 15'000;
// A connection that keeps failing logs its reason at Warning on the first failure and then on
// every kRetryLogInterval-th one (with the count), not once per attempt for as long as the
// service stays away; the attempts between go to Verbose.
inline constexpr int kRetryLogInterval = 10;

class GatewayConnection {
 public:
  struct Listener {
    std::function<void(Client::Status, Client::Error, int32_t detail)> on_status;
    // One dispatch (op 0), in sequence order, each sequence number once.
    std::function<void(std::string_view type, const json::Value& data)> on_dispatch;
  };

  GatewayConnection(Platform& platform, IdSource& ids, Scheduler& scheduler,
                    logging::Logger& logger, http::HttpClient& http, Listener listener);
  ~GatewayConnection();

  // Starts (or restarts with a new token) the session. `token` is the user's bearer token.
  void Connect(std::string token);
  void Disconnect();
  Client::Status status() const { return status_; }
  const std::string& session_id() const { return session_id_; }
  int64_t last_sequence() const { return last_sequence_; }

  // Queues a gateway command ({"op": op, "d": data}); sent as the limit allows.
  void Send(Op op, std::string data_json);

  bool OnOpen(PlatformId socket);
  bool OnMessage(PlatformId socket, std::string_view text);
  bool OnClosed(PlatformId socket, int32_t code, const std::string& reason);

 private:
  void SetStatus(Client::Status status, Client::Error error = Client::Error::None, int32_t detail = 0);
  void FetchGatewayUrl();
  void OpenSocket(const std::string& base_url);
  void HandleHello(const json::Value& data);
  void Identify();
  void Resume();
  void Heartbeat();
  void ScheduleHeartbeat(uint64_t delay_ms);
  // `failure`: false for a reconnect the service asked for (not counted, logged at Info).
  void LostConnection(CloseAction action, Client::Error error, int32_t code, const std::string& why,
                      bool failure = true);
  // Stops for good: Disconnected / ConnectionFailed with `detail` (a close code or an HTTP
  // status), and an Error line "Connect stopped: <what_and_fix>".
  void StopForGood(int32_t detail, const std::string& what_and_fix);
  void ScheduleReconnect(uint64_t delay_ms);
  void CloseSocket(int32_t code, const std::string& reason);
  void FlushSendQueue();
  void SendNow(const std::string& frame, bool heartbeat);
  uint64_t Jitter(uint64_t max_ms);

  Platform& platform_;
  IdSource& ids_;
  Scheduler& scheduler_;
  logging::Logger& logger_;
  http::HttpClient& http_;
  Listener listener_;

  Client::Status status_ = Client::Status::Disconnected;
  bool wanted_ = false;  // Connect called and not Disconnect
  std::string token_;
  std::string gateway_url_;
  std::string resume_url_;
  std::string session_id_;
  int64_t last_sequence_ = 0;
  PlatformId socket_ = 0;
  PlatformId http_operation_ = 0;
  PlatformId heartbeat_timer_ = 0;
  PlatformId hello_timer_ = 0;
  PlatformId reconnect_timer_ = 0;
  PlatformId flush_timer_ = 0;
  uint64_t heartbeat_interval_ms_ = 0;
  bool heartbeat_acked_ = true;
  bool resuming_ = false;
  int reconnect_attempts_ = 0;
  // Failed attempts since the last READY/RESUMED (or Connect): the rate of retry log lines.
  int failures_in_a_row_ = 0;
  SendLimiter limiter_;
  std::deque<std::string> send_queue_;
  std::minstd_rand random_;
};

}  // namespace sdkpp::gateway
