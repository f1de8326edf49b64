// internal.checkPipeServerUser(path, pretendServerSid?) for the Node host's IPC
// (lib/platform/host/ipc_owner.ts): os::CheckPipeServerUser on a worker thread (it may wait for a
// busy pipe), settled as a Promise of {verdict, refusal}.
#pragma once

#include <napi.h>

namespace sdkpp::napi {

Napi::Value CheckPipeServerUser(const Napi::CallbackInfo& info);

}  // namespace sdkpp::napi
