#include "social/social_layer.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "social/parse.h"
#include "social/record_bounds.h"

namespace sdkpp::social {
namespace {

StatusType ParseStatus(std::string_view status) {
  if (status == "online") return StatusType::Online;
  if (status == "idle") return StatusType::Idle;
  if (status == "dnd") return StatusType::Dnd;
  if (status == "invisible") return StatusType::Invisible;
  if (status == "offline") return StatusType::Offline;
  if (status == "streaming") return StatusType::Streaming;
  return StatusType::Unknown;
}

}  // namespace

SocialLayer::SocialLayer(FeatureContext& context) : context_(context), state_(std::make_shared<SocialState>()) {
  state_->messages.SetServiceClock([&http = context_.http] { return http.ServiceNowMs(); });
}

SocialLayer::~SocialLayer() { state_->messages.SetServiceClock({}); }

void SocialLayer::Post(std::function<void()> callback) { context_.callbacks.PostEvent(std::move(callback)); }

void SocialLayer::RememberUser(const json::Value& user) {
  auto parsed = ParseUser(user);
  if (!parsed) return;
  auto [it, inserted] = state_->users.try_emplace(parsed->id, *parsed);
  it->second.touched = ++state_->touch_clock;
  if (inserted) BoundUsers();
  if (!inserted) {
    // Keep what the user object does not say (presence, activity, profiles).
    it->second.username = parsed->username.empty() ? it->second.username : parsed->username;
    it->second.global_name = parsed->global_name;
    it->second.avatar = parsed->avatar;
    it->second.provisional = parsed->provisional;
    it->second.bot = parsed->bot;
    // Only the user's own object carries its profiles; others' objects leave them as they are.
    if (user["application_profiles"].IsArray()) it->second.application_profiles = parsed->application_profiles;
  }
}

void SocialLayer::RegisterHandlers(gateway::DispatchHandlers& handlers) {
  using Type = std::string_view;
  using Data = const json::Value&;
  handlers.Register({"READY"}, [this](Type, Data data) { OnReady(data); });
  handlers.Register({"PRESENCE_UPDATE"}, [this](Type, Data data) { OnPresence(data); });
  handlers.Register({"USER_UPDATE"}, [this](Type, Data data) { OnUserUpdate(data); });
  handlers.Register({"RELATIONSHIP_ADD", "RELATIONSHIP_UPDATE", "RELATIONSHIP_REMOVE"},
                    [this](Type type, Data data) { OnRelationship(type, data); });
  handlers.Register({"LOBBY_CREATE"}, [this](Type, Data data) { ApplyLobby(data, Origin::Create); });
  handlers.Register({"LOBBY_UPDATE"}, [this](Type, Data data) { ApplyLobby(data, Origin::Update); });
  handlers.Register({"LOBBY_DELETE"}, [this](Type, Data data) { OnLobbyDeleted(data); });
  handlers.Register({"LOBBY_MEMBER_ADD", "LOBBY_MEMBER_UPDATE", "LOBBY_MEMBER_REMOVE"},
                    [this](Type type, Data data) { OnMember(type, data); });
  handlers.Register({"LOBBY_MESSAGE_CREATE", "MESSAGE_CREATE"},
                    [this](Type, Data data) { ApplyMessage(data, Origin::Create); });
  handlers.Register({"LOBBY_MESSAGE_UPDATE", "MESSAGE_UPDATE"},
                    [this](Type, Data data) { ApplyMessage(data, Origin::Update); });
  handlers.Register({"LOBBY_MESSAGE_DELETE"}, [this](Type, Data data) { OnMessageDeleted(data, true); });
  handlers.Register({"MESSAGE_DELETE"}, [this](Type, Data data) { OnMessageDeleted(data, false); });
  handlers.Register({"ACTIVITY_INVITE_CREATE"}, [this](Type, Data data) { OnActivityInvite(data, true); });
  handlers.Register({"ACTIVITY_INVITE_UPDATE"}, [this](Type, Data data) { OnActivityInvite(data, false); });
}

void SocialLayer::OnUserUpdate(const json::Value& data) {
  RememberUser(data);
  if (auto id = data["id"].Snowflake(); id && callbacks_.user_updated) {
    auto cb = callbacks_.user_updated;
    Post([cb, id = *id] { cb(id); });
  }
}

void SocialLayer::OnActivityInvite(const json::Value& data, bool created) {
  auto cb = created ? callbacks_.activity_invite_created : callbacks_.activity_invite_updated;
  if (!cb) return;
  // The app reads the invite later, from its own copy of the document.
  std::string raw = data.Serialize();
  Post([cb, raw] {
    if (auto doc = json::Document::Parse(raw)) cb(doc->Root());
  });
}

void SocialLayer::OnReady(const json::Value& data) {
  // A fresh session: the old picture may have gaps.
  state_->messages.ForgetContiguity();
  json::Value user = data["user"];
  RememberUser(user);
  state_->current_user_id = user["id"].Snowflake().value_or(0);
  if (auto* me = const_cast<UserRecord*>(state_->User(state_->current_user_id))) me->status = StatusType::Online;
  state_->relationships.clear();
  for (const auto& relationship : data["relationships"].Items()) {
    RememberUser(relationship["user"]);
    if (auto parsed = ParseRelationship(relationship)) state_->relationships[parsed->user_id] = *parsed;
  }
  // READY lists every lobby the player is in: one it does not list is no longer the player's,
  // and joining it again is news (LobbyCreated) even if the bounds had let it go before.
  evicted_lobbies_.Clear();
  std::vector<uint64_t> seen;
  for (const auto& lobby : data["lobbies"].Items()) {
    ApplyLobby(lobby, Origin::Snapshot);
    if (auto id = lobby["id"].Snowflake()) seen.push_back(*id);
  }
  for (auto it = state_->lobbies.begin(); it != state_->lobbies.end();) {
    it = std::find(seen.begin(), seen.end(), it->first) == seen.end() ? state_->lobbies.erase(it) : std::next(it);
  }
  for (const auto& presence : data["presences"].Items()) OnPresence(presence);
}

void SocialLayer::OnPresence(const json::Value& data) {
  auto id = data["user"]["id"].Snowflake();
  if (!id) return;
  auto& user = state_->users[*id];
  user.id = *id;
  user.touched = ++state_->touch_clock;
  user.status = ParseStatus(data["status"].String().value_or("offline"));
  user.game_activity_json.reset();
  for (const auto& activity : data["activities"].Items()) {
    auto app = activity["application_id"].Snowflake();
    const uint64_t application_id = context_.settings.application_id;
    if (!app || *app == application_id || application_id == 0) {
      user.game_activity_json = activity.Serialize();
      break;
    }
  }
  if (callbacks_.user_updated) {
    auto cb = callbacks_.user_updated;
    Post([cb, id = *id] { cb(id); });
  }
  BoundUsers();
}

void SocialLayer::OnRelationship(std::string_view type, const json::Value& data) {
  RememberUser(data["user"]);
  auto parsed = ParseRelationship(data);
  if (!parsed) return;
  uint64_t user_id = parsed->user_id;
  auto previous = state_->relationships.find(user_id);
  bool existed = previous != state_->relationships.end();
  RelationshipRecord before = existed ? previous->second : RelationshipRecord{user_id};
  bool removed = type == "RELATIONSHIP_REMOVE" ||
                 (parsed->service == RelationshipType::None && parsed->game == RelationshipType::None);
  // A repeat (a replayed ADD, an UPDATE to what the SDK has) changes nothing the app can read.
  // There is no RelationshipUpdated: a change of type is announced as RelationshipCreated.
  if (removed ? !existed : existed && before == *parsed) return;
  if (removed) {
    state_->relationships.erase(user_id);
  } else {
    state_->relationships[user_id] = *parsed;
  }
  bool service_changed = before.service != (removed ? RelationshipType::None : parsed->service);
  if (auto cb = removed ? callbacks_.relationship_deleted : callbacks_.relationship_created) {
    Post([cb, user_id, service_changed] { cb(user_id, service_changed); });
  }
  if (callbacks_.relationship_groups_updated) {
    auto cb = callbacks_.relationship_groups_updated;
    Post([cb, user_id] { cb(user_id); });
  }
}

void SocialLayer::ApplyLobby(const json::Value& lobby, Origin origin) {
  auto parsed = ParseLobby(lobby);
  if (!parsed) return;
  bool has_members = lobby["members"].IsArray();
  for (const auto& member : lobby["members"].Items()) {
    if (member["user"].IsObject()) RememberUser(member["user"]);
  }
  uint64_t id = parsed->id;
  parsed->touched = ++state_->touch_clock;
  auto known = state_->lobbies.find(id);
  if (known == state_->lobbies.end()) {
    // Its members come with it: they are part of its LobbyCreated, not each a MemberAdded.
    bool heard = evicted_lobbies_.Contains(id);
    state_->lobbies.emplace(id, std::move(*parsed));
    BoundLobbies(id);
    if (origin == Origin::Snapshot || (heard && origin == Origin::Create)) return;
    // Back after the bounds let it go: the app heard of it, and an update may say something new.
    auto cb = heard ? callbacks_.lobby_updated : callbacks_.lobby_created;
    if (cb) Post([cb, id] { cb(id); });
    return;
  }
  LobbyRecord& record = known->second;
  bool own_fields_changed = !SameReadableOwnFields(record, *parsed);
  std::vector<LobbyMemberRecord> before;
  if (has_members) {
    before = std::move(record.members);
  } else {
    parsed->members = std::move(record.members);  // an object without a member list says nothing of them
  }
  record = std::move(*parsed);
  if (origin == Origin::Snapshot) return;
  if (own_fields_changed) {
    if (auto cb = callbacks_.lobby_updated) Post([cb, id] { cb(id); });
  }
  if (has_members) AnnounceMemberChanges(id, before, record.members);
}

void SocialLayer::AnnounceMemberChanges(uint64_t lobby_id, const std::vector<LobbyMemberRecord>& before,
                                        const std::vector<LobbyMemberRecord>& after) {
  // The member events (LOBBY_MEMBER_ADD, ...) may come before or after this object: whichever
  // brings a member's change first announces it, and the other then finds nothing new.
  std::unordered_map<uint64_t, const LobbyMemberRecord*> old_members;
  old_members.reserve(before.size());
  for (const auto& member : before) old_members.emplace(member.id, &member);
  auto post = [this, lobby_id](const std::function<void(uint64_t, uint64_t)>& cb, uint64_t member_id) {
    if (cb) Post([cb, lobby_id, member_id] { cb(lobby_id, member_id); });
  };
  for (const auto& member : after) {
    auto old = old_members.find(member.id);
    if (old == old_members.end()) {
      post(callbacks_.member_added, member.id);
      continue;
    }
    if (!(*old->second == member)) post(callbacks_.member_updated, member.id);
    old_members.erase(old);
  }
  for (const auto& member : before) {
    if (old_members.count(member.id) > 0) post(callbacks_.member_removed, member.id);
  }
}

void SocialLayer::OnLobbyDeleted(const json::Value& data) {
  if (auto id = data["id"].Snowflake()) ForgetLobby(*id);
}

void SocialLayer::ForgetLobby(uint64_t lobby_id) {
  // A lobby the bounds let go is still one the app knows: its delete is news too.
  bool known = state_->lobbies.erase(lobby_id) > 0 || evicted_lobbies_.Contains(lobby_id);
  evicted_lobbies_.Forget(lobby_id);  // joining it again is a new LobbyCreated
  if (!known) return;
  state_->messages.DropChannel(lobby_id);
  if (auto cb = callbacks_.lobby_deleted) Post([cb, lobby_id] { cb(lobby_id); });
}

void SocialLayer::OnMember(std::string_view type, const json::Value& data) {
  auto lobby_id = data["lobby_id"].Snowflake();
  auto member = ParseLobbyMember(data["member"]);
  if (!lobby_id || !member) return;
  auto lobby = state_->lobbies.find(*lobby_id);
  if (lobby == state_->lobbies.end()) return;
  auto& members = lobby->second.members;
  auto it = std::find_if(members.begin(), members.end(), [&](const auto& m) { return m.id == member->id; });
  uint64_t member_id = member->id;
  std::function<void(uint64_t, uint64_t)> cb;
  if (type == "LOBBY_MEMBER_REMOVE") {
    if (it == members.end()) return;
    members.erase(it);
    cb = callbacks_.member_removed;
  } else if (it == members.end()) {
    members.push_back(std::move(*member));
    cb = callbacks_.member_added;
  } else if (*it == *member) {
    return;  // a replayed ADD, or what a lobby object already brought (and announced)
  } else {
    *it = std::move(*member);
    cb = callbacks_.member_updated;
  }
  if (cb) Post([cb, lobby_id = *lobby_id, member_id] { cb(lobby_id, member_id); });
}

void SocialLayer::RememberDmChannel(const MessageRecord& message) {
  // A direct message's channel is the conversation with the other user.
  if (message.lobby_id != 0 || message.channel_id == 0) return;
  uint64_t me = state_->current_user_id;
  uint64_t other = message.author_id == me ? message.recipient_id : message.author_id;
  bool created = state_->channels.count(message.channel_id) == 0;
  auto& channel = state_->channels[message.channel_id];
  channel.id = message.channel_id;
  channel.touched = ++state_->touch_clock;
  channel.type = ChannelType::Dm;
  if (channel.recipients.empty() && other != 0) channel.recipients = {other};
  if (created) BoundChannels(message.channel_id);
}

void SocialLayer::BoundUsers() {
  if (state_->users.size() <= kMaxUserRecords) return;
  // Who must stay readable: the player, relationships, lobby members, DM partners.
  std::unordered_set<uint64_t> needed{state_->current_user_id};
  for (const auto& [id, relationship] : state_->relationships) needed.insert(id);
  for (const auto& [id, lobby] : state_->lobbies) {
    for (const auto& member : lobby.members) needed.insert(member.id);
  }
  for (const auto& [id, channel] : state_->channels) needed.insert(channel.recipients.begin(), channel.recipients.end());
  size_t removed = EvictLeastRecentlyTouched(state_->users, kMaxUserRecords, [&](uint64_t id) { return needed.count(id) > 0; });
  if (removed > 0) {
    context_.logger.Log(LoggingSeverity::Verbose, "social: let go of " + std::to_string(removed) + " user records nobody needs");
  }
}

void SocialLayer::BoundChannels(uint64_t just_written) {
  EvictLeastRecentlyTouched(state_->channels, kMaxChannelRecords, [&](uint64_t id) { return id == just_written; });
}

void SocialLayer::BoundLobbies(uint64_t just_written) {
  // The messages of a lobby the SDK no longer holds go with it; the app knew the lobby, so a
  // replay of its create stays silent. They are remembered in the order they were let go (least
  // recently touched first), so the memory, full, forgets the staler lobby first — not one
  // picked by the hash map's order.
  EvictLeastRecentlyTouched(
      state_->lobbies, kMaxLobbyRecords, [&](uint64_t id) { return id == just_written; },
      [&](uint64_t id) {
        state_->messages.DropChannel(id);
        evicted_lobbies_.Remember(id);
      });
}

namespace {

// Pinned while the callback is queued, so GetMessageHandle(id) answers inside it even when the
// cache's bounds push the message out (a burst longer than the channel bound, or a message
// older than the 200 newest of its channel). The pin goes with the queued callback: after it
// ran, or if the queue was dropped without running it.
class MessagePin {
 public:
  MessagePin(const std::shared_ptr<SocialState>& state, uint64_t id) : state_(state), id_(id) { state->messages.Pin(id); }
  MessagePin(const MessagePin&) = delete;
  MessagePin& operator=(const MessagePin&) = delete;
  ~MessagePin() {
    if (auto alive = state_.lock()) alive->messages.Unpin(id_);
  }
  uint64_t id() const { return id_; }

