// One connection to the local chat client over IPC: handshake, commands matched to replies by
// nonce, dispatched events, PING/PONG, CLOSE — and nothing the peer sends can do more than close
// the connection (oversized or lying frames, bad UTF-8, bad JSON, unknown opcodes).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

#include "io/scheduler.h"
#include "json/json.h"
#include "logging/logger.h"
#include "rpc/frame_codec.h"
#include "sdkpp/client_result.h"
#include "sdkpp/platform.h"

namespace sdkpp::rpc {

inline constexpr uint64_t kHandshakeTimeoutMs = 5000;
inline constexpr uint64_t kCommandTimeoutMs = 15000;

class RpcConnection {
 public:
  enum class State { Closed, Connecting, Handshaking, Ready };

  // `data` is the reply's data (or the ERROR's {code, message}); valid during the call only.
  using Reply = std::function<void(ClientResult result, const json::Value& data)>;

  struct Listener {
    std::function<void(const json::Value& ready_data)> on_ready;
    std::function<void(std::string_view event, const json::Value& data)> on_event;
    // The connection is gone (or never came up); pending commands have been failed already.
    std::function<void(std::string reason)> on_closed;
  };

  RpcConnection(Platform& platform, IdSource& ids, Scheduler& scheduler, logging::Logger& logger,
                Listener listener);
  ~RpcConnection();

  void Open(uint64_t client_id);
  void Close(std::string reason);
  State state() const { return state_; }

  // `timeout_ms` 0: wait as long as the connection lives (AUTHORIZE waits for a person).
  void Command(std::string_view cmd, std::string args_json, std::string_view evt, Reply reply,
               uint64_t timeout_ms = kCommandTimeoutMs);

  bool OnOpen(PlatformId stream);
  bool OnData(PlatformId stream, std::string_view bytes);
  bool OnClosed(PlatformId stream, std::string reason);

 private:
  struct Pending {
    Reply reply;
    PlatformId timer = 0;
  };

  void HandleFrame(const Frame& frame);
  void HandleMessage(const json::Value& message);
  void Send(Opcode opcode, std::string_view payload);
  void Teardown(std::string reason, bool close_stream);
  std::string NextNonce();

  Platform& platform_;
  IdSource& ids_;
  Scheduler& scheduler_;
  logging::Logger& logger_;
  Listener listener_;
  State state_ = State::Closed;
  PlatformId stream_ = 0;
  PlatformId handshake_timer_ = 0;
  uint64_t client_id_ = 0;
  FrameDecoder decoder_;
  std::unordered_map<std::string, Pending> pending_;
  uint64_t nonce_counter_ = 0;
};

const char* RpcStateToString(RpcConnection::State state);

}  // namespace sdkpp::rpc
