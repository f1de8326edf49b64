#include "voice/audio_callback_bridge.h"

#include <algorithm>
#include <cstring>

#include "callbacks/host_clock.h"

namespace sdkpp::napi {

// Holds the bridge for the hooks; the engine destroys the last hook copy on the JS thread
// (call released, engine shut down), which closes the bridge.
struct AudioCallbackBridge::HookShare {
  explicit HookShare(std::shared_ptr<AudioCallbackBridge> owner) : bridge(std::move(owner)) {}
  ~HookShare() { bridge->EngineReleased(); }
  const std::shared_ptr<AudioCallbackBridge> bridge;
};

std::shared_ptr<AudioCallbackBridge> AudioCallbackBridge::Create(Napi::Env env, Napi::Function received,
                                                                 Napi::Function captured,
                                                                 std::function<void(const std::string&)> log) {
  std::shared_ptr<AudioCallbackBridge> bridge(new AudioCallbackBridge());
  constexpr size_t kSlots = kBanks * kSlotsPerBank;
  bridge->staging_ = std::make_unique<int16_t[]>(kSlots * kSlotSamples);  // zero-filled
  bridge->MakeJsBuffer(env);
  Napi::Object box = Napi::Object::New(env);
  // Defined, not assigned: an accessor the app put on Object.prototype never sees the box.
  box.DefineProperty(Napi::PropertyDescriptor::Value("value", Napi::Boolean::New(env, false), napi_default_jsproperty));
  bridge->box_ = Napi::Persistent(box);
  bridge->user_ids_ = Napi::Persistent(Napi::Object::New(env));
  if (!received.IsEmpty()) {
    bridge->received_ = Napi::Weak(received);
    bridge->bridge_received_ = true;
  }
  if (!captured.IsEmpty()) {
    bridge->captured_ = Napi::Weak(captured);
    bridge->bridge_captured_ = true;
  }
  bridge->log_ = std::move(log);
  std::weak_ptr<AudioCallbackBridge> weak = bridge;
  bridge->wake_ = std::make_unique<WakeSignal>(env, [weak](Napi::Env wake_env) {
    if (auto alive = weak.lock()) alive->OnWake(wake_env);
  });
  return bridge;
}

AudioCallbackBridge::~AudioCallbackBridge() {
  if (wake_) wake_->Close();
}

voice::CallAudioHooks AudioCallbackBridge::Hooks() {
  auto share = std::make_shared<HookShare>(shared_from_this());
  voice::CallAudioHooks hooks;
  if (bridge_captured_) {
    hooks.captured = [share](int16_t* data, uint64_t, int32_t, uint64_t) { share->bridge->Captured(data); };
  }
  if (bridge_received_) {
    hooks.received = [share](uint64_t user_id, int16_t* data, uint64_t, int32_t, uint64_t, bool& out_should_mute) {
      share->bridge->Received(user_id, data, out_should_mute);
    };
  }
  hooks.tick_end = [share]() { return share->bridge->TickEnd(); };
  return hooks;
}

// --- audio thread ---

void AudioCallbackBridge::BeginTick() {
  if (in_tick_) return;
  in_tick_ = true;
  ++tick_;
  late_ = 0;
  Bank& current = banks_[tick_ & 1];
  Bank& previous = banks_[(tick_ - 1) & 1];
  read_ = nullptr;
  // `tick` and the counts are written by this thread only, so they may be read while JS owns
  // the bank.
  if (previous.tick == tick_ - 1 && (previous.has_captured || previous.received_count > 0)) {
    switch (previous.state.load(std::memory_order_acquire)) {
      case kDone:
        read_ = &previous;
        break;
      case kPending:  // JS is late: this tick plays the frames unmodified
        late_ += (previous.has_captured ? 1 : 0) + previous.received_count;
        break;
      default:
        break;
    }
  }
  // Done two ticks on (JS finished after its deadline): its results are stale, the bank is free.
  if (current.state.load(std::memory_order_acquire) == kPending) {
    fill_ = nullptr;
    return;
  }
  fill_ = &current;
  current.tick = tick_;
  current.has_captured = false;
  current.received_count = 0;
}

void AudioCallbackBridge::Captured(int16_t* data) {
  BeginTick();
  if (fill_ != nullptr) {
    std::memcpy(Slot(*fill_, 0), data, kSlotBytes);
    fill_->has_captured = true;
  } else {
    ++late_;
  }
  if (read_ != nullptr && read_->has_captured && read_->use[0]) std::memcpy(data, Slot(*read_, 0), kSlotBytes);
}

void AudioCallbackBridge::Received(uint64_t user_id, int16_t* data, bool& out_should_mute) {
  BeginTick();
  if (fill_ != nullptr && fill_->received_count < kReceivedSlots) {
    const uint32_t index = fill_->received_count++;
    fill_->users[index] = user_id;
    std::memcpy(Slot(*fill_, 1 + index), data, kSlotBytes);
  } else {
    ++late_;  // JS still owns this tick's bank, or more talkers than slots
  }
  if (read_ == nullptr) return;
  for (uint32_t i = 0; i < read_->received_count; ++i) {
    if (read_->users[i] != user_id) continue;
    if (read_->use[1 + i]) {
      std::memcpy(data, Slot(*read_, 1 + i), kSlotBytes);
      out_should_mute = read_->mute[1 + i];
    }
    return;
  }
}

uint32_t AudioCallbackBridge::TickEnd() {
  BeginTick();  // a tick in which no other hook ran
  in_tick_ = false;
  if (read_ != nullptr) read_->state.store(kFree, std::memory_order_release);
  if (fill_ != nullptr && (fill_->has_captured || fill_->received_count > 0)) {
    fill_->state.store(kPending, std::memory_order_release);
    wake_->Wake();  // coalesced and non-blocking; a no-op once closed
  }
  return late_;
}

// --- JS thread ---

void AudioCallbackBridge::OnWake(Napi::Env env) {
  // Both banks may wait when the JS thread was busy: the older first.
  Bank* order[kBanks] = {&banks_[0], &banks_[1]};
  if (order[1]->tick < order[0]->tick) std::swap(order[0], order[1]);
  for (Bank* bank : order) {
    if (released_) return;
    if (bank->state.load(std::memory_order_acquire) != kPending) continue;
    Deliver(env, *bank);
    bank->state.store(kDone, std::memory_order_release);
  }
}

void AudioCallbackBridge::Deliver(Napi::Env env, Bank& bank) {
  Napi::HandleScope scope(env);
  std::fill(std::begin(bank.use), std::end(bank.use), false);
  std::fill(std::begin(bank.mute), std::end(bank.mute), false);
  Napi::Value received = received_.IsEmpty() ? Napi::Value() : received_.Value();
  Napi::Value captured = captured_.IsEmpty() ? Napi::Value() : captured_.Value();
  napi_value samples = Napi::Number::New(env, voice::kSamplesPerChannel);
  napi_value rate = Napi::Number::New(env, voice::kSampleRate);
  napi_value channels = Napi::Number::New(env, voice::kChannels);
  ++ticks_delivered_;

  if (bank.has_captured && !captured.IsEmpty() && captured.IsFunction()) {
    const size_t index = SlotIndex(bank, 0);
    napi_value argv[] = {HandOut(env, index), samples, rate, channels};
    bank.use[0] = CallJs(env, captured, 4, argv) && !released_ && TakeBack(env, index);
  }
  if (bank.received_count == 0 || received.IsEmpty() || !received.IsFunction()) return;
  Napi::Object box = box_.Value();
  napi_value no = Napi::Boolean::New(env, false);
  for (uint32_t i = 0; i < bank.received_count && !released_; ++i) {
    if (napi_set_named_property(env, box, "value", no) != napi_ok) {
      napi_value ignored = nullptr;
      napi_get_and_clear_last_exception(env, &ignored);  // a setter on the box that threw
    }
    const size_t index = SlotIndex(bank, 1 + i);
    napi_value argv[] = {UserId(env, bank.users[i]), HandOut(env, index), samples, rate, channels, box};
    if (!CallJs(env, received, 6, argv) || released_ || !TakeBack(env, index)) continue;
    bank.use[1 + i] = true;
    napi_value value = nullptr;
    bool mute = false;
    // Truthiness, as JS would read `if (box.value)`.
    napi_value as_bool = nullptr;
    if (napi_get_named_property(env, box, "value", &value) == napi_ok &&
        napi_coerce_to_bool(env, value, &as_bool) == napi_ok && napi_get_value_bool(env, as_bool, &mute) == napi_ok) {
      bank.mute[1 + i] = mute;
    } else {
      napi_value ignored = nullptr;
      napi_get_and_clear_last_exception(env, &ignored);  // a getter on the box that threw
    }
  }
}

napi_value AudioCallbackBridge::HandOut(Napi::Env env, size_t index) {
  int16_t* js = AttachedJsSamples(env);
  if (js == nullptr) {
    // The app took the buffer (transferred or detached it): the next frames go into a new one.
    MakeJsBuffer(env);
    js = AttachedJsSamples(env);
  }
  if (js != nullptr) std::memcpy(js + index * kSlotSamples, staging_.get() + index * kSlotSamples, kSlotBytes);
  return views_[index].Value();
}

bool AudioCallbackBridge::TakeBack(Napi::Env env, size_t index) {
  const int16_t* js = AttachedJsSamples(env);  // the callback may have taken the buffer
  if (js == nullptr) return false;
  std::memcpy(staging_.get() + index * kSlotSamples, js + index * kSlotSamples, kSlotBytes);
  return true;
}

int16_t* AudioCallbackBridge::AttachedJsSamples(Napi::Env env) {
  if (buffer_.IsEmpty()) return nullptr;
  napi_value buffer = buffer_.Value();
  bool detached = true;
  void* data = nullptr;
  size_t length = 0;
  if (napi_is_detached_arraybuffer(env, buffer, &detached) != napi_ok || detached) return nullptr;
  if (napi_get_arraybuffer_info(env, buffer, &data, &length) != napi_ok) return nullptr;
  if (data == nullptr || length != kBanks * kSlotsPerBank * kSlotBytes) return nullptr;
  return static_cast<int16_t*>(data);
}

void AudioCallbackBridge::MakeJsBuffer(Napi::Env env) {
  constexpr size_t kSlots = kBanks * kSlotsPerBank;
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, kSlots * kSlotBytes);  // zero-filled
  std::vector<Napi::Reference<Napi::Int16Array>> views;
  views.reserve(kSlots);
  for (size_t i = 0; i < kSlots; ++i) {
    views.push_back(Napi::Persistent(Napi::Int16Array::New(env, kSlotSamples, buffer, i * kSlotBytes, napi_int16_array)));
  }
  buffer_ = Napi::Persistent(buffer);
  views_ = std::move(views);
  ++buffers_made_;
}

