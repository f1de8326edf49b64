// NativeClient's lifetime (core: client.cc): construction with the Node platform host, Destroy,
// and the sink for platform results; the methods live in wrap_client_<area>.cc.
#include "client/wrap_client.h"

#include "callbacks/addon_data.h"
#include "callbacks/callback_queue.h"
#include "client/client_access.h"
#include "io/node_platform.h"
#include "model/wrap_client_create_options.h"
#include "util/args.h"

namespace sdkpp::napi {

Napi::Function ClientWrap::Define(Napi::Env env) {
  // One list per area file (wrap_client_<area>.cc), as in native/core/src/client.
  std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> properties;
  for (auto area : {&LifetimeMethods, &ConnectionMethods, &AuthMethods, &PresenceMethods, &LobbiesMethods,
                    &MessagesMethods, &RelationshipsMethods, &UsersMethods, &AudioMethods, &PlatformEventMethods}) {
    for (auto& p : area()) properties.push_back(p);
  }
  Napi::Function constructor = DefineClass(env, kClassName, properties);
  AddonData::Of(env).client = Napi::Persistent(constructor);
  return constructor;
}

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::LifetimeMethods() {
  return {InstanceMethod<&ClientWrap::Destroy>("Destroy")};
}

ClientWrap::ClientWrap(const Napi::CallbackInfo& info) : Napi::ObjectWrap<ClientWrap>(info) {
  const char* method = "new NativeClient";
  ClientCreateOptions options;
  if (info.Length() > 0 && !IsNullish(info[0])) {
    options = ClientCreateOptionsWrap::FromArg(ArgRef{info, 0, method, "options"});
  }
  std::shared_ptr<Platform> platform;
  if (info.Length() > 1 && !IsNullish(info[1])) {
    if (!info[1].IsObject()) ThrowTypeError(ArgRef{info, 1, method, "host"}, "must be a platform host object");
    platform_ = std::make_shared<NodePlatform>(info[1].As<Napi::Object>());
    platform = platform_;
  }
  client_ = std::make_unique<Client>(std::move(options), std::move(platform));
  if (platform_) platform_->SetLogger(&sdkpp::detail::ClientAccess::Impl(*client_)->logger());
  WatchMessageChanges();
}

ClientWrap::~ClientWrap() {
  // Finalizers must not call into JS: the host is cut off before the core tears down.
  if (platform_) platform_->Detach();
  StopWatchingMessageChanges();
}

PlatformEvents* ClientWrap::Events() const {
  return client_ && *client_ ? sdkpp::detail::ClientAccess::Impl(*client_) : nullptr;
}

void ClientWrap::Destroy(const Napi::CallbackInfo&) {
  if (platform_) platform_->SetLogger(nullptr);
  // Every message handle now answers defaults: the façade's snapshots must not answer for them.
  StopWatchingMessageChanges();
  CountMessageChange();
  // Pending operations answer ClientDestroyed; `*client_` is left moved-from, so later calls
  // answer ClientDestroyed too.
  auto doomed = std::make_shared<Client>(std::move(*client_));
  // From inside a host call the core made (the app's clock, openUrl, ipcPaths: their JS may
  // call Dispose), the core's frames still run on this client below us: it goes once they
  // have returned.
  if (platform_ && platform_->in_host_call()) DestroyWhenIdle(std::move(doomed), platform_);
}

void ClientWrap::DestroyWhenIdle(std::shared_ptr<Client> doomed, std::shared_ptr<NodePlatform> platform) {
  // The callback queue runs when the core is idle: at the end of the host event or SDK call
  // on the stack, or from the event loop. An app calling RunCallbacks() from inside a host call
  // is the exception: the client then waits for the next run.
  callbacks::CallbackQueue::ForCurrentThread()->Post([doomed = std::move(doomed), platform = std::move(platform)]() mutable {
    if (platform->in_host_call()) {
      DestroyWhenIdle(std::move(doomed), std::move(platform));
      return;
    }
    doomed.reset();
  });
}

}  // namespace sdkpp::napi
