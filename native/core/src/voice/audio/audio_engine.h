// The native audio engine of a Client: one per Client, its work on the device backend's audio
// thread (Client::Thread::Voice), which never waits on the JS thread.
//
// Send path, per 20 ms tick: capture → input volume → the microphone's processing (echo
// cancellation, noise suppression, gain control: capture_processing.h, once for all calls) →
// each call's captured hook (in place, on the call's own copy) → VAD or PTT gate (five silence frames when it closes) → self-mute →
// Opus encode once per call → the call's outgoing ring (docs/voice-calls.md "Pipeline"). Receive path:
// PushReceived (JS thread) → per-user jitter buffer → Opus decode (or concealment) → received
// hook → participant volume, local mute → saturating mix → output volume, deafen → speaker.
// Speaking status comes from what is actually decoded.
//
// Threads: every method here is for the JS thread (the thread that owns the Client) unless it
// says otherwise. Scalars reach the audio thread through atomics, structural changes (a call or
// participant added) through a command ring; the audio thread never allocates, locks or does
// I/O in steady state. What the audio thread has to say (speaking changes, a call released,
// devices changed, no audio input, log lines) waits in an event ring until the JS thread calls
// DrainEvents; the engine calls `wake` (any thread, at most once per tick) so that it does.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sdkpp/enums.h"
#include "voice/audio/audio_device_backend.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/opus_codec.h"

namespace sdkpp::voice {

// The app's per-call audio callbacks (UserAudioReceivedCallback / UserAudioCapturedCallback of
// docs/guides/migrating-from-cpp.md). They run on the audio thread with 48 kHz, 2 channels, 960 samples, once per
// 20 ms tick and call in this order: `captured` once, `received` once per participant who plays
// this tick, then `tick_end` once (also in a tick with no other hook). Every one is optional.
struct CallAudioHooks {
  std::function<void(uint64_t user_id, int16_t* data, uint64_t samples_per_channel,
                     int32_t sample_rate, uint64_t channels, bool& out_should_mute)>
      received;
  std::function<void(int16_t* data, uint64_t samples_per_channel, int32_t sample_rate,
                     uint64_t channels)>
      captured;
  // The call's hooks are done for this tick: a bridge that hands the frames to another thread
  // (the N-API layer's, native/napi/voice/audio_callback_bridge.h) publishes them here with one wake, instead of one
  // per hook. It must not block or allocate either. It answers how many of the frames it
  // handed out earlier came back too late to be used (counted as hook_late).
  std::function<uint32_t()> tick_end;
};

// One encoded frame for the network, taken by the JS thread with PopOutgoing.
struct OutgoingOpusFrame {
  // 48 kHz samples on the audio clock since the engine started: the RTP timestamp's source, so
  // a stalled JS thread does not distort playback at the receiver.
  uint32_t audio_timestamp = 0;
  uint16_t size = 0;
  bool silence = false;  // one of the silence frames sent when the gate closes
  uint8_t data[kMaxOpusPacketBytes];
};

struct AudioEngineCounters {
  uint64_t ticks = 0;
  uint64_t frames_encoded = 0;
  uint64_t frames_decoded = 0;
  uint64_t frames_concealed = 0;
  uint64_t outgoing_dropped = 0;   // out ring full (the JS thread did not drain in time)
  uint64_t incoming_dropped = 0;   // in ring full
  uint64_t late_packets = 0;       // arrived after their playout time
  uint64_t duplicate_packets = 0;
  uint64_t hook_late = 0;          // frames a hook bridge got back too late (tick_end's answers)
  uint64_t rejected_packets = 0;      // PushReceived: empty or larger than an Opus packet
  uint64_t unknown_user_packets = 0;  // PushReceived for a user not added (or since removed)
  uint64_t decode_errors = 0;         // corrupt packets (played as silence)
  uint64_t encode_errors = 0;
  uint64_t events_dropped = 0;        // event ring full (DrainEvents not called in time)
  uint64_t hook_errors = 0;           // an audio hook threw (caught on the audio thread)
  // Not a count: the speaker-to-microphone delay the echo canceller found, in ms (−1: none yet).
  int32_t echo_delay_ms = -1;
  uint64_t aec_dump_frames_dropped = 0;  // the dump writer fell behind (its ring was full)
};

// What DrainEvents reports (JS thread).
class AudioEngineEvents {
 public:
  virtual ~AudioEngineEvents() = default;
  virtual void OnSpeakingChanged(uint64_t call_id, uint64_t user_id, bool speaking) = 0;
  // The local user's gate opened or closed (the call sends Speaking 1 / 0 for it).
  virtual void OnLocalSpeakingChanged(uint64_t call_id, bool speaking) = 0;
  // RemoveCall's work is done: the audio thread no longer touches the call.
  virtual void OnCallReleased(uint64_t call_id) = 0;
  virtual void OnDevicesChanged() = 0;
  virtual void OnNoAudioInput(bool input_detected) = 0;
  virtual void OnAudioLog(int32_t severity, const std::string& message) = 0;
};

class AudioEngine {
 public:
  virtual ~AudioEngine() = default;

