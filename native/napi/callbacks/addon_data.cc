#include "callbacks/addon_data.h"

#include "callbacks/callback_pump.h"

namespace sdkpp::napi {

AddonData& AddonData::Of(Napi::Env env) { return *env.GetInstanceData<AddonData>(); }

}  // namespace sdkpp::napi
