// The JS host as NodeDaveSessions reach it: through their NodePlatform while it is attached,
// never after. The core may keep a session past the platform's Detach (the Client was
// finalized, the environment or the worker is being torn down) or past the platform itself;
// the session then finds the host cut and answers false (or 0 bytes) without touching JS.
// Shared by the platform and its sessions; all on the JS thread.
#pragma once

#include <napi.h>

#include <initializer_list>
#include <memory>

#include "io/dave_scratch.h"
#include "io/platform_host_methods.h"

namespace sdkpp::napi {

class NodePlatform;

class DaveHost {
 public:
  explicit DaveHost(NodePlatform& platform) : platform_(&platform) {}

  // The platform detached or is going away: no JS call from here on.
  void Cut();
  bool attached() const;
  // Valid only while attached().
  Napi::Env env() const;

  // host[method](...args); undefined when cut or when the host threw (NodePlatform logs that).
  Napi::Value Invoke(HostMethod method, std::initializer_list<napi_value> args);

  // The frame scratch, made and handed to the host (useDaveScratch) at the first frame. False
  // when cut, when the host refused the views, or when the buffer became unusable.
  bool Frames(DaveScratch::Regions& regions);

 private:
  NodePlatform* platform_;
  std::unique_ptr<DaveScratch> scratch_;
  bool scratch_accepted_ = false;
};

}  // namespace sdkpp::napi
