// JoinLinkedLobbyGuild's two halves, shared by the lobby area (the call) and the auth area
// (ProvisionalUserMergeCompleted resumes a join a provisional account had to wait with).
#pragma once

#include <cstdint>

#include "client/client_impl.h"

namespace sdkpp {

// Asks the service for the linked channel's invite and answers `callback` with its web URL.
void RequestLinkedGuildInvite(ClientImpl& impl, uint64_t lobbyId, Client::JoinLinkedLobbyGuildCallback callback);
// The merge a waiting join needed finished: `merged` resumes the join, otherwise it is answered
// with an error. Nothing waiting: nothing happens.
void ResumeLinkedGuildJoin(ClientImpl& impl, bool merged);

}  // namespace sdkpp
