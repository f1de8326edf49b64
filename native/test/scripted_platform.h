// A Platform for the native harness: a fake clock that only moves when the test says so, and
// every request, socket and listener recorded so the test can answer it. Like a real platform
// it never calls the Client back from inside a Platform method.
#pragma once

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "callbacks/callback_queue.h"
#include "scripted_dave_session.h"
#include "sdkpp/platform.h"
#include "test_aead.h"

namespace sdkpp::testing {

class ScriptedPlatform : public Platform {
 public:
  struct Request {
    PlatformId id;
    PlatformHttpRequest http;
    bool cancelled = false;
    bool answered = false;
  };

  // --- Platform
  void SetEvents(PlatformEvents* events) override { events_ = events; }
  uint64_t NowMs() override { return now_ms; }
  void StartTimer(PlatformId timer, uint64_t delay_ms, bool keep_alive) override {
    timers_[timer] = {now_ms + delay_ms, keep_alive};
  }
  void CancelTimer(PlatformId timer) override { timers_.erase(timer); }
  void HoldEventLoop(bool hold) override {
    loop_held = hold;
    loop_hold_changes.push_back(hold);
  }
  void SendHttp(PlatformId request, const PlatformHttpRequest& http) override {
    requests.push_back({request, http});
  }
  void CancelHttp(PlatformId request) override {
    if (auto* r = Find(request)) r->cancelled = true;
  }
  void OpenIpc(PlatformId stream) override { ipc_opened.push_back(stream); }
  void WriteIpc(PlatformId stream, std::string bytes) override { ipc_written[stream] += bytes; }
  void CloseIpc(PlatformId stream) override { ipc_closed.push_back(stream); }
  void OpenWebSocket(PlatformId socket, const std::string& url) override {
    sockets_opened.push_back({socket, url});
  }
  void SendWebSocket(PlatformId socket, std::string text) override {
    socket_sent[socket].push_back(std::move(text));
  }
  void CloseWebSocket(PlatformId socket, int32_t code, const std::string&) override {
    sockets_closed.push_back({socket, code});
  }
  void StartLoopbackListener(PlatformId listener) override { listeners_started.push_back(listener); }
  void RespondLoopback(PlatformId listener, PlatformId request, int32_t status,
                       const std::string& html) override {
    loopback_responses.push_back({listener, request, status, html});
  }
  void StopLoopbackListener(PlatformId listener) override { listeners_stopped.push_back(listener); }
  bool OpenUrl(const std::string& url) override {
    opened_urls.push_back(url);
    return open_url_works;
  }
  void SendWebSocketBinary(PlatformId socket, std::string bytes) override {
    socket_binary_sent[socket].push_back(std::move(bytes));
  }
  void OpenUdp(PlatformId socket, const std::string& host, uint16_t port) override {
    udp_opened.push_back({socket, host, port});
  }
  void SendUdp(PlatformId socket, const uint8_t* data, size_t size) override {
    udp_sent[socket].emplace_back(reinterpret_cast<const char*>(data), size);
  }
  void CloseUdp(PlatformId socket) override { udp_closed.push_back(socket); }
  bool AeadSeal(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* plaintext,
                size_t size, uint8_t* out) override {
    return aead_works && TestAeadSeal(algorithm, key, nonce, nonce_size, aad, aad_size, plaintext,
                                      size, out);
  }
  bool AeadOpen(AeadAlgorithm algorithm, const uint8_t* key, const uint8_t* nonce,
                size_t nonce_size, const uint8_t* aad, size_t aad_size, const uint8_t* ciphertext,
                size_t size, uint8_t* out) override {
    return aead_works && TestAeadOpen(algorithm, key, nonce, nonce_size, aad, aad_size, ciphertext,
                                      size, out);
  }
  // The test delivers OnWake itself (DeliverWake), as a host's event loop would, later.
  void Wake() override { wake_requests.fetch_add(1); }
  // Without a script, the Platform's defaults: no DAVE.
  uint16_t DaveMaxProtocolVersion() override { return dave ? dave->max_version : 0; }
  std::unique_ptr<PlatformDaveSession> CreateDaveSession(uint16_t protocol_version, uint64_t user_id,
                                                         uint64_t channel_id, std::string& error) override {
    if (!dave) return Platform::CreateDaveSession(protocol_version, user_id, channel_id, error);
    if (dave->refuse_sessions) {
      dave->calls.push_back("create refused");
      error = dave->refuse_reason;
      return nullptr;
    }
    return std::make_unique<ScriptedDaveSession>(dave, protocol_version, user_id, channel_id);
  }

