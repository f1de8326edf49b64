#include "voice/audio/virtual_audio_backend.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

#include "voice/audio/audio_format.h"
#include "voice/audio/pcm_math.h"
#include "voice/audio/spsc_ring.h"

namespace sdkpp::voice {
namespace {

constexpr size_t kSpeakerHistoryFrames = 500;               // 10 s
constexpr size_t kFeedRingSamples = kFrameSamples * 100;    // 2 s of fed PCM
// A real-time clock that fell this far behind (a suspended machine) skips instead of racing.
constexpr uint64_t kMaxCatchUpFrames = 5;

enum class MicSource { Silence, Sine, Pcm, Fed };

class VirtualBackend final : public VirtualAudioBackend {
 public:
  explicit VirtualBackend(Clock clock)
      : clock_(clock),
        fed_(kFeedRingSamples),
        speaker_(kSpeakerHistoryFrames * kFrameSamples, 0),
        inputs_{{"virtual-microphone", "Virtual microphone", true}},
        outputs_{{"virtual-speaker", "Virtual speaker", true}} {}

  ~VirtualBackend() override { Stop(); }

  const char* Name() const override { return "virtual"; }

  std::vector<AudioDeviceInfo> InputDevices() override {
    std::lock_guard lock(devices_mutex_);
    return inputs_;
  }
  std::vector<AudioDeviceInfo> OutputDevices() override {
    std::lock_guard lock(devices_mutex_);
    return outputs_;
  }

  bool Start(AudioFrameSink& sink, std::string& error) override {
    if (running_.load()) {
      error = "the virtual audio device is already running";
      return false;
    }
    sink_ = &sink;
    frame_index_ = 0;
    running_.store(true);
    if (clock_ == Clock::RealTime) thread_ = std::thread([this] { RunRealTime(); });
    return true;
  }

  void Stop() override {
    running_.store(false);
    if (thread_.joinable()) thread_.join();
    sink_ = nullptr;
  }

  bool IsRunning() const override { return running_.load(); }

  bool SelectInput(const std::string& id) override { return Select(inputs_, current_input_, id); }
  bool SelectOutput(const std::string& id) override { return Select(outputs_, current_output_, id); }
  std::string CurrentInputId() const override {
    std::lock_guard lock(devices_mutex_);
    return current_input_;
  }
  std::string CurrentOutputId() const override {
    std::lock_guard lock(devices_mutex_);
    return current_output_;
  }

  void SetDeviceChangeListener(std::function<void()> listener) override {
    std::lock_guard lock(devices_mutex_);
    listener_ = std::move(listener);
  }
  // A virtual device has no scheduling class to change; the value is kept for what asks.
  void SetThreadPriority(int32_t priority) override { priority_.store(priority); }

  void PlaySilence() override { source_.store(MicSource::Silence); }
  void PlaySine(double frequency_hz, double level_dbfs) override {
    sine_frequency_.store(frequency_hz);
    sine_level_.store(level_dbfs);
    source_.store(MicSource::Sine);
  }
  void PlayPcm(std::vector<int16_t> pcm, bool loop) override {
    auto clip = std::make_shared<const PcmClip>(PcmClip{std::move(pcm), loop});
    {
      std::lock_guard lock(pcm_mutex_);
      pcm_.swap(clip);
    }  // the previous clip is freed here, outside the lock
    source_.store(MicSource::Pcm);
  }
  bool FeedPcm(const int16_t* pcm, size_t samples) override {
    source_.store(MicSource::Fed);
    if (samples > fed_.Capacity() - fed_.SizeApprox()) return false;
    for (size_t i = 0; i < samples; ++i) fed_.Push(pcm[i]);
    return true;
  }

  void SetSpeakerLeak(uint32_t delay_ms, double gain_db) override {
    const uint32_t delay = delay_ms == 0 ? 0 : std::clamp<uint32_t>(delay_ms, kFrameMs, kMaxSpeakerLeakMs);
    leak_gain_.store(std::pow(10.0, gain_db / 20.0));
    leak_delay_samples_.store(delay * uint32_t(kSampleRate) / 1000);
  }

