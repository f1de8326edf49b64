// Namespace-level enums of the public surface (docs/guides/migrating-from-cpp.md, "Enums").
// Enums nested in a class (Client::Status, Call::Error, UserHandle::AvatarType, ...) are
// declared in that class's header from the lists in enum_lists.h.
#pragma once

#include <cstdint>

#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"

namespace sdkpp {

// How a call decides when to send the microphone (Call::SetAudioMode). Its members, each with its
// meaning: detail/enum_lists.h.
enum class AudioModeType : int32_t { SDKPP_ENUM_LIST_AUDIO_MODE_TYPE(SDKPP_ENUM_MEMBER) };
// The C++ SDK's audio system choice (ClientCreateOptions::SetExperimentalAudioSystem); kept, no
// effect in this build. Its members, each with its meaning: detail/enum_lists.h.
enum class AudioSystem : int32_t { SDKPP_ENUM_LIST_AUDIO_SYSTEM(SDKPP_ENUM_MEMBER) };
// The kind of an access token (Client::UpdateToken, the token callbacks). Its members, each with
// its meaning: detail/enum_lists.h.
enum class AuthorizationTokenType : int32_t {
  SDKPP_ENUM_LIST_AUTHORIZATION_TOKEN_TYPE(SDKPP_ENUM_MEMBER)
};
// The PKCE challenge method (AuthorizationCodeChallenge). Its members, each with its meaning:
// detail/enum_lists.h.
enum class AuthenticationCodeChallengeMethod : int32_t {
  SDKPP_ENUM_LIST_AUTHENTICATION_CODE_CHALLENGE_METHOD(SDKPP_ENUM_MEMBER)
};
// The kind of external token a provisional account is made from (Client::GetProvisionalToken). Its
// members, each with its meaning: detail/enum_lists.h.
enum class AuthenticationExternalAuthType : int32_t {
  SDKPP_ENUM_LIST_AUTHENTICATION_EXTERNAL_AUTH_TYPE(SDKPP_ENUM_MEMBER)
};
// The provider of a linked external identity (UserApplicationProfileHandle::ProviderType). Its
// members, each with its meaning: detail/enum_lists.h.
enum class ExternalIdentityProviderType : int32_t {
  SDKPP_ENUM_LIST_EXTERNAL_IDENTITY_PROVIDER_TYPE(SDKPP_ENUM_MEMBER)
};
// Where Authorize installs the application (AuthorizationArgs::SetIntegrationType). Its members,
// each with its meaning: detail/enum_lists.h.
enum class IntegrationType : int32_t { SDKPP_ENUM_LIST_INTEGRATION_TYPE(SDKPP_ENUM_MEMBER) };
// The kind of a rich presence (Activity::SetType); UpdateRichPresence accepts Playing, Listening,
// Watching and Competing. Its members, each with its meaning: detail/enum_lists.h.
enum class ActivityTypes : int32_t { SDKPP_ENUM_LIST_ACTIVITY_TYPES(SDKPP_ENUM_MEMBER) };
// The kind of an ActivityInvite. Its members, each with its meaning: detail/enum_lists.h.
enum class ActivityActionTypes : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_ACTION_TYPES(SDKPP_ENUM_MEMBER)
};
// Who may join an ActivityParty. Its members, each with its meaning: detail/enum_lists.h.
enum class ActivityPartyPrivacy : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_PARTY_PRIVACY(SDKPP_ENUM_MEMBER)
};
// Which field of an Activity the player's status line shows. Its members, each with its meaning:
// detail/enum_lists.h.
enum class StatusDisplayTypes : int32_t { SDKPP_ENUM_LIST_STATUS_DISPLAY_TYPES(SDKPP_ENUM_MEMBER) };
// Platforms a game can be joined from: bit flags, combined with `|`
// (Activity::SetSupportedPlatforms). Its members, each with its meaning: detail/enum_lists.h.
enum class ActivityGamePlatforms : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(SDKPP_ENUM_MEMBER)
};
// A user's online status (UserHandle::Status, Client::SetOnlineStatus, which accepts Online, Idle,
// Dnd and Invisible). Its members, each with its meaning: detail/enum_lists.h.
enum class StatusType : int32_t { SDKPP_ENUM_LIST_STATUS_TYPE(SDKPP_ENUM_MEMBER) };
// The level of a log line; a log callback or file gets the lines at or above its minimum
// (Client::AddLogCallback). Release builds deliver only Warning and Error. Its members, each with
// its meaning: detail/enum_lists.h.
enum class LoggingSeverity : int32_t { SDKPP_ENUM_LIST_LOGGING_SEVERITY(SDKPP_ENUM_MEMBER) };
// What kind of failure a ClientResult reports (result.Type()). Its members, each with its meaning:
// detail/enum_lists.h.
enum class ErrorType : int32_t { SDKPP_ENUM_LIST_ERROR_TYPE(SDKPP_ENUM_MEMBER) };
// The HTTP status of a service answer (ClientResult::Status); None when there was no answer. Its
// members, each with its meaning: detail/enum_lists.h.
enum class HttpStatusCode : int32_t { SDKPP_ENUM_LIST_HTTP_STATUS_CODE(SDKPP_ENUM_MEMBER) };
// The kind of a channel (ChannelHandle::Type, GuildChannel::Type). Its members, each with its
// meaning: detail/enum_lists.h.
enum class ChannelType : int32_t { SDKPP_ENUM_LIST_CHANNEL_TYPE(SDKPP_ENUM_MEMBER) };
// A relationship between two users, on the service or in the game (RelationshipHandle). Its
// members, each with its meaning: detail/enum_lists.h.
enum class RelationshipType : int32_t { SDKPP_ENUM_LIST_RELATIONSHIP_TYPE(SDKPP_ENUM_MEMBER) };
// The groups of friends Client::GetRelationshipsByGroup sorts them into. Its members, each with its
// meaning: detail/enum_lists.h.
enum class RelationshipGroupType : int32_t {
  SDKPP_ENUM_LIST_RELATIONSHIP_GROUP_TYPE(SDKPP_ENUM_MEMBER)
};
// What a message holds that is not text (AdditionalContent::Type). Its members, each with its
// meaning: detail/enum_lists.h.
enum class AdditionalContentType : int32_t {
  SDKPP_ENUM_LIST_ADDITIONAL_CONTENT_TYPE(SDKPP_ENUM_MEMBER)
};
// What the chat client tells the player about a message (MessageHandle::DisclosureType). Its
// members, each with its meaning: detail/enum_lists.h.
enum class DisclosureTypes : int32_t { SDKPP_ENUM_LIST_DISCLOSURE_TYPES(SDKPP_ENUM_MEMBER) };

