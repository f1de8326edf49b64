// The bridge between a call's audio hooks (audio thread, voice/audio/audio_engine.h) and the
// app's JS audio callbacks (Client.StartCallWithAudioCallbacks), without a JS object per frame
// and without the audio thread ever waiting on JS (docs/voice-calls.md "Frames to JS without
// allocation").
//
// Memory: the audio thread works only in native memory the bridge owns (the staging area): two
// banks (even and odd ticks) of 1 captured + 25 received slots of 3,840 bytes (960 samples × 2
// channels of int16). The app's views are over a separate ArrayBuffer of the same layout
// (napi_create_arraybuffer, never an external one: Electron's V8 sandbox forbids those), held
// strongly, with an Int16Array view per slot. The audio thread never touches that ArrayBuffer:
// the app may transfer it (structuredClone, postMessage, ArrayBuffer#transfer) at any moment,
// and then its bytes belong to the app (or are freed). So the JS thread copies each slot into
// it right before the slot's callback and back out right after, each time re-reading its data
// pointer through N-API and checking it is still attached and of its size; when the app took it,
// the bridge makes a fresh ArrayBuffer and fresh views (the app sees new objects from then on),
// and a frame whose buffer went away inside its callback plays unmodified. The outShouldMute box
// ({value: boolean}) and a bigint per participant are made once and reused; per frame only
// handles (no heap objects) are made.
//
// Per tick k (audio thread): the hooks copy each frame into bank[k&1] (captured: slot 0, then
// one slot per talker in the order the engine plays them) and, if JS finished bank[(k-1)&1],
// write JS's processed samples of the same user (and its outShouldMute) back into the frame:
// a JS callback adds exactly one tick (20 ms) of delay. A frame JS did not finish in time
// plays unmodified, counted as hook_late; so is a frame that cannot be handed out because JS
// still owns the tick's bank (the audio thread never writes a bank JS owns), or a talker past
// the 25th. At tick_end the bank goes to JS with one non-blocking wake (a per-call thread-safe
// function, wake_signal.h: unref'd, coalesced). On the JS thread, OnWake runs the callbacks for
// every filled slot of each pending bank, oldest first, reads the box, and marks the bank done:
// JS code itself touches no atomics. A throwing callback is caught (logged once, counted in
// `errors`); its slot then plays unmodified.
//
// Bank ownership: an atomic state per staging bank. Free (the audio thread's) → Pending (JS's)
// by the audio thread at tick_end; Pending → Done by the JS thread; Done → Free by the audio
// thread once read (or when it reuses the bank two ticks later).
//
// Lifetime: the engine holds the bridge through the hooks (Hooks()); when the engine drops them
// (call released, engine shut down at Dispose or when the Client is finalized) the bridge closes
// its thread-safe function and calls no JS again, even from inside a callback that caused it.
// The JS functions are held weakly (they usually close over the Client; the caller keeps them
// with the Client's JS object, client_handlers.h): a Client collected mid-call gets no call.
#pragma once

#include <napi.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "callbacks/wake_signal.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/audio_format.h"

namespace sdkpp::napi {

class AudioCallbackBridge : public std::enable_shared_from_this<AudioCallbackBridge> {
 public:
  static constexpr size_t kSlotSamples = voice::kFrameSamples;  // 960 × 2
  static constexpr size_t kSlotBytes = kSlotSamples * sizeof(int16_t);
  static constexpr size_t kReceivedSlots = 25;  // the SDK's members per call (docs/voice-calls.md)
  static constexpr size_t kSlotsPerBank = 1 + kReceivedSlots;
  static constexpr size_t kBanks = 2;

  // JS thread. Either function may be empty (that direction is not bridged: no copy, no delay).
  // `log` reports a throwing callback (once) on the JS thread while the call lives.
  static std::shared_ptr<AudioCallbackBridge> Create(Napi::Env env, Napi::Function received, Napi::Function captured,
                                                     std::function<void(const std::string&)> log);
  ~AudioCallbackBridge();

  // The hooks for the engine. They share the bridge; once the engine destroyed every copy, the
  // bridge is closed (JS thread).
  voice::CallAudioHooks Hooks();

