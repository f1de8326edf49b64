// COM for the lifetime of one thread of ours: the multithreaded apartment (MTA), so that the
// enumerator, the audio clients and the notification callbacks need no message pump. Each of the
// backend's threads makes one; the JS thread never touches COM (Electron makes it an STA).
#pragma once

#ifdef _WIN32

#include <objbase.h>

namespace sdkpp::voice::wasapi {

class ComApartment {
 public:
  ComApartment() : result_(CoInitializeEx(nullptr, COINIT_MULTITHREADED)) {}
  // S_FALSE (already initialised as MTA) also needs its CoUninitialize; a failure does not.
  ~ComApartment() {
    if (SUCCEEDED(result_)) CoUninitialize();
  }
  ComApartment(const ComApartment&) = delete;
  ComApartment& operator=(const ComApartment&) = delete;

  bool ok() const { return SUCCEEDED(result_); }
  HRESULT result() const { return result_; }

 private:
  HRESULT result_;
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
