#include "voice/audio/pulse/pulse_api.h"

#ifdef __linux__

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>

namespace sdkpp::voice::pulse {
namespace {

constexpr const char* kLibraryName = "libpulse.so.0";

template <typename Fn>
bool Resolve(void* handle, const char* symbol, Fn& out, std::string& error) {
  out = reinterpret_cast<Fn>(dlsym(handle, symbol));
  if (out == nullptr && error.empty()) error = std::string("libpulse has no ") + symbol;
  return out != nullptr;
}

std::unique_ptr<PulseApi> Load(const char* library, std::string& error) {
  // RTLD_LOCAL: the addon must not put libpulse symbols in the process namespace.
  void* handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    error = std::string("cannot load ") + library + ": " + (why ? why : "unknown dlopen error");
    return nullptr;
  }
  auto api = std::make_unique<PulseApi>();
  std::string missing;
#define SDKPP_PA(field, symbol) Resolve(handle, symbol, api->field, missing)
  SDKPP_PA(mainloop_new, "pa_mainloop_new");
  SDKPP_PA(mainloop_free, "pa_mainloop_free");
  SDKPP_PA(mainloop_get_api, "pa_mainloop_get_api");
  SDKPP_PA(mainloop_prepare, "pa_mainloop_prepare");
  SDKPP_PA(mainloop_poll, "pa_mainloop_poll");
  SDKPP_PA(mainloop_dispatch, "pa_mainloop_dispatch");
  SDKPP_PA(mainloop_wakeup, "pa_mainloop_wakeup");
  SDKPP_PA(context_new, "pa_context_new");
  SDKPP_PA(context_connect, "pa_context_connect");
  SDKPP_PA(context_disconnect, "pa_context_disconnect");
  SDKPP_PA(context_unref, "pa_context_unref");
  SDKPP_PA(context_get_state, "pa_context_get_state");
  SDKPP_PA(context_errno, "pa_context_errno");
  SDKPP_PA(context_set_subscribe_callback, "pa_context_set_subscribe_callback");
  SDKPP_PA(context_subscribe, "pa_context_subscribe");
  SDKPP_PA(context_get_sink_info_list, "pa_context_get_sink_info_list");
  SDKPP_PA(context_get_source_info_list, "pa_context_get_source_info_list");
  SDKPP_PA(context_get_server_info, "pa_context_get_server_info");
  SDKPP_PA(strerror, "pa_strerror");
  SDKPP_PA(operation_get_state, "pa_operation_get_state");
  SDKPP_PA(operation_cancel, "pa_operation_cancel");
  SDKPP_PA(operation_unref, "pa_operation_unref");
  SDKPP_PA(stream_new, "pa_stream_new");
  SDKPP_PA(stream_connect_record, "pa_stream_connect_record");
  SDKPP_PA(stream_connect_playback, "pa_stream_connect_playback");
  SDKPP_PA(stream_disconnect, "pa_stream_disconnect");
  SDKPP_PA(stream_unref, "pa_stream_unref");
  SDKPP_PA(stream_get_state, "pa_stream_get_state");
  SDKPP_PA(stream_peek, "pa_stream_peek");
  SDKPP_PA(stream_drop, "pa_stream_drop");
  SDKPP_PA(stream_writable_size, "pa_stream_writable_size");
  SDKPP_PA(stream_write, "pa_stream_write");
#undef SDKPP_PA
  if (!missing.empty()) {
    error = missing;
    dlclose(handle);  // nothing of it runs yet: safe to let go
    return nullptr;
  }
  return api;
}

}  // namespace

const PulseApi* LoadPulseApi(std::string& error, const char* library) {
  // One attempt per library name and process: a failure is remembered with its reason.
  struct Attempt {
    std::unique_ptr<PulseApi> api;
    std::string error;
  };
  static std::mutex mutex;
  static std::map<std::string, Attempt> attempts;
  const std::string name = library ? library : kLibraryName;
  std::lock_guard lock(mutex);
  auto it = attempts.find(name);
  if (it == attempts.end()) {
    Attempt attempt;
    attempt.api = Load(name.c_str(), attempt.error);
    it = attempts.emplace(name, std::move(attempt)).first;
  }
  if (!it->second.api) error = it->second.error;
  return it->second.api.get();
}

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
