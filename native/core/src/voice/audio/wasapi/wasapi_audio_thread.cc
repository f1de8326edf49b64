#include "voice/audio/wasapi/wasapi_audio_thread.h"

#ifdef _WIN32

#include <algorithm>
#include <exception>
#include <type_traits>

#include "voice/audio/wasapi/com_apartment.h"
#include "voice/audio/wasapi/wasapi_endpoints.h"
#include "voice/audio/wasapi/wasapi_text.h"
#include "voice/audio/wasapi/wasapi_tick_timer.h"

namespace sdkpp::voice::wasapi {
namespace {

constexpr auto kFrame = std::chrono::milliseconds(kFrameMs);
constexpr auto kRetryEvery = std::chrono::seconds(3);
// A thread this far behind (a suspended machine) skips ahead instead of racing to catch up.
constexpr int kMaxCatchUpFrames = 5;

std::string Described(const std::string& id) { return id.empty() ? std::string("the default device") : "'" + id + "'"; }

}  // namespace

WasapiAudioThread::WasapiAudioThread(AudioFrameSink& sink, const DeviceSelection& selection,
                                     const WasapiDeviceMonitor& monitor, const AppThreadPriority& priority,
                                     WasapiLog log)
    : sink_(sink), selection_(selection), monitor_(monitor), priority_(priority), log_(std::move(log)) {
  thread_ = std::thread([this] { Run(); });
}

WasapiAudioThread::~WasapiAudioThread() {
  running_.store(false);
  if (thread_.joinable()) thread_.join();
}

// No exception leaves the thread (it would end the process): one is logged and the thread ends;
// the call then hears and plays nothing until it is restarted.
void WasapiAudioThread::Run() {
  try {
    Loop();
  } catch (const std::exception& error) {
    log_(LoggingSeverity::Error, std::string("wasapi: the audio thread stopped: ") + error.what());
  } catch (...) {
    log_(LoggingSeverity::Error, "wasapi: the audio thread stopped on an unknown exception");
  }
  input_.stream.reset();
  output_.stream.reset();
  enumerator_.reset();
}

void WasapiAudioThread::Loop() {
  ComApartment com;
  if (!com.ok()) {
    log_(LoggingSeverity::Error, "wasapi: no COM on the audio thread (" + HresultText(com.result()) +
                                     "); the call goes on without devices");
  }
  AudioThreadPriority priority(log_);
  TickTimer timer;
  auto next_tick = Clock::now() + kFrame;
  while (running_.load()) {
    const uint64_t priority_generation = priority_.generation.load();
    if (priority_generation != seen_priority_) {
      seen_priority_ = priority_generation;
      priority.ApplyAppPriority(priority_.value.load());
    }
    if (com.ok() && !enumerator_ && Clock::now() >= enumerator_retry_at_) {
      std::string error;
      if (!CreateDeviceEnumerator(enumerator_, error)) {
        log_(LoggingSeverity::Warning, "wasapi: " + error + "; the call goes on with silence");
        enumerator_retry_at_ = Clock::now() + kRetryEvery;
      } else {
        seen_selection_ = selection_.generation();
        seen_default_ = monitor_.default_generation();
        const auto ids = selection_.Current();
        input_.id = ids.input;
        output_.id = ids.output;
      }
    }
    if (enumerator_) {
      FollowSelection();
      if (!input_.stream && Clock::now() >= input_.retry_at) Open(input_);
      if (!output_.stream && Clock::now() >= output_.retry_at) Open(output_);
    }

    timer.SleepUntil(next_tick);
    if (!running_.load()) break;
    if (Clock::now() < next_tick) continue;  // woke early: wait again
    Tick();
    next_tick += kFrame;
    if (Clock::now() - next_tick > kMaxCatchUpFrames * kFrame) {
      const auto behind = (Clock::now() - next_tick) / kFrame;
      frame_index_ += static_cast<uint64_t>(behind);  // the gap shows in the frame index
      next_tick += behind * kFrame;
    }
  }
  Close(input_);
  Close(output_);
  enumerator_.reset();
  if (playback_dropped_ > 0 || playback_underruns_ > 0 || fifo_.underruns() > 0 || fifo_.dropped_frames() > 0 ||
      capture_discontinuities_ > 0) {
    log_(LoggingSeverity::Info, "wasapi: " + std::to_string(playback_dropped_) +
                                    " playback frames dropped (the speaker had no room), " +
                                    std::to_string(playback_underruns_) + " speaker underruns, " +
                                    std::to_string(fifo_.underruns()) + " silent frames (the microphone ran dry), " +
                                    std::to_string(fifo_.dropped_frames()) +
                                    " captured frames dropped (the microphone ran ahead), " +
                                    std::to_string(capture_discontinuities_) + " capture discontinuities");
  }
}

void WasapiAudioThread::FollowSelection() {
  const uint64_t generation = selection_.generation();
  if (generation != seen_selection_) {
    seen_selection_ = generation;
    const auto ids = selection_.Current();
    if (ids.input != input_.id) {
      Close(input_);
      input_.id = ids.input;
      input_.retry_at = {};
    }
    if (ids.output != output_.id) {
      Close(output_);
      output_.id = ids.output;
      output_.retry_at = {};
    }
  }
  // Windows moved a default: the streams on the default move with it.
  const uint64_t defaults = monitor_.default_generation();
  if (defaults != seen_default_) {
    seen_default_ = defaults;
    // A side without a device tries the new default at once instead of at its next retry.
    if (input_.id.empty()) {
      Close(input_);
      input_.retry_at = {};
    }
    if (output_.id.empty()) {
      Close(output_);
      output_.retry_at = {};
    }
  }
}

template <class Stream>
void WasapiAudioThread::Close(Side<Stream>& side) {
  if (!side.stream) return;
  if constexpr (std::is_same_v<Stream, WasapiRenderStream>) {
    playback_dropped_ += side.stream->dropped();
    playback_underruns_ += side.stream->underruns();
  } else {
    capture_discontinuities_ += side.stream->discontinuities();
  }
  side.stream.reset();
}

template <class Stream>
std::unique_ptr<Stream> WasapiAudioThread::OpenOn(EDataFlow flow, const std::string& id, std::string& error) {
  ComPtr<IMMDevice> device;
  HRESULT result = S_OK;
  if (!OpenEndpoint(enumerator_.get(), flow, id, device, result, error)) return nullptr;
  return Stream::Open(device.get(), result, error);
}

template <class Stream>
void WasapiAudioThread::Open(Side<Stream>& side) {
  if constexpr (std::is_same_v<Stream, WasapiCaptureStream>) fifo_.Clear();
  std::string error;
  side.stream = OpenOn<Stream>(side.flow, side.id, error);
  if (!side.stream && !side.id.empty()) {
    // The chosen device is gone (unplugged, disabled) or fails: the default plays, as with the
    // PulseAudio backend; the app chooses again (a device change tells it the lists moved).
    log_(LoggingSeverity::Warning, "wasapi: " + error + "; the " + side.what + " falls back to the default device");
    side.id.clear();
    error.clear();
    side.stream = OpenOn<Stream>(side.flow, side.id, error);
  }
  if (!side.stream) {
    side.retry_at = Clock::now() + kRetryEvery;
    if (error != side.last_error) {
      log_(LoggingSeverity::Warning, "wasapi: " + error + "; the " + side.what +
                                         " is silent and is tried again every 3 s");
    }
    side.last_error = error;
    return;
  }
  side.last_error.clear();
  log_(LoggingSeverity::Info, std::string("wasapi: the ") + side.what + " is on " + Described(side.id));
}

template <class Stream>
void WasapiAudioThread::Fail(Side<Stream>& side, HRESULT result) {
  Close(side);
  // A device that went away is reopened at once (on the default if it is gone for good);
  // any other failure waits for the next try.
  const bool gone = result == AUDCLNT_E_DEVICE_INVALIDATED;
  side.retry_at = gone ? Clock::time_point{} : Clock::now() + kRetryEvery;
  side.last_error = HresultText(result);
  log_(LoggingSeverity::Warning, std::string("wasapi: the ") + side.what + " failed (" + side.last_error +
                                     "); the call goes on with silence and reopens it");
}

void WasapiAudioThread::Tick() {
  if (input_.stream) {
    const HRESULT result = input_.stream->Drain(fifo_);
    if (FAILED(result)) Fail(input_, result);
  }
  fifo_.Take(captured_);
  std::fill(std::begin(playback_), std::end(playback_), int16_t{0});
  sink_.OnAudioFrame(captured_, playback_, frame_index_++);
  if (output_.stream) {
    const HRESULT result = output_.stream->Write(playback_);
    if (FAILED(result)) Fail(output_, result);
  }
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
