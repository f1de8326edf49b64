// The few libpulse types and functions the PulseAudio backend uses, declared here and resolved
// with dlopen("libpulse.so.0") at run time: the addon builds without libpulse-dev and loads on a
// machine without any sound library (then the backend reports why and the virtual one plays).
// The values and layouts are libpulse's stable ABI (pulse/def.h, introspect.h, sample.h).
// Structs the library hands out are declared only up to the last field read.
#pragma once

#ifdef __linux__

#include <cstddef>
#include <cstdint>
#include <string>

namespace sdkpp::voice::pulse {

struct pa_mainloop;
struct pa_mainloop_api;
struct pa_context;
struct pa_stream;
struct pa_operation;
struct pa_spawn_api;
struct pa_cvolume;
struct pa_channel_map;
struct pa_proplist;

enum : int { PA_SAMPLE_S16LE = 3 };
enum : int { PA_CONTEXT_NOAUTOSPAWN = 0x1 };
enum : int { PA_CONTEXT_READY = 4, PA_CONTEXT_FAILED = 5, PA_CONTEXT_TERMINATED = 6 };
enum : int { PA_STREAM_READY = 2, PA_STREAM_FAILED = 3, PA_STREAM_TERMINATED = 4 };
enum : int { PA_OPERATION_RUNNING = 0 };
enum : int { PA_STREAM_ADJUST_LATENCY = 0x2000 };
enum : int { PA_SEEK_RELATIVE = 0 };
enum : uint32_t {
  PA_SUBSCRIPTION_MASK_SINK = 0x0001,
  PA_SUBSCRIPTION_MASK_SOURCE = 0x0002,
  PA_SUBSCRIPTION_MASK_SERVER = 0x0080,
  PA_SUBSCRIPTION_EVENT_FACILITY_MASK = 0x000F,
  PA_SUBSCRIPTION_EVENT_SINK = 0x0000,
  PA_SUBSCRIPTION_EVENT_SOURCE = 0x0001,
  PA_SUBSCRIPTION_EVENT_SERVER = 0x0007,
  PA_SUBSCRIPTION_EVENT_TYPE_MASK = 0x0030,
  PA_SUBSCRIPTION_EVENT_NEW = 0x0000,
  PA_SUBSCRIPTION_EVENT_REMOVE = 0x0020,
};

struct pa_sample_spec {
  int format;
  uint32_t rate;
  uint8_t channels;
};

struct pa_buffer_attr {
  uint32_t maxlength;
  uint32_t tlength;
  uint32_t prebuf;
  uint32_t minreq;
  uint32_t fragsize;
};

// Only the leading fields (the library allocates these; we only read through a pointer).
struct pa_sink_info {
  const char* name;
  uint32_t index;
  const char* description;
};
struct pa_source_info {
  const char* name;
  uint32_t index;
  const char* description;
};
struct pa_server_info {
  const char* user_name;
  const char* host_name;
  const char* server_version;
  const char* server_name;
  pa_sample_spec sample_spec;
  const char* default_sink_name;
  const char* default_source_name;
};

using pa_context_success_cb_t = void (*)(pa_context*, int success, void* userdata);
using pa_sink_info_cb_t = void (*)(pa_context*, const pa_sink_info*, int eol, void* userdata);
using pa_source_info_cb_t = void (*)(pa_context*, const pa_source_info*, int eol, void* userdata);
using pa_server_info_cb_t = void (*)(pa_context*, const pa_server_info*, void* userdata);
using pa_context_subscribe_cb_t = void (*)(pa_context*, uint32_t event, uint32_t index, void* userdata);
using pa_free_cb_t = void (*)(void*);

// The resolved functions. Loaded once per process and never unloaded (a library unloaded under
// a thread still in it would crash; libpulse also registers atfork handlers).
struct PulseApi {
  pa_mainloop* (*mainloop_new)();
  void (*mainloop_free)(pa_mainloop*);
  pa_mainloop_api* (*mainloop_get_api)(pa_mainloop*);
  int (*mainloop_prepare)(pa_mainloop*, int timeout_usec);
  int (*mainloop_poll)(pa_mainloop*);
  int (*mainloop_dispatch)(pa_mainloop*);
  void (*mainloop_wakeup)(pa_mainloop*);

  pa_context* (*context_new)(pa_mainloop_api*, const char* name);
  int (*context_connect)(pa_context*, const char* server, int flags, const pa_spawn_api*);
  void (*context_disconnect)(pa_context*);
  void (*context_unref)(pa_context*);
  int (*context_get_state)(pa_context*);
  int (*context_errno)(pa_context*);
  void (*context_set_subscribe_callback)(pa_context*, pa_context_subscribe_cb_t, void*);
  pa_operation* (*context_subscribe)(pa_context*, uint32_t mask, pa_context_success_cb_t, void*);
  pa_operation* (*context_get_sink_info_list)(pa_context*, pa_sink_info_cb_t, void*);
  pa_operation* (*context_get_source_info_list)(pa_context*, pa_source_info_cb_t, void*);
  pa_operation* (*context_get_server_info)(pa_context*, pa_server_info_cb_t, void*);
  const char* (*strerror)(int error);

  int (*operation_get_state)(pa_operation*);
  void (*operation_cancel)(pa_operation*);
  void (*operation_unref)(pa_operation*);

  pa_stream* (*stream_new)(pa_context*, const char* name, const pa_sample_spec*, const pa_channel_map*);
  int (*stream_connect_record)(pa_stream*, const char* device, const pa_buffer_attr*, int flags);
  int (*stream_connect_playback)(pa_stream*, const char* device, const pa_buffer_attr*, int flags,
                                 const pa_cvolume*, pa_stream* sync_stream);
  int (*stream_disconnect)(pa_stream*);
  void (*stream_unref)(pa_stream*);
  int (*stream_get_state)(pa_stream*);
  int (*stream_peek)(pa_stream*, const void** data, size_t* nbytes);
  int (*stream_drop)(pa_stream*);
  size_t (*stream_writable_size)(pa_stream*);
  int (*stream_write)(pa_stream*, const void* data, size_t nbytes, pa_free_cb_t, int64_t offset, int seek);
};

// The library's functions, or null with `error` saying why (library missing, symbol missing).
// `library` is for tests: another file name to load instead of libpulse.so.0.
const PulseApi* LoadPulseApi(std::string& error, const char* library = nullptr);

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