 private:
  std::weak_ptr<SocialState> state_;
  uint64_t id_;
};

}  // namespace

void SocialLayer::ApplyMessage(const json::Value& message, Origin origin) {
  RememberUser(message["author"]);
  auto parsed = ParseMessage(message);
  if (!parsed) return;
  uint64_t id = parsed->id;
  RememberDmChannel(*parsed);
  auto& cache = state_->messages;
  const MessageRecord* known = cache.Find(id);
  bool created = false;
  if (known) {
    // Created once: for a record a history page brought, the first create to arrive says it.
    created = !known->announced && origin == Origin::Create;
    bool stale = parsed->edited_ms < known->edited_ms;  // MessageCache::Update keeps the newer
    if (!created && (stale || SameReadable(*known, *parsed))) return;  // nothing new to read
  } else if (cache.AnnouncedThenEvicted(id)) {
    if (origin == Origin::Create) return;  // a replay of a create the app heard of
  } else {
    created = true;
  }
  // Announced from now on (even without a callback set: one set later hears of new ones only).
  parsed->announced = created || !known || known->announced;
  auto cb = created ? callbacks_.message_created : callbacks_.message_updated;
  // Pinned before it goes in: the bounds may evict it at once, the callback must still find it.
  auto pin = cb ? std::make_shared<const MessagePin>(state_, id) : nullptr;
  if (known) {
    cache.Update(*parsed);
  } else {
    cache.AddLive(std::move(*parsed));
  }
  if (!cb || !cache.Find(id)) return;  // a late create of a deleted message
  Post([cb, pin] { cb(pin->id()); });
}

void SocialLayer::OnMessageDeleted(const json::Value& data, bool lobby) {
  auto id = data["id"].Snowflake();
  if (!id) return;
  DeleteMessage(data["channel_id"].Snowflake().value_or(lobby ? data["lobby_id"].Snowflake().value_or(0) : 0), *id);
}

void SocialLayer::DeleteMessage(uint64_t channel_id, uint64_t message_id) {
  if (channel_id == 0) {
    if (const auto* record = state_->messages.Find(message_id)) channel_id = record->channel_id;
  }
  // Whichever of the delete's answer and the gateway's event comes first removes it and says so.
  if (!state_->messages.Delete(channel_id, message_id)) return;
  if (auto cb = callbacks_.message_deleted) Post([cb, message_id, channel_id] { cb(message_id, channel_id); });
}

void SocialLayer::OnSessionLost() { state_->messages.ForgetContiguity(); }

}  // namespace sdkpp::social
