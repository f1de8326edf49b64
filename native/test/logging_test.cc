// The log: severity policy per build type, the DEBUG BUILD first line, SetLogDir, and secret
// masking in every shape a secret can take in a log line.
#include "framework/test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "callbacks/callback_queue.h"
#include "client/client_access.h"
#include "logging/logger.h"
#include "logging/redactor.h"
#include "sdkpp/client.h"
#include "util/utf8_path.h"

namespace {

using sdkpp::LoggingSeverity;
using sdkpp::logging::Logger;
using sdkpp::logging::RedactPatterns;

struct Captured {
  std::string message;
  LoggingSeverity severity;
};

std::vector<Captured> Drain(std::vector<Captured>& sink) {
  sdkpp::RunCallbacks();
  auto out = sink;
  sink.clear();
  return out;
}

// A fresh folder: the random part keeps concurrent runs (ctest -j, other checkouts) apart.
std::filesystem::path TempDir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("sdkpp-test-" + name + "-" + std::to_string(std::random_device{}()) + "-" +
              std::to_string(reinterpret_cast<uintptr_t>(&name)));
  std::filesystem::remove_all(dir);
  return dir;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Logger, ReleaseBuildDeliversOnlyWarningAndError) {
  Logger logger(/*debug_build=*/false);
  std::vector<Captured> sink;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                     LoggingSeverity::Verbose);
  logger.Log(LoggingSeverity::Verbose, "verbose");
  logger.Log(LoggingSeverity::Info, "info");
  logger.Log(LoggingSeverity::Warning, "warning");
  logger.Log(LoggingSeverity::Error, "error");
  auto got = Drain(sink);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].message, "warning");
  EXPECT_EQ(got[1].message, "error");
  EXPECT_FALSE(logger.Wants(LoggingSeverity::Info));
}

TEST(Logger, DebugBuildDeliversEverythingAfterADebugBuildWarning) {
  Logger logger(/*debug_build=*/true);
  std::vector<Captured> sink;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                     LoggingSeverity::Verbose);
  logger.Log(LoggingSeverity::Verbose, "verbose");
  logger.Log(LoggingSeverity::Info, "info");
  auto got = Drain(sink);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_NE(got[0].message.find("DEBUG BUILD"), std::string::npos);
  EXPECT_EQ(got[0].severity, LoggingSeverity::Warning);
  EXPECT_EQ(got[1].message, "verbose");
  EXPECT_EQ(got[2].message, "info");
}

TEST(Logger, MinimumSeverityIsPerSink) {
  Logger logger(/*debug_build=*/true);
  std::vector<Captured> all, errors_only;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { all.push_back({m, s}); },
                     LoggingSeverity::Info);
  logger.AddCallback([&](std::string m, LoggingSeverity s) { errors_only.push_back({m, s}); },
                     LoggingSeverity::Error);
  logger.Log(LoggingSeverity::Verbose, "v");
  logger.Log(LoggingSeverity::Info, "i");
  logger.Log(LoggingSeverity::Error, "e");
  logger.Log(LoggingSeverity::None, "never");  // None is a threshold, not a level
  sdkpp::RunCallbacks();
  ASSERT_EQ(all.size(), 3u);  // DEBUG BUILD warning, i, e
  EXPECT_EQ(all[1].message, "i");
  ASSERT_EQ(errors_only.size(), 1u);  // below Warning: no DEBUG BUILD line either
  EXPECT_EQ(errors_only[0].message, "e");
}

TEST(Logger, CallbacksRunOnlyFromRunCallbacks) {
  Logger logger(false);
  int calls = 0;
  logger.AddCallback([&](std::string, LoggingSeverity) { ++calls; }, LoggingSeverity::Warning);
  logger.Log(LoggingSeverity::Error, "x");
  EXPECT_EQ(calls, 0);
  sdkpp::RunCallbacks();
  EXPECT_EQ(calls, 1);
}

