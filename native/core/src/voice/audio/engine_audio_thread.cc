#include "voice/audio/engine_audio_thread.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "sdkpp/enums.h"
#include "sdkpp/limits.h"
#include "voice/audio/aec_dump.h"
#include "voice/audio/pcm_math.h"

namespace sdkpp::voice {
namespace {

using Counters = EngineCounterCells;

float Clamped(const std::atomic<float>& volume, uint64_t max) {
  return std::clamp(volume.load(std::memory_order_relaxed), 0.0f, float(max));
}

}  // namespace

void EngineAudioThread::OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) {
  bool wake = ApplyCommands();

  const uint64_t frame = clock_base_ + frame_index;
  clock_next_ = frame + 1;
  // RTP timestamps wrap at 2^32 by design: the low 32 bits of the sample clock.
  const auto audio_timestamp = static_cast<uint32_t>(frame * kSamplesPerChannel);

  if (captured != nullptr) {
    std::copy(captured, captured + kFrameSamples, input_);
  } else {
    std::fill(std::begin(input_), std::end(input_), int16_t{0});
  }
  // "No audio input" is about the device, so it is measured before the input volume: turning
  // the volume down is not a dead microphone.
  wake |= TrackInput(LevelDbfs(input_, kFrameSamples));
  ApplyGain(input_, kFrameSamples, VolumeToGain(Clamped(shared_.input_volume, limits::kMaxDeviceVolume)));
  ProcessCapture();

  std::fill(std::begin(mix_), std::end(mix_), 0);
  for (size_t i = 0; i < call_count_; ++i) {
    EngineCall& call = *calls_[i];
    wake |= TakeIncoming(call);
    wake |= Send(call, audio_timestamp);
    wake |= Receive(call);
    wake |= EndTick(call);
  }
  if (playback != nullptr) {
    SaturateTo(playback, mix_, kFrameSamples, VolumeToGain(Clamped(shared_.output_volume, limits::kMaxDeviceVolume)));
  }
  // The echo canceller's reference: what the speaker plays (nothing without an output device).
  processing_.RememberFarEnd(playback);

  Counters::Add(shared_.counters.ticks);
  if (wake) wake_->Wake();
}

void EngineAudioThread::ProcessCapture() {
  CaptureProcessingSettings settings;
  settings.echo_cancellation = shared_.echo_cancellation.load(std::memory_order_relaxed);
  settings.noise_suppression = shared_.noise_suppression.load(std::memory_order_relaxed);
  settings.noise_cancellation = shared_.noise_cancellation.load(std::memory_order_relaxed);
  settings.automatic_gain_control = shared_.automatic_gain_control.load(std::memory_order_relaxed);
  // The dump belongs to the first call (the microphone is processed once for all calls).
  AecDump* const dump = call_count_ > 0 ? shared_.aec_dump.load(std::memory_order_acquire) : nullptr;
  processing_.Process(input_, settings, dump != nullptr ? &dump_frame_ : nullptr);
  if (dump != nullptr && !dump->Push(calls_[0]->id, dump_frame_)) {
    Counters::Add(shared_.counters.aec_dump_frames_dropped);
  }
  shared_.echo_delay_ms.store(processing_.EstimatedEchoDelayMs(), std::memory_order_relaxed);
}

bool EngineAudioThread::ApplyCommands() {
  bool wake = false;
  // A command is taken only while the release ring has room for what it may give back.
  while (shared_.releases.SizeApprox() < shared_.releases.Capacity()) {
    EngineCommand command;
    if (!shared_.commands.Pop(command)) break;
    wake |= ApplyCommand(command);
  }
  return wake;
}

