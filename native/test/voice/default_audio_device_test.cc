// Client::GetDefaultAudioDeviceId(): the id that selects the system default device. Given to
// SetInputDevice / SetOutputDevice it selects the default again after another device was chosen
// (the backends select the default by the empty id), and it is not any device's own id.
#include <optional>
#include <string>

#include "framework/test.h"

#include "test_client.h"
#include "voice/audio/audio_backend_choice.h"
#include "voice/audio/virtual_audio_backend.h"

namespace sdkpp::testing {
namespace {

struct VirtualDevices : Harness {
  voice::VirtualAudioBackend* backend = nullptr;

  VirtualDevices() {
    impl().calls().SetAudioBackend(voice::AudioBackendKind::Virtual);
    backend = dynamic_cast<voice::VirtualAudioBackend*>(&impl().calls().engine().Backend());
  }

  // The result SetInputDevice / SetOutputDevice answered (the callback ran in Pump).
  std::optional<ClientResult> Set(bool input, const std::string& id) {
    std::optional<ClientResult> got;
    auto done = [&](ClientResult result) { got = std::move(result); };
    if (input) client.SetInputDevice(id, done);
    else client.SetOutputDevice(id, done);
    Pump();
    return got;
  }

  AudioDevice Current(bool input) {
    AudioDevice got;
    auto done = [&](AudioDevice device) { got = std::move(device); };
    if (input) client.GetCurrentInputDevice(done);
    else client.GetCurrentOutputDevice(done);
    Pump();
    return got;
  }
};

TEST(DefaultAudioDevice, IsAStaticIdOfItsOwn) {
  EXPECT_EQ(Client::GetDefaultAudioDeviceId(), "default");
  VirtualDevices h;
  ASSERT_NE(h.backend, nullptr);
  for (const auto& device : h.backend->InputDevices()) EXPECT_NE(device.id, Client::GetDefaultAudioDeviceId());
}

TEST(DefaultAudioDevice, SelectsTheSystemDefaultAgainForInputAndOutput) {
  VirtualDevices h;
  ASSERT_NE(h.backend, nullptr);
  h.backend->AddVirtualDevice(true, {"usb-mic", "USB microphone", false});
  h.backend->AddVirtualDevice(false, {"usb-speaker", "USB speaker", false});
  for (bool input : {true, false}) {
    const std::string other = input ? "usb-mic" : "usb-speaker";
    auto chosen = h.Set(input, other);
    ASSERT_TRUE(chosen && chosen->Successful());
    EXPECT_EQ(h.Current(input).Id(), other);
    auto result = h.Set(input, Client::GetDefaultAudioDeviceId());
    ASSERT_TRUE(result.has_value());
    EXPECT_TRUE(result->Successful()) << result->Error();
    AudioDevice current = h.Current(input);
    EXPECT_TRUE(current.IsDefault()) << current.Id();
    EXPECT_EQ(current.Id(), input ? "virtual-microphone" : "virtual-speaker");
  }
  // An unknown id is still refused.
  auto unknown = h.Set(true, "no-such-device");
  ASSERT_TRUE(unknown.has_value());
  EXPECT_FALSE(unknown->Successful());
}

}  // namespace
}  // namespace sdkpp::testing
