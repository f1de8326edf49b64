// The Client's social layer: keeps SocialState current from gateway events (READY, presences,
// relationships, lobbies and their members, lobby and direct messages, invites) and tells the
// app through its callbacks — each queued for RunCallbacks, never from inside the SDK.
//
// One rule for every Created/Updated (README "The API"): the same change reaches the SDK by more
// than one path — the answer to the player's own call, the gateway's event, a history page, a
// resumed gateway's replay — in any order. Whichever path brings a new thing first announces its
// Created, once per thing for as long as the SDK knows it (a leave or delete ends that); a later
// path that brings nothing the app could read as different announces nothing, and one that does
// announces Updated. Records carry what was announced (MessageRecord::announced); what the
// bounds let go is remembered for a while (recent_ids.h), so its replayed create stays silent.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "context/feature_context.h"
#include "gateway/dispatch_handlers.h"
#include "json/json.h"
#include "sdkpp/client.h"
#include "social/recent_ids.h"
#include "social/record_bounds.h"
#include "social/social_state.h"

namespace sdkpp::social {

// Where a lobby or message object comes from, which decides what it may announce.
enum class Origin {
  Snapshot,  // READY: the picture the session starts from; the app reads it, nothing is announced
  Create,    // a create event, or the answer to the player's own create, join or send
  Update,    // an update event, or the answer to the player's own edit or channel link
};

struct SocialCallbacks {
  std::function<void(uint64_t lobby_id)> lobby_created, lobby_deleted, lobby_updated;
  std::function<void(uint64_t lobby_id, uint64_t member_id)> member_added, member_removed, member_updated;
  std::function<void(uint64_t message_id)> message_created, message_updated;
  std::function<void(uint64_t message_id, uint64_t channel_id)> message_deleted;
  std::function<void(uint64_t user_id)> user_updated;
  std::function<void(uint64_t user_id, bool is_service_relationship_update)> relationship_created,
      relationship_deleted;
  std::function<void(uint64_t user_id)> relationship_groups_updated;
  std::function<void(const json::Value& invite)> activity_invite_created, activity_invite_updated;
};

class SocialLayer {
 public:
  explicit SocialLayer(FeatureContext& context);
  // The state can outlive the layer (handles share it): it must not keep the layer's clock.
  ~SocialLayer();

  std::shared_ptr<SocialState>& state() { return state_; }
  StateRef ref() const { return state_; }
  SocialCallbacks& callbacks() { return callbacks_; }

  // The gateway events it keeps the state with (READY, presences, users, relationships,
  // lobbies, members, messages, invites), ordered and de-duplicated by the connection layer.
  void RegisterHandlers(gateway::DispatchHandlers& handlers);
  // The gateway session ended without a resume: events may have been missed.
  void OnSessionLost();

  // Keeps the user record current from any user object the service sends.
  void RememberUser(const json::Value& user);
  // A DM's channel record (type Dm, the other user as recipient), so GetChannelHandle knows it.
  void RememberDmChannel(const MessageRecord& message);
  void ApplyLobby(const json::Value& lobby, Origin origin);
  void ApplyMessage(const json::Value& message, Origin origin);
  // The player left the lobby, or the service deleted it: LobbyDeleted, once.
  void ForgetLobby(uint64_t lobby_id);
  // The message was deleted (`channel_id` 0: the channel the SDK has it in): MessageDeleted, once.
  void DeleteMessage(uint64_t channel_id, uint64_t message_id);

 private:
  void OnReady(const json::Value& data);
  void OnUserUpdate(const json::Value& data);
  void OnActivityInvite(const json::Value& data, bool created);
  void OnPresence(const json::Value& data);
  void OnRelationship(std::string_view type, const json::Value& data);
  void OnLobbyDeleted(const json::Value& data);
  void OnMember(std::string_view type, const json::Value& data);
  void OnMessageDeleted(const json::Value& data, bool lobby);
  // A lobby object changed a known lobby's members: MemberAdded/Updated/Removed for each change.
  void AnnounceMemberChanges(uint64_t lobby_id, const std::vector<LobbyMemberRecord>& before,
                             const std::vector<LobbyMemberRecord>& after);
  void Post(std::function<void()> callback);

  // record_bounds.h: keep the user, DM channel and lobby maps within their caps.
  void BoundUsers();
  void BoundChannels(uint64_t just_written);
  void BoundLobbies(uint64_t just_written);

  FeatureContext& context_;
  std::shared_ptr<SocialState> state_;
  SocialCallbacks callbacks_;
  RecentIds evicted_lobbies_{kMaxRememberedEvictedLobbies};
};

}  // namespace sdkpp::social
