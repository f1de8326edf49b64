// The audio engine's state of one call and of one remote talker in it. Both are made on the JS
// thread (their codec state and buffers are allocated there), handed to the audio thread by a
// command, and freed on the JS thread once the audio thread released them. The settings are
// atomics the JS thread writes at any time; everything marked "audio thread" is touched by the
// audio thread only while the object is in its lists.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "sdkpp/enums.h"
#include "sdkpp/limits.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/drop_oldest_ring.h"
#include "voice/audio/jitter_buffer.h"
#include "voice/audio/opus_codec.h"
#include "voice/audio/pcm_math.h"
#include "voice/audio/spsc_ring.h"
#include "voice/audio/voice_gate.h"

namespace sdkpp::voice {

inline constexpr size_t kMaxEngineCalls = 8;
// The SDK admits 25 members per call (docs/voice-calls.md); the rest is room for a join/leave overlap.
inline constexpr size_t kMaxParticipantsPerCall = 32;
inline constexpr size_t kOutgoingRingFrames = 64;
inline constexpr size_t kIncomingRingPackets = 512;
// Speaking goes off after this long without a non-silent decoded frame (docs/voice-calls.md).
inline constexpr uint32_t kSpeakingHoldTicks = 10;  // 200 ms
// A decoded frame at or below this level is silence for the speaking status (Opus leaves a
// faint residue after a pause, which is no one speaking).
inline constexpr float kSpeakingFloorDbfs = -80.0f;

// A received payload on its way from PushReceived (JS thread) to the audio thread.
struct InboundPacket {
  uint64_t user_id = 0;
  uint16_t sequence = 0;
  uint32_t rtp_timestamp = 0;
  uint16_t size = 0;
  uint8_t data[kMaxOpusPacketBytes];
};

struct EngineParticipant {
  EngineParticipant(uint64_t user, std::unique_ptr<OpusFrameDecoder> opus_decoder)
      : user_id(user), decoder(std::move(opus_decoder)) {}

  const uint64_t user_id;
  const std::unique_ptr<OpusFrameDecoder> decoder;

  // JS thread writes, audio thread reads.
  std::atomic<float> volume{float(limits::kUnityVolume)};
  std::atomic<bool> local_mute{false};

  // Audio thread.
  JitterBuffer jitter;
  int16_t pcm[kFrameSamples] = {};
  uint32_t speaking_ticks_left = 0;
  bool speaking = false;
  bool reported_corrupt = false;  // one log line per talker, the rest only counted
};

// Per-call settings (the Call's SetSelfMute, SetVADThreshold, ...), read once per tick.
struct CallSettings {
  std::atomic<bool> self_mute{false};
  std::atomic<bool> self_deaf{false};
  std::atomic<AudioModeType> mode{AudioModeType::MODE_VAD};
  std::atomic<bool> vad_automatic{false};
  std::atomic<float> vad_threshold_db{float(limits::kDefaultVadThresholdDb)};
  std::atomic<bool> ptt_active{false};
  std::atomic<uint32_t> ptt_release_delay_ms{0};
};

struct EngineCall {
  EngineCall(uint64_t call_id, CallAudioHooks audio_hooks, std::unique_ptr<OpusFrameEncoder> opus_encoder)
      : id(call_id),
        hooks(std::move(audio_hooks)),
        encoder(std::move(opus_encoder)),
        outgoing(kOutgoingRingFrames),
        incoming(kIncomingRingPackets) {}

  const uint64_t id;
  const CallAudioHooks hooks;  // called on the audio thread only
  const std::unique_ptr<OpusFrameEncoder> encoder;

  DropOldestRing<OutgoingOpusFrame> outgoing;  // audio thread → PopOutgoing
  SpscRing<InboundPacket> incoming;            // PushReceived → audio thread
  CallSettings settings;

  // Audio thread.
  VoiceGate gate;
  bool local_speaking = false;
  bool reported_encode_error = false;
  bool reported_hook_error = false;
  EngineParticipant* participants[kMaxParticipantsPerCall] = {};
  size_t participant_count = 0;
  int16_t send_pcm[kFrameSamples] = {};  // this call's copy of the microphone (its hook edits it)
  uint8_t packet[kMaxOpusPacketBytes] = {};
};

}  // namespace sdkpp::voice
