#include "callbacks/wake_signal.h"

#include <thread>

namespace sdkpp::napi {

WakeSignal::WakeSignal(Napi::Env env, std::function<void(Napi::Env)> on_wake)
    : shared_(std::make_shared<Shared>()) {
  shared_->on_wake = std::move(on_wake);
  Napi::String name = Napi::String::New(env, "sdkpp.PlatformWake");
  auto* finalizer_share = new std::shared_ptr<Shared>(shared_);
  napi_status status = napi_create_threadsafe_function(
      env, nullptr, nullptr, name, /*max_queue_size=*/0, /*initial_thread_count=*/1,
      finalizer_share, &Finalize, shared_.get(), &CallJs, &shared_->tsfn);
  if (status != napi_ok) {
    // No wake on this platform (a terminating worker): Wake stays a no-op.
    delete finalizer_share;
    shared_->tsfn = nullptr;
    shared_->closed = true;
    return;
  }
  napi_unref_threadsafe_function(env, shared_->tsfn);
}

WakeSignal::~WakeSignal() { Close(); }

void WakeSignal::Shared::WaitForCallers() const {
  while (calling.load() != 0) std::this_thread::yield();
}

void WakeSignal::Wake() {
  Shared& shared = *shared_;
  if (shared.pending.exchange(true)) return;  // one call is on its way and will see this work
  shared.calling.fetch_add(1);
  bool queued = !shared.closed.load() &&
                napi_call_threadsafe_function(shared.tsfn, nullptr, napi_tsfn_nonblocking) == napi_ok;
  shared.calling.fetch_sub(1);
  if (!queued) shared.pending.store(false);
}

void WakeSignal::Close() {
  Shared& shared = *shared_;
  shared.on_wake = nullptr;
  if (shared.closed.exchange(true)) return;  // closed before, or Node finalized it already
  shared.WaitForCallers();
  // Abort: queued calls are dropped (CallJs sees no env), and the finalizer runs on a later turn.
  napi_release_threadsafe_function(shared.tsfn, napi_tsfn_abort);
}

void WakeSignal::CallJs(napi_env env, napi_value, void* context, void*) {
  // No env: the function is being torn down and `context` may be gone already.
  if (env == nullptr || context == nullptr) return;
  Shared& shared = *static_cast<Shared*>(context);
  // Cleared before the handler runs, so a Wake during the handler queues the next call.
  shared.pending.store(false);
  if (!shared.on_wake) return;
  // Taken out while it runs, so a Close from inside the handler (a JS audio callback that ends
  // the call) cannot destroy the function being run; put back unless it was closed meanwhile.
  // A move: no allocation per call.
  std::function<void(Napi::Env)> handler = std::move(shared.on_wake);
  try {
    handler(Napi::Env(env));
  } catch (const Napi::Error& error) {
    napi_fatal_exception(env, error.Value());
  } catch (...) {
    // Nothing may unwind through Node's C frames; the core never throws, so this is unreachable
    // in practice.
  }
  if (!shared.closed.load()) shared.on_wake = std::move(handler);
}

void WakeSignal::Finalize(napi_env, void* finalize_data, void*) {
  auto* share = static_cast<std::shared_ptr<Shared>*>(finalize_data);
  Shared& shared = **share;
  // Node frees the function right after this returns: no Wake may still be inside it.
  shared.closed.store(true);
  shared.WaitForCallers();
  shared.on_wake = nullptr;
  delete share;
}

}  // namespace sdkpp::napi
