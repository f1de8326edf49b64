// Where audio comes from and goes to. One interface for every backend: the virtual one (tests,
// CI, machines without a sound server; virtual_audio_backend.h) and real ones loaded at run time
// (PulseAudio in the next voice issue; CoreAudio and WASAPI later). The backend owns the audio
// thread (Client::Thread::Voice): it calls the sink once per 20 ms frame, on that thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sdkpp::voice {

struct AudioDeviceInfo {
  std::string id;
  std::string name;
  bool is_default = false;
};

// What the engine gives a backend. Runs on the backend's audio thread; never blocks, never
// allocates, never does I/O.
class AudioFrameSink {
 public:
  virtual ~AudioFrameSink() = default;
  // `captured`: kFrameSamples interleaved samples from the input device (zeros without one).
  // `playback`: kFrameSamples the sink fills for the output device.
  // `frame_index`: frames since Start, on the audio clock (gaps mean the device skipped).
  virtual void OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) = 0;
};

class AudioDeviceBackend {
 public:
  virtual ~AudioDeviceBackend() = default;

  virtual const char* Name() const = 0;  // "virtual", "pulseaudio", ...
  // Safe from the JS thread while running.
  virtual std::vector<AudioDeviceInfo> InputDevices() = 0;
  virtual std::vector<AudioDeviceInfo> OutputDevices() = 0;

  // Starts the audio thread; frames go to `sink` until Stop. An empty id is the default
  // device. False (with `error`) when the backend cannot run; nothing was started then.
  virtual bool Start(AudioFrameSink& sink, std::string& error) = 0;
  // Joins the audio thread: no OnAudioFrame runs after Stop returns. Idempotent.
  virtual void Stop() = 0;
  virtual bool IsRunning() const = 0;

  // Device selection, also while running (the next frame uses the new device). False for an
  // unknown id. The current ids are "" until one is chosen (= the default device).
  virtual bool SelectInput(const std::string& id) = 0;
  virtual bool SelectOutput(const std::string& id) = 0;
  virtual std::string CurrentInputId() const = 0;
  virtual std::string CurrentOutputId() const = 0;

  // Called from any thread when a device appears or goes; the engine forwards it to the JS
  // thread. Set before Start.
  virtual void SetDeviceChangeListener(std::function<void()> listener) = 0;
  // Client::SetThreadPriority(Thread::Voice, ...): applied to the audio thread when it can be.
  virtual void SetThreadPriority(int32_t priority) = 0;
};

}  // namespace sdkpp::voice
