// Helpers the Client's request methods share (namespace `requests`): answering an invalid
// Client, ValidationError results, JSON request bodies, and result-only responses. Not to be
// confused with calls (sdkpp/call.h), which are voice.
#pragma once

#include <functional>
#include <string>

#include "callbacks/callback_queue.h"
#include "client/client_impl.h"
#include "http/api_request.h"
#include "http/form.h"
#include "http/result_builder.h"
#include "json/json.h"

namespace sdkpp::requests {

inline ClientResult Destroyed() {
  return ClientResult::Failure(ErrorType::ClientDestroyed, "the Client is invalid (moved-from or nullobj)");
}

inline ClientResult Invalid(std::string message) {
  return ClientResult::Failure(ErrorType::ValidationError, std::move(message));
}

// Posts `callback(args...)` on the current thread's queue (for an invalid Client).
template <class Callback, class... Args>
void PostNow(const Callback& callback, Args... args) {
  if (!callback) return;
  callbacks::CallbackQueue::ForCurrentThread()->Post([callback, args...] { callback(args...); });
}

inline http::ApiRequest Json(std::string method, std::string path, std::string body, std::string operation) {
  http::ApiRequest request;
  request.method = std::move(method);
  request.path = std::move(path);
  if (!body.empty()) request.content_type = std::string(http::kJsonContentType);
  request.body = std::move(body);
  request.operation = std::move(operation);
  request.idempotent = request.method == "GET" || request.method == "PUT" || request.method == "DELETE";
  return request;
}

inline void WriteMap(json::Writer& writer, const std::unordered_map<std::string, std::string>& map) {
  writer.BeginObject();
  for (const auto& [key, value] : map) writer.Key(key).String(value);
  writer.EndObject();
}

// Result-only calls: the response's result, posted to the app.
inline std::function<void(http::ApiResponse)> ResultOnly(ClientImpl& impl, Client::ResultCallback callback) {
  return [&impl, callback](http::ApiResponse response) {
    if (callback) impl.Post([callback, result = response.result] { callback(result); });
  };
}

}  // namespace sdkpp::requests
