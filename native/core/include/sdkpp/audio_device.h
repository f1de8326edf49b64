// An audio input or output device as the backend lists it (docs/voice-calls.md "Devices"). A value
// class like the others (detail/value_object.h).
#pragma once

#include <string>

#include "sdkpp/detail/value_object.h"

namespace sdkpp {

namespace detail {
struct AudioDeviceFields {
  std::string id;
  std::string name;
  bool is_default = false;
};
}  // namespace detail

// A microphone or a speaker (Client::GetInputDevices, Client::GetOutputDevices). Select one by
// its id with Client::SetInputDevice / Client::SetOutputDevice. A value object: its setters
// store what they are given.
class AudioDevice : public detail::ValueObject<detail::AudioDeviceFields> {
 public:
  // The invalid AudioDevice (the null object): operator bool false, every getter answers its
  // default.
  static const AudioDevice nullobj;
  // A valid AudioDevice with every field at its default; set the fields with the setters.
  AudioDevice() = default;
  // A valid AudioDevice with these fields.
  AudioDevice(std::string id, std::string name, bool isDefault);

  // The device's id (Client::GetDefaultAudioDeviceId names the system default).
  std::string Id() const;
  void SetId(std::string value);
  // The device's name, as the system shows it.
  std::string Name() const;
  void SetName(std::string value);
  // True for the system's default device.
  bool IsDefault() const;
  void SetIsDefault(bool value);
  // Same device: same id.
  bool Equals(const AudioDevice& other) const;

 private:
  explicit AudioDevice(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
