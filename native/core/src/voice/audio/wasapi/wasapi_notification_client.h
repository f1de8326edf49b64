// Windows' device notifications (IMMNotificationClient) turned into two flags and a wake-up for
// the device monitor's thread. The callbacks run on a thread of the audio service and must not
// block or call back into the enumerator (Microsoft's rule), so they only note what happened:
// the monitor relists on its own thread.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <mmdeviceapi.h>

#include <atomic>

namespace sdkpp::voice::wasapi {

class WasapiNotificationClient final : public IMMNotificationClient {
 public:
  // `wake` (an event the monitor waits on) is set on every notification; not owned.
  explicit WasapiNotificationClient(HANDLE wake) : wake_(wake) {}

  // What happened since the last call: a device came, went or changed state (the app is told),
  // or only a default or a property moved (the lists are refreshed quietly).
  struct Pending {
    bool devices_changed = false;
    bool defaults_changed = false;
    bool refresh = false;
  };
  Pending Take();

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID iid, void** object) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;

  // IMMNotificationClient
  HRESULT STDMETHODCALLTYPE OnDeviceStateChanged(LPCWSTR id, DWORD state) override;
  HRESULT STDMETHODCALLTYPE OnDeviceAdded(LPCWSTR id) override;
  HRESULT STDMETHODCALLTYPE OnDeviceRemoved(LPCWSTR id) override;
  HRESULT STDMETHODCALLTYPE OnDefaultDeviceChanged(EDataFlow flow, ERole role, LPCWSTR id) override;
  HRESULT STDMETHODCALLTYPE OnPropertyValueChanged(LPCWSTR id, const PROPERTYKEY key) override;

 private:
  void Note(std::atomic<bool>& flag);

  HANDLE wake_;
  std::atomic<ULONG> references_{1};
  std::atomic<bool> devices_changed_{false};
  std::atomic<bool> defaults_changed_{false};
  std::atomic<bool> refresh_{false};
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
