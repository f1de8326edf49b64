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

class AudioDevice : public detail::ValueObject<detail::AudioDeviceFields> {
 public:
  static const AudioDevice nullobj;
  AudioDevice() = default;
  AudioDevice(std::string id, std::string name, bool isDefault);

  std::string Id() const;
  void SetId(std::string value);
  std::string Name() const;
  void SetName(std::string value);
  bool IsDefault() const;
  void SetIsDefault(bool value);
  // Same device: same id.
  bool Equals(const AudioDevice& other) const;

 private:
  explicit AudioDevice(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
