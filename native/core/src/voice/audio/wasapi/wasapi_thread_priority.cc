#include "voice/audio/wasapi/wasapi_thread_priority.h"

#ifdef _WIN32

#include "voice/audio/wasapi/wasapi_text.h"

namespace sdkpp::voice::wasapi {
namespace {

using SetCharacteristics = HANDLE(WINAPI*)(LPCWSTR task, LPDWORD index);
using RevertCharacteristics = BOOL(WINAPI*)(HANDLE handle);

template <class Function>
Function Symbol(HMODULE module, const char* name) {
  // Through void*: a FARPROC is not a function pointer of another type to the compiler.
  return reinterpret_cast<Function>(reinterpret_cast<void*>(GetProcAddress(module, name)));
}

bool IsWindowsPriority(int32_t priority) {
  return priority == THREAD_PRIORITY_IDLE || priority == THREAD_PRIORITY_TIME_CRITICAL ||
         (priority >= THREAD_PRIORITY_LOWEST && priority <= THREAD_PRIORITY_HIGHEST);
}

}  // namespace

AudioThreadPriority::AudioThreadPriority(const WasapiLog& log) : log_(log) {
  avrt_ = LoadLibraryW(L"avrt.dll");
  if (avrt_) {
    if (auto set = Symbol<SetCharacteristics>(avrt_, "AvSetMmThreadCharacteristicsW")) {
      DWORD index = 0;
      mmcss_ = set(L"Pro Audio", &index);
    }
  }
  if (mmcss_) {
    description_ = "mmcss Pro Audio";
    return;
  }
  const HRESULT why = HRESULT_FROM_WIN32(GetLastError());
  ::SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_HIGHEST);
  description_ = "priority " + std::to_string(THREAD_PRIORITY_HIGHEST);
  log_(LoggingSeverity::Info, std::string("wasapi: the audio thread runs at THREAD_PRIORITY_HIGHEST (") +
                                  (avrt_ ? "MMCSS refused it: " + HresultText(why) : std::string("no avrt.dll")) + ")");
}

AudioThreadPriority::~AudioThreadPriority() {
  LeaveMmcss();
  if (avrt_) FreeLibrary(avrt_);
}

void AudioThreadPriority::LeaveMmcss() {
  if (!mmcss_) return;
  if (auto revert = Symbol<RevertCharacteristics>(avrt_, "AvRevertMmThreadCharacteristics")) revert(mmcss_);
  mmcss_ = nullptr;
}

void AudioThreadPriority::ApplyAppPriority(int32_t priority) {
  if (!IsWindowsPriority(priority)) {
    log_(LoggingSeverity::Warning, "wasapi: SetThreadPriority(Voice, " + std::to_string(priority) +
                                       ") is not a Windows thread priority (-15, -2..2, 15); the audio thread keeps " +
                                       description_);
    return;
  }
  LeaveMmcss();
  description_ = "the default priority";
  if (!::SetThreadPriority(GetCurrentThread(), priority)) {
    log_(LoggingSeverity::Warning, "wasapi: SetThreadPriority(" + std::to_string(priority) +
                                       ") failed: " + HresultText(HRESULT_FROM_WIN32(GetLastError())));
    return;
  }
  description_ = "priority " + std::to_string(priority);
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
