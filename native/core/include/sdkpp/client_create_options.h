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

// Options of a new Client (its first constructor argument): the service's address, and settings
// of the C++ SDK that this build keeps but does not act on. Empty bases fall back to the
// environment (SDKPP_API_BASE, SDKPP_WEB_BASE), then to the local emulator's address
// (http://127.0.0.1:8790/api, http://127.0.0.1:8790). A value object: its setters store what
// they are given; the Client checks the bases (an http:// or https:// URL, or empty).
class ClientCreateOptions : public detail::ValueObject<detail::ClientCreateOptionsFields> {
 public:
  // The invalid ClientCreateOptions (the null object): operator bool false, every getter answers
  // its default.
  static const ClientCreateOptions nullobj;
  // A valid ClientCreateOptions with every field at its default; set the fields with the setters.
  ClientCreateOptions() = default;

  // The web base: where the authorize page and invites live (empty for the default).
  std::string WebBase() const;
  void SetWebBase(std::string value);
  // The API base: the HTTP API's root, ending in /api (empty for the default).
  std::string ApiBase() const;
  void SetApiBase(std::string value);
  // The C++ SDK's audio system choice; kept, no effect in this build (a Client created with
  // Game logs a Warning saying so).
  AudioSystem ExperimentalAudioSystem() const;
  void SetExperimentalAudioSystem(AudioSystem value);
  // An Android setting of the C++ SDK; kept, no effect here (a Client created with true logs a
  // Warning saying so).
  bool ExperimentalAndroidPreventCommsForBluetooth() const;
  void SetExperimentalAndroidPreventCommsForBluetooth(bool value);
  // The C++ SDK's CPU affinity for its threads; kept, no effect here (the SDK runs on the
  // thread that owns the Client; a Client created with a mask logs a Warning saying so);
  // std::nullopt clears it.
  std::optional<uint64_t> CpuAffinityMask() const;
  void SetCpuAffinityMask(std::optional<uint64_t> value);

 private:
  explicit ClientCreateOptions(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