  struct Stats {
    uint64_t ticks_delivered;  // banks whose callbacks ran
    uint64_t callbacks;        // JS callbacks called
    uint64_t errors;           // of which threw
    uint64_t buffers_made;     // ArrayBuffers made for the views: 1, plus one per take by the app
  };
  Stats stats() const { return {ticks_delivered_, callbacks_, errors_, buffers_made_}; }

  AudioCallbackBridge(const AudioCallbackBridge&) = delete;
  AudioCallbackBridge& operator=(const AudioCallbackBridge&) = delete;

 private:
  enum State : uint8_t { kFree, kPending, kDone };
  struct Bank {
    std::atomic<uint8_t> state{kFree};
    // Written by the audio thread while the bank is its own, read by JS while Pending.
    uint64_t tick = 0;
    bool has_captured = false;
    uint32_t received_count = 0;
    uint64_t users[kReceivedSlots] = {};
    // Written by JS while Pending, read by the audio thread once Done: slot i's result may be
    // used (its callback ran and returned), and the received slots' outShouldMute.
    bool use[kSlotsPerBank] = {};
    bool mute[kSlotsPerBank] = {};
  };
  struct HookShare;

  AudioCallbackBridge() = default;

  // Audio thread.
  void BeginTick();
  void Captured(int16_t* data);
  void Received(uint64_t user_id, int16_t* data, bool& out_should_mute);
  uint32_t TickEnd();
  size_t SlotIndex(const Bank& bank, size_t slot) const { return (&bank - banks_) * kSlotsPerBank + slot; }
  int16_t* Slot(const Bank& bank, size_t slot) const { return staging_.get() + SlotIndex(bank, slot) * kSlotSamples; }

  // JS thread.
  void OnWake(Napi::Env env);
  void Deliver(Napi::Env env, Bank& bank);
  // Copies staging slot `index` into the app's buffer (a fresh one when the app took it) and
  // answers the slot's view.
  napi_value HandOut(Napi::Env env, size_t index);
  // Copies the app's edits of slot `index` back into staging; false (nothing copied) when the
  // app took the buffer meanwhile.
  bool TakeBack(Napi::Env env, size_t index);
  // The bytes of the app's buffer as of now, or null when it is detached (or not its size).
  int16_t* AttachedJsSamples(Napi::Env env);
  void MakeJsBuffer(Napi::Env env);
  bool CallJs(Napi::Env env, napi_value function, size_t argc, const napi_value* argv);
  napi_value UserId(Napi::Env env, uint64_t user_id);
  void EngineReleased();

  // JS thread. The app's buffer: only ever touched here, never through a pointer kept across
  // a call into JS.
  Napi::Reference<Napi::ArrayBuffer> buffer_;  // strong: the bridge copies into it each tick
  // Stored without a JS [[Set]] (a native vector; properties defined, not assigned): a setter the
  // app put on Array.prototype or Object.prototype cannot run, or throw, while the bridge keeps
  // its objects.
  std::vector<Napi::Reference<Napi::Int16Array>> views_;  // strong: kBanks × kSlotsPerBank
  Napi::ObjectReference box_;                              // strong: {value: boolean}
  // strong: the cached bigints, as properties "0", "1", … (a reference cannot hold a bigint)
  Napi::ObjectReference user_ids_;
  std::vector<std::pair<uint64_t, uint32_t>> user_index_;  // user id → property of user_ids_
  Napi::FunctionReference received_;           // weak (kept with the Client's JS object)
  Napi::FunctionReference captured_;           // weak
  std::function<void(const std::string&)> log_;
  std::unique_ptr<WakeSignal> wake_;
  bool released_ = false;
  bool reported_error_ = false;
  uint64_t ticks_delivered_ = 0;
  uint64_t callbacks_ = 0;
  uint64_t errors_ = 0;
  uint64_t buffers_made_ = 0;

  // Both threads (see Bank): the staging area, kBanks × kSlotsPerBank slots.
  std::unique_ptr<int16_t[]> staging_;
  bool bridge_received_ = false;
  bool bridge_captured_ = false;
  Bank banks_[kBanks];

  // Audio thread.
  uint64_t tick_ = 0;
  bool in_tick_ = false;
  Bank* fill_ = nullptr;  // this tick's bank, null when JS still owns it
  Bank* read_ = nullptr;  // the previous tick's bank, when JS finished it
  uint32_t late_ = 0;     // frames of this tick that play unmodified because of JS
};

}  // namespace sdkpp::napi
