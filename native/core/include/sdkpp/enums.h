// Namespace-level enums of the public surface (docs/guides/migrating-from-cpp.md, "Enums").
// Enums nested in a class (Client::Status, Call::Error, UserHandle::AvatarType, ...) are
// declared in that class's header from the lists in enum_lists.h.
#pragma once

#include <cstdint>

#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"

namespace sdkpp {

enum class AudioModeType : int32_t { SDKPP_ENUM_LIST_AUDIO_MODE_TYPE(SDKPP_ENUM_MEMBER) };
enum class AudioSystem : int32_t { SDKPP_ENUM_LIST_AUDIO_SYSTEM(SDKPP_ENUM_MEMBER) };
enum class AuthorizationTokenType : int32_t {
  SDKPP_ENUM_LIST_AUTHORIZATION_TOKEN_TYPE(SDKPP_ENUM_MEMBER)
};
enum class AuthenticationCodeChallengeMethod : int32_t {
  SDKPP_ENUM_LIST_AUTHENTICATION_CODE_CHALLENGE_METHOD(SDKPP_ENUM_MEMBER)
};
enum class AuthenticationExternalAuthType : int32_t {
  SDKPP_ENUM_LIST_AUTHENTICATION_EXTERNAL_AUTH_TYPE(SDKPP_ENUM_MEMBER)
};
enum class ExternalIdentityProviderType : int32_t {
  SDKPP_ENUM_LIST_EXTERNAL_IDENTITY_PROVIDER_TYPE(SDKPP_ENUM_MEMBER)
};
enum class IntegrationType : int32_t { SDKPP_ENUM_LIST_INTEGRATION_TYPE(SDKPP_ENUM_MEMBER) };
enum class ActivityTypes : int32_t { SDKPP_ENUM_LIST_ACTIVITY_TYPES(SDKPP_ENUM_MEMBER) };
enum class ActivityActionTypes : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_ACTION_TYPES(SDKPP_ENUM_MEMBER)
};
enum class ActivityPartyPrivacy : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_PARTY_PRIVACY(SDKPP_ENUM_MEMBER)
};
enum class StatusDisplayTypes : int32_t { SDKPP_ENUM_LIST_STATUS_DISPLAY_TYPES(SDKPP_ENUM_MEMBER) };
// Bit flags: combine with |.
enum class ActivityGamePlatforms : int32_t {
  SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(SDKPP_ENUM_MEMBER)
};
enum class StatusType : int32_t { SDKPP_ENUM_LIST_STATUS_TYPE(SDKPP_ENUM_MEMBER) };
enum class LoggingSeverity : int32_t { SDKPP_ENUM_LIST_LOGGING_SEVERITY(SDKPP_ENUM_MEMBER) };
enum class ErrorType : int32_t { SDKPP_ENUM_LIST_ERROR_TYPE(SDKPP_ENUM_MEMBER) };
enum class HttpStatusCode : int32_t { SDKPP_ENUM_LIST_HTTP_STATUS_CODE(SDKPP_ENUM_MEMBER) };
enum class ChannelType : int32_t { SDKPP_ENUM_LIST_CHANNEL_TYPE(SDKPP_ENUM_MEMBER) };
enum class RelationshipType : int32_t { SDKPP_ENUM_LIST_RELATIONSHIP_TYPE(SDKPP_ENUM_MEMBER) };
enum class RelationshipGroupType : int32_t {
  SDKPP_ENUM_LIST_RELATIONSHIP_GROUP_TYPE(SDKPP_ENUM_MEMBER)
};
enum class AdditionalContentType : int32_t {
  SDKPP_ENUM_LIST_ADDITIONAL_CONTENT_TYPE(SDKPP_ENUM_MEMBER)
};
enum class DisclosureTypes : int32_t { SDKPP_ENUM_LIST_DISCLOSURE_TYPES(SDKPP_ENUM_MEMBER) };

constexpr ActivityGamePlatforms operator|(ActivityGamePlatforms a, ActivityGamePlatforms b) {
  return static_cast<ActivityGamePlatforms>(static_cast<int32_t>(a) | static_cast<int32_t>(b));
}
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
