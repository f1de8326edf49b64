#include "addon_data.h"

#include "callback_pump.h"

namespace sdkpp::napi {

AddonData& AddonData::Of(Napi::Env env) { return *env.GetInstanceData<AddonData>(); }

}  // namespace sdkpp::napi
