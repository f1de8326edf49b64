// The PulseAudio backend's failures are clean (library missing, no server) and the 'system'
// choice then falls back to the virtual devices with a Warning. A real server is exercised by
// test/e2e/voice_pulseaudio_devices.test.ts (a private headless pulseaudio).
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "env_guard.h"
#include "framework/test.h"
#include "voice/audio/audio_backend_choice.h"
#ifdef __linux__
#include "voice/audio/pulse/pulse_api.h"
#include "voice/audio/pulse/pulse_audio_backend.h"
#endif

namespace sdkpp::voice {
namespace {

using sdkpp::testing::EnvGuard;

struct LogLines {
  std::vector<std::pair<LoggingSeverity, std::string>> lines;
  AudioBackendLog Sink() {
    return [this](LoggingSeverity severity, const std::string& message) { lines.emplace_back(severity, message); };
  }
  bool Has(LoggingSeverity severity, const std::string& part) const {
    for (const auto& [s, m] : lines) {
      if (s == severity && m.find(part) != std::string::npos) return true;
    }
    return false;
  }
};

constexpr const char* kNoServer = "unix:/nonexistent-sdkpp-dir/pulse/native";

TEST(AudioBackendChoice, ParsesTheTwoNamesOnly) {
  EXPECT_TRUE(ParseAudioBackendKind("system") == AudioBackendKind::System);
  EXPECT_TRUE(ParseAudioBackendKind("virtual") == AudioBackendKind::Virtual);
  EXPECT_FALSE(ParseAudioBackendKind("pulse").has_value());
  EXPECT_FALSE(ParseAudioBackendKind("").has_value());
  EXPECT_FALSE(ParseAudioBackendKind("Virtual").has_value());
}

TEST(AudioBackendChoice, EnvironmentChoosesAndUnknownValuesWarn) {
  LogLines log;
  {
    EnvGuard env(kAudioBackendVariable, nullptr);
    EXPECT_TRUE(AudioBackendKindFromEnvironment(log.Sink()) == AudioBackendKind::System);
  }
  {
    EnvGuard env(kAudioBackendVariable, "virtual");
    EXPECT_TRUE(AudioBackendKindFromEnvironment(log.Sink()) == AudioBackendKind::Virtual);
  }
  EXPECT_TRUE(log.lines.empty());
  {
    EnvGuard env(kAudioBackendVariable, "alsa");
    EXPECT_TRUE(AudioBackendKindFromEnvironment(log.Sink()) == AudioBackendKind::System);
  }
  EXPECT_TRUE(log.Has(LoggingSeverity::Warning, "'alsa' is neither system nor virtual"));
}

TEST(AudioBackendChoice, VirtualIsVirtualWithoutAsking) {
  LogLines log;
  EnvGuard server("PULSE_SERVER", kNoServer);
  auto backend = CreateAudioBackend(AudioBackendKind::Virtual, log.Sink());
  ASSERT_TRUE(backend != nullptr);
  EXPECT_STREQ(backend->Name(), "virtual");
  EXPECT_TRUE(log.lines.empty());
}

TEST(AudioBackendChoice, SystemFallsBackToVirtualWithAWarningWhenNoServerAnswers) {
  LogLines log;
  EnvGuard server("PULSE_SERVER", kNoServer);
  const auto started = std::chrono::steady_clock::now();
  auto backend = CreateAudioBackend(AudioBackendKind::System, log.Sink());
  const auto took = std::chrono::steady_clock::now() - started;
  ASSERT_TRUE(backend != nullptr);
  EXPECT_STREQ(backend->Name(), "virtual");
  EXPECT_TRUE(log.Has(LoggingSeverity::Warning, "the virtual devices play instead"));
  // A missing socket is answered at once; the JS thread must not wait the connect timeout.
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), 1000);
}

#ifdef __linux__

TEST(PulseAudioBackend, AMissingLibraryIsReportedNotCrashed) {
  std::string error;
  PulseBackendOptions options;
  options.library = "libsdkpp-no-such-pulse.so.0";
  auto backend = CreatePulseAudioBackend(nullptr, error, options);
  EXPECT_TRUE(backend == nullptr);
  EXPECT_TRUE(error.find("cannot load libsdkpp-no-such-pulse.so.0") != std::string::npos) << error;
  // The failure is remembered: a second try answers the same, without another dlopen.
  std::string again;
  EXPECT_TRUE(CreatePulseAudioBackend(nullptr, again, options) == nullptr);
  EXPECT_EQ(again, error);
}

TEST(PulseAudioBackend, ALibraryWithoutTheSymbolsIsReported) {
  // libc is loadable but is not libpulse: the first missing symbol is named.
  std::string error;
  PulseBackendOptions options;
  options.library = "libc.so.6";
  EXPECT_TRUE(CreatePulseAudioBackend(nullptr, error, options) == nullptr);
  EXPECT_TRUE(error.find("libpulse has no pa_mainloop_new") != std::string::npos) << error;
}

TEST(PulseAudioBackend, NoServerIsAnErrorWithinTheTimeout) {
  std::string load_error;
  if (!pulse::LoadPulseApi(load_error)) {
    std::printf("  [skipped: %s]\n", load_error.c_str());
    return;
  }
  EnvGuard server("PULSE_SERVER", kNoServer);
  std::string error;
  PulseBackendOptions options;
  options.connect_timeout = std::chrono::milliseconds(500);
  const auto started = std::chrono::steady_clock::now();
  auto backend = CreatePulseAudioBackend(nullptr, error, options);
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_TRUE(backend == nullptr);
  EXPECT_TRUE(error.find("no PulseAudio server") != std::string::npos) << error;
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), 1500);
}

#endif  // __linux__

}  // namespace
}  // namespace sdkpp::voice
