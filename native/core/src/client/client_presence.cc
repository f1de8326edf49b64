// Client's rich presence, activity invites and launch registration.
#include "client/api_requests.h"
#include "context/argument_rules.h"
#include "os/launch_command.h"
#include "sdkpp/limits.h"
#include "social/activity_json.h"

namespace sdkpp {

using requests::Destroyed;
using requests::Invalid;

namespace {

// Presence answers ClientNotReady when there is neither a local chat client nor a Ready gateway
// session. Its text is the connection's own advice (ConnectionStatus::NotReadyText) as it stood
// when the app made the call, which tells "call Connect()" apart from "wait for Ready".
Client::ResultCallback ExplainNotReady(ClientImpl& impl, Client::ResultCallback callback) {
  if (!callback) return callback;
  std::string advice = "no local chat client, and " + ConnectionStatus::NotReadyText(impl.status());
  return [callback = std::move(callback), advice = std::move(advice)](ClientResult result) {
    if (result.Type() == ErrorType::ClientNotReady) result.SetError(advice);
    callback(std::move(result));
  };
}

}  // namespace

void Client::UpdateRichPresence(Activity activity, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  impl_->presence().Update(std::move(activity), ExplainNotReady(*impl_, std::move(callback)));
}

void Client::ClearRichPresence() {
  if (impl_) impl_->presence().Clear();
}

void Client::SetOnlineStatus(StatusType status, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  impl_->presence().SetStatus(status, ExplainNotReady(*impl_, std::move(callback)));
}

namespace {

void PostInvite(ClientImpl& impl, uint64_t recipient, int32_t type, const std::string& party_id,
                const std::string& join_secret, const std::string& content, Client::ResultCallback callback) {
  json::Writer body;
  body.BeginObject().Key("recipient_id").Snowflake(recipient).Key("type").Int(type).Key("party_id").String(party_id);
  if (!join_secret.empty()) body.Key("join_secret").String(join_secret);
  if (!content.empty()) body.Key("content").String(content);
  body.EndObject();
  impl.AuthedRequest(requests::Json("POST", "/users/@me/activity-invites", body.Take(), "SendActivityInvite"),
                     requests::ResultOnly(impl, std::move(callback)));
}

// The current activity's party and join secret, or why an invite cannot be sent.
std::optional<std::string> InviteProblem(ClientImpl& impl) {
  const auto& activity = impl.presence().activity();
  if (!activity || !activity->Party() || activity->Party()->Id().empty()) {
    return "the current rich presence has no party: call UpdateRichPresence with a party first";
  }
  if (!activity->Secrets() || activity->Secrets()->Join().empty()) {
    return "the current rich presence has no join secret: set Secrets().Join first";
  }
  return std::nullopt;
}

}  // namespace

void Client::SendActivityInvite(uint64_t userId, std::string const& content, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  if (auto problem = InviteProblem(impl)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  if (auto problem = rules::CheckText("content", content, 0, limits::kMaxActivityInviteContentCodePoints)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  const auto& activity = *impl.presence().activity();
  PostInvite(impl, userId, static_cast<int32_t>(ActivityActionTypes::Join), activity.Party()->Id(),
             activity.Secrets()->Join(), content, std::move(callback));
}

void Client::SendActivityJoinRequest(uint64_t userId, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  // A join request names the party of the player we ask.
  std::string party_id;
  if (const auto* user = impl.social().state()->User(userId); user && user->game_activity_json) {
    if (auto doc = json::Document::Parse(*user->game_activity_json)) {
      party_id = std::string(doc->Root()["party"]["id"].String().value_or(""));
    }
  }
  if (party_id.empty()) {
    if (callback) impl.Post([callback] { callback(Invalid("userId: that player shows no party to join")); });
    return;
  }
  PostInvite(impl, userId, static_cast<int32_t>(ActivityActionTypes::JoinRequest), party_id, "", "", std::move(callback));
}

void Client::SendActivityJoinRequestReply(ActivityInvite invite, ResultCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed());
  ClientImpl& impl = *impl_;
  if (!invite || invite.Type() != ActivityActionTypes::JoinRequest || invite.SenderId() == 0) {
    if (callback) impl.Post([callback] { callback(Invalid("invite: must be a JoinRequest invite")); });
    return;
  }
  if (auto problem = InviteProblem(impl)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  const auto& activity = *impl.presence().activity();
  PostInvite(impl, invite.SenderId(), static_cast<int32_t>(ActivityActionTypes::Join), activity.Party()->Id(),
             activity.Secrets()->Join(), "", std::move(callback));
}

void Client::AcceptActivityInvite(ActivityInvite invite, AcceptActivityInviteCallback callback) {
  if (!impl_) return requests::PostNow(callback, Destroyed(), std::string());
  ClientImpl& impl = *impl_;
  if (!invite || invite.MessageId() == 0 || invite.Type() != ActivityActionTypes::Join) {
    if (callback) impl.Post([callback] { callback(Invalid("invite: must be a valid Join invite"), ""); });
    return;
  }
  impl.AuthedRequest(
      requests::Json("POST", "/users/@me/activity-invites/" + std::to_string(invite.MessageId()) + "/accept", "", "AcceptActivityInvite"),
      [&impl, callback](http::ApiResponse response) {
        std::string secret;
        ClientResult result = response.result;
        if (result.Successful()) {
          auto doc = json::Document::Parse(response.body);
          auto value = doc ? doc->Root()["secret"].String() : std::nullopt;
          if (!value) result = http::MalformedResponse(response.status, response.body, false, "no join secret");
          else secret = std::string(*value);
        }
        if (callback) impl.Post([callback, result, secret] { callback(result, secret); });
      });
}

void Client::SetActivityInviteCreatedCallback(ActivityInviteCallback callback) {
  if (!impl_) return;
  ClientImpl& impl = *impl_;
  // Both paths below may deliver the same invite; the app hears of it once.
  auto seen = impl.seen_invites();
  impl.social().callbacks().activity_invite_created = [callback, seen](const json::Value& data) {
    auto invite = social::ActivityInviteFromJson(data);
    if (invite && seen->FirstSighting(*invite)) callback(*invite);
  };
  // Invites for the game also come from the local client.
  impl.local_client().Subscribe("ACTIVITY_INVITE", [&impl, callback, seen](const json::Value& data) {
    ActivityInvite invite;
    invite.SetType(static_cast<ActivityActionTypes>(data["type"].Int().value_or(1)));
    invite.SetSenderId(data["user"]["id"].Snowflake().value_or(0));
    invite.SetChannelId(data["channel_id"].Snowflake().value_or(0));
    invite.SetMessageId(data["message_id"].Snowflake().value_or(0));
    invite.SetApplicationId(data["activity"]["application_id"].Snowflake().value_or(impl.application_id()));
    invite.SetPartyId(std::string(data["activity"]["party"]["id"].String().value_or("")));
    invite.SetIsValid(true);
    impl.PostEvent([callback, seen, invite] {
      if (seen->FirstSighting(invite)) callback(invite);
    });
  });
}

void Client::SetActivityInviteUpdatedCallback(ActivityInviteCallback callback) {
  if (!impl_) return;
  // A repeated or replayed update of an invite the app already heard of is not news.
  auto seen = impl_->seen_invites();
  impl_->social().callbacks().activity_invite_updated = [callback, seen](const json::Value& data) {
    auto invite = social::ActivityInviteFromJson(data);
    if (invite && seen->NewsInUpdate(*invite)) callback(*invite);
  };
}

namespace {

// One ACTIVITY_JOIN subscription serves both join callbacks, so setting one never replaces the
// other; with neither set there is no subscription.
void SubscribeActivityJoin(ClientImpl& impl) {
  const auto& callbacks = impl.activity_join_callbacks();
  if (!callbacks.join && !callbacks.join_with_application) {
    impl.local_client().Unsubscribe("ACTIVITY_JOIN");
    return;
  }
  impl.local_client().Subscribe("ACTIVITY_JOIN", [&impl](const json::Value& data) {
    std::string secret(data["secret"].String().value_or(""));
    uint64_t application = data["application_id"].Snowflake().value_or(impl.application_id());
    impl.logger().redactor().RememberSecret(secret);
    // Copies taken now: a callback replaced after the event still sees this event once.
    auto join = impl.activity_join_callbacks().join;
    auto with_application = impl.activity_join_callbacks().join_with_application;
    if (join) impl.PostEvent([join, secret] { join(secret); });
    if (with_application) {
      impl.PostEvent([with_application, application, secret] { with_application(application, secret); });
    }
  });
}

}  // namespace

void Client::SetActivityJoinCallback(ActivityJoinCallback callback) {
  if (!impl_) return;
  impl_->activity_join_callbacks().join = std::move(callback);
  SubscribeActivityJoin(*impl_);
}

void Client::SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback callback) {
  if (!impl_) return;
  impl_->activity_join_callbacks().join_with_application = std::move(callback);
  SubscribeActivityJoin(*impl_);
}

bool Client::RegisterLaunchCommand(uint64_t applicationId, std::string command) {
  if (!impl_) return false;
  if (applicationId == 0 || command.empty() || command.find_first_of("\r\n") != std::string::npos ||
      command.find('\0') != std::string::npos) {
    impl_->logger().Log(LoggingSeverity::Error, "RegisterLaunchCommand: needs an application id and a one-line command");
    return false;
  }
  os::UrlSchemeRegistration registration = os::RegisterUrlScheme("sdkpp-" + std::to_string(applicationId), command);
  if (registration.replaced_warning) {
    impl_->logger().Log(LoggingSeverity::Warning, "RegisterLaunchCommand: " + *registration.replaced_warning);
  }
  if (!registration.registered) {
    impl_->logger().Log(LoggingSeverity::Warning, "RegisterLaunchCommand: " + registration.failure);
    return false;
  }
  return true;
}

bool Client::RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId) {
  if (steamAppId == 0) {
    if (impl_) impl_->logger().Log(LoggingSeverity::Error, "RegisterLaunchSteamApplication: steamAppId must not be 0");
    return false;
  }
  std::string why;
  std::optional<std::string> command = os::SteamLaunchCommand(steamAppId, why);
  if (!command) {
    if (impl_) impl_->logger().Log(LoggingSeverity::Warning, "RegisterLaunchSteamApplication: " + why);
    return false;
  }
  return RegisterLaunchCommand(applicationId, *command);
}

void Client::IsServiceAppInstalled(IsServiceAppInstalledCallback callback) {
  if (!impl_) return requests::PostNow(callback, false);
  ClientImpl& impl = *impl_;
  impl.local_client().Reach([&impl, callback](bool reachable) {
    if (callback) impl.Post([callback, reachable] { callback(reachable); });
  });
}

}  // namespace sdkpp
