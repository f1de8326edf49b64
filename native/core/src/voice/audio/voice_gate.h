// Decides, once per 20 ms tick, whether the local microphone is sent: voice activity detection
// (a level threshold in the VAD range of sdkpp/limits.h, fixed or automatic from the noise floor)
// or push-to-talk with its release delay (at most limits::kMaxPttReleaseDelayMs, kept to the
// tick), and self-mute over both. When the gate closes it sends five Opus silence frames
// (docs/protocols/voice-media.md) and then nothing; "speaking" (the Speaking op the call sends) is on from the
// first transmitted frame to the last silence frame.
// Runs on the audio thread; no allocation.
#pragma once

#include <cstdint>

#include "sdkpp/enums.h"
#include "sdkpp/limits.h"

namespace sdkpp::voice {

class VoiceGate {
 public:
  enum class Action {
    Transmit,      // encode and send this frame
    SilenceFrame,  // send one Opus silence frame (the gate just closed)
    Idle,          // send nothing
  };

  // VAD keeps the gate open this long after the level drops, so word endings are not cut.
  static constexpr uint32_t kVadHangoverTicks = 10;  // 200 ms
  // Automatic mode: the threshold sits this far above the tracked noise floor.
  static constexpr float kAutomaticMarginDb = 12.0f;

  void SetMode(AudioModeType mode) { mode_ = mode; }
  void SetVadThreshold(bool automatic, float threshold_db);
  void SetPttActive(bool active);
  void SetPttReleaseDelayMs(uint32_t delay_ms);
  void SetMuted(bool muted) { muted_ = muted; }

  Action Tick(float level_dbfs);

  bool Speaking() const { return speaking_; }
  // The threshold in effect (the automatic one when automatic).
  float EffectiveThresholdDb() const;

 private:
  bool WantsOpen(float level_dbfs);

  AudioModeType mode_ = AudioModeType::MODE_VAD;
  bool automatic_ = false;
  float threshold_db_ = float(limits::kDefaultVadThresholdDb);
  float noise_floor_db_ = float(limits::kDefaultVadThresholdDb);
  bool ptt_active_ = false;
  uint32_t ptt_release_ticks_ = 0;
  uint32_t ptt_hold_left_ = 0;
  uint32_t vad_hold_left_ = 0;
  bool muted_ = false;
  bool open_ = false;
  bool speaking_ = false;
  uint32_t silence_frames_left_ = 0;
};

}  // namespace sdkpp::voice
