#include "sdkpp/audio_device.h"
#include "sdkpp/call.h"

namespace sdkpp {

const AudioDevice AudioDevice::nullobj{nullptr};
AudioDevice::AudioDevice(std::nullptr_t) noexcept : ValueObject(nullptr) {}
AudioDevice::AudioDevice(std::string id, std::string name, bool isDefault) {
  auto* f = Write();
  f->id = std::move(id);
  f->name = std::move(name);
  f->is_default = isDefault;
}
std::string AudioDevice::Id() const { return Read().id; }
void AudioDevice::SetId(std::string value) {
  if (auto* f = Write()) f->id = std::move(value);
}
std::string AudioDevice::Name() const { return Read().name; }
void AudioDevice::SetName(std::string value) {
  if (auto* f = Write()) f->name = std::move(value);
}
bool AudioDevice::IsDefault() const { return Read().is_default; }
void AudioDevice::SetIsDefault(bool value) {
  if (auto* f = Write()) f->is_default = value;
}
bool AudioDevice::Equals(const AudioDevice& other) const {
  return bool(*this) && bool(other) && Read().id == other.Read().id;
}

const VADThresholdSettings VADThresholdSettings::nullobj{nullptr};
VADThresholdSettings::VADThresholdSettings(std::nullptr_t) noexcept : ValueObject(nullptr) {}
VADThresholdSettings::VADThresholdSettings(float vadThreshold, bool automatic) {
  auto* f = Write();
  f->vad_threshold = vadThreshold;
  f->automatic = automatic;
}
float VADThresholdSettings::VadThreshold() const { return Read().vad_threshold; }
void VADThresholdSettings::SetVadThreshold(float value) {
  if (auto* f = Write()) f->vad_threshold = value;
}
bool VADThresholdSettings::Automatic() const { return Read().automatic; }
void VADThresholdSettings::SetAutomatic(bool value) {
  if (auto* f = Write()) f->automatic = value;
}

}  // namespace sdkpp
