#include "social/presence.h"

#include "client/client_impl.h"
#include "social/activity_json.h"

#if defined(_WIN32)
#include <process.h>
#else
#include <unistd.h>
#endif

namespace sdkpp::social {

int32_t Presence::Pid() const {
  if (impl_.game_window_pid() > 0) return impl_.game_window_pid();
#if defined(_WIN32)
  return static_cast<int32_t>(_getpid());
#else
  return static_cast<int32_t>(getpid());
#endif
}

std::string Presence::StatusName() const {
  switch (status_) {
    case StatusType::Idle:
      return "idle";
    case StatusType::Dnd:
      return "dnd";
    case StatusType::Invisible:
      return "invisible";
    default:
      return "online";
  }
}

void Presence::Update(Activity activity, Client::ResultCallback callback) {
  ClientResult valid = ValidateActivity(activity);
  if (!valid.Successful()) {
    if (callback) impl_.Post([callback, valid] { callback(valid); });
    return;
  }
  // The application is this game unless the activity names a sibling.
  if (!activity.ApplicationId() && impl_.application_id() != 0) activity.SetApplicationId(impl_.application_id());
  activity_ = activity;
  impl_.local_client().Reach([this, callback, activity](bool reachable) {
    if (!reachable) {
      SendOverGateway(callback);
      return;
    }
    json::Writer args;
    args.BeginObject().Key("pid").Int(Pid()).Key("activity");
    WriteActivity(args, activity);
    args.EndObject();
    impl_.local_client().Command("SET_ACTIVITY", args.Take(), [this, callback](ClientResult result, const json::Value&) {
      if (callback) impl_.Post([callback, result] { callback(result); });
    });
  });
}

void Presence::SendOverGateway(Client::ResultCallback callback) {
  if (impl_.status() != Client::Status::Ready) {
    if (callback) {
      impl_.Post([callback] {
        callback(ClientResult::Failure(ErrorType::ClientNotReady,
                                       "no local client and no gateway session: call Connect first"));
      });
    }
    return;
  }
  json::Writer d;
  d.BeginObject().Key("since").Null().Key("status").String(StatusName()).Key("afk").Bool(false).Key("activities").BeginArray();
  if (activity_) WriteActivity(d, *activity_);
  d.EndArray().EndObject();
  impl_.gateway().Send(gateway::Op::PresenceUpdate, d.Take());
  if (callback) impl_.Post([callback] { callback(ClientResult::Success()); });
}

void Presence::Clear() {
  activity_.reset();
  impl_.local_client().Reach([this](bool reachable) {
    if (reachable) {
      json::Writer args;
      args.BeginObject().Key("pid").Int(Pid()).Key("activity").Null().EndObject();
      impl_.local_client().Command("SET_ACTIVITY", args.Take(), [](ClientResult, const json::Value&) {});
    } else if (impl_.status() == Client::Status::Ready) {
      SendOverGateway(nullptr);
    }
  });
}

void Presence::SetStatus(StatusType status, Client::ResultCallback callback) {
  if (status != StatusType::Online && status != StatusType::Idle && status != StatusType::Dnd &&
      status != StatusType::Invisible) {
    if (callback) {
      impl_.Post([callback] {
        callback(ClientResult::Failure(ErrorType::ValidationError, "status: must be Online, Idle, Dnd or Invisible"));
      });
    }
    return;
  }
  status_ = status;
  SendOverGateway(std::move(callback));
}

void Presence::Resend() {
  if (activity_ || status_ != StatusType::Online) SendOverGateway(nullptr);
}

}  // namespace sdkpp::social
