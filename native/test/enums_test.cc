// Enum values are exactly those of docs/guides/migrating-from-cpp.md, and EnumToString names them.
#include "framework/test.h"

#include <string>

#include "sdkpp/sdkpp.h"

namespace {

using namespace sdkpp;

#define EXPECT_ENUM(value, number, name)                     \
  EXPECT_EQ(static_cast<int>(value), number) << #value;      \
  EXPECT_STREQ(EnumToString(value), name) << #value

TEST(Enums, ClientNestedEnums) {
  EXPECT_ENUM(Client::Status::Disconnected, 0, "Disconnected");
  EXPECT_ENUM(Client::Status::Ready, 3, "Ready");
  EXPECT_ENUM(Client::Status::HttpWait, 6, "HttpWait");
  EXPECT_ENUM(Client::Error::ConnectionCanceled, 3, "ConnectionCanceled");
  EXPECT_ENUM(Client::Thread::Network, 2, "Network");
  EXPECT_STREQ(Client::StatusToString(Client::Status::Reconnecting), "Reconnecting");
  EXPECT_STREQ(Client::ErrorToString(Client::Error::UnexpectedClose), "UnexpectedClose");
  EXPECT_STREQ(Client::ThreadToString(Client::Thread::Voice), "Voice");
}

TEST(Enums, CallAndUserHandleNestedEnums) {
  EXPECT_ENUM(Call::Status::SignalingConnected, 3, "SignalingConnected");
  EXPECT_ENUM(Call::Status::Disconnecting, 6, "Disconnecting");
  EXPECT_ENUM(Call::Error::Forbidden, 5, "Forbidden");
  EXPECT_STREQ(Call::StatusToString(Call::Status::Joining), "Joining");
  EXPECT_STREQ(Call::ErrorToString(Call::Error::JoinTimeout), "JoinTimeout");
  EXPECT_ENUM(UserHandle::AvatarType::Jpeg, 3, "Jpeg");
}

TEST(Enums, NamespaceEnums) {
  EXPECT_ENUM(AudioModeType::MODE_PTT, 2, "MODE_PTT");
  EXPECT_ENUM(AudioSystem::Game, 1, "Game");
  EXPECT_ENUM(AuthorizationTokenType::Bearer, 1, "Bearer");
  EXPECT_ENUM(AuthenticationCodeChallengeMethod::S256, 0, "S256");
  EXPECT_ENUM(AuthenticationExternalAuthType::ServiceBotIssuedAccessToken, 5,
              "ServiceBotIssuedAccessToken");
  EXPECT_ENUM(AuthenticationExternalAuthType::PlayStationNetworkIdToken, 7,
              "PlayStationNetworkIdToken");
  EXPECT_ENUM(ExternalIdentityProviderType::Unknown, 6, "Unknown");
  EXPECT_ENUM(IntegrationType::UserInstall, 1, "UserInstall");
  EXPECT_ENUM(ActivityTypes::HangStatus, 6, "HangStatus");
  EXPECT_ENUM(ActivityActionTypes::JoinRequest, 5, "JoinRequest");
  EXPECT_ENUM(ActivityPartyPrivacy::Public, 1, "Public");
  EXPECT_ENUM(StatusDisplayTypes::Details, 2, "Details");
  EXPECT_ENUM(ActivityGamePlatforms::PS5, 128, "PS5");
  EXPECT_ENUM(StatusType::Unknown, 7, "Unknown");
  EXPECT_ENUM(LoggingSeverity::Verbose, 1, "Verbose");
  EXPECT_ENUM(LoggingSeverity::None, 5, "None");
  EXPECT_ENUM(ErrorType::RPCError, 9, "RPCError");
  EXPECT_ENUM(HttpStatusCode::Ok, 200, "Ok");
  EXPECT_ENUM(HttpStatusCode::TooManyRequests, 429, "TooManyRequests");
  EXPECT_ENUM(HttpStatusCode::NetworkAuthenticationRequired, 511,
              "NetworkAuthenticationRequired");
  EXPECT_ENUM(ChannelType::Lobby, 17, "Lobby");
  EXPECT_ENUM(ChannelType::EphemeralDm, 18, "EphemeralDm");
  EXPECT_ENUM(RelationshipType::Suggestion, 6, "Suggestion");
  EXPECT_ENUM(RelationshipGroupType::Offline, 2, "Offline");
  EXPECT_ENUM(AdditionalContentType::Sticker, 6, "Sticker");
  EXPECT_ENUM(DisclosureTypes::MessageDataVisibleOnService, 3, "MessageDataVisibleOnService");
}

TEST(Enums, OutOfRangeValuesAreUnknownNotUndefinedBehaviour) {
  EXPECT_STREQ(EnumToString(static_cast<ErrorType>(99)), "unknown");
  EXPECT_STREQ(EnumToString(static_cast<HttpStatusCode>(-1)), "unknown");
  EXPECT_STREQ(EnumToString(static_cast<ChannelType>(7)), "unknown");  // a gap in the list
  EXPECT_STREQ(Client::StatusToString(static_cast<Client::Status>(1000)), "unknown");
}

TEST(Enums, GamePlatformFlagsCombine) {
  auto both = ActivityGamePlatforms::Desktop | ActivityGamePlatforms::Android;
  EXPECT_EQ(static_cast<int>(both), 17);
  EXPECT_EQ(both & ActivityGamePlatforms::Android, ActivityGamePlatforms::Android);
}

}  // namespace
