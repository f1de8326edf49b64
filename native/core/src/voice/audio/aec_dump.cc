#include "voice/audio/aec_dump.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <ctime>
#include <filesystem>

#include "sdkpp/enums.h"
#include "util/utf8_path.h"

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#include <share.h>
#include <sys/stat.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace sdkpp::voice {
namespace {

constexpr uint64_t kMaxFrames = uint64_t(AecDump::kMaxSeconds) * 1000 / kFrameMs;
constexpr const char* kSignalNames[3] = {"farend", "mic", "processed"};

int32_t Severity(LoggingSeverity severity) { return static_cast<int32_t>(severity); }

void PutLe(uint8_t* out, uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[i] = uint8_t(value >> (8 * i));
}

// The 44-byte header of a PCM WAV file of `data_bytes` bytes: 16-bit mono at 48 kHz.
void WavHeader(uint8_t* header, uint32_t data_bytes) {
  std::memcpy(header, "RIFF", 4);
  PutLe(header + 4, 36 + data_bytes, 4);
  std::memcpy(header + 8, "WAVEfmt ", 8);
  PutLe(header + 16, 16, 4);                 // fmt chunk size
  PutLe(header + 20, 1, 2);                  // PCM
  PutLe(header + 22, 1, 2);                  // mono
  PutLe(header + 24, uint32_t(kSampleRate), 4);
  PutLe(header + 28, uint32_t(kSampleRate) * 2, 4);  // bytes per second
  PutLe(header + 32, 2, 2);                  // bytes per frame
  PutLe(header + 34, 16, 2);                 // bits per sample
  std::memcpy(header + 36, "data", 4);
  PutLe(header + 40, data_bytes, 4);
}

// A new file only the user can read: created 0600, never over an existing file or through a
// symbolic link. On Windows the folder's ACL (the user's profile) keeps it private.
std::FILE* CreatePrivate(const std::filesystem::path& path) {
#if defined(_WIN32)
  int fd = -1;
  if (::_wsopen_s(&fd, path.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY, _SH_DENYWR, _S_IREAD | _S_IWRITE) != 0) {
    return nullptr;
  }
  std::FILE* file = ::_fdopen(fd, "wb");
  if (file == nullptr) ::_close(fd);
  return file;
#else
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, S_IRUSR | S_IWUSR);
  if (fd < 0) return nullptr;
  std::FILE* file = ::fdopen(fd, "wb");
  if (file == nullptr) ::close(fd);
  return file;
#endif
}

std::string UtcStamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
#if defined(_WIN32)
  gmtime_s(&utc, &now);
#else
  gmtime_r(&now, &utc);
#endif
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

}  // namespace

struct AecDump::WavFile {
  std::FILE* file = nullptr;
  uint32_t data_bytes = 0;
  bool failed = false;

  ~WavFile() {
    if (file == nullptr) return;
    uint8_t header[44];
    WavHeader(header, data_bytes);  // the sizes are known now
    if (std::fseek(file, 0, SEEK_SET) == 0) std::fwrite(header, 1, sizeof header, file);
    std::fclose(file);
  }
};

AecDump::AecDump(std::string directory, std::function<void(int32_t, std::string)> log)
    : directory_(std::move(directory)), log_(std::move(log)), ring_(kRingFrames) {
  writer_ = std::thread([this] { Run(); });
}

AecDump::~AecDump() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  stop_signal_.notify_all();
  if (writer_.joinable()) writer_.join();
}

bool AecDump::Push(uint64_t call_id, const CaptureProcessingFrame& signals) {
  return ring_.PushWith([&](Frame& frame) {
    frame.call_id = call_id;
    frame.signals = signals;
  });
}

std::vector<std::string> AecDump::Files() const {
  std::lock_guard lock(mutex_);
  return made_;
}

void AecDump::Run() {
  try {
    RunLoop();
  } catch (const std::exception& error) {
    // Nothing may escape a thread (it would end the process): the dump stops, said once. The
    // audio thread's pushes then fill the ring and are counted as dropped.
    log_(Severity(LoggingSeverity::Error), std::string("AEC dump: the writer stopped: ") + error.what());
  }
}

void AecDump::RunLoop() {
  for (;;) {
    while (ring_.PopWith([&](const Frame& frame) { Write(frame); })) {
    }
    std::unique_lock lock(mutex_);
    if (stop_) break;
    // The audio thread does not signal (it must not lock): the writer looks every 100 ms, which
    // the ring's second of room covers.
    stop_signal_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stop_; });
  }
  // The audio thread no longer pushes (the engine let go of the dump before destroying it).
  while (ring_.PopWith([&](const Frame& frame) { Write(frame); })) {
  }
  CloseFiles();
}

void AecDump::Write(const Frame& frame) {
  if (!have_call_ || frame.call_id != current_call_) {
    CloseFiles();
    have_call_ = true;
    current_call_ = frame.call_id;
    frames_in_files_ = 0;
    limit_logged_ = false;
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path folder = util::PathFromUtf8(directory_);
    fs::create_directories(folder, error);
    // The number keeps two dumps of one call in the same second apart (the dump restarted).
    static std::atomic<uint32_t> made_dumps{0};
    const std::string stem = "sdkpp-aec-dump-" + std::to_string(frame.call_id) + "-" + UtcStamp() + "-" +
                             std::to_string(made_dumps.fetch_add(1) + 1) + "-";
    for (int i = 0; i < 3; ++i) {
      const fs::path path = folder / util::PathFromUtf8(stem + kSignalNames[i] + ".wav");
      files_[i] = std::make_unique<WavFile>();
      files_[i]->file = CreatePrivate(path);
      const std::string name = util::PathToUtf8(path);
      if (files_[i]->file == nullptr) {
        log_(Severity(LoggingSeverity::Error), "AEC dump: cannot create '" + name + "'; this signal is not dumped");
        continue;
      }
      uint8_t header[44];
      WavHeader(header, 0);
      std::fwrite(header, 1, sizeof header, files_[i]->file);
      {
        std::lock_guard lock(mutex_);
        made_.push_back(name);
      }
      log_(Severity(LoggingSeverity::Info), "AEC dump: writing '" + name + "'");
    }
  }
  if (frames_in_files_ == kMaxFrames) {
    if (!limit_logged_) {
      limit_logged_ = true;
      log_(Severity(LoggingSeverity::Warning), "AEC dump: call " + std::to_string(current_call_) + " reached " +
                                                   std::to_string(kMaxSeconds) + " s; its dump files stop here");
      CloseFiles();  // the headers are completed now, not at the call's end
    }
    return;
  }
  ++frames_in_files_;
  const int16_t* signals[3] = {frame.signals.far_end, frame.signals.microphone, frame.signals.processed};
  for (int i = 0; i < 3; ++i) {
    WavFile* file = files_[i].get();
    if (file == nullptr || file->file == nullptr || file->failed) continue;
    // WAV is little-endian, as every platform sdkpp builds for.
    uint8_t bytes[kSamplesPerChannel * 2];
    for (size_t s = 0; s < kSamplesPerChannel; ++s) PutLe(bytes + 2 * s, uint16_t(signals[i][s]), 2);
    if (std::fwrite(bytes, 1, sizeof bytes, file->file) != sizeof bytes) {
      file->failed = true;
      log_(Severity(LoggingSeverity::Error), std::string("AEC dump: writing the ") + kSignalNames[i] +
                                                 " file failed; it stops here");
      continue;
    }
    file->data_bytes += uint32_t(sizeof bytes);
  }
}

void AecDump::CloseFiles() {
  for (auto& file : files_) file.reset();
}

}  // namespace sdkpp::voice