bool EngineAudioThread::ApplyCommand(const EngineCommand& command) {
  switch (command.kind) {
    case EngineCommand::Kind::AddCall:
      if (call_count_ == kMaxEngineCalls) {
        // The JS thread admits no more than that; reaching this is an engine bug, said aloud.
        return Log(Severity(LoggingSeverity::Error), "audio engine: no room for call %llu",
                   static_cast<unsigned long long>(command.call->id));
      }
      calls_[call_count_++] = command.call;
      return false;
    case EngineCommand::Kind::RemoveCall: {
      auto* const end = calls_ + call_count_;
      auto* const found = std::find(calls_, end, command.call);
      if (found != end) {
        std::copy(found + 1, end, found);  // keeps the order calls are mixed in
        --call_count_;
      }
      shared_.releases.Push(EngineRelease{command.call, nullptr});
      return true;
    }
    case EngineCommand::Kind::AddParticipant: {
      EngineCall* const call = FindCall(command.call);
      if (call == nullptr || call->participant_count == kMaxParticipantsPerCall) {
        return Log(Severity(LoggingSeverity::Error), "audio engine: no room for user %llu",
                   static_cast<unsigned long long>(command.participant->user_id));
      }
      call->participants[call->participant_count++] = command.participant;
      return false;
    }
    case EngineCommand::Kind::RemoveParticipant: {
      bool wake = false;
      if (EngineCall* const call = FindCall(command.call)) {
        auto* const end = call->participants + call->participant_count;
        auto* const found = std::find(call->participants, end, command.participant);
        if (found != end) {
          std::copy(found + 1, end, found);
          --call->participant_count;
          // A talker who leaves mid-word stops speaking.
          if (command.participant->speaking) {
            command.participant->speaking = false;
            EngineEvent event;
            event.kind = EngineEvent::Kind::Speaking;
            event.call_id = call->id;
            event.user_id = command.participant->user_id;
            event.flag = false;
            wake |= Emit(event);
          }
        }
      }
      shared_.releases.Push(EngineRelease{nullptr, command.participant});
      return true;
    }
  }
  return false;
}

bool EngineAudioThread::TrackInput(float level_dbfs) {
  const float threshold = shared_.no_input_threshold_db.load(std::memory_order_relaxed);
  InputState next = input_state_;
  if (level_dbfs > threshold) {
    quiet_ticks_ = 0;
    next = InputState::Detected;
  } else if (quiet_ticks_ < kNoInputTicks && ++quiet_ticks_ == kNoInputTicks) {
    next = InputState::Missing;
  }
  if (next == input_state_) return false;
  input_state_ = next;
  EngineEvent event;
  event.kind = EngineEvent::Kind::NoAudioInput;
  event.flag = next == InputState::Detected;
  return Emit(event);
}

bool EngineAudioThread::TakeIncoming(EngineCall& call) {
  auto take = [&](const InboundPacket& packet) {
    EngineParticipant* const participant = FindParticipant(call, packet.user_id);
    if (participant == nullptr) {
      Counters::Add(shared_.counters.unknown_user_packets);  // removed since it was pushed
      return;
    }
    const JitterBufferCounters before = participant->jitter.Counters();
    participant->jitter.Push(packet.sequence, packet.data, packet.size);
    const JitterBufferCounters& after = participant->jitter.Counters();
    Counters::Add(shared_.counters.late_packets, after.late - before.late);
    Counters::Add(shared_.counters.duplicate_packets, after.duplicates - before.duplicates);
    Counters::Add(shared_.counters.rejected_packets, after.rejected - before.rejected);
  };
  while (call.incoming.PopWith(take)) {
  }
  return false;
}

