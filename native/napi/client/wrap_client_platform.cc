// NativeClient._On*: results of the platform host, fed into the core. The host is our own
// lib/platform code, but these are reachable from JS, so each argument is still checked.
#include <cmath>

#include "callbacks/addon_data.h"
#include "callbacks/callback_pump.h"
#include "callbacks/host_clock.h"
#include "client/wrap_client.h"
#include "io/node_platform.h"
#include "sdkpp/limits.h"
#include "util/args.h"

namespace sdkpp::napi {
namespace {

// The bounds the Node host applies before it calls in (lib/platform/host reads the same table):
// a body or message the host let through is never refused here.
constexpr size_t kMaxHttpBody = limits::kMaxHttpBodyBytes;
constexpr size_t kMaxSocketMessage = limits::kMaxGatewayMessageBytes;
constexpr size_t kMaxHeaderText = 16 * 1024;

PlatformId ReadId(const ArgRef& arg) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a platform id (number)");
  double id = arg.value().As<Napi::Number>().DoubleValue();
  if (!(id >= 0 && id <= 9007199254740991.0) || std::trunc(id) != id) {
    ThrowRangeError(arg, "must be a non-negative integer");
  }
  return static_cast<PlatformId>(id);
}

std::string ReadBytes(const ArgRef& arg, size_t max) {
  if (arg.value().IsBuffer()) {
    auto buffer = arg.value().As<Napi::Buffer<char>>();
    if (buffer.Length() > max) ThrowRangeError(arg, "is too large");
    return std::string(buffer.Data(), buffer.Length());
  }
  if (!arg.value().IsString()) ThrowTypeError(arg, "must be a Buffer or a string");
  return ReadString(arg, max);
}

// The callbacks an event queued run now, at the end of the host's handler (the core is idle,
// and no SDK call of the app is on the stack), instead of one event-loop turn later: a reply
// reaches its Promise, and a gateway message its callback, without the extra hop.
void RunQueuedCallbacks(Napi::Env env) {
  if (auto& pump = AddonData::Of(env).pump) pump->RunNow(env);
}

}  // namespace

template <void (ClientWrap::*Handler)(const Napi::CallbackInfo&)>
void ClientWrap::HostEvent(const Napi::CallbackInfo& info) {
  NodePlatform* platform = platform_.get();
  HostEventScope event(info.Env(), platform, platform ? &platform->clock_cell() : nullptr);
  (this->*Handler)(info);
}

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::PlatformEventMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::HostEvent<&W::OnTimer>>("_OnTimer"),
          InstanceMethod<&W::HostEvent<&W::OnHttpResponse>>("_OnHttpResponse"),
          InstanceMethod<&W::HostEvent<&W::OnHttpError>>("_OnHttpError"),
          InstanceMethod<&W::HostEvent<&W::OnIpcOpen>>("_OnIpcOpen"),
          InstanceMethod<&W::HostEvent<&W::OnIpcData>>("_OnIpcData"),
          InstanceMethod<&W::HostEvent<&W::OnIpcClosed>>("_OnIpcClosed"),
          InstanceMethod<&W::HostEvent<&W::OnWebSocketOpen>>("_OnWebSocketOpen"),
          InstanceMethod<&W::HostEvent<&W::OnWebSocketMessage>>("_OnWebSocketMessage"),
          InstanceMethod<&W::HostEvent<&W::OnWebSocketClosed>>("_OnWebSocketClosed"),
          InstanceMethod<&W::HostEvent<&W::OnLoopbackListening>>("_OnLoopbackListening"),
          InstanceMethod<&W::HostEvent<&W::OnLoopbackRequest>>("_OnLoopbackRequest"),
          InstanceMethod<&W::OnUrlNotOpened>("_OnUrlNotOpened"),
          InstanceMethod<&W::HostEvent<&W::OnWebSocketBinary>>("_OnWebSocketBinary"),
          InstanceMethod<&W::HostEvent<&W::OnUdpOpen>>("_OnUdpOpen"),
          InstanceMethod<&W::HostEvent<&W::OnUdpMessage>>("_OnUdpMessage"),
          InstanceMethod<&W::HostEvent<&W::OnUdpClosed>>("_OnUdpClosed")};
}

