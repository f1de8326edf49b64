// Client's lobby methods.
#include <algorithm>

#include "client/api_requests.h"
#include "client/linked_guild_join.h"
#include "context/argument_rules.h"
#include "sdkpp/limits.h"
#include "social/factory.h"
#include "social/parse.h"

namespace sdkpp {

using requests::Destroyed;
using requests::Invalid;

namespace {

// Linking and unlinking answer alike: the lobby as the service now has it. The completion holds
// the implementation, never the Client: Destroy moves the implementation out of the Client, and
// its destructor answers the pending request (ClientDestroyed).
std::function<void(http::ApiResponse)> ChannelLinkingDone(ClientImpl& impl, Client::ResultCallback callback) {
  return [&impl, callback = std::move(callback)](http::ApiResponse response) {
    if (response.result.Successful()) {
      if (auto doc = json::Document::Parse(response.body)) impl.social().ApplyLobby(doc->Root(), social::Origin::Update);
    }
    if (callback) impl.Post([callback, result = response.result] { callback(result); });
  };
}

}  // namespace

void Client::CreateOrJoinLobby(std::string const& secret, CreateOrJoinLobbyCallback callback) {
  CreateOrJoinLobbyWithMetadata(secret, {}, {}, std::move(callback));
}

void Client::CreateOrJoinLobbyWithMetadata(std::string const& secret, StringMap const& lobbyMetadata,
                                           StringMap const& memberMetadata,
                                           CreateOrJoinLobbyCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), uint64_t{0});
  ClientImpl& impl = *impl_;
  auto problem = rules::CheckText("secret", secret, 1, limits::kMaxLobbySecretCodePoints);
  if (!problem) problem = rules::CheckMetadata("lobbyMetadata", lobbyMetadata, limits::kMaxMetadataCodePoints);
  if (!problem) problem = rules::CheckMetadata("memberMetadata", memberMetadata, limits::kMaxMetadataCodePoints);
  if (problem) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem), 0); });
    return;
  }
  json::Writer body;
  body.BeginObject().Key("secret").String(secret);
  if (!lobbyMetadata.empty()) requests::WriteMap(body.Key("lobby_metadata"), lobbyMetadata);
  if (!memberMetadata.empty()) requests::WriteMap(body.Key("member_metadata"), memberMetadata);
  body.EndObject();
  impl.AuthedRequest(requests::Json("PUT", "/lobbies", body.Take(), "CreateOrJoinLobby"),
                     [&impl, callback](http::ApiResponse response) {
                       uint64_t lobby_id = 0;
                       ClientResult result = response.result;
                       if (result.Successful()) {
                         auto doc = json::Document::Parse(response.body);
                         auto id = doc ? doc->Root()["id"].Snowflake() : std::nullopt;
                         if (!id) {
                           result = http::MalformedResponse(response.status, response.body, false, "no lobby id");
                         } else {
                           lobby_id = *id;
                           // Known at once; of this answer and the gateway's LOBBY_CREATE, the
                           // first announces LobbyCreated (social_layer.h).
                           impl.social().ApplyLobby(doc->Root(), social::Origin::Create);
                         }
                       }
                       if (callback) impl.Post([callback, result, lobby_id] { callback(result, lobby_id); });
                     });
}

void Client::LeaveLobby(uint64_t lobbyId, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  impl.AuthedRequest(requests::Json("DELETE", "/lobbies/" + std::to_string(lobbyId) + "/members/@me", "", "LeaveLobby"),
                     [&impl, callback, lobbyId](http::ApiResponse response) {
                       // Of this answer and the gateway's LOBBY_DELETE, the first says LobbyDeleted.
                       if (response.result.Successful()) impl.social().ForgetLobby(lobbyId);
                       if (callback) impl.Post([callback, result = response.result] { callback(result); });
                     });
}

std::optional<LobbyHandle> Client::GetLobbyHandle(uint64_t lobbyId) const {
  if (!impl_ || !impl_->social().state()->Lobby(lobbyId)) return std::nullopt;
  return detail::SocialFactory::Lobby(impl_->social().ref(), lobbyId);
}