  void Advance(uint64_t frames) override {
    if (clock_ != Clock::Manual || !running_.load()) return;
    for (uint64_t i = 0; i < frames; ++i) Tick();
  }

  std::vector<int16_t> SpeakerHistory(size_t max_frames) const override {
    std::lock_guard lock(speaker_mutex_);
    const size_t frames = std::min({max_frames, speaker_frames_, kSpeakerHistoryFrames});
    std::vector<int16_t> out;
    out.reserve(frames * kFrameSamples);
    for (size_t i = frames; i > 0; --i) {
      const size_t slot = (speaker_next_ + kSpeakerHistoryFrames - i) % kSpeakerHistoryFrames;
      out.insert(out.end(), speaker_.begin() + static_cast<long>(slot * kFrameSamples),
                 speaker_.begin() + static_cast<long>((slot + 1) * kFrameSamples));
    }
    return out;
  }
  void ClearSpeakerHistory() override {
    std::lock_guard lock(speaker_mutex_);
    speaker_frames_ = 0;
  }

  void AddVirtualDevice(bool input, AudioDeviceInfo device) override {
    std::function<void()> listener;
    {
      std::lock_guard lock(devices_mutex_);
      auto& list = input ? inputs_ : outputs_;
      list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& d) { return d.id == device.id; }), list.end());
      list.push_back(std::move(device));
      listener = listener_;
    }
    if (listener) listener();
  }
  void RemoveVirtualDevice(bool input, const std::string& id) override {
    std::function<void()> listener;
    {
      std::lock_guard lock(devices_mutex_);
      auto& list = input ? inputs_ : outputs_;
      list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& d) { return d.id == id; }), list.end());
      // A removed current device falls back to the default one, as a real backend does.
      std::string& current = input ? current_input_ : current_output_;
      if (current == id) current.clear();
      listener = listener_;
    }
    if (listener) listener();
  }

 private:
  struct PcmClip {
    std::vector<int16_t> samples;
    bool loop = false;
  };

  bool Select(const std::vector<AudioDeviceInfo>& list, std::string& current, const std::string& id) {
    std::lock_guard lock(devices_mutex_);
    if (!id.empty() && std::none_of(list.begin(), list.end(), [&](const auto& d) { return d.id == id; })) return false;
    current = id;
    return true;
  }

  void RunRealTime() {
    using Clock = std::chrono::steady_clock;
    auto next = Clock::now();
    while (running_.load()) {
      next += std::chrono::milliseconds(kFrameMs);
      std::this_thread::sleep_until(next);
      const auto now = Clock::now();
      const auto behind = static_cast<uint64_t>((now - next) / std::chrono::milliseconds(kFrameMs));
      if (behind > kMaxCatchUpFrames) {
        frame_index_ += behind;  // the device skipped: the frame index shows the gap
        next += std::chrono::milliseconds(kFrameMs) * behind;
      }
      if (running_.load()) Tick();
    }
  }

  // One 20 ms frame: the microphone into `captured_`, the sink, the speaker history.
  void Tick() {
    FillMicrophone();
    AddSpeakerLeak();
    std::fill(std::begin(playback_), std::end(playback_), int16_t{0});
    if (sink_ != nullptr) sink_->OnAudioFrame(captured_, playback_, frame_index_);
    ++frame_index_;
    std::lock_guard lock(speaker_mutex_);
    std::copy(std::begin(playback_), std::end(playback_), speaker_.begin() + static_cast<long>(speaker_next_ * kFrameSamples));
    speaker_next_ = (speaker_next_ + 1) % kSpeakerHistoryFrames;
    speaker_frames_ = std::min(speaker_frames_ + 1, kSpeakerHistoryFrames);
  }

  // The speaker's sound from leak_delay_samples_ ago into the microphone (both channels' own).
  void AddSpeakerLeak() {
    const uint32_t delay = leak_delay_samples_.load();
    if (delay == 0) return;
    const double gain = leak_gain_.load();
    constexpr size_t kRing = kSpeakerHistoryFrames * kSamplesPerChannel;  // in sample pairs
    std::lock_guard lock(speaker_mutex_);
    for (size_t i = 0; i < kSamplesPerChannel; ++i) {
      // delay >= one frame: the pair played `delay` pairs before this one is in the history.
      const size_t pair = (speaker_next_ * kSamplesPerChannel + kRing + i - delay) % kRing;
      for (size_t channel = 0; channel < kChannels; ++channel) {
        const double mixed = captured_[kChannels * i + channel] + gain * speaker_[kChannels * pair + channel];
        captured_[kChannels * i + channel] = int16_t(std::clamp(std::lround(mixed), -32768L, 32767L));
      }
    }
  }

  void FillMicrophone() {
    switch (source_.load()) {
      case MicSource::Silence:
        std::fill(std::begin(captured_), std::end(captured_), int16_t{0});
        return;
      case MicSource::Sine:
        FillSine(captured_, kSamplesPerChannel, sine_frequency_.load(), sine_level_.load(), kSampleRate, sine_phase_);
        return;
      case MicSource::Pcm: {
        const auto clip = [this] {
          std::lock_guard lock(pcm_mutex_);
          return pcm_;
        }();
        for (size_t i = 0; i < kFrameSamples; ++i) {
          if (!clip || clip->samples.empty() || (!clip->loop && pcm_position_ >= clip->samples.size())) {
            captured_[i] = 0;
            continue;
          }
          if (pcm_position_ >= clip->samples.size()) pcm_position_ = 0;
          captured_[i] = clip->samples[pcm_position_++];
        }
        return;
      }
      case MicSource::Fed:
        for (size_t i = 0; i < kFrameSamples; ++i) {
          int16_t sample = 0;
          captured_[i] = fed_.Pop(sample) ? sample : 0;  // silence when the feed runs dry
        }
        return;
    }
  }

  const Clock clock_;
  std::atomic<bool> running_{false};
  std::thread thread_;
  AudioFrameSink* sink_ = nullptr;
  uint64_t frame_index_ = 0;  // audio thread only while running
  std::atomic<int32_t> priority_{0};

  // Microphone (the source switches atomically; the audio thread reads it each frame).
  std::atomic<MicSource> source_{MicSource::Silence};
  std::atomic<double> sine_frequency_{440.0};
  std::atomic<double> sine_level_{-20.0};
  double sine_phase_ = 0;
  // The clip PlayPcm swaps in; the audio thread copies the pointer once per frame under a short
  // lock. Not std::atomic<std::shared_ptr>: libc++ (the standard library on macOS, and zig's,
  // which cross-builds the darwin prebuilds) does not have that specialisation.
  std::mutex pcm_mutex_;
  std::shared_ptr<const PcmClip> pcm_;
  size_t pcm_position_ = 0;
  SpscRing<int16_t> fed_;  // one feeding thread
  int16_t captured_[kFrameSamples] = {};
  int16_t playback_[kFrameSamples] = {};
  std::atomic<uint32_t> leak_delay_samples_{0};
  std::atomic<double> leak_gain_{0.0};

  // Speaker history: a short lock shared with the test thread reading it (a virtual device only).
  mutable std::mutex speaker_mutex_;
  std::vector<int16_t> speaker_;
  size_t speaker_next_ = 0;
  size_t speaker_frames_ = 0;

  mutable std::mutex devices_mutex_;
  std::vector<AudioDeviceInfo> inputs_;
  std::vector<AudioDeviceInfo> outputs_;
  std::string current_input_;
  std::string current_output_;
  std::function<void()> listener_;
};

}  // namespace

std::unique_ptr<VirtualAudioBackend> CreateVirtualAudioBackend(VirtualAudioBackend::Clock clock) {
  return std::make_unique<VirtualBackend>(clock);
}

}  // namespace sdkpp::voice
