// The WASAPI device backend against a real Windows audio stack: Wine's mmdevapi, which plays
// through winepulse to a private PulseAudio server. scripts/test/wasapi-wine.mjs builds this file
// with mingw and runs it under Wine twice:
//   - WasapiBackend.*: with the server, which has two null sinks described "sdkpp-speaker"
//     (the server's default) and "sdkpp-alt-speaker", and the default source on the monitor of
//     "sdkpp-speaker" (what the speaker plays comes back as the microphone). Wine 8's winepulse
//     lists one endpoint per sink and source ("Monitor of sdkpp-speaker" is an input) plus one
//     named "PulseAudio" that follows the server's default, which is Windows' default endpoint;
//   - WasapiWithoutServer.*: with no server, so Windows lists no device.
// WasapiNotificationClient.* needs no server (it runs in the first run).
// On Linux and macOS this file is empty (the host harness globs it too).
#ifdef _WIN32

#include <windows.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cwchar>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "framework/test.h"
#include "voice/audio/audio_backend_choice.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/pcm_math.h"
#include "voice/audio/wasapi/wasapi_audio_backend.h"
#include "voice/audio/wasapi/wasapi_notification_client.h"
#include "voice/tone_measure.h"

namespace sdkpp::voice {
namespace {

using namespace std::chrono_literals;
using testing::ZeroCrossingHz;

struct LogLines {
  std::mutex mutex;
  std::vector<std::pair<LoggingSeverity, std::string>> lines;
  AudioBackendLog Sink() {
    return [this](LoggingSeverity severity, const std::string& message) {
      std::lock_guard lock(mutex);
      lines.emplace_back(severity, message);
    };
  }
  bool Has(LoggingSeverity severity, const std::string& part) {
    std::lock_guard lock(mutex);
    for (const auto& [s, m] : lines) {
      if (s == severity && m.find(part) != std::string::npos) return true;
    }
    return false;
  }
  std::string All() {
    std::lock_guard lock(mutex);
    std::string text;
    for (const auto& line : lines) text += "\n  " + line.second;
    return text;
  }
};

// Counts frames, checks their indexes, plays a 440 Hz tone and keeps what the microphone heard.
struct ToneSink : AudioFrameSink {
  std::atomic<uint64_t> frames{0};
  std::atomic<uint64_t> index_gaps{0};
  uint64_t next_index = 0;
  double phase = 0;
  std::mutex mutex;
  std::vector<int16_t> heard;
  void OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) override {
    if (frame_index != next_index) ++index_gaps;
    next_index = frame_index + 1;
    FillSine(playback, kSamplesPerChannel, 440, -6, kSampleRate, phase);
    {
      std::lock_guard lock(mutex);
      heard.insert(heard.end(), captured, captured + kFrameSamples);
    }
    ++frames;
  }
  // The last `count` frames the microphone heard.
  std::vector<int16_t> LastHeard(size_t count) {
    std::lock_guard lock(mutex);
    const size_t take = std::min(heard.size(), count * kFrameSamples);
    return std::vector<int16_t>(heard.end() - static_cast<std::ptrdiff_t>(take), heard.end());
  }
};

const AudioDeviceInfo* Named(const std::vector<AudioDeviceInfo>& devices, const std::string& name) {
  for (const auto& device : devices) {
    if (device.name.find(name) != std::string::npos) return &device;
  }
  return nullptr;
}

std::string Describe(const std::vector<AudioDeviceInfo>& devices) {
  std::string text;
  for (const auto& d : devices) text += "\n  " + d.name + (d.is_default ? " (default)" : "") + " = " + d.id;
  return text.empty() ? "\n  (none)" : text;
}

std::unique_ptr<AudioDeviceBackend> Create(LogLines& log) {
  std::string error;
  auto backend = CreateWasapiAudioBackend(log.Sink(), error);
  if (!backend) std::printf("  CreateWasapiAudioBackend: %s\n", error.c_str());
  return backend;
}

template <class Condition>
bool WaitFor(Condition condition, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

TEST(WasapiBackend, ListsTheServerDevicesWithOneDefaultEach) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  EXPECT_STREQ(backend->Name(), "wasapi");
  const auto outputs = backend->OutputDevices();
  const auto inputs = backend->InputDevices();
  std::printf("  outputs:%s\n  inputs:%s\n", Describe(outputs).c_str(), Describe(inputs).c_str());
  const AudioDeviceInfo* speaker = Named(outputs, "sdkpp-speaker");
  const AudioDeviceInfo* alt = Named(outputs, "sdkpp-alt-speaker");
  ASSERT_TRUE(speaker != nullptr) << Describe(outputs);
  ASSERT_TRUE(alt != nullptr) << Describe(outputs);
  EXPECT_NE(speaker->id, alt->id);
  EXPECT_EQ(std::count_if(outputs.begin(), outputs.end(), [](const auto& d) { return d.is_default; }), 1)
      << Describe(outputs);
  // Endpoint ids are Windows' ("{0.0.0.00000000}.{guid}" for outputs, 0.0.1 for inputs), names
  // are the friendly names.
  EXPECT_EQ(speaker->id.rfind("{0.0.0.", 0), 0u) << speaker->id;
  const AudioDeviceInfo* monitor = Named(inputs, "Monitor of sdkpp-speaker");
  ASSERT_TRUE(monitor != nullptr) << Describe(inputs);
  EXPECT_EQ(monitor->id.rfind("{0.0.1.", 0), 0u) << monitor->id;
  EXPECT_EQ(std::count_if(inputs.begin(), inputs.end(), [](const auto& d) { return d.is_default; }), 1)
      << Describe(inputs);
  EXPECT_TRUE(log.lines.empty()) << log.All();
}

TEST(WasapiBackend, StartDeliversFiftyFramesASecondUntilStop) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  EXPECT_TRUE(backend->IsRunning());
  std::string again;
  EXPECT_FALSE(backend->Start(sink, again));
  EXPECT_TRUE(again.find("already running") != std::string::npos) << again;
  // Counted from the first frame on, so that opening the devices is not in the second measured.
  ASSERT_TRUE(WaitFor([&] { return sink.frames.load() > 0; }, 2000ms)) << log.All();
  const uint64_t first = sink.frames.load();
  std::this_thread::sleep_for(1000ms);
  const uint64_t in_one_second = sink.frames.load() - first;
  const auto stop_started = std::chrono::steady_clock::now();
  backend->Stop();
  const auto stop_took = std::chrono::steady_clock::now() - stop_started;
  EXPECT_FALSE(backend->IsRunning());
  std::printf("  %llu frames in 1 s; Stop took %lld ms\n", static_cast<unsigned long long>(in_one_second),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(stop_took).count()));
  EXPECT_GE(in_one_second, 47u);
  EXPECT_LE(in_one_second, 53u);
  EXPECT_EQ(sink.index_gaps.load(), 0u);
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(stop_took).count(), 500);
  // Stop joined the audio thread: no frame after it.
  const uint64_t after_stop = sink.frames.load();
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(sink.frames.load(), after_stop);
  EXPECT_TRUE(log.Has(LoggingSeverity::Info, "the speaker is on the default device")) << log.All();
  EXPECT_TRUE(log.Has(LoggingSeverity::Info, "the microphone is on the default device")) << log.All();
}

