#include "voice/audio/wasapi/wasapi_endpoints.h"

#ifdef _WIN32

#include <propidl.h>
#include <propsys.h>

#include "voice/audio/wasapi/wasapi_text.h"

namespace sdkpp::voice::wasapi {
namespace {

// PKEY_Device_FriendlyName, spelled out: the header only declares it, and defining INITGUID in
// this file would define every GUID of every header it includes.
const PROPERTYKEY kFriendlyName = {{0xa45c254e, 0xdf1c, 0x4efd, {0x80, 0x20, 0x67, 0xd1, 0x46, 0xa8, 0x50, 0xe0}}, 14};

const char* FlowName(EDataFlow flow) { return flow == eRender ? "output" : "input"; }

std::string EndpointId(IMMDevice* device) {
  LPWSTR id = nullptr;
  if (FAILED(device->GetId(&id)) || id == nullptr) return {};
  std::string text = Utf8FromWide(id);
  CoTaskMemFree(id);
  return text;
}

// The friendly name, or "" when the property store does not answer (the id is shown then).
std::string FriendlyName(IMMDevice* device) {
  ComPtr<IPropertyStore> store;
  if (FAILED(device->OpenPropertyStore(STGM_READ, store.put()))) return {};
  PROPVARIANT value;
  PropVariantInit(&value);
  std::string name;
  if (SUCCEEDED(store->GetValue(kFriendlyName, &value)) && value.vt == VT_LPWSTR) name = Utf8FromWide(value.pwszVal);
  PropVariantClear(&value);
  return name;
}

}  // namespace

bool CreateDeviceEnumerator(ComPtr<IMMDeviceEnumerator>& enumerator, std::string& error) {
  const HRESULT result = CoCreateInstance(__uuidof(MMDeviceEnumerator), nullptr, CLSCTX_ALL,
                                          __uuidof(IMMDeviceEnumerator), enumerator.put_void());
  if (FAILED(result)) {
    error = "cannot create the Windows audio device enumerator: " + HresultText(result);
    return false;
  }
  return true;
}

bool ListEndpoints(IMMDeviceEnumerator* enumerator, EDataFlow flow, std::vector<AudioDeviceInfo>& devices,
                   std::string& error) {
  devices.clear();
  ComPtr<IMMDeviceCollection> collection;
  HRESULT result = enumerator->EnumAudioEndpoints(flow, DEVICE_STATE_ACTIVE, collection.put());
  if (FAILED(result)) {
    error = std::string("cannot list the ") + FlowName(flow) + " devices: " + HresultText(result);
    return false;
  }
  UINT count = 0;
  result = collection->GetCount(&count);
  if (FAILED(result)) {
    error = std::string("cannot count the ") + FlowName(flow) + " devices: " + HresultText(result);
    return false;
  }
  // No default endpoint (E_NOTFOUND) is normal when nothing is plugged in: nothing is marked.
  std::string default_id;
  ComPtr<IMMDevice> default_device;
  if (SUCCEEDED(enumerator->GetDefaultAudioEndpoint(flow, kDefaultRole, default_device.put()))) {
    default_id = EndpointId(default_device.get());
  }
  for (UINT i = 0; i < count; ++i) {
    ComPtr<IMMDevice> device;
    // An endpoint removed between GetCount and Item: skipped, the next notification relists.
    if (FAILED(collection->Item(i, device.put()))) continue;
    std::string id = EndpointId(device.get());
    if (id.empty()) continue;
    std::string name = FriendlyName(device.get());
    const bool is_default = id == default_id;
    devices.push_back(AudioDeviceInfo{id, name.empty() ? id : std::move(name), is_default});
  }
  return true;
}

bool OpenEndpoint(IMMDeviceEnumerator* enumerator, EDataFlow flow, const std::string& id, ComPtr<IMMDevice>& device,
                  HRESULT& result, std::string& error) {
  if (id.empty()) {
    result = enumerator->GetDefaultAudioEndpoint(flow, kDefaultRole, device.put());
    if (FAILED(result)) error = std::string("no default ") + FlowName(flow) + " device: " + HresultText(result);
    return SUCCEEDED(result);
  }
  const std::wstring wide = WideFromUtf8(id);
  result = wide.empty() ? E_INVALIDARG : enumerator->GetDevice(wide.c_str(), device.put());
  if (FAILED(result)) {
    error = std::string("no ") + FlowName(flow) + " device '" + id + "': " + HresultText(result);
    return false;
  }
  DWORD state = 0;
  result = device->GetState(&state);
  if (SUCCEEDED(result) && state != DEVICE_STATE_ACTIVE) result = static_cast<HRESULT>(0x80070490);  // E_NOTFOUND
  if (FAILED(result)) {
    error = std::string("the ") + FlowName(flow) + " device '" + id + "' is not active: " + HresultText(result);
    device.reset();
    return false;
  }
  return true;
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