bool EngineAudioThread::Send(EngineCall& call, uint32_t audio_timestamp) {
  std::copy(std::begin(input_), std::end(input_), call.send_pcm);
  bool wake = false;
  if (call.hooks.captured) {
    try {
      call.hooks.captured(call.send_pcm, kSamplesPerChannel, kSampleRate, kChannels);
    } catch (...) {
      wake |= HookThrew(call, "captured");
    }
  }

  const CallSettings& settings = call.settings;
  VoiceGate& gate = call.gate;
  gate.SetMode(settings.mode.load(std::memory_order_relaxed));
  gate.SetVadThreshold(settings.vad_automatic.load(std::memory_order_relaxed),
                       settings.vad_threshold_db.load(std::memory_order_relaxed));
  // The delay first: a release seen in this tick holds for the delay in effect now.
  gate.SetPttReleaseDelayMs(settings.ptt_release_delay_ms.load(std::memory_order_relaxed));
  gate.SetPttActive(settings.ptt_active.load(std::memory_order_relaxed));
  gate.SetMuted(settings.self_mute.load(std::memory_order_relaxed));

  switch (gate.Tick(LevelDbfs(call.send_pcm, kFrameSamples))) {
    case VoiceGate::Action::Transmit: {
      const int size = call.encoder->Encode(call.send_pcm, call.packet, sizeof call.packet);
      if (size <= 0 || static_cast<size_t>(size) > sizeof call.packet) {
        Counters::Add(shared_.counters.encode_errors);
        if (!call.reported_encode_error) {
          call.reported_encode_error = true;
          wake |= Log(Severity(LoggingSeverity::Error),
                      "audio engine: the Opus encoder of call %llu failed (%d); further failures are only counted",
                      static_cast<unsigned long long>(call.id), size);
        }
        break;
      }
      Counters::Add(shared_.counters.frames_encoded);
      wake |= PushOutgoing(call, call.packet, static_cast<size_t>(size), false, audio_timestamp);
      break;
    }
    case VoiceGate::Action::SilenceFrame:
      wake |= PushOutgoing(call, kOpusSilenceFrame, sizeof kOpusSilenceFrame, true, audio_timestamp);
      break;
    case VoiceGate::Action::Idle:
      break;
  }

  if (gate.Speaking() != call.local_speaking) {
    call.local_speaking = gate.Speaking();
    EngineEvent event;
    event.kind = EngineEvent::Kind::LocalSpeaking;
    event.call_id = call.id;
    event.flag = call.local_speaking;
    wake |= Emit(event);
  }
  return wake;
}

bool EngineAudioThread::PushOutgoing(EngineCall& call, const uint8_t* data, size_t size, bool silence,
                                     uint32_t audio_timestamp) {
  const int lost = call.outgoing.PushWith([&](OutgoingOpusFrame& frame) {
    frame.audio_timestamp = audio_timestamp;
    frame.size = static_cast<uint16_t>(size);
    frame.silence = silence;
    std::memcpy(frame.data, data, size);
  });
  if (lost > 0) Counters::Add(shared_.counters.outgoing_dropped, static_cast<uint64_t>(lost));
  return true;  // whichever frame was lost, the ring holds frames to pop
}

