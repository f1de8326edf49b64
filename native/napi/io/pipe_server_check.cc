#include "io/pipe_server_check.h"

#include <string>

#include "os/pipe_server_user.h"
#include "util/args.h"

namespace sdkpp::napi {
namespace {

const char* VerdictName(os::PipeServerUser::Verdict verdict) {
  switch (verdict) {
    case os::PipeServerUser::Verdict::kSameUser:
      return "same-user";
    case os::PipeServerUser::Verdict::kOtherUser:
      return "other-user";
    case os::PipeServerUser::Verdict::kAbsent:
      return "absent";
    case os::PipeServerUser::Verdict::kUnchecked:
      break;
  }
  return "unchecked";
}

class PipeServerCheckWorker : public Napi::AsyncWorker {
 public:
  PipeServerCheckWorker(Napi::Env env, std::string path, std::string pretend_server_sid)
      : Napi::AsyncWorker(env, "sdkpp.checkPipeServerUser"),
        deferred_(Napi::Promise::Deferred::New(env)),
        path_(std::move(path)),
        pretend_server_sid_(std::move(pretend_server_sid)) {}

  Napi::Promise Promise() const { return deferred_.Promise(); }

  void Execute() override {
    try {
      check_ = os::CheckPipeServerUser(path_, pretend_server_sid_);
    } catch (...) {
      check_ = {};
      check_.failure = "out of memory";
    }
  }

  void OnOK() override {
    Napi::Env env = Env();
    Napi::Object result = Napi::Object::New(env);
    result.Set("verdict", VerdictName(check_.verdict));
    result.Set("refusal", os::PipeServerRefusal(check_));
    deferred_.Resolve(result);
  }

  // Execute catches everything, so this runs only if node-addon-api itself failed: the Promise
  // must still settle.
  void OnError(const Napi::Error& error) override { deferred_.Reject(error.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::string path_;
  std::string pretend_server_sid_;
  os::PipeServerUser check_;
};

}  // namespace

Napi::Value CheckPipeServerUser(const Napi::CallbackInfo& info) {
  const char* method = "internal.checkPipeServerUser";
  std::string path = ReadString(ArgRef{info, 0, method, "path"}, kMaxPathString);
  std::string pretend = ReadOptionalString(ArgRef{info, 1, method, "pretendServerSid"}, kMaxShortString).value_or("");
  auto* worker = new PipeServerCheckWorker(info.Env(), std::move(path), std::move(pretend));
  Napi::Promise promise = worker->Promise();
  worker->Queue();  // the worker deletes itself once settled
  return promise;
}

}  // namespace sdkpp::napi