  // --- calls (the key is the call's channel id) ---
  // Starts the backend on the first call, stops it after the last is released.
  virtual bool AddCall(uint64_t call_id, CallAudioHooks hooks, std::string& error) = 0;
  // Asynchronous: OnCallReleased comes from DrainEvents once the audio thread let go. The same
  // id may be added again at once; the release then still reports the old call.
  virtual void RemoveCall(uint64_t call_id) = 0;
  // Makes the user's decoder and jitter buffer; packets of a user not added are counted
  // (unknown_user_packets) and dropped. Volume and local mute set before it apply from the start.
  virtual void AddParticipant(uint64_t call_id, uint64_t user_id) = 0;
  virtual void RemoveParticipant(uint64_t call_id, uint64_t user_id) = 0;

  // --- network side (JS thread) ---
  // A received Opus payload (transport-decrypted) of a participant; copied into the in ring.
  virtual void PushReceived(uint64_t call_id, uint64_t user_id, uint16_t sequence,
                            uint32_t rtp_timestamp, const uint8_t* opus, size_t size) = 0;
  // The next encoded frame of a call, oldest first; false when there is none.
  virtual bool PopOutgoing(uint64_t call_id, OutgoingOpusFrame& frame) = 0;

  // --- per-call settings (take effect at the next tick) ---
  virtual void SetSelfMute(uint64_t call_id, bool mute) = 0;
  virtual void SetSelfDeaf(uint64_t call_id, bool deaf) = 0;
  virtual void SetLocalMute(uint64_t call_id, uint64_t user_id, bool mute) = 0;
  // 0..200, 100 = unity (limits.h).
  virtual void SetParticipantVolume(uint64_t call_id, uint64_t user_id, float volume) = 0;
  virtual void SetAudioMode(uint64_t call_id, AudioModeType mode) = 0;
  // threshold −100..0 dB; automatic: the engine picks it from the noise floor.
  virtual void SetVadThreshold(uint64_t call_id, bool automatic, float threshold_db) = 0;
  virtual void SetPttActive(uint64_t call_id, bool active) = 0;
  virtual void SetPttReleaseDelay(uint64_t call_id, uint32_t delay_ms) = 0;

  // --- engine-wide settings ---
  virtual void SetInputVolume(float volume) = 0;   // 0..100 (limits.h)
  virtual void SetOutputVolume(float volume) = 0;  // 0..100
  virtual void SetNoAudioInputThreshold(float dbfs) = 0;
  // The microphone's processing (capture_processing.h), all off until set: the Client turns on
  // what the C++ SDK has on by default.
  virtual void SetEchoCancellation(bool on) = 0;
  virtual void SetNoiseSuppression(bool on) = 0;
  virtual void SetNoiseCancellation(bool on) = 0;
  virtual void SetAutomaticGainControl(bool on) = 0;
  // The echo-cancellation dump (aec_dump.h): on, each call that runs from now on (or runs now)
  // writes its far end, raw microphone and processed microphone as WAV files into `directory`.
  // False (with `error`) when the folder cannot be made.
  virtual bool SetAecDump(bool on, const std::string& directory, std::string& error) = 0;

  // --- devices ---
  virtual AudioDeviceBackend& Backend() = 0;

  // --- events and numbers ---
  virtual void DrainEvents(AudioEngineEvents& events) = 0;
  virtual AudioEngineCounters Counters() const = 0;
  // Stops the backend and forgets every call (Client disposed). No event after it.
  virtual void Shutdown() = 0;
};

// `wake` is called from the audio thread (at most once per tick) when DrainEvents or
// PopOutgoing has something; it must be thread-safe and must not block.
std::unique_ptr<AudioEngine> CreateAudioEngine(std::unique_ptr<AudioDeviceBackend> backend,
                                               std::function<void()> wake);

// The codecs the engine makes on the JS thread, one encoder per call and one decoder per
// participant. CreateAudioEngine above uses libopus (OpusFrameEncoder/Decoder::Create); this
// overload lets a test count or replace them.
struct AudioCodecFactory {
  std::function<std::unique_ptr<OpusFrameEncoder>(std::string& error)> encoder;
  std::function<std::unique_ptr<OpusFrameDecoder>(std::string& error)> decoder;
};
std::unique_ptr<AudioEngine> CreateAudioEngine(std::unique_ptr<AudioDeviceBackend> backend,
                                               std::function<void()> wake, AudioCodecFactory codecs);

}  // namespace sdkpp::voice
