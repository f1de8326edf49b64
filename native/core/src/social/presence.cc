#include "social/presence.h"

#include "social/activity_json.h"

#if defined(_WIN32)
#include <process.h>
#else
#include <unistd.h>
#endif

namespace sdkpp::social {

int32_t Presence::Pid() const {
  if (context_.settings.game_window_pid > 0) return context_.settings.game_window_pid;
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
    if (callback) context_.callbacks.Post([callback, valid] { callback(valid); });
    return;
  }
  // The application is this game unless the activity names a sibling.
  if (!activity.ApplicationId() && context_.settings.application_id != 0) activity.SetApplicationId(context_.settings.application_id);
  // The activity's secrets let others join or watch: no log line may carry them.
  if (const auto secrets = activity.Secrets(); secrets && !secrets->Join().empty()) {
    context_.logger.redactor().RememberSecret(secrets->Join());
  }
  activity_ = activity;
  local_client_.ReachAsPlayer([this, callback, activity](bool reachable) {
    if (!reachable) {
      SendOverGateway(callback);
      return;
    }
    json::Writer args;
    args.BeginObject().Key("pid").Int(Pid()).Key("activity");
    WriteActivity(args, activity);
    args.EndObject();
    local_client_.Command("SET_ACTIVITY", args.Take(), [this, callback](ClientResult result, const json::Value&) {
      if (callback) context_.callbacks.Post([callback, result] { callback(result); });
    });
  });
}

void Presence::SendOverGateway(Client::ResultCallback callback) {
  if (connection_.get() != Client::Status::Ready) {
    if (callback) {
      context_.callbacks.Post([callback] {
        callback(ClientResult::Failure(ErrorType::ClientNotReady,
                                       "no local client and no gateway session: call Connect first"));
      });
    }
    return;
  }
  QueuePresenceUpdate();
  if (callback) context_.callbacks.Post([callback] { callback(ClientResult::Success()); });
}

void Presence::QueuePresenceUpdate() {
  json::Writer d;
  d.BeginObject().Key("since").Null().Key("status").String(StatusName()).Key("afk").Bool(false).Key("activities").BeginArray();
  if (activity_) WriteActivity(d, *activity_);
  d.EndArray().EndObject();
  gateway_.Send(gateway::Op::PresenceUpdate, d.Take());
}

void Presence::Clear() {
  activity_.reset();
  local_client_.ReachAsPlayer([this](bool reachable) {
    if (reachable) {
      json::Writer args;
      args.BeginObject().Key("pid").Int(Pid()).Key("activity").Null().EndObject();
      local_client_.Command("SET_ACTIVITY", args.Take(), [](ClientResult, const json::Value&) {});
    } else if (connection_.get() == Client::Status::Ready) {
      SendOverGateway(nullptr);
    }
  });
}

void Presence::SetStatus(StatusType status, Client::ResultCallback callback) {
  if (status != StatusType::Online && status != StatusType::Idle && status != StatusType::Dnd &&
      status != StatusType::Invisible) {
    if (callback) {
      context_.callbacks.Post([callback] {
        callback(ClientResult::Failure(ErrorType::ValidationError, "status: must be Online, Idle, Dnd or Invisible"));
      });
    }
    return;
  }
  status_ = status;
  SendOverGateway(std::move(callback));
}

void Presence::RegisterHandlers(gateway::DispatchHandlers& handlers) {
  handlers.Register({"READY"}, [this](std::string_view, const json::Value&) { Resend(); });
}

void Presence::Resend() {
  // READY's handlers run just before the gateway calls the session Ready and flushes its queue,
  // so the update is queued without the Ready check SendOverGateway makes for a caller.
  if (activity_ || status_ != StatusType::Online) QueuePresenceUpdate();
}

}  // namespace sdkpp::social