  // --- Test controls
  // Moves the clock forward, firing every timer that comes due, in order.
  void Advance(uint64_t ms) {
    uint64_t target = now_ms + ms;
    for (;;) {
      auto next = std::min_element(timers_.begin(), timers_.end(), [](auto& a, auto& b) {
        return a.second.due < b.second.due;
      });
      if (next == timers_.end() || next->second.due > target) break;
      PlatformId id = next->first;
      now_ms = std::max(now_ms, next->second.due);
      timers_.erase(next);
      if (events_) events_->OnTimer(id);
    }
    now_ms = target;
  }
  size_t PendingTimers() const { return timers_.size(); }
  bool HasKeepAliveTimer() const {
    return std::any_of(timers_.begin(), timers_.end(), [](auto& t) { return t.second.keep_alive; });
  }

  Request* Find(PlatformId id) {
    for (auto& r : requests) {
      if (r.id == id) return &r;
    }
    return nullptr;
  }
  // The newest request not yet answered or cancelled.
  Request* Pending() {
    for (auto it = requests.rbegin(); it != requests.rend(); ++it) {
      if (!it->answered && !it->cancelled) return &*it;
    }
    return nullptr;
  }
  size_t CountRequests(const std::string& url_suffix) const {
    return std::count_if(requests.begin(), requests.end(), [&](const Request& r) {
      return r.http.url.size() >= url_suffix.size() &&
             r.http.url.compare(r.http.url.size() - url_suffix.size(), url_suffix.size(),
                                url_suffix) == 0;
    });
  }
  void Respond(Request* request, int32_t status, std::string body,
               std::vector<HttpHeader> headers = {}) {
    request->answered = true;
    PlatformHttpResponse response{status, std::move(headers), std::move(body)};
    if (events_) events_->OnHttpResponse(request->id, std::move(response));
  }
  void FailRequest(Request* request, std::string message) {
    request->answered = true;
    if (events_) events_->OnHttpError(request->id, std::move(message));
  }

  PlatformEvents* events() { return events_; }

  // Delivers one OnWake if Wake was called since the last delivery.
  bool DeliverWake() {
    if (wake_requests.exchange(0) == 0) return false;
    if (events_) events_->OnWake();
    return true;
  }

  uint64_t now_ms = 1'800'000'000'000;  // 2027-01-15
  bool open_url_works = true;
  std::vector<Request> requests;
  std::vector<PlatformId> ipc_opened;
  std::vector<PlatformId> ipc_closed;
  std::map<PlatformId, std::string> ipc_written;
  std::vector<std::pair<PlatformId, std::string>> sockets_opened;
  std::map<PlatformId, std::vector<std::string>> socket_sent;
  std::vector<std::pair<PlatformId, int32_t>> sockets_closed;
  std::vector<PlatformId> listeners_started;
  std::vector<PlatformId> listeners_stopped;
  struct LoopbackResponse {
    PlatformId listener;
    PlatformId request;
    int32_t status;
    std::string html;
  };
  std::vector<LoopbackResponse> loopback_responses;
  std::vector<std::string> opened_urls;
  // HoldEventLoop: the current answer and every change, in order.
  bool loop_held = false;
  std::vector<bool> loop_hold_changes;
  std::map<PlatformId, std::vector<std::string>> socket_binary_sent;
  struct UdpOpen {
    PlatformId socket;
    std::string host;
    uint16_t port;
  };
  std::vector<UdpOpen> udp_opened;
  std::map<PlatformId, std::vector<std::string>> udp_sent;
  std::vector<PlatformId> udp_closed;
  bool aead_works = true;
  // Set it to give the platform DAVE: its sessions are ScriptedDaveSessions over this script.
  std::shared_ptr<DaveScript> dave;
  std::atomic<uint64_t> wake_requests{0};

 private:
  struct Timer {
    uint64_t due;
    bool keep_alive;
  };
  PlatformEvents* events_ = nullptr;
  std::map<PlatformId, Timer> timers_;
};

// Runs queued callbacks (what a game's frame loop, or the Node addon, does).
inline void Pump() { sdkpp::RunCallbacks(); }

}  // namespace sdkpp::testing