// Waits until the sink got `frames` more frames, then looks at the last 1.5 s heard frame by
// frame: how many 20 ms frames carry the 440 Hz tone (within 10 Hz, louder than -15 dBFS), and
// the loudest frame. Frame by frame, because a fresh stream on a null sink, Wine's relay to it
// and a busy machine drop a frame now and then: a gap spoils a whole-window frequency estimate
// but only its own frame here.
struct Heard {
  size_t tone_frames = 0;  // of 75
  float loudest = -100;
};
Heard Listen(ToneSink& sink, uint64_t frames, LogLines& log) {
  const uint64_t until = sink.frames.load() + frames;
  if (!WaitFor([&] { return sink.frames.load() >= until; }, std::chrono::milliseconds(frames * 40))) {
    ADD_FAILURE() << "the frames stopped" << log.All();
  }
  const auto heard = sink.LastHeard(75);
  Heard result;
  for (size_t start = 0; start + kFrameSamples <= heard.size(); start += kFrameSamples) {
    const std::vector<int16_t> frame(heard.begin() + static_cast<std::ptrdiff_t>(start),
                                     heard.begin() + static_cast<std::ptrdiff_t>(start + kFrameSamples));
    const float dbfs = LevelDbfs(frame.data(), frame.size());
    if (std::fabs(ZeroCrossingHz(frame) - 440) < 10 && dbfs > -15) ++result.tone_frames;
    result.loudest = std::max(result.loudest, dbfs);
  }
  std::printf("  heard: %zu of 75 frames carry the tone, loudest %.1f dBFS; the 1.5 s: %.1f Hz at %.1f dBFS\n",
              result.tone_frames, result.loudest, ZeroCrossingHz(heard), LevelDbfs(heard.data(), heard.size()));
  return result;
}