void ClientWrap::OnTimer(const Napi::CallbackInfo& info) {
  PlatformId id = ReadId(ArgRef{info, 0, "NativeClient._OnTimer", "id"});
  if (auto* events = Events()) events->OnTimer(id);
  RunQueuedCallbacks(info.Env());
}

// _OnHttpResponse(id, status, headers: string[] (name, value, ...), body: string)
void ClientWrap::OnHttpResponse(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnHttpResponse";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  PlatformHttpResponse response;
  response.status = ReadInt(ArgRef{info, 1, method, "status"}, 100, 999);
  ArgRef headers_arg{info, 2, method, "headers"};
  if (!headers_arg.value().IsArray()) ThrowTypeError(headers_arg, "must be an array of strings");
  auto headers = headers_arg.value().As<Napi::Array>();
  if (headers.Length() % 2 != 0 || headers.Length() > 512) {
    ThrowRangeError(headers_arg, "must hold name/value pairs (at most 256)");
  }
  for (uint32_t i = 0; i + 1 < headers.Length(); i += 2) {
    Napi::Value name = headers.Get(i), value = headers.Get(i + 1);
    if (!name.IsString() || !value.IsString()) ThrowTypeError(headers_arg, "must hold only strings");
    std::string name_text = name.As<Napi::String>().Utf8Value();
    std::string value_text = value.As<Napi::String>().Utf8Value();
    if (name_text.size() + value_text.size() > kMaxHeaderText) continue;  // drop absurd headers
    response.headers.push_back({std::move(name_text), std::move(value_text)});
  }
  response.body = ReadBytes(ArgRef{info, 3, method, "body"}, kMaxHttpBody);
  if (auto* events = Events()) events->OnHttpResponse(id, std::move(response));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnHttpError(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnHttpError";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  std::string message = ReadString(ArgRef{info, 1, method, "message"}, kMaxShortString);
  if (auto* events = Events()) events->OnHttpError(id, std::move(message));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnIpcOpen(const Napi::CallbackInfo& info) {
  PlatformId id = ReadId(ArgRef{info, 0, "NativeClient._OnIpcOpen", "id"});
  if (auto* events = Events()) events->OnIpcOpen(id);
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnIpcData(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnIpcData";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  // Up to 1 MiB per read; the frame decoder bounds frames at 64 KiB on its own.
  std::string bytes = ReadBytes(ArgRef{info, 1, method, "bytes"}, 1 << 20);
  if (auto* events = Events()) events->OnIpcData(id, std::move(bytes));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnIpcClosed(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnIpcClosed";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  std::string reason = ReadString(ArgRef{info, 1, method, "reason"}, kMaxShortString);
  if (auto* events = Events()) events->OnIpcClosed(id, std::move(reason));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnWebSocketOpen(const Napi::CallbackInfo& info) {
  PlatformId id = ReadId(ArgRef{info, 0, "NativeClient._OnWebSocketOpen", "id"});
  if (auto* events = Events()) events->OnWebSocketOpen(id);
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnWebSocketMessage(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnWebSocketMessage";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  std::string text = ReadBytes(ArgRef{info, 1, method, "text"}, kMaxSocketMessage);
  if (auto* events = Events()) events->OnWebSocketMessage(id, std::move(text));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnWebSocketClosed(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnWebSocketClosed";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  int32_t code = ReadInt(ArgRef{info, 1, method, "code"}, 0, 65535);
  std::string reason = ReadString(ArgRef{info, 2, method, "reason"}, kMaxShortString);
  if (auto* events = Events()) events->OnWebSocketClosed(id, code, std::move(reason));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnLoopbackListening(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnLoopbackListening";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  int32_t port = ReadInt(ArgRef{info, 1, method, "port"}, 0, 65535);
  std::string error = ReadString(ArgRef{info, 2, method, "error"}, kMaxShortString);
  if (auto* events = Events()) events->OnLoopbackListening(id, static_cast<uint16_t>(port), std::move(error));
  RunQueuedCallbacks(info.Env());
}

void ClientWrap::OnLoopbackRequest(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnLoopbackRequest";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  PlatformId request = ReadId(ArgRef{info, 1, method, "request"});
  std::string target = ReadString(ArgRef{info, 2, method, "target"}, 8192);
  if (auto* events = Events()) events->OnLoopbackRequest(id, request, std::move(target));
  RunQueuedCallbacks(info.Env());
}

Napi::Value ClientWrap::OnUrlNotOpened(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnUrlNotOpened";
  NodePlatform* platform = platform_.get();
  HostEventScope event(info.Env(), platform, platform ? &platform->clock_cell() : nullptr);
  // An authorize URL carries the scopes (up to 4 KiB, percent-encoded): more than a plain URL.
  std::string url = ReadString(ArgRef{info, 0, method, "url"}, 1 << 16);
  std::string reason = ReadString(ArgRef{info, 1, method, "reason"}, kMaxShortString);
  bool told = false;
  if (auto* events = Events()) told = events->OnUrlNotOpened(std::move(url), std::move(reason));
  RunQueuedCallbacks(info.Env());
  return Napi::Boolean::New(info.Env(), told);
}

// --- voice (docs/voice-calls.md)

// _OnWebSocketBinary(id, bytes: Buffer): a binary frame of the voice gateway (the host closes
// the socket with 1009 before a larger one gets here).
void ClientWrap::OnWebSocketBinary(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnWebSocketBinary";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  BytesView bytes = ReadBytesView(ArgRef{info, 1, method, "bytes"}, limits::kMaxVoiceBinaryFrameBytes);
  if (auto* events = Events()) {
    events->OnWebSocketBinary(id, std::string(reinterpret_cast<const char*>(bytes.data), bytes.size));
  }
  RunQueuedCallbacks(info.Env());
}

// _OnUdpOpen(id, localPort)
void ClientWrap::OnUdpOpen(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnUdpOpen";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  int32_t local_port = ReadInt(ArgRef{info, 1, method, "localPort"}, 1, 65535);
  if (auto* events = Events()) events->OnUdpOpen(id, static_cast<uint16_t>(local_port));
  RunQueuedCallbacks(info.Env());
}

// _OnUdpMessage(id, datagram: Buffer, host, port): the datagram is read in place, not copied
// (platform.h: the bytes are valid during the call only). 50 of these per second per call.
void ClientWrap::OnUdpMessage(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnUdpMessage";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  BytesView datagram = ReadBytesView(ArgRef{info, 1, method, "datagram"}, limits::kMaxVoiceDatagramBytes);
  std::string host = ReadString(ArgRef{info, 2, method, "host"}, kMaxShortString);
  int32_t port = ReadInt(ArgRef{info, 3, method, "port"}, 0, 65535);
  if (auto* events = Events()) {
    events->OnUdpMessage(id, datagram.data, datagram.size, host, static_cast<uint16_t>(port));
  }
  RunQueuedCallbacks(info.Env());
}

// _OnUdpClosed(id, reason)
void ClientWrap::OnUdpClosed(const Napi::CallbackInfo& info) {
  const char* method = "NativeClient._OnUdpClosed";
  PlatformId id = ReadId(ArgRef{info, 0, method, "id"});
  std::string reason = ReadString(ArgRef{info, 1, method, "reason"}, kMaxShortString);
  if (auto* events = Events()) events->OnUdpClosed(id, std::move(reason));
  RunQueuedCallbacks(info.Env());
}

}  // namespace sdkpp::napi
