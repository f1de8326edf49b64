#include "voice/audio/voice_gate.h"

#include <algorithm>

#include "sdkpp/limits.h"
#include "voice/audio/audio_format.h"

namespace sdkpp::voice {
namespace {

float ClampToVadRange(float threshold_db) {
  return std::clamp(threshold_db, float(limits::kMinVadThresholdDb), float(limits::kMaxVadThresholdDb));
}

}  // namespace

void VoiceGate::SetVadThreshold(bool automatic, float threshold_db) {
  automatic_ = automatic;
  threshold_db_ = ClampToVadRange(threshold_db);
}

void VoiceGate::SetPttActive(bool active) {
  if (ptt_active_ && !active) ptt_hold_left_ = ptt_release_ticks_;
  ptt_active_ = active;
}

void VoiceGate::SetPttReleaseDelayMs(uint32_t delay_ms) {
  // To the tick: a delay that ends inside a tick keeps that whole tick.
  ptt_release_ticks_ = (std::min<uint32_t>(delay_ms, limits::kMaxPttReleaseDelayMs) + kFrameMs - 1) / kFrameMs;
}

float VoiceGate::EffectiveThresholdDb() const {
  return automatic_ ? ClampToVadRange(noise_floor_db_ + kAutomaticMarginDb) : threshold_db_;
}

bool VoiceGate::WantsOpen(float level_dbfs) {
  if (mode_ == AudioModeType::MODE_PTT) {
    if (ptt_active_) return true;
    if (ptt_hold_left_ > 0) {
      --ptt_hold_left_;
      return true;
    }
    return false;
  }
  // VAD (also MODE_UNINIT, the default). The noise floor follows quieter frames at once, frames
  // that would not open the gate (noise) within a second, and louder ones (speech) only slowly,
  // so talking does not lift the threshold over the talker.
  if (level_dbfs < noise_floor_db_) {
    noise_floor_db_ = level_dbfs;
  } else {
    const float rise = level_dbfs - noise_floor_db_ < kAutomaticMarginDb ? 0.5f : 0.05f;
    noise_floor_db_ = std::min(noise_floor_db_ + rise, level_dbfs);
  }
  if (level_dbfs >= EffectiveThresholdDb()) {
    vad_hold_left_ = kVadHangoverTicks;
    return true;
  }
  if (vad_hold_left_ > 0) {
    --vad_hold_left_;
    return true;
  }
  return false;
}

VoiceGate::Action VoiceGate::Tick(float level_dbfs) {
  const bool wants = WantsOpen(level_dbfs) && !muted_;
  if (wants) {
    open_ = true;
    speaking_ = true;
    silence_frames_left_ = 0;
    return Action::Transmit;
  }
  if (open_) {
    open_ = false;
    silence_frames_left_ = kSilenceFramesBeforePause;
  }
  if (silence_frames_left_ > 0) {
    --silence_frames_left_;
    return Action::SilenceFrame;
  }
  speaking_ = false;
  return Action::Idle;
}

}  // namespace sdkpp::voice