// The speaker plays a 440 Hz tone; the default input is the monitor of the server's default
// sink, so the tone comes back through WASAPI capture after the server's latency (a fresh
// stream on a null sink starts late: about 1.5 s, as with the PulseAudio backend). Then the
// output moves to the other sink (the monitor goes quiet: the stream really moved) and the input
// to that sink's monitor (the tone is back).
TEST(WasapiBackend, TheToneReachesTheSinkAndFollowsTheSelectedDevices) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  const auto outputs = backend->OutputDevices();
  const auto inputs = backend->InputDevices();
  const AudioDeviceInfo* alt = Named(outputs, "sdkpp-alt-speaker");
  const AudioDeviceInfo* alt_monitor = Named(inputs, "Monitor of sdkpp-alt-speaker");
  ASSERT_TRUE(alt != nullptr && alt_monitor != nullptr);
  const std::string alt_id = alt->id, alt_monitor_id = alt_monitor->id;
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;

  // Half the frames: glitches on a loaded machine pass (a quiet one gives 72 to 75 of 75), a
  // missing or wrong tone does not.
  const Heard first = Listen(sink, 150, log);
  EXPECT_GE(first.tone_frames, 38u) << log.All();
  // -6 dBFS peak is about -9 dBFS RMS; Windows' and the server's conversions lose little.
  EXPECT_GT(first.loudest, -12.0f) << log.All();

  ASSERT_TRUE(backend->SelectOutput(alt_id));
  EXPECT_EQ(backend->CurrentOutputId(), alt_id);
  const Heard moved = Listen(sink, 100, log);  // the windows start 0.5 s after the switch
  EXPECT_EQ(moved.tone_frames, 0u) << log.All();
  EXPECT_LT(moved.loudest, -60.0f) << "the tone still reaches the first sink" << log.All();
  EXPECT_TRUE(log.Has(LoggingSeverity::Info, "the speaker is on '" + alt_id + "'")) << log.All();

  ASSERT_TRUE(backend->SelectInput(alt_monitor_id));
  EXPECT_EQ(backend->CurrentInputId(), alt_monitor_id);
  const Heard back = Listen(sink, 150, log);
  EXPECT_GE(back.tone_frames, 38u) << log.All();
  EXPECT_GT(back.loudest, -12.0f) << log.All();
  backend->Stop();
  // Frame index gaps (the thread more than 100 ms late) are a loaded machine's, not counted here.
  EXPECT_FALSE(log.Has(LoggingSeverity::Warning, "wasapi:")) << log.All();
  std::printf("  log:%s\n", log.All().c_str());
}

