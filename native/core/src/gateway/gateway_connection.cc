#include "gateway/gateway_connection.h"

#include <algorithm>
#include <array>

#include "crypto/secure_random.h"
#include "http/failure_text.h"

namespace sdkpp::gateway {
namespace {

// Private close codes (4900+ is unused by the service) so our own closes are recognisable.
constexpr int32_t kCloseZombie = 4900;
constexpr int32_t kCloseReconnect = 4901;

// What a close means, in words: "the token was refused (4004 authentication failed)".
std::string DescribeClose(int32_t code, const std::string& reason) {
  if (const CloseCodeRule* rule = FindCloseCodeRule(code)) {
    return std::string(rule->meaning) + " (" + std::to_string(code) + " " + std::string(rule->name) + ")";
  }
  std::string text = "the connection closed (" + std::to_string(code);
  if (!reason.empty()) text += " " + reason;
  return text + ")";
}

std::string Seconds(uint64_t ms) {
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000 != 0) {
    text += '.';
    text += std::to_string((ms % 1000) / 100);
  }
  text += " s";
  return text;
}

uint32_t Seed() {
  std::array<uint8_t, 4> bytes{};
  crypto::FillSecureRandom(bytes);
  return (uint32_t{bytes[0]} << 24 | uint32_t{bytes[1]} << 16 | uint32_t{bytes[2]} << 8 | bytes[3]) | 1u;
}

std::string Frame(Op op, std::string_view data_json) {
  json::Writer writer;
  writer.BeginObject().Key("op").Int(static_cast<int32_t>(op)).Key("d").Raw(data_json).EndObject();
  return writer.Take();
}

}  // namespace

GatewayConnection::GatewayConnection(Platform& platform, IdSource& ids, Scheduler& scheduler,
                                     logging::Logger& logger, http::HttpClient& http,
                                     Listener listener)
    : platform_(platform), ids_(ids), scheduler_(scheduler), logger_(logger), http_(http),
      listener_(std::move(listener)), random_(Seed()) {}

GatewayConnection::~GatewayConnection() {
  wanted_ = false;
  if (http_operation_ != 0) http_.Cancel(http_operation_);
  if (socket_ != 0) platform_.CloseWebSocket(socket_, 1000, "client destroyed");
}

uint64_t GatewayConnection::Jitter(uint64_t max_ms) { return max_ms == 0 ? 0 : random_() % max_ms; }

void GatewayConnection::SetStatus(Client::Status status, Client::Error error, int32_t detail) {
  if (status == status_ && error == Client::Error::None) return;
  status_ = status;
  if (listener_.on_status) listener_.on_status(status, error, detail);
}

void GatewayConnection::Connect(std::string token) {
  bool same_session = wanted_ && token == token_ && status_ != Client::Status::Disconnected;
  token_ = std::move(token);
  logger_.redactor().RememberSecret(token_);
  if (same_session) return;
  if (wanted_) {
    // A new token: a fresh session.
    CloseSocket(1000, "token changed");
    session_id_.clear();
  }
  wanted_ = true;
  reconnect_attempts_ = 0;
  failures_in_a_row_ = 0;
  if (gateway_url_.empty()) {
    FetchGatewayUrl();
  } else {
    OpenSocket(gateway_url_);
  }
}

void GatewayConnection::FetchGatewayUrl() {
  SetStatus(Client::Status::HttpWait);
  http::ApiRequest request;
  request.path = "/gateway";
  request.idempotent = true;
  request.operation = "Connect";
  request.log_failure = false;  // LostConnection logs it, at a bounded rate
  http_operation_ = http_.Send(std::move(request), [this](http::ApiResponse response) {
    http_operation_ = 0;
    if (!wanted_) return;
    if (!response.result.Successful()) {
      if (IsPermanentBootstrapStatus(response.status)) {
        StopForGood(response.status, response.result.Error() +
                                         ". Not retrying: no retry changes this answer; fix the "
                                         "cause, then call Connect again");
        return;
      }
      LostConnection(CloseAction::Reidentify, Client::Error::ConnectionFailed, response.status,
                     response.result.Error());
      return;
    }
    std::optional<std::string> url;
    if (auto document = json::Document::Parse(response.body)) {
      if (auto text = document->Root()["url"].String()) url = std::string(*text);
    }
    if (!url || (url->rfind("ws://", 0) != 0 && url->rfind("wss://", 0) != 0)) {
      LostConnection(CloseAction::Reidentify, Client::Error::ConnectionFailed, 0,
                     "GET /gateway answered no ws:// or wss:// URL at " +
                         http::UrlForDisplay(http_.api_base()));
      return;
    }
    gateway_url_ = *url;
    OpenSocket(gateway_url_);
  });
}