TEST(Logger, LinesStillQueuedWhenTheClientIsDestroyedAreDropped) {
  // The app's callback may capture state that dies with the Client: nothing reaches it after.
  auto sink = std::make_unique<std::vector<Captured>>();
  {
    sdkpp::Client client;
    client.AddLogCallback([raw = sink.get()](std::string m, LoggingSeverity s) { raw->push_back({m, s}); },
                          LoggingSeverity::Warning);
    client.SetThreadPriority(sdkpp::Client::Thread::Client, 1);  // queues a Warning
  }
  sdkpp::RunCallbacks();
  EXPECT_TRUE(sink->empty()) << (sink->empty() ? "" : sink->front().message);
  // While the Client lives, the same line arrives.
  sdkpp::Client client;
  client.AddLogCallback([raw = sink.get()](std::string m, LoggingSeverity s) { raw->push_back({m, s}); },
                        LoggingSeverity::Warning);
  client.SetThreadPriority(sdkpp::Client::Thread::Client, 1);
  sdkpp::RunCallbacks();
  EXPECT_FALSE(sink->empty());
}

TEST(Logger, SetLogDirWritesMaskedLinesAndDebugHeader) {
  auto dir = TempDir("logdir") / "nested" / "folder";
  Logger logger(/*debug_build=*/true);
  ASSERT_TRUE(logger.SetLogDirectory(dir.string(), LoggingSeverity::Info));
  logger.Log(LoggingSeverity::Info, "GET /users/@me Authorization: Bearer abc.def.ghi");
  logger.Log(LoggingSeverity::Verbose, "below the file's threshold");
  std::string text = ReadFile(dir / "sdkpp.log");
  auto first_line = text.substr(0, text.find('\n'));
  EXPECT_NE(first_line.find("DEBUG BUILD"), std::string::npos);
  EXPECT_NE(first_line.find("[Warning]"), std::string::npos);
  EXPECT_NE(text.find("[Info] GET /users/@me Authorization: Bearer [REDACTED]"),
            std::string::npos);
  EXPECT_EQ(text.find("abc.def.ghi"), std::string::npos);
  EXPECT_EQ(text.find("below the file"), std::string::npos);
  // Closed first: Windows refuses to delete a file that is still open.
  EXPECT_TRUE(logger.SetLogDirectory(dir.string(), LoggingSeverity::None));
  std::filesystem::remove_all(dir.parent_path().parent_path());
}

TEST(Logger, SetLogDirFailsWithAReasonWhenTheFolderCannotBeWritten) {
  auto dir = TempDir("notafolder");
  std::filesystem::create_directories(dir);
  auto file = dir / "plain-file";
  std::ofstream(file) << "x";
  Logger logger(false);
  std::vector<Captured> sink;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                     LoggingSeverity::Warning);
  EXPECT_FALSE(logger.SetLogDirectory((file / "sub").string(), LoggingSeverity::Warning));
  EXPECT_FALSE(logger.SetLogDirectory("", LoggingSeverity::Warning));
  auto got = Drain(sink);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].severity, LoggingSeverity::Error);
  EXPECT_NE(got[0].message.find("SetLogDir failed"), std::string::npos);
  EXPECT_NE(got[0].message.find("plain-file"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Logger, ClientSetLogDirReportsFailureAsFalse) {
  sdkpp::Client client;
  // A folder under a plain file cannot be created on any OS.
  auto blocker_dir = TempDir("client-blocker");
  std::filesystem::create_directories(blocker_dir);
  std::ofstream(blocker_dir / "plain-file") << "x";
  EXPECT_FALSE(client.SetLogDir((blocker_dir / "plain-file" / "sub").string(), LoggingSeverity::Warning));
  std::filesystem::remove_all(blocker_dir);
  auto dir = TempDir("client");
  EXPECT_TRUE(client.SetLogDir(dir.string(), LoggingSeverity::Warning));
  EXPECT_TRUE(std::filesystem::exists(dir / "sdkpp.log"));
  EXPECT_TRUE(client.SetLogDir(dir.string(), LoggingSeverity::None));
  std::filesystem::remove_all(dir);
}

// Folder names arrive as UTF-8 (JS strings); on Windows a narrow path is read in the ANSI code
// page, so without wide paths this folder is created under another name (or not at all).
TEST(Logger, SetLogDirAcceptsNonAsciiFolderNames) {
  const std::string name = "journaux-\xc3\xa9t\xc3\xa9-\xe3\x83\xad\xe3\x82\xb0-\xf0\x9f\x8e\xae";
  auto root = TempDir("unicode");
  auto dir = root / sdkpp::util::PathFromUtf8(name);
  std::string dir_utf8 = sdkpp::util::PathToUtf8(dir);
  sdkpp::Client client;
  ASSERT_TRUE(client.SetLogDir(dir_utf8, LoggingSeverity::Warning));
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  EXPECT_TRUE(std::filesystem::exists(dir / "sdkpp.log"));
  EXPECT_TRUE(client.SetLogDir(dir_utf8, LoggingSeverity::None));  // closes the file
  // Nothing else was created beside it under a mangled name.
  size_t entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    EXPECT_EQ(sdkpp::util::PathToUtf8(entry.path().filename()), name);
    ++entries;
  }
  EXPECT_EQ(entries, 1u);
  std::filesystem::remove_all(root);
}