TEST(WasapiBackend, SelectingAnUnknownIdFailsAndAKnownOneIsKept) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  EXPECT_FALSE(backend->SelectOutput("{0.0.0.00000000}.{00000000-0000-0000-0000-000000000000}"));
  EXPECT_FALSE(backend->SelectInput("no such microphone"));
  EXPECT_EQ(backend->CurrentOutputId(), "");
  EXPECT_EQ(backend->CurrentInputId(), "");
  const auto outputs = backend->OutputDevices();
  const AudioDeviceInfo* alt = Named(outputs, "sdkpp-alt-speaker");
  ASSERT_TRUE(alt != nullptr);
  EXPECT_TRUE(backend->SelectOutput(alt->id));
  EXPECT_EQ(backend->CurrentOutputId(), alt->id);
  // An input id is not an output.
  EXPECT_FALSE(backend->SelectInput(alt->id));
  EXPECT_TRUE(backend->SelectOutput(""));
  EXPECT_EQ(backend->CurrentOutputId(), "");
}

TEST(WasapiBackend, StartStopStartRunsAgain) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  for (int round = 0; round < 3; ++round) {
    ToneSink sink;
    std::string error;
    ASSERT_TRUE(backend->Start(sink, error)) << "round " << round << ": " << error;
    EXPECT_TRUE(WaitFor([&] { return sink.frames.load() >= 10; }, 2000ms)) << "round " << round;
    backend->Stop();
    backend->Stop();  // idempotent
    EXPECT_FALSE(backend->IsRunning());
  }
}

TEST(WasapiBackend, ThreadPriorityIsAppliedOrRefusedWithAWarning) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  backend->SetThreadPriority(12345);
  EXPECT_TRUE(WaitFor([&] { return log.Has(LoggingSeverity::Warning, "is not a Windows thread priority"); }, 1000ms))
      << log.All();
  backend->SetThreadPriority(THREAD_PRIORITY_HIGHEST);
  std::this_thread::sleep_for(100ms);
  backend->Stop();
  EXPECT_FALSE(log.Has(LoggingSeverity::Warning, "SetThreadPriority(2) failed")) << log.All();
}

// Windows tells the device thread that the default output moved (Wine: the DefaultOutput value
// of its driver key, which its mmdevapi watches and reports through OnDefaultDeviceChanged); a
// speaker on the default is reopened, on the new default. Not a device change: no listener call.
TEST(WasapiBackend, ADefaultChangeReopensTheStreamsOnTheDefault) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  std::atomic<int> changes{0};
  backend->SetDeviceChangeListener([&] { ++changes; });
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  const std::string opened = "the speaker is on the default device";
  const auto count = [&] {
    std::lock_guard lock(log.mutex);
    return std::count_if(log.lines.begin(), log.lines.end(), [&](const auto& l) { return l.second.find(opened) != std::string::npos; });
  };
  ASSERT_TRUE(WaitFor([&] { return count() == 1; }, 2000ms)) << log.All();
  const wchar_t* key = L"Software\\Wine\\Drivers\\winepulse.drv";
  const wchar_t* value = L"0,sdkpp_alt";
  ASSERT_EQ(RegSetKeyValueW(HKEY_CURRENT_USER, key, L"DefaultOutput", REG_SZ, value,
                            static_cast<DWORD>((wcslen(value) + 1) * sizeof(wchar_t))),
            ERROR_SUCCESS);
  EXPECT_TRUE(WaitFor([&] { return count() == 2; }, 2000ms)) << log.All();
  RegDeleteKeyValueW(HKEY_CURRENT_USER, key, L"DefaultOutput");
  const uint64_t before = sink.frames.load();
  std::this_thread::sleep_for(300ms);
  EXPECT_GE(sink.frames.load() - before, 12u);
  backend->Stop();
  EXPECT_EQ(changes.load(), 0);
  EXPECT_EQ(sink.index_gaps.load(), 0u);
}

