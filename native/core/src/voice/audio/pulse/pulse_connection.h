// One connection to the PulseAudio server: its own mainloop and context, used by exactly one
// thread (libpulse objects are not thread-safe). Every wait is bounded: Connect and Wait take a
// timeout and Iterate a poll limit, so no caller can hang on a server that stopped answering.
#pragma once

#ifdef __linux__

#include <chrono>
#include <memory>
#include <string>

#include "voice/audio/pulse/pulse_api.h"

namespace sdkpp::voice::pulse {

class PulseConnection {
 public:
  // Connects to the default server (PULSE_SERVER, else the user's socket) without autospawn,
  // within `timeout`. Null, with `error` saying why, when no server answers.
  static std::unique_ptr<PulseConnection> Connect(const PulseApi& api, const char* client_name,
                                                  std::chrono::milliseconds timeout, std::string& error);
  ~PulseConnection();
  PulseConnection(const PulseConnection&) = delete;
  PulseConnection& operator=(const PulseConnection&) = delete;

  // Dispatches what is ready, waiting at most `timeout` for something to happen. False once
  // the context failed (the server went away).
  bool Iterate(std::chrono::microseconds timeout);
  bool Healthy() const;
  // The context's last error in words.
  std::string ErrorText() const;
  // Runs the loop until `operation` finishes (true) or `timeout` passes (false: cancelled).
  // Takes the reference; a null operation (the request could not be sent) is false.
  bool Wait(pa_operation* operation, std::chrono::milliseconds timeout);

  const PulseApi& api() const { return api_; }
  pa_context* context() const { return context_; }

 private:
  PulseConnection(const PulseApi& api, pa_mainloop* loop, pa_context* context)
      : api_(api), loop_(loop), context_(context) {}

  const PulseApi& api_;
  pa_mainloop* loop_;
  pa_context* context_;
};

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
