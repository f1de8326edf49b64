// Client's guild and user methods.
#include <algorithm>

#include "client/api_requests.h"
#include "social/factory.h"

namespace sdkpp {

using requests::Destroyed;

namespace {

bool IsVoice(ChannelType type) { return type == ChannelType::GuildVoice || type == ChannelType::GuildStageVoice; }

// The chat client's order: channels without a category first, then each category followed by
// its channels; within a group text-like before voice, then by position, then by id.
std::vector<GuildChannel> SortAsShown(std::vector<detail::GuildChannelFields> channels) {
  auto by_position = [](const detail::GuildChannelFields& a, const detail::GuildChannelFields& b) {
    if (IsVoice(a.type) != IsVoice(b.type)) return !IsVoice(a.type);
    if (a.position != b.position) return a.position < b.position;
    return a.id < b.id;
  };
  std::vector<detail::GuildChannelFields> categories, loose;
  std::unordered_map<uint64_t, std::vector<detail::GuildChannelFields>> children;
  for (auto& channel : channels) {
    if (channel.type == ChannelType::GuildCategory) categories.push_back(channel);
    else if (channel.parent_id) children[*channel.parent_id].push_back(channel);
    else loose.push_back(channel);
  }
  // A channel whose category is not visible shows among the loose ones.
  for (auto& [parent, list] : children) {
    bool known = std::any_of(categories.begin(), categories.end(), [&](const auto& c) { return c.id == parent; });
    if (!known) loose.insert(loose.end(), list.begin(), list.end());
  }
  std::sort(loose.begin(), loose.end(), by_position);
  std::sort(categories.begin(), categories.end(), [](const auto& a, const auto& b) {
    return a.position != b.position ? a.position < b.position : a.id < b.id;
  });
  std::vector<GuildChannel> sorted;
  for (auto& channel : loose) sorted.push_back(detail::SocialFactory::Channel(channel));
  for (auto& category : categories) {
    sorted.push_back(detail::SocialFactory::Channel(category));
    auto it = children.find(category.id);
    if (it == children.end()) continue;
    std::sort(it->second.begin(), it->second.end(), by_position);
    for (auto& channel : it->second) sorted.push_back(detail::SocialFactory::Channel(channel));
  }
  return sorted;
}

}  // namespace

void Client::GetUserGuilds(GetUserGuildsCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::vector<GuildMinimal>{});
  ClientImpl& impl = *impl_;
  impl.AuthedRequest(requests::Json("GET", "/users/@me/guilds", "", "GetUserGuilds"), [&impl, callback](http::ApiResponse response) {
    std::vector<GuildMinimal> guilds;
    if (response.result.Successful()) {
      if (auto doc = json::Document::Parse(response.body)) {
        for (const auto& guild : doc->Root().Items()) {
          if (auto id = guild["id"].Snowflake()) {
            guilds.push_back(detail::SocialFactory::Guild(*id, std::string(guild["name"].String().value_or(""))));
          }
        }
      }
    }
    if (callback) impl.Post([callback, result = response.result, guilds] { callback(result, guilds); });
  });
}

void Client::GetGuildChannels(uint64_t guildId, GetGuildChannelsCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::vector<GuildChannel>{});
  ClientImpl& impl = *impl_;
  impl.AuthedRequest(
      requests::Json("GET", "/guilds/" + std::to_string(guildId) + "/channels", "", "GetGuildChannels"),
      [&impl, callback](http::ApiResponse response) {
        std::vector<detail::GuildChannelFields> channels;
        if (response.result.Successful()) {
          if (auto doc = json::Document::Parse(response.body)) {
            for (const auto& item : doc->Root().Items()) {
              auto id = item["id"].Snowflake();
              if (!id) continue;
              detail::GuildChannelFields fields;
              fields.id = *id;
              fields.name = std::string(item["name"].String().value_or(""));
              fields.type = static_cast<ChannelType>(item["type"].Int().value_or(0));
              fields.position = static_cast<int32_t>(item["position"].Int().value_or(0));
              fields.parent_id = item["parent_id"].Snowflake();
              fields.is_linkable = item["is_linkable"].Bool().value_or(false);
              fields.is_viewable_and_writeable_by_all_members =
                  item["is_viewable_and_writeable_by_all_members"].Bool().value_or(false);
              json::Value linked = item["linked_lobby"];
              if (auto lobby = linked["lobby_id"].Snowflake()) {
                LinkedLobby link;
                link.SetLobbyId(*lobby);
                link.SetApplicationId(linked["application_id"].Snowflake().value_or(0));
                fields.linked_lobby = link;
              }
              channels.push_back(std::move(fields));
            }
          }
        }
        auto sorted = SortAsShown(std::move(channels));
        if (callback) impl.Post([callback, result = response.result, sorted] { callback(result, sorted); });
      });
}

UserHandle Client::GetCurrentUser() const {
  // Deprecated: before Ready this is a placeholder (id 0, reading defaults).
  if (!impl_) return UserHandle::nullobj;
  return detail::SocialFactory::User(impl_->social().ref(), impl_->social().state()->current_user_id);
}

std::optional<UserHandle> Client::GetCurrentUserV2() const {
  if (!impl_ || impl_->status() != Status::Ready) return std::nullopt;
  uint64_t id = impl_->social().state()->current_user_id;
  if (id == 0) return std::nullopt;
  return detail::SocialFactory::User(impl_->social().ref(), id);
}

std::optional<UserHandle> Client::GetUser(uint64_t userId) const {
  if (!impl_ || !impl_->social().state()->User(userId)) return std::nullopt;
  return detail::SocialFactory::User(impl_->social().ref(), userId);
}

void Client::GetServiceClientConnectedUser(uint64_t applicationId, GetServiceClientConnectedUserCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::optional<UserHandle>{});
  if (applicationId == 0) {
    return requests::PostNow(callback, requests::Invalid("GetServiceClientConnectedUser: applicationId must not be 0"),
                          std::optional<UserHandle>{});
  }
  ClientImpl& impl = *impl_;
  if (impl.local_client().application_id() == 0) impl.local_client().SetApplicationId(applicationId);
  impl.local_client().Reach([&impl, callback](bool reachable) {
    if (!callback) return;
    auto user_id = impl.local_client().connected_user_id();
    if (!reachable || !user_id) {
      auto failure = ClientResult::Failure(ErrorType::RPCError,
                                           reachable ? "the local chat client named no logged-in user"
                                                     : "no local chat client answered over IPC");
      impl.Post([callback, failure] { callback(failure, std::nullopt); });
      return;
    }
    auto user = detail::SocialFactory::User(impl.social().ref(), *user_id);
    impl.Post([callback, user] { callback(ClientResult::Success(), user); });
  });
}

std::vector<UserApplicationProfileHandle> Client::GetUserApplicationProfiles() const {
  auto me = GetCurrentUserV2();
  return me ? me->UserApplicationProfiles() : std::vector<UserApplicationProfileHandle>{};
}

std::vector<UserApplicationProfileHandle> Client::GetUserApplicationProfilesNoLock() const {
  return GetUserApplicationProfiles();
}

void Client::SetUserUpdatedCallback(UserUpdatedCallback callback) {
  if (impl_) impl_->social().callbacks().user_updated = std::move(callback);
}

}  // namespace sdkpp
