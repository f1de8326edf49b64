// For the SDK's own layers (the N-API glue, the native tests): the ClientImpl behind a Client.
// Internal on purpose: the public header (sdkpp/client.h) names no accessor an app could use.
#pragma once

#include "client/client_impl.h"
#include "sdkpp/client.h"

namespace sdkpp::detail {

struct ClientAccess {
  // Null for an invalid Client (moved-from or nullobj).
  static ClientImpl* Impl(const Client& client) noexcept { return client.impl_.get(); }

  // The one way into a call with audio hooks (client_audio.cc): Client::StartCallWithAudioCallbacks
  // hands it the app's two callbacks, the addon its bridge's hooks (tick_end too). The invalid
  // Call for an invalid Client, as StartCall.
  static Call StartCallWithAudioHooks(Client& client, uint64_t lobby_id, voice::CallAudioHooks hooks);
};

}  // namespace sdkpp::detail