// The chosen output goes away (the script unloads the sink when it reads the marker line): the
// stream fails, the speaker falls back to the default device and the frames go on. Wine keeps
// the endpoint listed (its list is read once per process), so the fallback comes from the failed
// open, as it would for a device that fails on Windows.
TEST(WasapiBackend, ZyAChosenOutputThatGoesAwayFallsBackToTheDefault) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  const auto outputs = backend->OutputDevices();
  const AudioDeviceInfo* alt = Named(outputs, "sdkpp-alt-speaker");
  ASSERT_TRUE(alt != nullptr);
  const std::string alt_id = alt->id;
  ASSERT_TRUE(backend->SelectOutput(alt_id));
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  ASSERT_TRUE(WaitFor([&] { return log.Has(LoggingSeverity::Info, "the speaker is on '" + alt_id + "'"); }, 2000ms))
      << log.All();
  std::printf("%s\n", "[wasapi-wine: remove sdkpp-alt-speaker]");
  std::fflush(stdout);
  EXPECT_TRUE(WaitFor([&] { return log.Has(LoggingSeverity::Info, "the speaker is on the default device"); }, 8000ms))
      << log.All();
  EXPECT_TRUE(log.Has(LoggingSeverity::Warning, "the speaker falls back to the default device")) << log.All();
  const uint64_t before = sink.frames.load();
  std::this_thread::sleep_for(300ms);
  EXPECT_GE(sink.frames.load() - before, 12u);
  backend->Stop();
  EXPECT_EQ(sink.index_gaps.load(), 0u);
  std::printf("  log:%s\n", log.All().c_str());
}

// Last of the suite: scripts/test/wasapi-wine.mjs stops the PulseAudio server when it reads the
// first marker line and starts it again on the second. Without the server Wine's streams fail;
// the call goes on (frames keep coming, the microphone is silent) and the devices are tried
// again every 3 s, so they play again once the server is back.
TEST(WasapiBackend, ZzAServerThatGoesAwayLeavesTheCallOnSilenceUntilItIsBack) {
  LogLines log;
  auto backend = Create(log);
  ASSERT_TRUE(backend != nullptr);
  ToneSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  ASSERT_TRUE(WaitFor([&] { return sink.frames.load() >= 50; }, 3000ms)) << log.All();
  std::printf("%s\n", "[wasapi-wine: stop the server]");
  std::fflush(stdout);
  EXPECT_TRUE(WaitFor([&] { return log.Has(LoggingSeverity::Warning, "the speaker failed ("); }, 5000ms)) << log.All();
  const uint64_t before = sink.frames.load();
  std::this_thread::sleep_for(4000ms);
  const uint64_t frames = sink.frames.load() - before;
  std::printf("  %llu frames in the 4 s without a server\n", static_cast<unsigned long long>(frames));
  EXPECT_GE(frames, 190u);
  const auto quiet = sink.LastHeard(25);
  EXPECT_LT(LevelDbfs(quiet.data(), quiet.size()), -60.0f);
  EXPECT_TRUE(log.Has(LoggingSeverity::Warning, "the speaker is silent and is tried again every 3 s")) << log.All();

  std::printf("%s\n", "[wasapi-wine: start the server again]");
  std::fflush(stdout);
  const std::string opened = "the speaker is on the default device";
  const auto opens = [&] {
    std::lock_guard lock(log.mutex);
    return std::count_if(log.lines.begin(), log.lines.end(), [&](const auto& l) { return l.second.find(opened) != std::string::npos; });
  };
  // The next try is at most 3 s away; the new server needs up to a second to start.
  EXPECT_TRUE(WaitFor([&] { return opens() == 2; }, 6000ms)) << log.All();
  backend->Stop();
  EXPECT_EQ(sink.index_gaps.load(), 0u);
  std::printf("  log:%s\n", log.All().c_str());
}

