#include "io/dave_host.h"

#include "io/node_platform.h"

namespace sdkpp::napi {

void DaveHost::Cut() {
  platform_ = nullptr;
  // The scratch's reference is dropped later, with this object, on the JS thread; Reset now
  // would be no safer, and during an environment teardown V8 frees the buffer itself.
}

bool DaveHost::attached() const { return platform_ != nullptr && platform_->attached(); }

Napi::Env DaveHost::env() const { return platform_->host_env(); }

Napi::Value DaveHost::Invoke(HostMethod method, std::initializer_list<napi_value> args) {
  if (!attached()) return Napi::Value();
  return platform_->Invoke(method, args);
}

bool DaveHost::Frames(DaveScratch::Regions& regions) {
  if (!attached()) return false;
  if (!scratch_) {
    Napi::Env env = this->env();
    scratch_ = std::make_unique<DaveScratch>(env);
    Napi::Value accepted = Invoke(HostMethod::useDaveScratch, {scratch_->Views(env)});
    scratch_accepted_ = accepted.IsBoolean() && accepted.As<Napi::Boolean>().Value();
  }
  return scratch_accepted_ && scratch_->Get(regions);
}

}  // namespace sdkpp::napi