void GatewayConnection::OpenSocket(const std::string& base_url) {
  SetStatus(reconnect_attempts_ > 0 ? Client::Status::Reconnecting : Client::Status::Connecting);
  std::string url = base_url;
  url += url.find('?') == std::string::npos ? "?v=10&encoding=json" : "&v=10&encoding=json";
  socket_ = ids_.Next();
  heartbeat_acked_ = true;
  limiter_.Reset();
  hello_timer_ = scheduler_.After(kHelloTimeoutMs, [this] {
    hello_timer_ = 0;
    LostConnection(CloseAction::Resume, Client::Error::ConnectionFailed, 0,
                   "the gateway sent no Hello within " + Seconds(kHelloTimeoutMs));
  });
  platform_.OpenWebSocket(socket_, url);
}

bool GatewayConnection::OnOpen(PlatformId socket) {
  if (socket != socket_) return false;
  SetStatus(Client::Status::Connected);
  return true;
}

bool GatewayConnection::OnMessage(PlatformId socket, std::string_view text) {
  if (socket != socket_) return false;
  auto document = json::Document::Parse(text);
  if (!document || !document->Root().IsObject()) {
    LostConnection(CloseAction::Resume, Client::Error::UnexpectedClose, 4002,
                   "the gateway sent a message that is not a JSON object");
    return true;
  }
  json::Value root = document->Root();
  auto op = root["op"].Int();
  if (!op) return true;
  switch (static_cast<Op>(*op)) {
    case Op::Hello:
      HandleHello(root["d"]);
      break;
    case Op::HeartbeatAck:
      heartbeat_acked_ = true;
      break;
    case Op::Heartbeat:
      // The service may ask for a beat at any time.
      SendNow(Frame(Op::Heartbeat, last_sequence_ > 0 ? std::to_string(last_sequence_) : "null"), true);
      break;
    case Op::Reconnect:
      LostConnection(CloseAction::Resume, Client::Error::None, kCloseReconnect,
                     "the service asked for a reconnect", false);
      break;
    case Op::InvalidSession: {
      bool resumable = root["d"].Bool().value_or(false);
      logger_.Log(LoggingSeverity::Info, std::string("gateway: invalid session (") +
                                             (resumable ? "resumable" : "not resumable") + ")");
      if (!resumable) {
        session_id_.clear();
        last_sequence_ = 0;
      }
      // The service asks for a 1-5 s pause before the next attempt.
      CloseSocket(4000, "invalid session");
      SetStatus(Client::Status::Reconnecting);
      ScheduleReconnect(1000 + Jitter(4000));
      break;
    }
    case Op::Dispatch: {
      auto sequence = root["s"].Int();
      auto type = root["t"].String().value_or("");
      if (!sequence && !root["s"].IsNull() && root["s"].Exists()) {
        logger_.Log(LoggingSeverity::Warning, "gateway: event with an unusable sequence number, delivered untracked");
      } else if (sequence && (*sequence < 1 || *sequence > kMaxSequence)) {
        logger_.Log(LoggingSeverity::Warning, "gateway: event with sequence number " + std::to_string(*sequence) +
                                                  " outside 1.." + std::to_string(kMaxSequence) + ", delivered untracked");
      } else if (sequence) {
        if (*sequence <= last_sequence_ && last_sequence_ - *sequence < kDuplicateWindow) {
          logger_.Log(LoggingSeverity::Verbose, "gateway: dropped a duplicate of event " + std::to_string(*sequence));
          break;
        }
        if (*sequence <= last_sequence_) {
          logger_.Log(LoggingSeverity::Warning, "gateway: sequence went back from " + std::to_string(last_sequence_) +
                                                    " to " + std::to_string(*sequence) + "; following the new count");
        }
        last_sequence_ = *sequence;
      }
      json::Value data = root["d"];
      if (type == "READY") {
        session_id_ = std::string(data["session_id"].String().value_or(""));
        resume_url_ = std::string(data["resume_gateway_url"].String().value_or(""));
        reconnect_attempts_ = 0;
      } else if (type == "RESUMED") {
        reconnect_attempts_ = 0;
        resuming_ = false;
      }
      if ((type == "READY" || type == "RESUMED") && failures_in_a_row_ > 0) {
        logger_.Log(LoggingSeverity::Warning, "Connect: connected again after " +
                                                  std::to_string(failures_in_a_row_) +
                                                  " failed attempt(s)");
        failures_in_a_row_ = 0;
      }
      if (listener_.on_dispatch) listener_.on_dispatch(type, data);
      if (type == "READY" || type == "RESUMED") {
        logger_.Log(LoggingSeverity::Info, std::string("gateway: ") + std::string(type));
        SetStatus(Client::Status::Ready);
        FlushSendQueue();
      }
      break;
    }
    default:
      break;
  }
  return true;
}

