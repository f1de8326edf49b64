// What a feature of the Client (token session, authorize and device flows, presence, the social
// layer) gets to work with, handed to it explicitly instead of the whole ClientImpl: the I/O
// layers, the log, the app's callbacks, the clocks and the settings. A feature can be built
// with a context over a scripted platform, without a Client (native/test/feature_harness.h).
// Features that need another feature (the local client, the gateway, the connection status)
// take it as a constructor argument of its own.
#pragma once

#include <cstdint>

#include "callbacks/app_callbacks.h"
#include "http/http_client.h"
#include "http/service_endpoints.h"
#include "io/scheduler.h"
#include "io/socket_router.h"
#include "io/url_opener.h"
#include "logging/logger.h"
#include "sdkpp/platform.h"

namespace sdkpp {

// Settings the app gives the Client; features read them when they act, so a change (e.g.
// SetApplicationId after the Client was made) applies to the next request.
struct ClientSettings {
  uint64_t application_id = 0;
  ServiceEndpoints endpoints;
  int32_t game_window_pid = 0;  // 0: the process's own pid
};

struct FeatureContext {
  Platform& platform;  // loopback listeners
  IdSource& ids;
  Scheduler& scheduler;  // timers and the local clock (NowMs)
  logging::Logger& logger;  // and its redactor, which must learn every secret first
  http::HttpClient& http;  // requests, and the service's clock (ServiceNowMs)
  callbacks::AppCallbacks& callbacks;
  const ClientSettings& settings;
  SocketRouter& sockets;  // voice sockets register here to get their events
  UrlOpener& urls;  // pages for the player (authorize, device activation)
};

}  // namespace sdkpp
