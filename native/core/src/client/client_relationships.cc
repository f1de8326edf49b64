// Client's relationship methods: friends on the service and in the game, requests, blocks.
#include <algorithm>
#include <cctype>

#include "client/api_requests.h"
#include "context/argument_rules.h"
#include "sdkpp/limits.h"
#include "social/factory.h"

namespace sdkpp {

using requests::Destroyed;
using requests::Invalid;

namespace {

enum class Kind { Service, Game };

std::string Base(Kind kind) {
  return kind == Kind::Service ? "/users/@me/relationships" : "/users/@me/game-relationships";
}

void ById(ClientImpl& impl, const char* method, Kind kind, uint64_t user_id, std::string body,
          const char* operation, Client::ResultCallback callback) {
  if (user_id == 0) {
    if (callback) impl.Post([callback] { callback(Invalid("userId: must not be 0")); });
    return;
  }
  impl.AuthedRequest(requests::Json(method, Base(kind) + "/" + std::to_string(user_id), std::move(body), operation),
                     requests::ResultOnly(impl, std::move(callback)));
}

void ByUsername(ClientImpl& impl, Kind kind, const std::string& username, const char* operation,
                Client::ResultCallback callback) {
  if (auto problem = rules::CheckText("username", username, limits::kMinUsernameCodePoints,
                                      limits::kMaxUsernameCodePoints)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  json::Writer body;
  body.BeginObject().Key("username").String(username).EndObject();
  impl.AuthedRequest(requests::Json("POST", Base(kind), body.Take(), operation), requests::ResultOnly(impl, std::move(callback)));
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

std::vector<RelationshipHandle> Client::GetRelationships() const {
  std::vector<RelationshipHandle> handles;
  if (!impl_) return handles;
  std::vector<uint64_t> ids;
  for (const auto& [id, r] : impl_->social().state()->relationships) ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  for (uint64_t id : ids) handles.push_back(detail::SocialFactory::Relationship(impl_->social().ref(), id));
  return handles;
}

std::vector<RelationshipHandle> Client::GetRelationshipsByGroup(RelationshipGroupType groupType) const {
  std::vector<RelationshipHandle> handles;
  if (!impl_) return handles;
  auto state = impl_->social().state();
  for (const auto& handle : GetRelationships()) {
    const auto* r = state->Relationship(handle.Id());
    bool friends = r && (r->service == RelationshipType::Friend || r->game == RelationshipType::Friend);
    if (!friends) continue;
    const auto* user = state->User(handle.Id());
    bool online = user && user->status != StatusType::Offline && user->status != StatusType::Invisible &&
                  user->status != StatusType::Unknown;
    bool playing = online && user->game_activity_json.has_value();
    RelationshipGroupType group = playing ? RelationshipGroupType::OnlinePlayingGame
                                  : online ? RelationshipGroupType::OnlineElsewhere
                                           : RelationshipGroupType::Offline;
    if (group == groupType) handles.push_back(handle);
  }
  return handles;
}

RelationshipHandle Client::GetRelationshipHandle(uint64_t userId) const {
  if (!impl_) return RelationshipHandle::nullobj;
  return detail::SocialFactory::Relationship(impl_->social().ref(), userId);
}

std::vector<UserHandle> Client::SearchFriendsByUsername(std::string searchStr) const {
  std::vector<UserHandle> found;
  if (!impl_) return found;
  std::string needle = Lower(std::move(searchStr));
  auto state = impl_->social().state();
  for (const auto& handle : GetRelationships()) {
    const auto* r = state->Relationship(handle.Id());
    const auto* user = state->User(handle.Id());
    if (!r || !user || (r->service != RelationshipType::Friend && r->game != RelationshipType::Friend)) continue;
    std::string name = Lower(user->username);
    std::string display = Lower(user->global_name.value_or(""));
    if (name.find(needle) != std::string::npos || display.find(needle) != std::string::npos) {
      found.push_back(detail::SocialFactory::User(impl_->social().ref(), user->id));
    }
  }
  return found;
}

#define SDKPP_RELATIONSHIP_CALL(Name, ...)                                        \
  void Client::Name {                                                             \
    if (!impl_) return requests::PostNow(callback, Destroyed());                     \
    __VA_ARGS__;                                                                  \
  }

SDKPP_RELATIONSHIP_CALL(SendServiceFriendRequest(std::string const& username, ResultCallback callback),
                        ByUsername(*impl_, Kind::Service, username, "SendServiceFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(SendGameFriendRequest(std::string const& username, ResultCallback callback),
                        ByUsername(*impl_, Kind::Game, username, "SendGameFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(SendServiceFriendRequestById(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "PUT", Kind::Service, userId, "", "SendServiceFriendRequestById", callback))
SDKPP_RELATIONSHIP_CALL(SendGameFriendRequestById(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "PUT", Kind::Game, userId, "", "SendGameFriendRequestById", callback))
SDKPP_RELATIONSHIP_CALL(AcceptServiceFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "PUT", Kind::Service, userId, "", "AcceptServiceFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(AcceptGameFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "PUT", Kind::Game, userId, "", "AcceptGameFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(RejectServiceFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Service, userId, "", "RejectServiceFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(RejectGameFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Game, userId, "", "RejectGameFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(CancelServiceFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Service, userId, "", "CancelServiceFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(CancelGameFriendRequest(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Game, userId, "", "CancelGameFriendRequest", callback))
SDKPP_RELATIONSHIP_CALL(RemoveServiceAndGameFriend(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Service, userId, "", "RemoveServiceAndGameFriend", callback))
SDKPP_RELATIONSHIP_CALL(RemoveGameFriend(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Game, userId, "", "RemoveGameFriend", callback))
SDKPP_RELATIONSHIP_CALL(BlockUser(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "PUT", Kind::Service, userId, "{\"type\":2}", "BlockUser", callback))
SDKPP_RELATIONSHIP_CALL(UnblockUser(uint64_t userId, ResultCallback callback),
                        ById(*impl_, "DELETE", Kind::Service, userId, "", "UnblockUser", callback))

#undef SDKPP_RELATIONSHIP_CALL

void Client::SetRelationshipCreatedCallback(RelationshipCallback callback) {
  if (impl_) impl_->social().callbacks().relationship_created = std::move(callback);
}
void Client::SetRelationshipDeletedCallback(RelationshipCallback callback) {
  if (impl_) impl_->social().callbacks().relationship_deleted = std::move(callback);
}
void Client::SetRelationshipGroupsUpdatedCallback(RelationshipGroupsUpdatedCallback callback) {
  if (impl_) impl_->social().callbacks().relationship_groups_updated = std::move(callback);
}

}  // namespace sdkpp
