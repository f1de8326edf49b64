#include "voice/net/voice_gateway_messages.h"

#include <limits>

#include "json/json.h"

namespace sdkpp::voice {
namespace {

std::string Frame(VoiceOp op, const json::Writer& d) {
  json::Writer writer;
  writer.BeginObject().Key("op").Int(static_cast<int32_t>(op)).Key("d").Raw(d.str()).EndObject();
  return writer.Take();
}

std::optional<uint32_t> U32(const json::Value& value) {
  auto number = value.Int();
  if (!number || *number < 0 || *number > std::numeric_limits<uint32_t>::max()) return std::nullopt;
  return static_cast<uint32_t>(*number);
}

std::optional<HelloMessage> DecodeHello(const json::Value& d) {
  // Discord sends a fractional interval (41250.0 or 13750.0): accept any positive number.
  auto interval = d["heartbeat_interval"].Number();
  if (!interval || !(*interval >= 1) || *interval > 3'600'000) return std::nullopt;
  return HelloMessage{static_cast<uint64_t>(*interval)};
}

std::optional<ReadyMessage> DecodeReady(const json::Value& d) {
  ReadyMessage ready;
  auto ssrc = U32(d["ssrc"]);
  auto ip = d["ip"].String();
  auto port = d["port"].Int();
  if (!ssrc || !ip || ip->empty() || ip->size() > 64 || !port || *port < 1 || *port > 65535 ||
      !d["modes"].IsArray()) {
    return std::nullopt;
  }
  ready.ssrc = *ssrc;
  ready.ip = std::string(*ip);
  ready.port = static_cast<uint16_t>(*port);
  for (const auto& mode : d["modes"].Items()) {
    if (ready.modes.size() >= 32) break;
    if (auto name = mode.String(); name && name->size() <= 64) ready.modes.emplace_back(*name);
  }
  return ready;
}

std::optional<SessionDescriptionMessage> DecodeSessionDescription(const json::Value& d) {
  SessionDescriptionMessage description;
  auto mode = d["mode"].String();
  if (!mode || !d["secret_key"].IsArray()) return std::nullopt;
  description.mode = ModeFromName(*mode);
  auto items = d["secret_key"].Items();
  if (items.size() != kTransportKeyBytes) return std::nullopt;
  for (size_t i = 0; i < items.size(); ++i) {
    auto byte = items[i].Int();
    if (!byte || *byte < 0 || *byte > 255) return std::nullopt;
    description.key.bytes[i] = static_cast<uint8_t>(*byte);
  }
  description.dave_protocol_version = d["dave_protocol_version"].Int().value_or(0);
  return description;
}

std::optional<SpeakingMessage> DecodeSpeaking(const json::Value& d) {
  auto user = d["user_id"].Snowflake();
  auto ssrc = U32(d["ssrc"]);
  auto flags = U32(d["speaking"]);
  if (!user || !ssrc || !flags) return std::nullopt;
  return SpeakingMessage{*user, *ssrc, *flags};
}

std::optional<ClientsConnectMessage> DecodeClientsConnect(const json::Value& d) {
  if (!d["user_ids"].IsArray()) return std::nullopt;
  ClientsConnectMessage message;
  for (const auto& item : d["user_ids"].Items()) {
    auto id = item.Snowflake();
    if (!id) return std::nullopt;
    if (message.user_ids.size() < kMaxUsersPerMessage) message.user_ids.push_back(*id);
  }
  return message;
}

std::optional<ClientDisconnectMessage> DecodeClientDisconnect(const json::Value& d) {
  auto user = d["user_id"].Snowflake();
  if (!user) return std::nullopt;
  return ClientDisconnectMessage{*user};
}

// Transition ids are u16 on the wire (ops 29 and 30 carry them as u16 BE); protocol versions
// are small numbers that fit one too.
std::optional<uint16_t> U16(const json::Value& value) {
  auto number = value.Int();
  if (!number || *number < 0 || *number > std::numeric_limits<uint16_t>::max()) return std::nullopt;
  return static_cast<uint16_t>(*number);
}

std::optional<DavePrepareTransitionMessage> DecodeDavePrepareTransition(const json::Value& d) {
  auto version = U16(d["protocol_version"]);
  auto transition = U16(d["transition_id"]);
  if (!version || !transition) return std::nullopt;
  return DavePrepareTransitionMessage{*version, *transition};
}

std::optional<DaveExecuteTransitionMessage> DecodeDaveExecuteTransition(const json::Value& d) {
  auto transition = U16(d["transition_id"]);
  if (!transition) return std::nullopt;
  return DaveExecuteTransitionMessage{*transition};
}

std::optional<DavePrepareEpochMessage> DecodeDavePrepareEpoch(const json::Value& d) {
  auto version = U16(d["protocol_version"]);
  auto epoch = d["epoch"].Int();
  if (!version || !epoch || *epoch < 0) return std::nullopt;
  return DavePrepareEpochMessage{*version, static_cast<uint64_t>(*epoch)};
}

template <class T>
bool Assign(std::optional<T> decoded, ServerPayload& payload) {
  if (!decoded) return false;
  payload = std::move(*decoded);
  return true;
}

}  // namespace

std::string EncodeIdentify(uint64_t server_id, uint64_t user_id, std::string_view session_id,
                           std::string_view token, int max_dave_protocol_version) {
  json::Writer d;
  d.BeginObject()
      .Key("server_id").Snowflake(server_id)
      .Key("user_id").Snowflake(user_id)
      .Key("session_id").String(session_id)
      .Key("token").String(token)
      .Key("max_dave_protocol_version").Int(max_dave_protocol_version)
      .EndObject();
  return Frame(VoiceOp::Identify, d);
}

std::string EncodeSelectProtocol(std::string_view address, uint16_t port, TransportMode mode) {
  json::Writer d;
  d.BeginObject()
      .Key("protocol").String("udp")
      .Key("data").BeginObject()
          .Key("address").String(address)
          .Key("port").Int(port)
          .Key("mode").String(ModeName(mode))
      .EndObject()
      .EndObject();
  return Frame(VoiceOp::SelectProtocol, d);
}

std::string EncodeHeartbeat(uint64_t nonce, int64_t seq_ack) {
  json::Writer d;
  d.BeginObject().Key("t").Uint(nonce).Key("seq_ack").Int(seq_ack).EndObject();
  return Frame(VoiceOp::Heartbeat, d);
}

std::string EncodeResume(uint64_t server_id, std::string_view session_id, std::string_view token,
                         int64_t seq_ack) {
  json::Writer d;
  d.BeginObject()
      .Key("server_id").Snowflake(server_id)
      .Key("session_id").String(session_id)
      .Key("token").String(token)
      .Key("seq_ack").Int(seq_ack)
      .EndObject();
  return Frame(VoiceOp::Resume, d);
}

std::string EncodeSpeaking(uint32_t flags, uint32_t ssrc) {
  json::Writer d;
  d.BeginObject().Key("speaking").Uint(flags).Key("delay").Int(0).Key("ssrc").Uint(ssrc).EndObject();
  return Frame(VoiceOp::Speaking, d);
}

std::string EncodeDaveTransitionReady(uint16_t transition_id) {
  json::Writer d;
  d.BeginObject().Key("transition_id").Int(transition_id).EndObject();
  return Frame(VoiceOp::DaveTransitionReady, d);
}

std::string EncodeDaveInvalidCommitWelcome(uint16_t transition_id) {
  json::Writer d;
  d.BeginObject().Key("transition_id").Int(transition_id).EndObject();
  return Frame(VoiceOp::DaveMlsInvalidCommitWelcome, d);
}

std::optional<ServerMessage> DecodeServerMessage(std::string_view text, std::string& error) {
  if (text.size() > kMaxVoiceJsonBytes) {
    error = "a message of " + std::to_string(text.size()) + " bytes (at most " +
            std::to_string(kMaxVoiceJsonBytes) + ")";
    return std::nullopt;
  }
  auto document = json::Document::Parse(text);
  if (!document || !document->Root().IsObject()) {
    error = "a message that is not a JSON object";
    return std::nullopt;
  }
  json::Value root = document->Root();
  auto op = root["op"].Int();
  if (!op) {
    error = "a message without an integer op";
    return std::nullopt;
  }
  ServerMessage message;
  message.op = *op;
  if (root["seq"].Exists() && !root["seq"].IsNull()) {
    auto seq = root["seq"].Int();
    if (!seq || *seq < 0) {
      error = "op " + std::to_string(*op) + " with an unusable seq";
      return std::nullopt;
    }
    message.seq = *seq;
  }
  json::Value d = root["d"];
  bool usable = true;
  switch (*op) {
    case static_cast<int64_t>(VoiceOp::Hello): usable = Assign(DecodeHello(d), message.payload); break;
    case static_cast<int64_t>(VoiceOp::Ready): usable = Assign(DecodeReady(d), message.payload); break;
    case static_cast<int64_t>(VoiceOp::SessionDescription):
      usable = Assign(DecodeSessionDescription(d), message.payload);
      break;
    case static_cast<int64_t>(VoiceOp::Speaking): usable = Assign(DecodeSpeaking(d), message.payload); break;
    case static_cast<int64_t>(VoiceOp::HeartbeatAck): message.payload = HeartbeatAckMessage{}; break;
    case static_cast<int64_t>(VoiceOp::Resumed): message.payload = ResumedMessage{}; break;
    case static_cast<int64_t>(VoiceOp::ClientsConnect):
      usable = Assign(DecodeClientsConnect(d), message.payload);
      break;
    case static_cast<int64_t>(VoiceOp::ClientDisconnect):
      usable = Assign(DecodeClientDisconnect(d), message.payload);
      break;
    case static_cast<int64_t>(VoiceOp::DavePrepareTransition):
      usable = Assign(DecodeDavePrepareTransition(d), message.payload);
      break;
    case static_cast<int64_t>(VoiceOp::DaveExecuteTransition):
      usable = Assign(DecodeDaveExecuteTransition(d), message.payload);
      break;
    case static_cast<int64_t>(VoiceOp::DavePrepareEpoch):
      usable = Assign(DecodeDavePrepareEpoch(d), message.payload);
      break;
    default: message.payload = OtherMessage{}; break;
  }
  if (!usable) {
    error = "op " + std::to_string(*op) + " with an unusable payload";
    return std::nullopt;
  }
  return message;
}

}  // namespace sdkpp::voice
