// NativeClient's lifetime (core: client.cc): construction with the Node platform host, Destroy,
// and the sink for platform results; the methods live in wrap_client_<area>.cc.
#include "wrap_client.h"

#include "addon_data.h"
#include "args.h"
#include "client/client_access.h"
#include "node_platform.h"
#include "wrap_client_create_options.h"

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
  Client doomed = std::move(*client_);
}

}  // namespace sdkpp::napi