bool AudioCallbackBridge::CallJs(Napi::Env env, napi_value function, size_t argc, const napi_value* argv) {
  ++callbacks_;
  ForgetEventTime(env);  // the app's code may move its clock (host_clock.h)
  napi_value result = nullptr;
  if (napi_call_function(env, env.Undefined(), function, argc, argv, &result) == napi_ok) return true;
  ++errors_;
  napi_value error = nullptr;
  napi_get_and_clear_last_exception(env, &error);  // never crosses into Node's C frames
  if (released_ || reported_error_ || !log_) return false;
  reported_error_ = true;
  std::string what = "an exception";
  napi_value text = nullptr;
  size_t length = 0;
  if (error != nullptr && napi_coerce_to_string(env, error, &text) == napi_ok &&
      napi_get_value_string_utf8(env, text, nullptr, 0, &length) == napi_ok) {
    what.resize(std::min<size_t>(length, 300));
    napi_get_value_string_utf8(env, text, what.data(), what.size() + 1, &length);
  } else {
    napi_get_and_clear_last_exception(env, &error);
  }
  log_("a JS audio callback threw (" + what +
       "); its frame plays unmodified, and further throws of this call are only counted");
  return false;
}

napi_value AudioCallbackBridge::UserId(Napi::Env env, uint64_t user_id) {
  Napi::Object ids = user_ids_.Value();
  for (const auto& [id, index] : user_index_) {
    if (id == user_id) return ids.Get(std::to_string(index));
  }
  // Made once per participant of the call.
  const auto index = static_cast<uint32_t>(user_index_.size());
  Napi::BigInt value = Napi::BigInt::New(env, user_id);
  ids.DefineProperty(Napi::PropertyDescriptor::Value(std::to_string(index), value, napi_default));
  user_index_.emplace_back(user_id, index);
  return value;
}

void AudioCallbackBridge::EngineReleased() {
  released_ = true;
  // From inside OnWake too: WakeSignal lets its handler run to its end.
  if (wake_) wake_->Close();
}

}  // namespace sdkpp::napi
