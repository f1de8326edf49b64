#include "voice/audio/pulse/pulse_stream_thread.h"

#ifdef __linux__

#include <pthread.h>

#include <algorithm>
#include <cstring>

namespace sdkpp::voice::pulse {

namespace {

constexpr const char* kStreamClientName = "sdkpp voice";
constexpr auto kFrame = std::chrono::milliseconds(kFrameMs);
constexpr auto kPoll = std::chrono::milliseconds(10);
constexpr auto kConnectTimeout = std::chrono::milliseconds(1000);
constexpr auto kStreamReconnectEvery = std::chrono::seconds(3);
// A record stream this late is taken as stalled: the timer ticks a silent frame instead.
constexpr uint32_t kPlaybackFrames = 4;
constexpr uint32_t kPlaybackPrebufFrames = 2;
constexpr size_t kCaptureCushionFrames = 2;
constexpr uint32_t kDefault = static_cast<uint32_t>(-1);  // "let the server choose"

const pa_sample_spec kSpec{PA_SAMPLE_S16LE, static_cast<uint32_t>(kSampleRate), static_cast<uint8_t>(kChannels)};

const char* DeviceOrDefault(const std::string& id) { return id.empty() ? nullptr : id.c_str(); }

}  // namespace

PulseStreamThread::PulseStreamThread(const PulseApi& api, AudioFrameSink& sink, const DeviceSelection& selection,
                                     const AppThreadPriority& priority, PulseLog log)
    : api_(api), sink_(sink), selection_(selection), priority_(priority), log_(std::move(log)) {
  thread_ = std::thread([this] { Run(); });
}

PulseStreamThread::~PulseStreamThread() {
  running_.store(false);
  if (thread_.joinable()) thread_.join();
}

void PulseStreamThread::Run() {
  // A name to find it by (top -H, /proc/<pid>/task/*/comm, the tests); 15 characters at most.
  pthread_setname_np(pthread_self(), "sdkpp-audio");
  next_tick_ = Clock::now() + kFrame;
  while (running_.load()) {
    ApplyPriorityIfChanged();
    if (connection_ && !connection_->Healthy()) {
      log_(LoggingSeverity::Warning, "pulseaudio: lost the server (" + connection_->ErrorText() +
                                         "); the call goes on with silence and reconnects");
      CloseStream(record_);
      CloseStream(playback_);
      connection_.reset();
      next_connect_ = Clock::now() + kStreamReconnectEvery;
    }
    if (!connection_ && Clock::now() >= next_connect_) Connect();

    if (connection_) {
      const uint64_t generation = selection_.generation();
      if (generation != seen_generation_) {
        seen_generation_ = generation;
        auto ids = selection_.Current();
        const bool input = ids.input != ids_.input;
        const bool output = ids.output != ids_.output;
        ids_ = std::move(ids);
        if (input) CloseStream(record_);
        if (output) CloseStream(playback_);
        OpenStreams(input, output);
      }
      CheckStream(record_, "record");
      CheckStream(playback_, "playback");
      connection_->Iterate(std::chrono::duration_cast<std::chrono::microseconds>(
          std::min<Clock::duration>(kPoll, TimeToNextTick())));
      PullCaptured();
    } else {
      std::this_thread::sleep_for(std::min<Clock::duration>(kPoll, TimeToNextTick()));
    }
    if (!running_.load() || Clock::now() < next_tick_) continue;

    // One frame per 20 ms of a steady timer: sources deliver in bursts (a null sink's monitor
    // can hand over 100 ms at once), which the pending bytes absorb; a source that runs dry
    // (or none at all) gives a silent frame.
    // After an open or a dry spell, capture waits for a cushion of two frames, so that a source
    // delivering a little late does not starve every other tick.
    if (!capture_primed_ && pending_size_ >= kCaptureCushionFrames * kFrameBytes) capture_primed_ = true;
    if (capture_primed_ && pending_size_ >= kFrameBytes) {
      std::memcpy(captured_, pending_, kFrameBytes);
      pending_size_ -= kFrameBytes;
      std::memmove(pending_, pending_ + kFrameBytes, pending_size_);
    } else {
      std::fill(std::begin(captured_), std::end(captured_), int16_t{0});
      if (capture_primed_) ++capture_underruns_;
      capture_primed_ = false;
    }
    Tick(captured_);
    next_tick_ += kFrame;
    // A long stall (a suspended machine) restarts the timer instead of racing to catch up.
    if (Clock::now() - next_tick_ > 5 * kFrame) {
      const auto behind = (Clock::now() - next_tick_) / kFrame;
      frame_index_ += static_cast<uint64_t>(behind);  // the gap shows in the frame index
      next_tick_ += behind * kFrame;
    }
  }
  CloseStream(record_);
  CloseStream(playback_);
  connection_.reset();
  if (playback_dropped_ > 0 || capture_underruns_ > 0 || capture_overflow_bytes_ > 0) {
    log_(LoggingSeverity::Info, "pulseaudio: " + std::to_string(playback_dropped_) +
                                    " playback frames dropped (the sink had no room), " +
                                    std::to_string(capture_underruns_) + " silent frames (the source ran dry), " +
                                    std::to_string(capture_overflow_bytes_ / kFrameBytes) +
                                    " captured frames dropped (the source ran ahead)");
  }
}

void PulseStreamThread::ApplyPriorityIfChanged() {
  const uint64_t generation = priority_.generation.load();
  if (generation == seen_priority_generation_) return;
  seen_priority_generation_ = generation;
  ApplyThreadPriority(priority_.value.load(), log_);
}

PulseStreamThread::Clock::duration PulseStreamThread::TimeToNextTick() const {
  return std::max<Clock::duration>(Clock::duration::zero(), next_tick_ - Clock::now());
}

void PulseStreamThread::Connect() {
  std::string error;
  connection_ = PulseConnection::Connect(api_, kStreamClientName, kConnectTimeout, error);
  if (!connection_) {
    log_(LoggingSeverity::Warning, "pulseaudio: " + error + "; the call goes on with silence");
    next_connect_ = Clock::now() + kStreamReconnectEvery;
    return;
  }
  seen_generation_ = selection_.generation();
  ids_ = selection_.Current();
  OpenStreams(true, true);
}

void PulseStreamThread::OpenStreams(bool input, bool output) {
  pa_context* context = connection_->context();
  if (input && record_ == nullptr) {
    record_ = api_.stream_new(context, "sdkpp microphone", &kSpec, nullptr);
    const pa_buffer_attr attr{kDefault, kDefault, kDefault, kDefault, static_cast<uint32_t>(kFrameBytes)};
    if (record_ && api_.stream_connect_record(record_, DeviceOrDefault(ids_.input), &attr, PA_STREAM_ADJUST_LATENCY) < 0) {
      log_(LoggingSeverity::Warning, "pulseaudio: cannot record from '" + ids_.input + "': " + connection_->ErrorText());
      CloseStream(record_);
    }
    pending_size_ = 0;
    capture_primed_ = false;
  }
  if (output && playback_ == nullptr) {
    playback_ = api_.stream_new(context, "sdkpp speaker", &kSpec, nullptr);
    // Up to four frames queued; playback starts (and restarts after an underrun) once two are
    // there: the cushion for the jitter of the sink and of this thread, at about 40 ms.
    const pa_buffer_attr attr{kDefault, static_cast<uint32_t>(kPlaybackFrames * kFrameBytes),
                              static_cast<uint32_t>(kPlaybackPrebufFrames * kFrameBytes),
                              static_cast<uint32_t>(kFrameBytes), kDefault};
    if (playback_ && api_.stream_connect_playback(playback_, DeviceOrDefault(ids_.output), &attr,
                                                  PA_STREAM_ADJUST_LATENCY, nullptr, nullptr) < 0) {
      log_(LoggingSeverity::Warning, "pulseaudio: cannot play to '" + ids_.output + "': " + connection_->ErrorText());
      CloseStream(playback_);
    }
  }
}

void PulseStreamThread::CloseStream(pa_stream*& stream) {
  if (stream == nullptr) return;
  api_.stream_disconnect(stream);
  api_.stream_unref(stream);
  stream = nullptr;
}

bool PulseStreamThread::CheckStream(pa_stream*& stream, const char* what) {
  if (stream == nullptr) return false;
  const int state = api_.stream_get_state(stream);
  if (state != PA_STREAM_FAILED && state != PA_STREAM_TERMINATED) return true;
  // A chosen device that went away: the server's default takes over, as the virtual backend does.
  log_(LoggingSeverity::Warning, std::string("pulseaudio: the ") + what + " stream ended (" +
                                     connection_->ErrorText() + "); reopening it on the default device");
  const bool is_record = &stream == &record_;
  CloseStream(stream);
  (is_record ? ids_.input : ids_.output).clear();
  OpenStreams(is_record, !is_record);
  return false;
}

void PulseStreamThread::PullCaptured() {
  if (record_ == nullptr || api_.stream_get_state(record_) != PA_STREAM_READY) return;
  while (true) {
    const void* data = nullptr;
    size_t bytes = 0;
    if (api_.stream_peek(record_, &data, &bytes) < 0 || bytes == 0) return;
    if (data == nullptr) {
      // A hole (the source dropped data): silence in its place keeps the clock right.
      bytes = std::min(bytes, kPendingBytes);
    }
    if (pending_size_ + bytes > kPendingBytes) {
      // The sink lags behind the device: the oldest captured audio goes.
      const size_t excess = std::min(pending_size_, pending_size_ + bytes - kPendingBytes);
      capture_overflow_bytes_ += excess;
      std::memmove(pending_, pending_ + excess, pending_size_ - excess);
      pending_size_ -= excess;
    }
    const size_t take = std::min(bytes, kPendingBytes - pending_size_);
    if (data) {
      std::memcpy(pending_ + pending_size_, static_cast<const uint8_t*>(data) + (bytes - take), take);
    } else {
      std::memset(pending_ + pending_size_, 0, take);
    }
    pending_size_ += take;
    api_.stream_drop(record_);
  }
}

void PulseStreamThread::Tick(const int16_t* captured) {
  std::fill(std::begin(playback_frame_), std::end(playback_frame_), int16_t{0});
  sink_.OnAudioFrame(captured, playback_frame_, frame_index_++);
  WritePlayback();
}

void PulseStreamThread::WritePlayback() {
  if (playback_ == nullptr || api_.stream_get_state(playback_) != PA_STREAM_READY) return;
  if (api_.stream_writable_size(playback_) < kFrameBytes) {
    ++playback_dropped_;
    return;
  }
  // No free callback: libpulse copies the frame.
  api_.stream_write(playback_, playback_frame_, kFrameBytes, nullptr, 0, PA_SEEK_RELATIVE);
}

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