// Wine's mmdevapi sends no device added/removed notifications (it reads its device list once per
// process), so what the device thread gets from Windows is checked on the client itself: each
// callback wakes the thread and says what to do, and only the console role's default counts.
TEST(WasapiNotificationClient, NotesWhatChangedAndWakesTheDeviceThread) {
  HANDLE wake = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  ASSERT_TRUE(wake != nullptr);
  auto* client = new wasapi::WasapiNotificationClient(wake);
  IMMNotificationClient* as_interface = nullptr;
  EXPECT_EQ(client->QueryInterface(__uuidof(IMMNotificationClient), reinterpret_cast<void**>(&as_interface)), S_OK);
  EXPECT_TRUE(as_interface == client);
  void* other = reinterpret_cast<void*>(1);
  EXPECT_EQ(client->QueryInterface(__uuidof(IMMDeviceEnumerator), &other), E_NOINTERFACE);
  EXPECT_TRUE(other == nullptr);
  EXPECT_EQ(client->Release(), 1u);  // the QueryInterface reference

  auto pending = client->Take();
  EXPECT_FALSE(pending.refresh || pending.devices_changed || pending.defaults_changed);
  EXPECT_EQ(WaitForSingleObject(wake, 0), static_cast<DWORD>(WAIT_TIMEOUT));

  client->OnDeviceAdded(L"{0.0.0.00000000}.{new}");
  EXPECT_EQ(WaitForSingleObject(wake, 0), static_cast<DWORD>(WAIT_OBJECT_0));
  pending = client->Take();
  EXPECT_TRUE(pending.devices_changed && pending.refresh);
  EXPECT_FALSE(pending.defaults_changed);
  EXPECT_FALSE(client->Take().refresh);  // taken once

  client->OnDeviceStateChanged(L"x", DEVICE_STATE_UNPLUGGED);
  EXPECT_TRUE(client->Take().devices_changed);
  client->OnDeviceRemoved(L"x");
  EXPECT_TRUE(client->Take().devices_changed);

  // Windows reports one change per role: the multimedia and communications ones do not move the
  // streams, the console one does.
  client->OnDefaultDeviceChanged(eRender, eCommunications, L"x");
  client->OnDefaultDeviceChanged(eRender, eMultimedia, L"x");
  EXPECT_FALSE(client->Take().defaults_changed);
  client->OnDefaultDeviceChanged(eCapture, eConsole, L"x");
  pending = client->Take();
  EXPECT_TRUE(pending.defaults_changed && pending.refresh);
  EXPECT_FALSE(pending.devices_changed);

  // A renamed device: new lists, no device change for the app.
  client->OnPropertyValueChanged(L"x", PROPERTYKEY{});
  pending = client->Take();
  EXPECT_TRUE(pending.refresh);
  EXPECT_FALSE(pending.devices_changed || pending.defaults_changed);

  EXPECT_EQ(client->Release(), 0u);
  CloseHandle(wake);
}

TEST(WasapiWithoutServer, CreationFailsWithAReasonAndSystemFallsBackToVirtual) {
  LogLines log;
  std::string error;
  const auto started = std::chrono::steady_clock::now();
  auto backend = CreateWasapiAudioBackend(log.Sink(), error);
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_TRUE(backend == nullptr);
  std::printf("  error: %s (%lld ms)\n", error.c_str(),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(took).count()));
  EXPECT_TRUE(error.find("no active audio device") != std::string::npos) << error;
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), 2500);

  LogLines choice;
  auto chosen = CreateAudioBackend(AudioBackendKind::System, choice.Sink());
  ASSERT_TRUE(chosen != nullptr);
  EXPECT_STREQ(chosen->Name(), "virtual");
  EXPECT_TRUE(choice.Has(LoggingSeverity::Warning, "no active audio device")) << choice.All();
  EXPECT_TRUE(choice.Has(LoggingSeverity::Warning, "the virtual devices play instead")) << choice.All();
}

}  // namespace
}  // namespace sdkpp::voice

#endif  // _WIN32
