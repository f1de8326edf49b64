#include "sdkpp/client_create_options.h"

namespace sdkpp {

const ClientCreateOptions ClientCreateOptions::nullobj{nullptr};
ClientCreateOptions::ClientCreateOptions(std::nullptr_t) noexcept : ValueObject(nullptr) {}

std::string ClientCreateOptions::WebBase() const { return Read().web_base; }
void ClientCreateOptions::SetWebBase(std::string value) {
  if (auto* f = Write()) f->web_base = std::move(value);
}
std::string ClientCreateOptions::ApiBase() const { return Read().api_base; }
void ClientCreateOptions::SetApiBase(std::string value) {
  if (auto* f = Write()) f->api_base = std::move(value);
}
AudioSystem ClientCreateOptions::ExperimentalAudioSystem() const {
  return Read().experimental_audio_system;
}
void ClientCreateOptions::SetExperimentalAudioSystem(AudioSystem value) {
  if (auto* f = Write()) f->experimental_audio_system = value;
}
bool ClientCreateOptions::ExperimentalAndroidPreventCommsForBluetooth() const {
  return Read().experimental_android_prevent_comms_for_bluetooth;
}
void ClientCreateOptions::SetExperimentalAndroidPreventCommsForBluetooth(bool value) {
  if (auto* f = Write()) f->experimental_android_prevent_comms_for_bluetooth = value;
}
std::optional<uint64_t> ClientCreateOptions::CpuAffinityMask() const {
  return Read().cpu_affinity_mask;
}
void ClientCreateOptions::SetCpuAffinityMask(std::optional<uint64_t> value) {
  if (auto* f = Write()) f->cpu_affinity_mask = value;
}

}  // namespace sdkpp
