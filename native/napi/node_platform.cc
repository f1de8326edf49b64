#include "node_platform.h"

#include <chrono>

namespace sdkpp::napi {

NodePlatform::NodePlatform(Napi::Object host) : host_(Napi::Weak(host)) {}

Napi::Number NodePlatform::Id(PlatformId id) {
  // Ids are counters far below 2^53: exact as JS numbers.
  return Napi::Number::New(host_.Env(), static_cast<double>(id));
}

Napi::Value NodePlatform::Invoke(HostMethod host_method, const std::vector<napi_value>& args) {
  const char* method = HostMethodName(host_method);
  Napi::Env env = host_.Env();
  if (detached_ || host_.IsEmpty()) return env.Undefined();
  try {
    Napi::Object host = host_.Value();
    if (host.IsEmpty()) return env.Undefined();  // collected
    Napi::Value fn = host.Get(method);
    if (!fn.IsFunction()) {
      if (logger_) logger_->Log(LoggingSeverity::Error, std::string("platform host has no ") + method);
      return env.Undefined();
    }
    return fn.As<Napi::Function>().Call(host, args);
  } catch (const Napi::Error& error) {
    if (logger_) {
      logger_->Log(LoggingSeverity::Error,
                   std::string("platform host ") + method + " threw: " + error.Message());
    }
    return env.Undefined();
  }
}

uint64_t NodePlatform::NowMs() {
  Napi::Value now = Invoke(HostMethod::now, {});
  if (now.IsNumber()) {
    double ms = now.As<Napi::Number>().DoubleValue();
    if (ms >= 0 && ms < 9.0e15) return static_cast<uint64_t>(ms);
  }
  using namespace std::chrono;
  return static_cast<uint64_t>(duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}

void NodePlatform::StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::startTimer, {Id(timer), Napi::Number::New(env, static_cast<double>(delay_ms)),
                        Napi::Boolean::New(env, keep_alive)});
}

void NodePlatform::CancelTimer(PlatformId timer) { Invoke(HostMethod::cancelTimer, {Id(timer)}); }

void NodePlatform::SendHttp(PlatformId request, const PlatformHttpRequest& http) {
  Napi::Env env = host_.Env();
  Napi::Array headers = Napi::Array::New(env, http.headers.size() * 2);
  uint32_t i = 0;
  for (const auto& header : http.headers) {
    headers.Set(i++, header.name);
    headers.Set(i++, header.value);
  }
  Invoke(HostMethod::sendHttp, {Id(request), Napi::String::New(env, http.method),
                      Napi::String::New(env, http.url), headers, Napi::String::New(env, http.body)});
}

void NodePlatform::CancelHttp(PlatformId request) { Invoke(HostMethod::cancelHttp, {Id(request)}); }

void NodePlatform::OpenIpc(PlatformId stream) { Invoke(HostMethod::openIpc, {Id(stream)}); }

void NodePlatform::WriteIpc(PlatformId stream, std::string bytes) {
  Invoke(HostMethod::writeIpc, {Id(stream), Napi::Buffer<char>::Copy(host_.Env(), bytes.data(), bytes.size())});
}

void NodePlatform::CloseIpc(PlatformId stream) { Invoke(HostMethod::closeIpc, {Id(stream)}); }

void NodePlatform::OpenWebSocket(PlatformId socket, const std::string& url) {
  Invoke(HostMethod::openWebSocket, {Id(socket), Napi::String::New(host_.Env(), url)});
}

void NodePlatform::SendWebSocket(PlatformId socket, std::string text) {
  Invoke(HostMethod::sendWebSocket, {Id(socket), Napi::String::New(host_.Env(), text)});
}

void NodePlatform::CloseWebSocket(PlatformId socket, int32_t code, const std::string& reason) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::closeWebSocket, {Id(socket), Napi::Number::New(env, code), Napi::String::New(env, reason)});
}

void NodePlatform::StartLoopbackListener(PlatformId listener) {
  Invoke(HostMethod::startLoopback, {Id(listener)});
}

void NodePlatform::RespondLoopback(PlatformId listener, PlatformId request, int32_t status,
                                   const std::string& html) {
  Napi::Env env = host_.Env();
  Invoke(HostMethod::respondLoopback, {Id(listener), Id(request), Napi::Number::New(env, status),
                             Napi::String::New(env, html)});
}

void NodePlatform::StopLoopbackListener(PlatformId listener) {
  Invoke(HostMethod::stopLoopback, {Id(listener)});
}

bool NodePlatform::OpenUrl(const std::string& url) {
  Napi::Value opened = Invoke(HostMethod::openUrl, {Napi::String::New(host_.Env(), url)});
  return opened.IsBoolean() && opened.As<Napi::Boolean>().Value();
}

}  // namespace sdkpp::napi