// The union of two sets of platforms (ActivityGamePlatforms::Desktop | ActivityGamePlatforms::IOS).
constexpr ActivityGamePlatforms operator|(ActivityGamePlatforms a, ActivityGamePlatforms b) {
  return static_cast<ActivityGamePlatforms>(static_cast<int32_t>(a) | static_cast<int32_t>(b));
}
// The platforms in both sets: test one with `(platforms & ActivityGamePlatforms::IOS) ==
// ActivityGamePlatforms::IOS`.
constexpr ActivityGamePlatforms operator&(ActivityGamePlatforms a, ActivityGamePlatforms b) {
  return static_cast<ActivityGamePlatforms>(static_cast<int32_t>(a) & static_cast<int32_t>(b));
}

// Names of enum values, e.g. EnumToString(ErrorType::ValidationError) == "ValidationError".
// An out-of-range value answers "unknown" (it never reads out of bounds).
const char* EnumToString(AudioModeType value);
const char* EnumToString(AudioSystem value);
const char* EnumToString(AuthorizationTokenType value);
const char* EnumToString(AuthenticationCodeChallengeMethod value);
const char* EnumToString(AuthenticationExternalAuthType value);
const char* EnumToString(ExternalIdentityProviderType value);
const char* EnumToString(IntegrationType value);
const char* EnumToString(ActivityTypes value);
const char* EnumToString(ActivityActionTypes value);
const char* EnumToString(ActivityPartyPrivacy value);
const char* EnumToString(StatusDisplayTypes value);
const char* EnumToString(ActivityGamePlatforms value);
const char* EnumToString(StatusType value);
const char* EnumToString(LoggingSeverity value);
const char* EnumToString(ErrorType value);
const char* EnumToString(HttpStatusCode value);
const char* EnumToString(ChannelType value);
const char* EnumToString(RelationshipType value);
const char* EnumToString(RelationshipGroupType value);
const char* EnumToString(AdditionalContentType value);
const char* EnumToString(DisclosureTypes value);

}  // namespace sdkpp
