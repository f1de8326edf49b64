// A PlatformDaveSession (sdkpp/platform_dave.h) whose MLS group and frame crypto live in the JS
// host: one @snazzah/davey DAVESession there, in a Map under this session's number
// (lib/platform/host/dave/). Each method is one synchronous host call; the host catches every
// davey throw and answers false-like with a message, so nothing here throws.
//
// The hot path (EncryptOpus, Decrypt) goes through DaveScratch: the frame is copied into the
// shared buffer and the call carries small integers only (session, sender slot, size). A
// sender's user id crosses as a decimal string (davey's form) once, when it is given a slot.
// The destructor drops the JS session; once the host is cut (dave_host.h) every method answers
// false or 0 without touching JS.
#pragma once

#include <napi.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/dave_host.h"
#include "sdkpp/platform_dave.h"

namespace sdkpp::napi {

class NodeDaveSession final : public PlatformDaveSession {
 public:
  // A new JS session `id` for `protocol_version` (checked by the caller), or null (`error`).
  static std::unique_ptr<NodeDaveSession> Create(std::shared_ptr<DaveHost> host, uint32_t id,
                                                 uint16_t protocol_version, uint64_t user_id,
                                                 uint64_t channel_id, std::string& error);
  ~NodeDaveSession() override;

  bool Reinit(uint16_t protocol_version, uint64_t user_id, uint64_t channel_id,
              std::string& error) override;
  void Reset() override;
  bool SetExternalSender(const std::string& external_sender, std::string& error) override;
  bool CreateKeyPackage(std::string& key_package, std::string& error) override;
  bool ProcessProposals(DaveProposalsOperation operation, const std::string& payload,
                        const std::vector<uint64_t>& recognized_user_ids, DaveCommitWelcome& out,
                        std::string& error) override;
  bool ProcessCommit(const std::string& commit, std::string& error) override;
  bool ProcessWelcome(const std::string& welcome, std::string& error) override;
  bool IsReady() override;
  std::string VoicePrivacyCode() override;
  void SetPassthroughMode(bool passthrough, uint32_t expiry_seconds) override;
  size_t EncryptOpus(const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) override;
  size_t Decrypt(uint64_t sender_user_id, const uint8_t* frame, size_t size, uint8_t* out,
                 size_t capacity) override;

  // Distinct senders a session remembers before it starts its slot table over (a call has a
  // few dozen members; this only bounds a hostile stream of made-up SSRC owners).
  static constexpr uint32_t kMaxUserSlots = 1024;

 private:
  NodeDaveSession(std::shared_ptr<DaveHost> host, uint32_t id) : host_(std::move(host)), id_(id) {}

  Napi::Number Number(double value) const;
  Napi::String Decimal(uint64_t value) const;
  Napi::Value Bytes(const std::string& bytes) const;
  // A host method that answers true, or a message (anything else: "no answer"). `what` prefixes
  // the message ("process commit: ...").
  bool Expect(const char* what, HostMethod method, std::initializer_list<napi_value> args,
              std::string& error);
  // The slot under which the host knows `user_id`'s decimal string, given one at first use.
  bool SlotOf(uint64_t user_id, uint32_t& slot);
  // Copies `size` bytes into the scratch, calls host[method](...args) (small numbers only), and
  // copies the answered byte count (≤ capacity) out of the scratch; 0 on any failure.
  size_t RunFrame(HostMethod method, std::initializer_list<napi_value> args, const uint8_t* frame,
                  size_t size, uint8_t* out, size_t capacity);

  std::shared_ptr<DaveHost> host_;
  const uint32_t id_;
  std::unordered_map<uint64_t, uint32_t> slots_;
};

}  // namespace sdkpp::napi
