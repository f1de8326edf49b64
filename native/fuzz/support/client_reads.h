// Reads everything a launcher would read from a Client after each event — handles, their
// users, messages, lobbies, calls, activities — so that state built from hostile input is
// exercised through the public getters too, and the app callbacks that read inside the event
// (as apps do) are installed.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "sdkpp/client.h"
#include "social/activity_json.h"

namespace sdkpp::fuzz {

inline void ReadUser(const UserHandle& user) {
  (void)user.Id();
  (void)user.Username();
  (void)user.GlobalName();
  (void)user.DisplayName();
  (void)user.Avatar();
  (void)user.AvatarUrl(UserHandle::AvatarType::Gif, UserHandle::AvatarType::Png);
  (void)user.IsProvisional();
  (void)user.Status();
  if (auto activity = user.GameActivity()) (void)social::ActivityToJson(*activity);
  (void)user.Relationship().Id();
  for (const auto& profile : user.UserApplicationProfiles()) (void)profile;
}

inline void ReadMessage(const MessageHandle& message) {
  (void)message.Id();
  (void)message.Content();
  (void)message.RawContent();
  (void)message.SentTimestamp();
  (void)message.EditedTimestamp();
  (void)message.Metadata();
  (void)message.ModerationMetadata();
  (void)message.ApplicationId();
  (void)message.AdditionalName();
  (void)message.DisclosureType();
  (void)message.SentFromGame();
  if (auto content = message.AdditionalContent()) {
    (void)content->Type();
    (void)content->Title();
    (void)content->Count();
  }
  if (auto channel = message.Channel()) {
    (void)channel->Name();
    (void)channel->Recipients();
    (void)channel->Type();
  }
  if (auto author = message.Author()) ReadUser(*author);
  if (auto recipient = message.Recipient()) ReadUser(*recipient);
  if (auto lobby = message.Lobby()) (void)lobby->Metadata();
}

inline void ReadLobby(const LobbyHandle& lobby) {
  (void)lobby.Metadata();
  if (auto channel = lobby.LinkedChannel()) {
    (void)channel->Name();
    (void)channel->GuildId();
  }
  for (const auto& member : lobby.LobbyMembers()) {
    (void)member.Connected();
    (void)member.CanLinkLobby();
    (void)member.Metadata();
    if (auto user = member.User()) ReadUser(*user);
  }
  if (auto call = lobby.GetCallInfoHandle()) {
    for (uint64_t user_id : call->GetParticipants()) {
      if (auto state = call->GetVoiceStateHandle(user_id)) (void)(state->SelfMute() || state->SelfDeaf());
    }
  }
}

// Every id the events so far mentioned (callbacks record them), read back through the Client.
struct SeenIds {
  std::set<uint64_t> messages, users, lobbies;
};

inline void ReadEverything(Client& client, const SeenIds& seen) {
  (void)client.GetStatus();
  for (uint64_t lobby_id : client.GetLobbyIds()) {
    if (auto lobby = client.GetLobbyHandle(lobby_id)) ReadLobby(*lobby);
  }
  for (uint64_t lobby_id : seen.lobbies) {
    if (auto lobby = client.GetLobbyHandle(lobby_id)) ReadLobby(*lobby);
  }
  for (const auto& relationship : client.GetRelationships()) {
    (void)relationship.ServiceRelationshipType();
    (void)relationship.GameRelationshipType();
    (void)relationship.IsSpamRequest();
    if (auto user = relationship.User()) ReadUser(*user);
  }
  for (uint64_t id : seen.messages) {
    if (auto message = client.GetMessageHandle(id)) ReadMessage(*message);
  }
  for (uint64_t id : seen.users) {
    if (auto user = client.GetUser(id)) ReadUser(*user);
  }
  (void)client.SearchFriendsByUsername("a");
  for (auto group : {RelationshipGroupType::OnlinePlayingGame, RelationshipGroupType::OnlineElsewhere,
                     RelationshipGroupType::Offline}) {
    (void)client.GetRelationshipsByGroup(group).size();
  }
  if (auto me = client.GetCurrentUserV2()) ReadUser(*me);
  for (const auto& profile : client.GetUserApplicationProfiles()) (void)profile;
  // Histories come from the message cache when it holds enough (else a request goes out and
  // stays unanswered): the cache's view of hostile messages, read through the app's call.
  auto read_messages = [](ClientResult, std::vector<MessageHandle> messages) {
    for (const auto& message : messages) ReadMessage(message);
  };
  // A few of each: every one may leave a request pending.
  size_t asked = 0;
  for (auto it = seen.lobbies.begin(); it != seen.lobbies.end() && asked < 3; ++it, ++asked) {
    client.GetLobbyMessagesWithLimit(*it, 3, read_messages);
  }
  asked = 0;
  for (auto it = seen.users.begin(); it != seen.users.end() && asked < 3; ++it, ++asked) {
    client.GetUserMessagesWithLimit(*it, 3, read_messages);
  }
}

// Callbacks that note each id an event names and read its object right there, as apps do.
inline void InstallReadingCallbacks(Client& client, SeenIds& seen) {
  Client* c = &client;
  SeenIds* s = &seen;
  client.SetMessageCreatedCallback([c, s](uint64_t id) {
    s->messages.insert(id);
    if (auto message = c->GetMessageHandle(id)) {
      ReadMessage(*message);
      if (message->RecipientId() != 0) s->users.insert(message->RecipientId());
      if (message->AuthorId() != 0) s->users.insert(message->AuthorId());
      if (auto lobby = message->Lobby()) s->lobbies.insert(lobby->Id());
    }
  });
  client.SetMessageUpdatedCallback([c, s](uint64_t id) {
    s->messages.insert(id);
    if (auto message = c->GetMessageHandle(id)) ReadMessage(*message);
  });
  client.SetMessageDeletedCallback([c](uint64_t id, uint64_t channel_id) {
    (void)c->GetMessageHandle(id);
    (void)c->GetChannelHandle(channel_id);
  });
  auto lobby_event = [c, s](uint64_t id) {
    s->lobbies.insert(id);
    if (auto lobby = c->GetLobbyHandle(id)) ReadLobby(*lobby);
  };
  client.SetLobbyCreatedCallback(lobby_event);
  client.SetLobbyUpdatedCallback(lobby_event);
  client.SetLobbyDeletedCallback(lobby_event);
  auto member_event = [c, s](uint64_t lobby_id, uint64_t member_id) {
    s->lobbies.insert(lobby_id);
    s->users.insert(member_id);
    if (auto lobby = c->GetLobbyHandle(lobby_id)) {
      if (auto member = lobby->GetLobbyMemberHandle(member_id)) {
        (void)member->Metadata();
        if (auto user = member->User()) ReadUser(*user);
      }
    }
  };
  client.SetLobbyMemberAddedCallback(member_event);
  client.SetLobbyMemberUpdatedCallback(member_event);
  client.SetLobbyMemberRemovedCallback(member_event);
  client.SetUserUpdatedCallback([c, s](uint64_t id) {
    s->users.insert(id);
    if (auto user = c->GetUser(id)) ReadUser(*user);
  });
  auto relationship_event = [c, s](uint64_t id, bool) {
    s->users.insert(id);
    (void)c->GetRelationshipHandle(id).User();
  };
  client.SetRelationshipCreatedCallback(relationship_event);
  client.SetRelationshipDeletedCallback(relationship_event);
  client.SetRelationshipGroupsUpdatedCallback([c](uint64_t id) { (void)c->GetRelationshipHandle(id).User(); });
  auto invite_event = [](ActivityInvite invite) {
    (void)invite.PartyId();
    (void)invite.SessionId();
    (void)invite.Type();
  };
  client.SetActivityInviteCreatedCallback(invite_event);
  client.SetActivityInviteUpdatedCallback(invite_event);
  client.SetActivityJoinCallback([](std::string secret) { (void)secret.size(); });
  client.SetVoiceParticipantChangedCallback([c](uint64_t lobby_id, uint64_t, bool) {
    if (auto lobby = c->GetLobbyHandle(lobby_id)) (void)lobby->GetCallInfoHandle();
  });
  client.SetStatusChangedCallback([](Client::Status, Client::Error, int32_t) {});
}

}  // namespace sdkpp::fuzz