// A C++ caller can hand any bytes: text that is not UTF-8 is refused with a reason on every OS.
// On Windows the conversion to a wide path would otherwise throw out of SetLogDir; on Linux it
// created a folder whose name no UTF-8 API (the log's own messages, JS) can spell.
TEST(Logger, SetLogDirRefusesAPathThatIsNotUtf8) {
  auto root = TempDir("not-utf8");
  const std::string bad = sdkpp::util::PathToUtf8(root) + "/bad-\xff\xfe-name";
  Logger logger(false);
  std::vector<Captured> sink;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); }, LoggingSeverity::Warning);
  EXPECT_FALSE(logger.SetLogDirectory(bad, LoggingSeverity::Warning));
  auto got = Drain(sink);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_NE(got[0].message.find("is not valid UTF-8"), std::string::npos) << got[0].message;
  EXPECT_FALSE(std::filesystem::exists(root));
  sdkpp::Client client;
  EXPECT_FALSE(client.SetLogDir(bad, LoggingSeverity::Warning));
  std::filesystem::remove_all(root);
}

TEST(Utf8Path, RoundTripsNonAsciiText) {
  const std::string utf8 = "caf\xc3\xa9/\xe3\x83\xad\xe3\x82\xb0";
  auto path = sdkpp::util::PathFromUtf8(utf8);
  EXPECT_EQ(sdkpp::util::PathToUtf8(path.filename()), std::string("\xe3\x83\xad\xe3\x82\xb0"));
  std::string back = sdkpp::util::PathToUtf8(path);
#if defined(_WIN32)
  std::replace(back.begin(), back.end(), '\\', '/');
#endif
  EXPECT_EQ(back, utf8);
}

struct RedactionCase {
  const char* shape;
  std::string input;
  std::string secret;
};

TEST(Redactor, MasksSecretsInEveryShape) {
  const std::string token = "eyJhbGciOi.JIUzI1NiJ9-payload_sig";
  const RedactionCase cases[] = {
      {"bearer header", "Authorization: Bearer " + token, token},
      {"bearer lowercase", "authorization: bearer " + token, token},
      {"bot header", "Authorization: Bot MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs",
       "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs"},
      {"basic header", "Authorization: Basic MTIzNDpzM2NyM3Q=", "MTIzNDpzM2NyM3Q="},
      {"query access_token", "GET /x?access_token=" + token + "&limit=5", token},
      {"form refresh_token", "grant_type=refresh_token&refresh_token=rt-98765-zyx&client_id=1",
       "rt-98765-zyx"},
      {"form code", "grant_type=authorization_code&code=AbCdEf123456&redirect_uri=x", "AbCdEf123456"},
      {"form code_verifier", "code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
       "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"},
      {"form client_secret", "client_id=1&client_secret=sup3r-s3cret", "sup3r-s3cret"},
      {"json access_token", "{\"access_token\": \"" + token + "\", \"token_type\": \"Bearer\"}",
       token},
      {"json refresh_token", "{\"refresh_token\":\"rt-abcdefgh\"}", "rt-abcdefgh"},
      {"json code", "{\"code\":\"oauth-code-123\",\"state\":\"s\"}", "oauth-code-123"},
      {"json escaped quote", "{\"client_secret\":\"a\\\"bcdefg\"}", "bcdefg"},
      {"json external token", "{\"external_auth_token\":\"steam-ticket-0001\"}",
       "steam-ticket-0001"},
      {"json parent token", "{\"parent_access_token\":\"parent-tok-42\"}", "parent-tok-42"},
      {"json join secret", "{\"party_id\":\"p\",\"join_secret\":\"join-me-4242\"}", "join-me-4242"},
      {"text key", "token: 'plain-text-token'", "plain-text-token"},
      {"device code", "device_code=dc-0192837465", "dc-0192837465"},
  };
  for (const auto& c : cases) {
    std::string out = RedactPatterns(c.input);
    EXPECT_EQ(out.find(c.secret), std::string::npos) << c.shape << ": " << out;
    EXPECT_NE(out.find("[REDACTED]"), std::string::npos) << c.shape << ": " << out;
  }
}

