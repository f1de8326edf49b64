// Options of Client(ClientCreateOptions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct ClientCreateOptionsFields {
  std::string web_base;  // empty: the default (or SDKPP_WEB_BASE)
  std::string api_base;  // empty: the default (or SDKPP_API_BASE)
  AudioSystem experimental_audio_system = AudioSystem::Standard;
  bool experimental_android_prevent_comms_for_bluetooth = false;
  std::optional<uint64_t> cpu_affinity_mask;
};
}  // namespace detail

class ClientCreateOptions : public detail::ValueObject<detail::ClientCreateOptionsFields> {
 public:
  static const ClientCreateOptions nullobj;
  ClientCreateOptions() = default;

  std::string WebBase() const;
  void SetWebBase(std::string value);
  std::string ApiBase() const;
  void SetApiBase(std::string value);
  AudioSystem ExperimentalAudioSystem() const;
  void SetExperimentalAudioSystem(AudioSystem value);
  bool ExperimentalAndroidPreventCommsForBluetooth() const;
  void SetExperimentalAndroidPreventCommsForBluetooth(bool value);
  std::optional<uint64_t> CpuAffinityMask() const;
  void SetCpuAffinityMask(std::optional<uint64_t> value);

 private:
  explicit ClientCreateOptions(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
