// The service's JSON objects (users, lobbies, members, messages, relationships) into records.
// Missing or malformed fields read as defaults; an object without its id is refused.
#pragma once

#include <optional>

#include "json/json.h"
#include "social/records.h"

namespace sdkpp::social {

std::optional<UserRecord> ParseUser(const json::Value& user);
// A user object's `application_profiles` (its own object only: GET /users/@me, READY).
inline constexpr size_t kMaxApplicationProfiles = 32;
std::vector<ApplicationProfileRecord> ParseApplicationProfiles(const json::Value& profiles);
std::optional<LobbyMemberRecord> ParseLobbyMember(const json::Value& member);
std::optional<LobbyRecord> ParseLobby(const json::Value& lobby);
std::optional<MessageRecord> ParseMessage(const json::Value& message);
// What of a message the SDK cannot show as text (one kind only, the first that applies);
// nullopt for a text-only message.
std::optional<AdditionalContentRecord> ParseAdditionalContent(const json::Value& message);
std::optional<RelationshipRecord> ParseRelationship(const json::Value& relationship);
StringMap ParseStringMap(const json::Value& object);
// Snowflake ids carry their creation time.
uint64_t SnowflakeTimeMs(uint64_t id);

}  // namespace sdkpp::social
