#include "voice/audio/pulse/pulse_connection.h"

#ifdef __linux__

namespace sdkpp::voice::pulse {
namespace {

using SteadyClock = std::chrono::steady_clock;

int ToPollMicroseconds(std::chrono::microseconds timeout) {
  return static_cast<int>(std::max(timeout, std::chrono::microseconds(0)).count());
}

}  // namespace

std::unique_ptr<PulseConnection> PulseConnection::Connect(const PulseApi& api, const char* client_name,
                                                          std::chrono::milliseconds timeout, std::string& error) {
  pa_mainloop* loop = api.mainloop_new();
  if (loop == nullptr) {
    error = "pa_mainloop_new failed";
    return nullptr;
  }
  pa_context* context = api.context_new(api.mainloop_get_api(loop), client_name);
  if (context == nullptr) {
    api.mainloop_free(loop);
    error = "pa_context_new failed";
    return nullptr;
  }
  std::unique_ptr<PulseConnection> connection(new PulseConnection(api, loop, context));
  // No autospawn: starting a sound server is the desktop session's business, not an SDK's.
  if (api.context_connect(context, nullptr, PA_CONTEXT_NOAUTOSPAWN, nullptr) < 0) {
    error = "no PulseAudio server: " + connection->ErrorText();
    return nullptr;
  }
  const auto deadline = SteadyClock::now() + timeout;
  while (true) {
    const int state = api.context_get_state(context);
    if (state == PA_CONTEXT_READY) return connection;
    if (state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED) {
      error = "no PulseAudio server: " + connection->ErrorText();
      return nullptr;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
    if (left.count() <= 0) {
      error = "the PulseAudio server did not answer within " + std::to_string(timeout.count()) + " ms";
      return nullptr;
    }
    connection->Iterate(std::min(left, std::chrono::milliseconds(50)));
  }
}

PulseConnection::~PulseConnection() {
  api_.context_disconnect(context_);
  api_.context_unref(context_);
  api_.mainloop_free(loop_);
}

bool PulseConnection::Iterate(std::chrono::microseconds timeout) {
  if (api_.mainloop_prepare(loop_, ToPollMicroseconds(timeout)) >= 0 && api_.mainloop_poll(loop_) >= 0) {
    api_.mainloop_dispatch(loop_);
  }
  return Healthy();
}

bool PulseConnection::Healthy() const {
  const int state = api_.context_get_state(context_);
  return state != PA_CONTEXT_FAILED && state != PA_CONTEXT_TERMINATED;
}

std::string PulseConnection::ErrorText() const {
  const char* text = api_.strerror(api_.context_errno(context_));
  return text ? text : "unknown PulseAudio error";
}

bool PulseConnection::Wait(pa_operation* operation, std::chrono::milliseconds timeout) {
  if (operation == nullptr) return false;
  const auto deadline = SteadyClock::now() + timeout;
  bool done = false;
  while (true) {
    if (api_.operation_get_state(operation) != PA_OPERATION_RUNNING) {
      done = true;
      break;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
    if (left.count() <= 0 || !Iterate(std::min(left, std::chrono::milliseconds(50)))) break;
  }
  // A cancelled operation never calls its callback again, so its user data may go away.
  if (!done) api_.operation_cancel(operation);
  api_.operation_unref(operation);
  return done;
}

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
