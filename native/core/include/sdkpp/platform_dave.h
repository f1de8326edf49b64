// DAVE, the end-to-end encryption of calls (docs/protocols/dave.md), as the host provides it: an MLS
// group plus the per-frame media crypto, one session per call. The core owns the protocol's
// bookkeeping (which version, which transition, when to re-init, passthrough, recovery); a
// PlatformDaveSession only does what the MLS library does. Node implements it with
// @snazzah/davey (loaded lazily); the native harness with a scripted fake.
//
// Contract: every method runs on the thread that owns the Client, synchronously, and never
// throws. Failures return false (or 0 bytes) with a human-readable `error` that names no key
// material. Byte strings are the wire's binary payloads without the gateway's op/seq header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sdkpp {

// op 27's leading byte (docs/protocols/voice-gateway.md).
enum class DaveProposalsOperation : uint8_t {
  // Proposals to add to the pending ones.
  Append = 0,
  // References of pending proposals to withdraw.
  Revoke = 1,
};

// What processing proposals produced: a commit to send with op 28, and a Welcome when the
// commit adds members. Both empty when there was nothing to commit.
struct DaveCommitWelcome {
  // The MLS commit (op 28's first part); empty when there was nothing to commit.
  std::string commit;
  // The MLS Welcome for the members the commit adds; empty when it adds none.
  std::string welcome;
};

// A frame grows by at most this much under DAVE encryption (8-byte tag, two ULEB128 fields,
// the supplemental size and the FA FA marker; docs/protocols/dave.md measured 12 bytes for Opus).
inline constexpr size_t kDaveMaxFrameOverhead = 32;

// One call's DAVE state on the host: an MLS group and the frame crypto of its current epoch. Made
// by Platform::CreateDaveSession (see the contract at the top of this file).
class PlatformDaveSession {
 public:
  virtual ~PlatformDaveSession() = default;

  // A fresh MLS state for `protocol_version` (≥ 1): a new group at epoch 1, an upgrade, or the
  // recovery after an invalid commit. The old group, its keys and its key package are gone.
  virtual bool Reinit(uint16_t protocol_version, uint64_t user_id, uint64_t channel_id,
                      std::string& error) = 0;
  // Drops the group (a downgrade to version 0, the call's end). Never fails.
  virtual void Reset() = 0;

  // op 25: the voice server's ExternalSender.
  virtual bool SetExternalSender(const std::string& external_sender, std::string& error) = 0;
  // op 26's payload: a single-use KeyPackage of the current state.
  virtual bool CreateKeyPackage(std::string& key_package, std::string& error) = 0;
  // op 27: proposals to append, or references to revoke. `recognized_user_ids` are the call's
  // members; a proposal adding anyone else is refused (error).
  virtual bool ProcessProposals(DaveProposalsOperation operation, const std::string& payload,
                                const std::vector<uint64_t>& recognized_user_ids,
                                DaveCommitWelcome& out, std::string& error) = 0;
  // op 29's commit (after its transition id): the group moves to the next epoch.
  virtual bool ProcessCommit(const std::string& commit, std::string& error) = 0;
  // op 30's Welcome (after its transition id): this member joins the group.
  virtual bool ProcessWelcome(const std::string& welcome, std::string& error) = 0;

  // The group is established and frames can be encrypted.
  virtual bool IsReady() = 0;
  // The epoch's voice privacy code (30 digits, the same for every member); "" before ready.
  virtual std::string VoicePrivacyCode() = 0;
  // While on, Decrypt hands unencrypted frames through; `expiry_seconds` bounds how long the
  // previous key generation stays usable (0 = the library's default).
  virtual void SetPassthroughMode(bool passthrough, uint32_t expiry_seconds) = 0;

  // The hot path, once per frame per stream: bytes written to `out` (capacity ≥ size +
  // kDaveMaxFrameOverhead for EncryptOpus, ≥ size for Decrypt), 0 on any failure.
  // EncryptOpus: this member's Opus frame, encrypted for the group.
  virtual size_t EncryptOpus(const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) = 0;
  // Decrypt: a frame of `sender_user_id`, decrypted (or handed through in passthrough mode).
  virtual size_t Decrypt(uint64_t sender_user_id, const uint8_t* frame, size_t size, uint8_t* out,
                         size_t capacity) = 0;
};

}  // namespace sdkpp