TEST(Redactor, LeavesOrdinaryTextAlone) {
  const std::string texts[] = {
      "{\"code\": 50035, \"message\": \"Invalid Form Body\"}",  // numeric error code
      "error_code=10031&x=1",
      "token_type=Bearer",
      "Bot user joined",  // a word after "Bot", not a token
      "POST /api/lobbies/123/messages 200 in 12 ms",
      "Decoded 17 bytes",
  };
  for (const auto& text : texts) EXPECT_EQ(RedactPatterns(text), text);
}

TEST(Redactor, RememberedSecretsAreMaskedAnywhere) {
  sdkpp::logging::Redactor redactor;
  redactor.RememberSecret("tok_ABCDEFG123");
  redactor.RememberSecret("abc");  // too short to remember: would mask ordinary words
  EXPECT_EQ(redactor.Redact("weird place:tok_ABCDEFG123!tok_ABCDEFG123"),
            "weird place:[REDACTED]![REDACTED]");
  EXPECT_EQ(redactor.Redact("abc"), "abc");
}

// The newest 256 values are kept; remembering one again does not make room for a copy, and the
// oldest is forgotten (and may be remembered again) once 256 newer ones arrived.
TEST(Redactor, KeepsTheNewest256RememberedSecrets) {
  sdkpp::logging::Redactor redactor;
  auto value = [](int i) { return "secret-value-" + std::to_string(i); };
  for (int i = 0; i < 300; ++i) {
    redactor.RememberSecret(value(i));
    redactor.RememberSecret(value(i));  // a repeat is not a second entry
  }
  EXPECT_EQ(redactor.Redact(value(43) + " "), value(43) + " ");
  EXPECT_EQ(redactor.Redact(value(44) + " "), "[REDACTED] ");
  EXPECT_EQ(redactor.Redact(value(299) + " "), "[REDACTED] ");
  redactor.RememberSecret(value(0));  // forgotten, so remembered again (evicting value 44)
  EXPECT_EQ(redactor.Redact(value(0) + " "), "[REDACTED] ");
  EXPECT_EQ(redactor.Redact(value(44) + " "), value(44) + " ");
  EXPECT_EQ(redactor.Redact(value(45) + " "), "[REDACTED] ");
}

TEST(Logger, MasksAtEveryLevelInBothBuilds) {
  for (bool debug : {false, true}) {
    Logger logger(debug);
    logger.redactor().RememberSecret("verifier-value-xyz");
    std::vector<Captured> sink;
    logger.AddCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                       LoggingSeverity::Verbose);
    for (auto severity : {LoggingSeverity::Verbose, LoggingSeverity::Info,
                          LoggingSeverity::Warning, LoggingSeverity::Error}) {
      logger.Log(severity, "body code_verifier=verifier-value-xyz&refresh_token=r3fr3sh-t0k");
    }
    for (const auto& line : Drain(sink)) {
      EXPECT_EQ(line.message.find("verifier-value-xyz"), std::string::npos) << line.message;
      EXPECT_EQ(line.message.find("r3fr3sh-t0k"), std::string::npos) << line.message;
    }
  }
}

TEST(Logger, ClientMasksTheVerifiersItCreated) {
  sdkpp::Client client;
  std::vector<Captured> sink;
  client.AddLogCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                        LoggingSeverity::Warning);
  auto pair = client.CreateAuthorizationCodeVerifier();
  // A verifier that shows up in an odd shape (no key) is still masked: the client remembers it.
  auto* impl = sdkpp::detail::ClientAccess::Impl(client);
  ASSERT_NE(impl, nullptr);
  impl->logger().Log(LoggingSeverity::Error, "odd: <" + pair.Verifier() + ">");
  auto got = Drain(sink);
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back().message, "odd: <[REDACTED]>");
}

