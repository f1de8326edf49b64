// The virtual device backend: what tests use and what a machine without a sound server gets.
// A clock (a real-time thread ticking every 20 ms, or a manual clock a test advances), a
// microphone that plays silence, a sine, a WAV-like PCM buffer or PCM fed at run time, and a
// speaker that keeps what it played so a test can read it (frequency, level).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "voice/audio/audio_device_backend.h"

namespace sdkpp::voice {

class VirtualAudioBackend : public AudioDeviceBackend {
 public:
  enum class Clock { RealTime, Manual };

  // Microphone sources (any thread; the next frame uses it).
  virtual void PlaySilence() = 0;
  virtual void PlaySine(double frequency_hz, double level_dbfs) = 0;
  // Loops `pcm` (interleaved stereo int16, 48 kHz).
  virtual void PlayPcm(std::vector<int16_t> pcm, bool loop) = 0;
  // Appends to a bounded ring the microphone reads from (silence when it runs dry); false and
  // nothing appended when the ring is full.
  virtual bool FeedPcm(const int16_t* pcm, size_t samples) = 0;

  // A room around the virtual devices: from now on the microphone also hears the speaker,
  // `delay_ms` later (kFrameMs to kMaxSpeakerLeakMs; a real device's output and input buffers
  // and the air) and `gain_db` quieter or louder; delay_ms 0 stops it. For echo-cancellation
  // tests. Any thread.
  static constexpr uint32_t kMaxSpeakerLeakMs = 1000;
  virtual void SetSpeakerLeak(uint32_t delay_ms, double gain_db) = 0;

  // Manual clock only: runs `frames` ticks on the calling thread, back to back.
  virtual void Advance(uint64_t frames) = 0;

  // The speaker's last `max_frames` frames (interleaved stereo), oldest first.
  virtual std::vector<int16_t> SpeakerHistory(size_t max_frames) const = 0;
  virtual void ClearSpeakerHistory() = 0;

  // Test hook: a device appears or goes (fires the change listener).
  virtual void AddVirtualDevice(bool input, AudioDeviceInfo device) = 0;
  virtual void RemoveVirtualDevice(bool input, const std::string& id) = 0;
};

std::unique_ptr<VirtualAudioBackend> CreateVirtualAudioBackend(
    VirtualAudioBackend::Clock clock = VirtualAudioBackend::Clock::RealTime);

}  // namespace sdkpp::voice