std::vector<uint64_t> Client::GetLobbyIds() const {
  std::vector<uint64_t> ids;
  if (!impl_) return ids;
  for (const auto& [id, lobby] : impl_->social().state()->lobbies) ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

void Client::LinkChannelToLobby(uint64_t lobbyId, uint64_t channelId, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  json::Writer body;
  body.BeginObject().Key("channel_id").Snowflake(channelId).EndObject();
  impl_->AuthedRequest(requests::Json("PATCH", "/lobbies/" + std::to_string(lobbyId) + "/channel-linking", body.Take(),
                                      "LinkChannelToLobby"),
                       ChannelLinkingDone(*impl_, std::move(callback)));
}

void Client::UnlinkChannelFromLobby(uint64_t lobbyId, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  impl_->AuthedRequest(requests::Json("PATCH", "/lobbies/" + std::to_string(lobbyId) + "/channel-linking",
                                      "{\"channel_id\":null}", "UnlinkChannelFromLobby"),
                       ChannelLinkingDone(*impl_, std::move(callback)));
}

void RequestLinkedGuildInvite(ClientImpl& impl, uint64_t lobbyId, Client::JoinLinkedLobbyGuildCallback callback) {
  std::string web_base = impl.endpoints().web_base;
  impl.AuthedRequest(
      requests::Json("POST", "/lobbies/" + std::to_string(lobbyId) + "/members/@me/invites", "", "JoinLinkedLobbyGuild"),
      [&impl, callback, web_base](http::ApiResponse response) {
        std::string url;
        ClientResult result = response.result;
        if (result.Successful()) {
          auto doc = json::Document::Parse(response.body);
          auto code = doc ? doc->Root()["code"].String() : std::nullopt;
          if (!code) result = http::MalformedResponse(response.status, response.body, false, "no invite code");
          else url = web_base + "/invite/" + std::string(*code);
        }
        if (callback) impl.Post([callback, result, url] { callback(result, url); });
      });
}

void ResumeLinkedGuildJoin(ClientImpl& impl, bool merged) {
  auto pending = std::move(impl.pending_guild_join());
  impl.pending_guild_join().reset();
  if (!pending) return;
  if (merged) return RequestLinkedGuildInvite(impl, pending->lobby_id, std::move(pending->callback));
  if (pending->callback) {
    impl.Post([callback = pending->callback] {
      callback(ClientResult::Failure(ErrorType::ValidationError,
                                     "JoinLinkedLobbyGuild: the provisional account was not merged into a full "
                                     "account (ProvisionalUserMergeCompleted(false)); guilds need a full account"),
               std::string());
    });
  }
}

void Client::JoinLinkedLobbyGuild(uint64_t lobbyId,
                                  ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
                                  JoinLinkedLobbyGuildCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::string());
  ClientImpl& impl = *impl_;
  auto state = impl.social().state();
  const auto* me = state->User(state->current_user_id);
  if (me && me->provisional) {
    // Guilds need a full account: the game offers the merge, and ProvisionalUserMergeCompleted
    // resumes this join (or answers it). A join already waiting is superseded by this one.
    if (impl.pending_guild_join() && impl.pending_guild_join()->callback) {
      impl.Post([older = impl.pending_guild_join()->callback] {
        older(ClientResult::Failure(ErrorType::ValidationError,
                                    "JoinLinkedLobbyGuild: superseded by a later JoinLinkedLobbyGuild"),
              std::string());
      });
    }
    impl.pending_guild_join() = ClientImpl::PendingGuildJoin{lobbyId, std::move(callback)};
    if (provisionalUserMergeRequiredCallback) impl.Post(provisionalUserMergeRequiredCallback);
    return;
  }
  RequestLinkedGuildInvite(impl, lobbyId, std::move(callback));
}

void Client::SetLobbyCreatedCallback(LobbyIdCallback callback) {
  if (impl_) impl_->social().callbacks().lobby_created = std::move(callback);
}
void Client::SetLobbyDeletedCallback(LobbyIdCallback callback) {
  if (impl_) impl_->social().callbacks().lobby_deleted = std::move(callback);
}
void Client::SetLobbyUpdatedCallback(LobbyIdCallback callback) {
  if (impl_) impl_->social().callbacks().lobby_updated = std::move(callback);
}
void Client::SetLobbyMemberAddedCallback(LobbyMemberCallback callback) {
  if (impl_) impl_->social().callbacks().member_added = std::move(callback);
}
void Client::SetLobbyMemberRemovedCallback(LobbyMemberCallback callback) {
  if (impl_) impl_->social().callbacks().member_removed = std::move(callback);
}
void Client::SetLobbyMemberUpdatedCallback(LobbyMemberCallback callback) {
  if (impl_) impl_->social().callbacks().member_updated = std::move(callback);
}

}  // namespace sdkpp