void GatewayConnection::HandleHello(const json::Value& data) {
  scheduler_.Cancel(hello_timer_);
  heartbeat_interval_ms_ = static_cast<uint64_t>(std::clamp<int64_t>(data["heartbeat_interval"].Int().value_or(41250), 1000, 600'000));
  ScheduleHeartbeat(Jitter(heartbeat_interval_ms_));
  if (!session_id_.empty()) {
    Resume();
  } else {
    Identify();
  }
}

void GatewayConnection::Identify() {
  resuming_ = false;
  last_sequence_ = 0;
  json::Writer d;
  d.BeginObject()
      .Key("token").String("Bearer " + token_)
      .Key("properties").BeginObject()
          .Key("os").String(
#if defined(_WIN32)
              "windows"
#elif defined(__APPLE__)
              "macos"
#else
              "linux"
#endif
              )
          .Key("browser").String("sdkpp")
          .Key("device").String("sdkpp")
      .EndObject()
      .EndObject();
  SendNow(Frame(Op::Identify, d.str()), true);
}

void GatewayConnection::Resume() {
  resuming_ = true;
  json::Writer d;
  d.BeginObject()
      .Key("token").String("Bearer " + token_)
      .Key("session_id").String(session_id_)
      .Key("seq").Int(last_sequence_)
      .EndObject();
  SendNow(Frame(Op::Resume, d.str()), true);
}

void GatewayConnection::ScheduleHeartbeat(uint64_t delay_ms) {
  scheduler_.Cancel(heartbeat_timer_);
  heartbeat_timer_ = scheduler_.After(delay_ms, [this] {
    heartbeat_timer_ = 0;
    Heartbeat();
  });
}

void GatewayConnection::Heartbeat() {
  if (socket_ == 0) return;
  if (!heartbeat_acked_) {
    LostConnection(CloseAction::Resume, Client::Error::UnexpectedClose, kCloseZombie,
                   "no heartbeat ACK came: the connection is dead");
    return;
  }
  heartbeat_acked_ = false;
  SendNow(Frame(Op::Heartbeat, last_sequence_ > 0 ? std::to_string(last_sequence_) : "null"), true);
  ScheduleHeartbeat(heartbeat_interval_ms_);
}

bool GatewayConnection::OnClosed(PlatformId socket, int32_t code, const std::string& reason) {
  if (socket != socket_) return false;
  socket_ = 0;
  CloseAction action = ActionForClose(code);
  Client::Error error = action == CloseAction::Stop ? Client::Error::ConnectionFailed
                                                    : Client::Error::UnexpectedClose;
  LostConnection(action, error, code, DescribeClose(code, reason));
  return true;
}

void GatewayConnection::StopForGood(int32_t detail, const std::string& what_and_fix) {
  logger_.Log(LoggingSeverity::Error, "Connect stopped: " + what_and_fix);
  wanted_ = false;
  session_id_.clear();
  SetStatus(Client::Status::Disconnected, Client::Error::ConnectionFailed, detail);
}

void GatewayConnection::LostConnection(CloseAction action, Client::Error error, int32_t code,
                                       const std::string& why, bool failure) {
  // The close reason goes on the wire (at most 123 bytes): a fixed word, not `why`.
  CloseSocket(action == CloseAction::Resume ? kCloseReconnect : 1000,
              action == CloseAction::Resume ? "reconnecting" : "closing");
  if (!wanted_) {
    SetStatus(Client::Status::Disconnected);
    return;
  }
  if (action == CloseAction::Stop) {
    const CloseCodeRule* rule = FindCloseCodeRule(code);
    std::string fix = rule && !rule->fix.empty() ? std::string(rule->fix) : "call Connect again";
    StopForGood(code, why + ": " + fix + ". Not reconnecting: reconnecting cannot change this answer");
    return;
  }
  if (action == CloseAction::Reidentify) {
    session_id_.clear();
    last_sequence_ = 0;
  }
  SetStatus(Client::Status::Reconnecting, error, code);
  uint64_t base = std::min<uint64_t>(kReconnectBaseMs << std::min(reconnect_attempts_, 6), kReconnectMaxMs);
  uint64_t delay = base / 2 + Jitter(base);
  if (!failure) {
    logger_.Log(LoggingSeverity::Info, "gateway: " + why + "; reconnecting");
  } else {
    ++failures_in_a_row_;
    bool reported = failures_in_a_row_ == 1 || failures_in_a_row_ % kRetryLogInterval == 0;
    std::string line = "Connect: " + why + ". Retrying in " + Seconds(delay);
    if (failures_in_a_row_ > 1) {
      line += " (" + std::to_string(failures_in_a_row_) + " failures in a row; reported at the first and every " +
              std::to_string(kRetryLogInterval) + "th)";
    }
    logger_.Log(reported ? LoggingSeverity::Warning : LoggingSeverity::Verbose, line);
  }
  ScheduleReconnect(delay);
}

void GatewayConnection::ScheduleReconnect(uint64_t delay_ms) {
  scheduler_.Cancel(reconnect_timer_);
  ++reconnect_attempts_;
  reconnect_timer_ = scheduler_.After(delay_ms, [this] {
    reconnect_timer_ = 0;
    if (!wanted_) return;
    if (!session_id_.empty() && !resume_url_.empty()) {
      OpenSocket(resume_url_);
    } else if (!gateway_url_.empty()) {
      OpenSocket(gateway_url_);
    } else {
      FetchGatewayUrl();
    }
  });
}

void GatewayConnection::CloseSocket(int32_t code, const std::string& reason) {
  scheduler_.Cancel(heartbeat_timer_);
  scheduler_.Cancel(hello_timer_);
  scheduler_.Cancel(flush_timer_);
  if (socket_ != 0) platform_.CloseWebSocket(socket_, code, reason);
  socket_ = 0;
}

void GatewayConnection::Disconnect() {
  if (!wanted_ && status_ == Client::Status::Disconnected) return;
  wanted_ = false;
  if (http_operation_ != 0) http_.Cancel(http_operation_);
  http_operation_ = 0;
  scheduler_.Cancel(reconnect_timer_);
  send_queue_.clear();
  if (socket_ != 0) SetStatus(Client::Status::Disconnecting);
  CloseSocket(1000, "disconnect");
  session_id_.clear();
  last_sequence_ = 0;
  SetStatus(Client::Status::Disconnected);
}

void GatewayConnection::Send(Op op, std::string data_json) {
  send_queue_.push_back(Frame(op, data_json));
  // Bounded: a stuck connection must not grow memory without limit.
  while (send_queue_.size() > 256) send_queue_.pop_front();
  if (status_ == Client::Status::Ready) FlushSendQueue();
}

void GatewayConnection::FlushSendQueue() {
  while (!send_queue_.empty() && socket_ != 0 && status_ == Client::Status::Ready) {
    uint64_t wait = limiter_.WaitMs(platform_.NowMs(), false);
    if (wait > 0) {
      if (flush_timer_ == 0) {
        flush_timer_ = scheduler_.After(wait, [this] {
          flush_timer_ = 0;
          FlushSendQueue();
        });
      }
      return;
    }
    SendNow(send_queue_.front(), false);
    send_queue_.pop_front();
  }
}

void GatewayConnection::SendNow(const std::string& frame, bool heartbeat) {
  if (socket_ == 0) return;
  limiter_.Record(platform_.NowMs());
  (void)heartbeat;
  platform_.SendWebSocket(socket_, frame);
}

}  // namespace sdkpp::gateway
