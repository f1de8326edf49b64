#include "rpc/rpc_connection.h"

namespace sdkpp::rpc {

const char* RpcStateToString(RpcConnection::State state) {
  switch (state) {
    case RpcConnection::State::Closed:
      return "closed";
    case RpcConnection::State::Connecting:
      return "connecting";
    case RpcConnection::State::Handshaking:
      return "handshaking";
    case RpcConnection::State::Ready:
      return "ready";
  }
  return "unknown";
}

RpcConnection::RpcConnection(Platform& platform, IdSource& ids, Scheduler& scheduler,
                             logging::Logger& logger, Listener listener)
    : platform_(platform), ids_(ids), scheduler_(scheduler), logger_(logger),
      listener_(std::move(listener)) {}

RpcConnection::~RpcConnection() {
  if (stream_ != 0) platform_.CloseIpc(stream_);
  scheduler_.Cancel(handshake_timer_);
  for (auto& [nonce, pending] : pending_) scheduler_.Cancel(pending.timer);
}

void RpcConnection::Open(uint64_t client_id) {
  if (state_ != State::Closed) return;
  client_id_ = client_id;
  decoder_ = FrameDecoder();
  state_ = State::Connecting;
  stream_ = ids_.Next();
  handshake_timer_ = scheduler_.After(
      kHandshakeTimeoutMs,
      [this] {
        handshake_timer_ = 0;
        Teardown("the local client did not complete the handshake in time", true);
      },
      false);
  platform_.OpenIpc(stream_);
}

void RpcConnection::Close(std::string reason) {
  if (state_ == State::Closed) return;
  if (state_ == State::Ready || state_ == State::Handshaking) {
    json::Writer close;
    close.BeginObject().Key("code").Int(1000).Key("message").String("closed by the game").EndObject();
    Send(Opcode::Close, close.str());
  }
  Teardown(std::move(reason), true);
}

bool RpcConnection::OnOpen(PlatformId stream) {
  if (stream != stream_ || state_ != State::Connecting) return false;
  state_ = State::Handshaking;
  json::Writer handshake;
  handshake.BeginObject().Key("v").Int(1).Key("client_id").String(std::to_string(client_id_)).EndObject();
  Send(Opcode::Handshake, handshake.str());
  return true;
}

bool RpcConnection::OnData(PlatformId stream, std::string_view bytes) {
  if (stream != stream_ || state_ == State::Closed) return false;
  std::vector<Frame> frames;
  auto status = decoder_.Feed(bytes, frames);
  for (const Frame& frame : frames) {
    if (state_ == State::Closed) break;  // a frame closed the connection
    HandleFrame(frame);
  }
  if (status != FrameDecoder::Status::Ok && state_ != State::Closed) {
    Teardown(std::string("corrupt IPC stream: ") + DecodeStatusToString(status), true);
  }
  return true;
}

bool RpcConnection::OnClosed(PlatformId stream, std::string reason) {
  if (stream != stream_) return false;
  stream_ = 0;  // already closed by the peer or the platform
  Teardown(reason.empty() ? "the local client closed the connection" : std::move(reason), false);
  return true;
}

void RpcConnection::HandleFrame(const Frame& frame) {
  switch (frame.opcode) {
    case Opcode::Ping:
      Send(Opcode::Pong, frame.payload);
      return;
    case Opcode::Pong:
      return;
    case Opcode::Handshake:
      Teardown("protocol error: the local client sent a HANDSHAKE", true);
      return;
    case Opcode::Close: {
      std::string why = "the local client closed the connection";
      if (auto document = json::Document::Parse(frame.payload)) {
        auto code = document->Root()["code"].Int();
        auto message = document->Root()["message"].String();
        if (code) why += " (" + std::to_string(*code);
        if (code && message) why += ": " + std::string(message->substr(0, 200));
        if (code) why += ")";
      }
      Teardown(why, true);
      return;
    }
    case Opcode::Frame: {
      std::string error;
      auto document = json::Document::Parse(frame.payload, &error);
      if (!document || !document->Root().IsObject()) {
        Teardown("protocol error: a frame is not a JSON object", true);
        return;
      }
      HandleMessage(document->Root());
      return;
    }
  }
}

void RpcConnection::HandleMessage(const json::Value& message) {
  auto cmd = message["cmd"].String().value_or("");
  auto evt = message["evt"].String().value_or("");
  json::Value data = message["data"];

  if (state_ == State::Handshaking) {
    if (cmd == "DISPATCH" && evt == "READY") {
      scheduler_.Cancel(handshake_timer_);
      state_ = State::Ready;
      logger_.Log(LoggingSeverity::Info, "local client: connected over IPC");
      if (listener_.on_ready) listener_.on_ready(data);
    } else if (evt == "ERROR") {
      std::string why = "the local client refused the handshake";
      if (auto text = data["message"].String()) why += ": " + std::string(text->substr(0, 200));
      Teardown(why, true);
    }
    return;
  }
  if (state_ != State::Ready) return;

  if (auto nonce = message["nonce"].String(); nonce && !nonce->empty()) {
    auto it = pending_.find(std::string(*nonce));
    if (it == pending_.end()) return;  // a reply nobody waits for (timed out): ignore
    Pending pending = std::move(it->second);
    pending_.erase(it);
    scheduler_.Cancel(pending.timer);
    if (evt == "ERROR") {
      std::string text(data["message"].String().value_or("the local client returned an error"));
      ClientResult result = ClientResult::Failure(ErrorType::RPCError, text.substr(0, 512));
      result.SetErrorCode(static_cast<int32_t>(data["code"].Int().value_or(1000)));
      pending.reply(std::move(result), data);
    } else {
      pending.reply(ClientResult::Success(), data);
    }
    return;
  }
  if (cmd == "DISPATCH" && !evt.empty() && listener_.on_event) listener_.on_event(evt, data);
}

void RpcConnection::Command(std::string_view cmd, std::string args_json, std::string_view evt,
                            Reply reply, uint64_t timeout_ms) {
  if (state_ != State::Ready) {
    reply(ClientResult::Failure(ErrorType::RPCError, "the local client is not connected"),
          json::Value());
    return;
  }
  std::string nonce = NextNonce();
  json::Writer message;
  message.BeginObject().Key("cmd").String(cmd).Key("nonce").String(nonce);
  if (!evt.empty()) message.Key("evt").String(evt);
  message.Key("args").Raw(args_json.empty() ? "{}" : args_json).EndObject();
  if (message.str().size() > limits::kMaxIpcFrameBytes) {
    reply(ClientResult::Failure(ErrorType::ValidationError, "command larger than 64 KiB"),
          json::Value());
    return;
  }
  Pending pending{std::move(reply), 0};
  if (timeout_ms > 0) {
    pending.timer = scheduler_.After(timeout_ms, [this, nonce] {
      auto it = pending_.find(nonce);
      if (it == pending_.end()) return;
      Pending expired = std::move(it->second);
      pending_.erase(it);
      expired.reply(ClientResult::Failure(ErrorType::RPCError, "the local client did not answer"),
                    json::Value());
    });
  }
  pending_.emplace(nonce, std::move(pending));
  Send(Opcode::Frame, message.str());
}

void RpcConnection::Send(Opcode opcode, std::string_view payload) {
  if (stream_ != 0) platform_.WriteIpc(stream_, EncodeFrame(opcode, payload));
}

void RpcConnection::Teardown(std::string reason, bool close_stream) {
  if (state_ == State::Closed) return;
  bool was_ready = state_ == State::Ready;
  state_ = State::Closed;
  scheduler_.Cancel(handshake_timer_);
  if (close_stream && stream_ != 0) platform_.CloseIpc(stream_);
  stream_ = 0;
  auto pending = std::move(pending_);
  pending_.clear();
  for (auto& [nonce, command] : pending) {
    scheduler_.Cancel(command.timer);
    command.reply(ClientResult::Failure(ErrorType::RPCError, "the local client disconnected"),
                  json::Value());
  }
  logger_.Log(was_ready ? LoggingSeverity::Warning : LoggingSeverity::Info,
              "local client: " + reason);
  if (listener_.on_closed) listener_.on_closed(std::move(reason));
}

std::string RpcConnection::NextNonce() { return "sdkpp-" + std::to_string(++nonce_counter_); }

}  // namespace sdkpp::rpc
