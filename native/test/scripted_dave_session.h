// A PlatformDaveSession for the native harness: no MLS, but every call recorded in order, each
// result scriptable, and a toy reversible "encryption" so the harness can assert the bytes on
// the wire. A frame "encrypted" in epoch N is `frame ‖ 'K' ‖ N ‖ FA FA`; Decrypt strips that
// tail only when N is the session's current epoch. Every successful commit or Welcome moves
// to the next epoch and makes the session ready; Reinit and Reset make it not ready again.
// The script outlives the sessions (a rejoin makes a new one), so a test keeps the script.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "sdkpp/platform_dave.h"

namespace sdkpp::testing {

struct DaveScript {
  // What the platform announces and whether it makes sessions.
  uint16_t max_version = 1;
  bool refuse_sessions = false;
  std::string refuse_reason = "scripted: the DAVE library is not installed";

  // Results: a true `fail_*` makes that method fail (once set, until cleared).
  bool fail_reinit = false;
  bool fail_external_sender = false;
  bool fail_key_package = false;
  bool fail_proposals = false;
  bool fail_commit = false;
  bool fail_welcome = false;
  bool fail_encrypt = false;
  DaveCommitWelcome proposals_answer{"COMMIT", "WELCOME"};

  // What happened, oldest first: "create 1 user channel", "reinit 1", "reset",
  // "external_sender <bytes>", "key_package KP1", "proposals 0 <bytes> users=2,3",
  // "commit <bytes>", "welcome <bytes>", "passthrough 1 24", "destroyed".
  std::vector<std::string> calls;
  int key_packages = 0;
  int sessions_alive = 0;
  int encrypts = 0;
  int decrypts = 0;

  bool Called(const std::string& prefix) const {
    for (const auto& call : calls) {
      if (call.rfind(prefix, 0) == 0) return true;
    }
    return false;
  }
  int Count(const std::string& prefix) const {
    int n = 0;
    for (const auto& call : calls) n += call.rfind(prefix, 0) == 0 ? 1 : 0;
    return n;
  }
};

// `frame` as the toy encryption of `epoch` makes it.
inline std::string ToyDaveFrame(const std::string& frame, uint8_t epoch) {
  return frame + 'K' + static_cast<char>(epoch) + "\xFA\xFA";
}

class ScriptedDaveSession final : public PlatformDaveSession {
 public:
  ScriptedDaveSession(std::shared_ptr<DaveScript> script, uint16_t version, uint64_t user_id, uint64_t channel_id)
      : script_(std::move(script)) {
    ++script_->sessions_alive;
    script_->calls.push_back("create " + std::to_string(version) + " " + std::to_string(user_id) + " " +
                             std::to_string(channel_id));
  }
  ~ScriptedDaveSession() override {
    --script_->sessions_alive;
    script_->calls.push_back("destroyed");
  }

  bool Reinit(uint16_t protocol_version, uint64_t, uint64_t, std::string& error) override {
    script_->calls.push_back("reinit " + std::to_string(protocol_version));
    ready_ = false;
    if (script_->fail_reinit) {
      error = "scripted reinit failure";
      return false;
    }
    return true;
  }
  void Reset() override {
    script_->calls.push_back("reset");
    ready_ = false;
  }
  bool SetExternalSender(const std::string& external_sender, std::string& error) override {
    script_->calls.push_back("external_sender " + external_sender);
    if (script_->fail_external_sender) {
      error = "scripted: bad external sender";
      return false;
    }
    return true;
  }
  bool CreateKeyPackage(std::string& key_package, std::string& error) override {
    if (script_->fail_key_package) {
      script_->calls.push_back("key_package failed");
      error = "scripted: no key package";
      return false;
    }
    key_package = "KP" + std::to_string(++script_->key_packages);
    script_->calls.push_back("key_package " + key_package);
    return true;
  }
  bool ProcessProposals(DaveProposalsOperation operation, const std::string& payload,
                        const std::vector<uint64_t>& recognized_user_ids, DaveCommitWelcome& out,
                        std::string& error) override {
    std::string users;
    for (uint64_t id : recognized_user_ids) users += (users.empty() ? "" : ",") + std::to_string(id);
    script_->calls.push_back("proposals " + std::to_string(static_cast<int>(operation)) + " " + payload +
                             " users=" + users);
    if (script_->fail_proposals) {
      error = "scripted: proposal for an unknown user";
      return false;
    }
    out = script_->proposals_answer;
    return true;
  }
  bool ProcessCommit(const std::string& commit, std::string& error) override {
    script_->calls.push_back("commit " + commit);
    return NextEpoch(script_->fail_commit, error);
  }
  bool ProcessWelcome(const std::string& welcome, std::string& error) override {
    script_->calls.push_back("welcome " + welcome);
    return NextEpoch(script_->fail_welcome, error);
  }
  bool IsReady() override { return ready_; }
  std::string VoicePrivacyCode() override {
    if (!ready_) return "";
    std::string code = std::to_string(100000 + epoch_);
    return std::string(30 - code.size(), '7') + code;
  }
  void SetPassthroughMode(bool passthrough, uint32_t expiry_seconds) override {
    script_->calls.push_back("passthrough " + std::to_string(passthrough ? 1 : 0) + " " +
                             std::to_string(expiry_seconds));
  }
  size_t EncryptOpus(const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) override {
    ++script_->encrypts;
    if (script_->fail_encrypt || !ready_ || size + 4 > capacity) return 0;
    std::memcpy(out, frame, size);
    out[size] = 'K';
    out[size + 1] = epoch_;
    out[size + 2] = 0xFA;
    out[size + 3] = 0xFA;
    return size + 4;
  }
  size_t Decrypt(uint64_t, const uint8_t* frame, size_t size, uint8_t* out, size_t capacity) override {
    ++script_->decrypts;
    if (!ready_ || size < 5 || frame[size - 4] != 'K' || frame[size - 3] != epoch_ || frame[size - 2] != 0xFA ||
        frame[size - 1] != 0xFA || size - 4 > capacity) {
      return 0;
    }
    std::memcpy(out, frame, size - 4);
    return size - 4;
  }

  uint8_t epoch() const { return epoch_; }

 private:
  bool NextEpoch(bool fail, std::string& error) {
    if (fail) {
      error = "scripted: not a commit of this group";
      return false;
    }
    ++epoch_;
    ready_ = true;
    return true;
  }

  std::shared_ptr<DaveScript> script_;
  bool ready_ = false;
  uint8_t epoch_ = 0;
};

}  // namespace sdkpp::testing