TEST(Logger, SetThreadPrioritySaysItHasNoEffectAndRefusesAnUnknownThread) {
  sdkpp::Client client;
  std::vector<Captured> sink;
  client.AddLogCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); },
                        LoggingSeverity::Warning);
  client.SetThreadPriority(sdkpp::Client::Thread::Network, 5);
  client.SetThreadPriority(static_cast<sdkpp::Client::Thread>(42), 1);
  std::vector<Captured> got;
  for (auto& line : Drain(sink)) {
    if (line.message.find("SetThreadPriority") != std::string::npos) got.push_back(line);  // not DEBUG BUILD
  }
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].severity, LoggingSeverity::Warning);
  EXPECT_NE(got[0].message.find("SetThreadPriority(Network, 5): no effect"), std::string::npos);
  EXPECT_EQ(got[1].severity, LoggingSeverity::Error);
  EXPECT_NE(got[1].message.find("thread must be a Client::Thread value"), std::string::npos);
}

}  // namespace

namespace {

// The lines of `got` that name `what` (the DEBUG BUILD warning of a debug build left out).
std::vector<Captured> Naming(const std::vector<Captured>& got, const std::string& what) {
  std::vector<Captured> out;
  for (const auto& line : got) {
    if (line.message.find(what) != std::string::npos) out.push_back(line);
  }
  return out;
}

TEST(Logger, OpeningWarningsOpenEveryCallbackAndLogFileAddedLater) {
  Logger logger(/*debug_build=*/false);
  logger.AddOpeningWarning("setting X: no effect");
  std::vector<Captured> warnings;
  std::vector<Captured> errors_only;
  logger.AddCallback([&](std::string m, LoggingSeverity s) { warnings.push_back({m, s}); }, LoggingSeverity::Warning);
  logger.AddCallback([&](std::string m, LoggingSeverity s) { errors_only.push_back({m, s}); }, LoggingSeverity::Error);
  auto got = Drain(warnings);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].message, "setting X: no effect");
  EXPECT_EQ(got[0].severity, LoggingSeverity::Warning);
  EXPECT_TRUE(Drain(errors_only).empty());
  // One added when sinks exist reaches them now, and later sinks too.
  logger.AddOpeningWarning("setting Y: no effect");
  EXPECT_EQ(Naming(Drain(warnings), "setting Y").size(), 1u);
  auto dir = TempDir("opening");
  ASSERT_TRUE(logger.SetLogDirectory(dir.string(), LoggingSeverity::Warning));
  std::string text = ReadFile(dir / "sdkpp.log");
  EXPECT_LT(text.find("[Warning] setting X: no effect"), text.find("[Warning] setting Y: no effect"));
  EXPECT_NE(text.find("[Warning] setting Y: no effect"), std::string::npos);
  EXPECT_TRUE(logger.SetLogDirectory(dir.string(), LoggingSeverity::None));
  std::filesystem::remove_all(dir);
}

TEST(Logger, ClientCreateOptionsWithoutEffectLogAWarningEach) {
  sdkpp::ClientCreateOptions options;
  options.SetCpuAffinityMask(0xf0);
  options.SetExperimentalAudioSystem(sdkpp::AudioSystem::Game);
  options.SetExperimentalAndroidPreventCommsForBluetooth(true);
  sdkpp::Client client(options);
  std::vector<Captured> sink;
  client.AddLogCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); }, LoggingSeverity::Warning);
  auto got = Naming(Drain(sink), "no effect");
  ASSERT_EQ(got.size(), 3u);
  for (const auto& line : got) EXPECT_EQ(line.severity, LoggingSeverity::Warning);
  EXPECT_NE(got[0].message.find("SetCpuAffinityMask(0xf0): no effect"), std::string::npos) << got[0].message;
  EXPECT_NE(got[1].message.find("SetExperimentalAudioSystem(Game): no effect"), std::string::npos) << got[1].message;
  EXPECT_NE(got[2].message.find("SetExperimentalAndroidPreventCommsForBluetooth(true): no effect"), std::string::npos)
      << got[2].message;
}

TEST(Logger, ClientCreateOptionsAtTheirDefaultsLogNothing) {
  sdkpp::ClientCreateOptions options;
  options.SetExperimentalAudioSystem(sdkpp::AudioSystem::Standard);
  options.SetExperimentalAndroidPreventCommsForBluetooth(false);
  options.SetCpuAffinityMask(std::nullopt);
  sdkpp::Client client(options);
  std::vector<Captured> sink;
  client.AddLogCallback([&](std::string m, LoggingSeverity s) { sink.push_back({m, s}); }, LoggingSeverity::Warning);
  EXPECT_TRUE(Naming(Drain(sink), "no effect").empty());
}

}  // namespace