bool EngineAudioThread::Receive(EngineCall& call) {
  bool wake = false;
  const bool deaf = call.settings.self_deaf.load(std::memory_order_relaxed);
  for (size_t i = 0; i < call.participant_count; ++i) {
    EngineParticipant& participant = *call.participants[i];
    const uint8_t* packet = nullptr;
    size_t size = 0;
    bool playing = false;
    bool heard = false;
    switch (participant.jitter.Pop(packet, size)) {
      case JitterBuffer::Output::Idle:
        break;
      case JitterBuffer::Output::Packet: {
        playing = true;
        const int decoded = participant.decoder->Decode(packet, size, participant.pcm);
        if (decoded < 0) {
          Counters::Add(shared_.counters.decode_errors);
          std::fill(std::begin(participant.pcm), std::end(participant.pcm), int16_t{0});
          if (!participant.reported_corrupt) {
            participant.reported_corrupt = true;
            wake |= Log(Severity(LoggingSeverity::Warning),
                        "audio engine: a corrupt Opus packet from user %llu in call %llu played as silence; "
                        "further ones are only counted",
                        static_cast<unsigned long long>(participant.user_id), static_cast<unsigned long long>(call.id));
          }
          break;
        }
        Counters::Add(shared_.counters.frames_decoded);
        const size_t filled = std::min<size_t>(static_cast<size_t>(decoded), kSamplesPerChannel) * kChannels;
        std::fill(participant.pcm + filled, participant.pcm + kFrameSamples, int16_t{0});
        heard = !IsOpusSilenceFrame(packet, size) && LevelDbfs(participant.pcm, kFrameSamples) > kSpeakingFloorDbfs;
        break;
      }
      case JitterBuffer::Output::Conceal:
        playing = true;
        participant.decoder->Conceal(participant.pcm);
        Counters::Add(shared_.counters.frames_concealed);
        break;
    }
    wake |= UpdateSpeaking(call, participant, heard);
    if (!playing) continue;

    bool should_mute = false;
    if (call.hooks.received) {
      try {
        call.hooks.received(participant.user_id, participant.pcm, kSamplesPerChannel, kSampleRate, kChannels,
                            should_mute);
      } catch (...) {
        wake |= HookThrew(call, "received");
      }
    }
    if (should_mute || deaf || participant.local_mute.load(std::memory_order_relaxed)) continue;
    const float gain = VolumeToGain(Clamped(participant.volume, limits::kMaxParticipantVolume));
    AccumulateInto(mix_, participant.pcm, kFrameSamples, gain);
  }
  return wake;
}

bool EngineAudioThread::EndTick(EngineCall& call) {
  if (!call.hooks.tick_end) return false;
  try {
    Counters::Add(shared_.counters.hook_late, call.hooks.tick_end());
  } catch (...) {
    return HookThrew(call, "tick_end");
  }
  return false;
}

bool EngineAudioThread::UpdateSpeaking(EngineCall& call, EngineParticipant& participant, bool heard) {
  bool changed = false;
  if (heard) {
    participant.speaking_ticks_left = kSpeakingHoldTicks;
    changed = !participant.speaking;
    participant.speaking = true;
  } else if (participant.speaking && --participant.speaking_ticks_left == 0) {
    participant.speaking = false;
    changed = true;
  }
  if (!changed) return false;
  EngineEvent event;
  event.kind = EngineEvent::Kind::Speaking;
  event.call_id = call.id;
  event.user_id = participant.user_id;
  event.flag = participant.speaking;
  return Emit(event);
}

bool EngineAudioThread::HookThrew(EngineCall& call, const char* which) {
  // An exception must not unwind through the device backend's thread; the frame goes on as the
  // hook left it.
  Counters::Add(shared_.counters.hook_errors);
  if (call.reported_hook_error) return false;
  call.reported_hook_error = true;
  return Log(Severity(LoggingSeverity::Error),
             "audio engine: the %s audio hook of call %llu threw; further throws are only counted", which,
             static_cast<unsigned long long>(call.id));
}

EngineCall* EngineAudioThread::FindCall(const EngineCall* call) const {
  for (size_t i = 0; i < call_count_; ++i) {
    if (calls_[i] == call) return calls_[i];
  }
  return nullptr;
}

EngineParticipant* EngineAudioThread::FindParticipant(const EngineCall& call, uint64_t user_id) {
  for (size_t i = 0; i < call.participant_count; ++i) {
    if (call.participants[i]->user_id == user_id) return call.participants[i];
  }
  return nullptr;
}

bool EngineAudioThread::Emit(const EngineEvent& event) {
  if (shared_.events.Push(event)) return true;
  Counters::Add(shared_.counters.events_dropped);
  return false;
}

bool EngineAudioThread::Log(int32_t severity, const char* format, ...) {
  EngineEvent event;
  event.kind = EngineEvent::Kind::Log;
  event.severity = severity;
  va_list arguments;
  va_start(arguments, format);
  std::vsnprintf(event.message, sizeof event.message, format, arguments);
  va_end(arguments);
  return Emit(event);
}

}  // namespace sdkpp::voice
