#include "voice/audio/wasapi/wasapi_notification_client.h"

#ifdef _WIN32

#include "voice/audio/wasapi/wasapi_endpoints.h"

namespace sdkpp::voice::wasapi {

WasapiNotificationClient::Pending WasapiNotificationClient::Take() {
  Pending pending;
  pending.devices_changed = devices_changed_.exchange(false);
  pending.defaults_changed = defaults_changed_.exchange(false);
  pending.refresh = refresh_.exchange(false) || pending.devices_changed || pending.defaults_changed;
  return pending;
}

HRESULT WasapiNotificationClient::QueryInterface(REFIID iid, void** object) {
  if (object == nullptr) return E_POINTER;
  if (iid == __uuidof(IUnknown) || iid == __uuidof(IMMNotificationClient)) {
    *object = static_cast<IMMNotificationClient*>(this);
    AddRef();
    return S_OK;
  }
  *object = nullptr;
  return E_NOINTERFACE;
}

ULONG WasapiNotificationClient::AddRef() { return references_.fetch_add(1) + 1; }

ULONG WasapiNotificationClient::Release() {
  const ULONG left = references_.fetch_sub(1) - 1;
  if (left == 0) delete this;
  return left;
}

void WasapiNotificationClient::Note(std::atomic<bool>& flag) {
  flag.store(true);
  SetEvent(wake_);
}

HRESULT WasapiNotificationClient::OnDeviceStateChanged(LPCWSTR, DWORD) {
  Note(devices_changed_);
  return S_OK;
}

HRESULT WasapiNotificationClient::OnDeviceAdded(LPCWSTR) {
  Note(devices_changed_);
  return S_OK;
}

HRESULT WasapiNotificationClient::OnDeviceRemoved(LPCWSTR) {
  Note(devices_changed_);
  return S_OK;
}

HRESULT WasapiNotificationClient::OnDefaultDeviceChanged(EDataFlow, ERole role, LPCWSTR) {
  // Windows sends one per role; only the one the SDK follows moves its streams.
  if (role == kDefaultRole) Note(defaults_changed_);
  return S_OK;
}

HRESULT WasapiNotificationClient::OnPropertyValueChanged(LPCWSTR, const PROPERTYKEY) {
  // A renamed device: new lists, not a device change.
  Note(refresh_);
  return S_OK;
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
