// The signalling half of DaveController: sessions, transitions, MLS messages, recovery.
// The media half is dave_controller_media.cc.
#include "voice/dave/dave_controller.h"

#include <algorithm>

#include "voice/dave/dave_binary_frames.h"

namespace sdkpp::voice {

DaveController::DaveController(Platform& platform, logging::Logger& logger, DaveOutbox& outbox,
                               DaveCounters& counters)
    : platform_(platform), logger_(logger), outbox_(outbox), counters_(counters) {}

DaveController::~DaveController() { End(); }

void DaveController::Log(LoggingSeverity severity, const std::string& message, std::source_location site) {
  logger_.Log(severity, "voice: DAVE: " + message, site);
}

void DaveController::Begin(uint64_t user_id, uint64_t channel_id) {
  End();
  user_id_ = user_id;
  channel_id_ = channel_id;
  max_version_ = platform_.DaveMaxProtocolVersion();
  if (max_version_ == 0) {
    // The host says it has no DAVE; its factory is where it says why (and makes nothing).
    std::string why;
    auto probe = platform_.CreateDaveSession(1, user_id_, channel_id_, why);
    if (probe) probe->Reset();
    ReportUnavailable(why.empty() ? "the platform has no DAVE protocol version" : why);
  }
}

void DaveController::End() {
  if (session_) {
    session_->Reset();
    session_.reset();
  }
  version_ = 0;
  mls_version_ = 0;
  external_sender_set_ = false;
  early_external_sender_.reset();
  pending_.clear();
  last_transition_id_ = 0;
  reinitializing_ = false;
  consecutive_failures_ = 0;
  passthrough_until_ms_ = 0;
  connected_users_.clear();
  privacy_code_.clear();
  group_ready_ = false;
  announced_version_ = 0;
  announced_code_.clear();
}

void DaveController::ReportUnavailable(const std::string& reason) {
  if (unavailable_reported_) return;
  unavailable_reported_ = true;
  outbox_.DaveUnavailable(reason);
}

void DaveController::CreateSession(uint16_t version) {
  std::string error;
  session_ = platform_.CreateDaveSession(version, user_id_, channel_id_, error);
  if (!session_) {
    ReportUnavailable(error.empty() ? "the platform made no DAVE session" : error);
    return;
  }
  mls_version_ = version;
  group_ready_ = false;
  ++counters_.dave_reinits;
  Log(LoggingSeverity::Info, "session created for protocol version " + std::to_string(version));
  if (early_external_sender_) {
    std::string external_sender = std::move(*early_external_sender_);
    early_external_sender_.reset();
    ApplyExternalSender(external_sender);
  }
}

void DaveController::OnSessionDescription(int64_t dave_protocol_version) {
  if (dave_protocol_version <= 0 || dave_protocol_version > 0xFFFF) return;  // no DAVE picked
  if (session_) return;  // a resume that redid Select Protocol: the group is kept
  version_ = static_cast<uint16_t>(dave_protocol_version);
  CreateSession(version_);
  NoteGroupState();
}

void DaveController::OnUsersConnected(const std::vector<uint64_t>& user_ids) {
  for (uint64_t id : user_ids) {
    if (connected_users_.size() >= kDaveMaxKnownUsers) break;
    connected_users_.insert(id);
  }
}

void DaveController::OnUserDisconnected(uint64_t user_id) { connected_users_.erase(user_id); }

void DaveController::Reinit(uint16_t version) {
  consecutive_failures_ = 0;
  group_ready_ = false;  // a fresh or dropped group is never ready
  if (version == 0) {
    // Back to no end-to-end encryption: the group is dropped; frames still encrypted under it
    // get the window to drain.
    if (session_) {
      session_->Reset();
      OpenPassthroughWindow(kDaveTransitionPassthroughMs);
    }
    Log(LoggingSeverity::Info, "group dropped (protocol version 0)");
    return;
  }
  if (!session_) {
    CreateSession(version);
    return;
  }
  std::string error;
  if (!session_->Reinit(version, user_id_, channel_id_, error)) {
    Log(LoggingSeverity::Warning, "could not re-initialise the session: " + error);
    return;
  }
  mls_version_ = version;
  ++counters_.dave_reinits;
  Log(LoggingSeverity::Info, "session re-initialised for protocol version " + std::to_string(version));
  if (external_sender_set_) SendKeyPackage();
}

void DaveController::SendKeyPackage() {
  std::string key_package, error;
  if (!session_->CreateKeyPackage(key_package, error)) {
    Log(LoggingSeverity::Warning, "could not create a key package: " + error);
    return;
  }
  outbox_.SendDaveBinary(EncodeClientBinaryFrame(static_cast<uint8_t>(VoiceOp::DaveMlsKeyPackage), key_package));
}

void DaveController::ApplyExternalSender(const std::string& external_sender) {
  std::string error;
  if (!session_->SetExternalSender(external_sender, error)) {
    ++counters_.dave_bad_messages;
    Log(LoggingSeverity::Warning, "refused the external sender (op 25): " + error);
    return;
  }
  external_sender_set_ = true;
  SendKeyPackage();
}

// --- JSON transitions ---------------------------------------------------------------------

bool DaveController::RememberPending(uint16_t transition_id, uint16_t version) {
  if (!pending_.count(transition_id) && pending_.size() >= kDaveMaxPendingTransitions) {
    BadMessage("more than " + std::to_string(kDaveMaxPendingTransitions) + " transitions pending; refused " +
               std::to_string(transition_id));
    return false;
  }
  pending_[transition_id] = version;
  return true;
}

void DaveController::OnPrepareTransition(const DavePrepareTransitionMessage& message) {
  if (!session_) return BadMessage("a prepare transition (op 21) without a DAVE session");
  Log(LoggingSeverity::Verbose, "prepare transition " + std::to_string(message.transition_id) + " to version " +
                                    std::to_string(message.protocol_version));
  if (!RememberPending(message.transition_id, message.protocol_version)) return;
  if (message.transition_id == 0) {
    Execute(0, message.protocol_version);  // id 0: at once, and nobody waits for op 23
    return;
  }
  if (message.protocol_version == 0) OpenPassthroughWindow(kDavePendingDowngradePassthroughMs);
  outbox_.SendDaveJson(EncodeDaveTransitionReady(message.transition_id));
}

void DaveController::OnExecuteTransition(const DaveExecuteTransitionMessage& message) {
  auto pending = pending_.find(message.transition_id);
  if (pending == pending_.end()) {
    // The server executes transitions of the whole call; we may have had no part in this one.
    Log(LoggingSeverity::Verbose, "execute transition " + std::to_string(message.transition_id) + ": none pending");
    return;
  }
  Execute(message.transition_id, pending->second);
}

void DaveController::Execute(uint16_t transition_id, uint16_t version) {
  const uint16_t old_version = version_;
  version_ = version;
  pending_.erase(transition_id);
  if (old_version != 0 && version_ == 0) {
    OpenPassthroughWindow(kDaveTransitionPassthroughMs);
    Log(LoggingSeverity::Info, "downgraded: no end-to-end encryption (transition " + std::to_string(transition_id) + ")");
  } else if (transition_id != 0 && old_version == 0 && version_ != 0) {
    // An upgrade (after a downgrade, or of a call that began without DAVE): members switch to
    // encrypted frames now, and stragglers get the window.
    OpenPassthroughWindow(kDaveTransitionPassthroughMs);
    Log(LoggingSeverity::Info, "upgraded to protocol version " + std::to_string(version_));
  }
  reinitializing_ = false;
  consecutive_failures_ = 0;
  last_transition_id_ = transition_id;
  Log(LoggingSeverity::Verbose, "transition " + std::to_string(transition_id) + " executed (version " +
                                    std::to_string(old_version) + " → " + std::to_string(version_) + ")");
  NoteGroupState();
}

void DaveController::OnPrepareEpoch(const DavePrepareEpochMessage& message) {
  if (message.epoch != 1) return;  // only epoch 1 asks for anything: a new group
  if (message.protocol_version != 0 && !session_ && max_version_ == 0) {
    return BadMessage("a new group (op 24) for a client that announced no DAVE");
  }
  Log(LoggingSeverity::Info, "new group for protocol version " + std::to_string(message.protocol_version));
  // A new group at version ≥ 1 comes into effect with the transition of its commit or Welcome
  // (op 29/30, then op 22); version 0 has no transition to wait for.
  if (message.protocol_version == 0) version_ = 0;
  Reinit(message.protocol_version);
  NoteGroupState();
}

// --- binary MLS messages -----------------------------------------------------------------

void DaveController::BadMessage(const std::string& why) {
  ++counters_.dave_bad_messages;
  Log(LoggingSeverity::Warning, "ignored " + why);
}

void DaveController::OnBinary(uint8_t op, std::string_view payload) {
  switch (static_cast<VoiceOp>(op)) {
    case VoiceOp::DaveMlsExternalSender:
      if (payload.empty()) return BadMessage("an empty external sender (op 25)");
      if (!session_) {
        // It may come before the Session Description that makes the session: keep it.
        early_external_sender_ = std::string(payload);
        return;
      }
      ApplyExternalSender(std::string(payload));
      NoteGroupState();
      return;
    case VoiceOp::DaveMlsProposals:
      HandleProposals(payload);
      NoteGroupState();
      return;
    case VoiceOp::DaveMlsAnnounceCommitTransition:
      HandleCommitOrWelcome(false, payload);
      NoteGroupState();
      return;
    case VoiceOp::DaveMlsWelcome:
      HandleCommitOrWelcome(true, payload);
      NoteGroupState();
      return;
    default:
      return BadMessage("binary op " + std::to_string(op) + " (" + std::to_string(payload.size()) + " bytes)");
  }
}

void DaveController::HandleProposals(std::string_view payload) {
  if (!session_ || !external_sender_set_) return BadMessage("proposals (op 27) before the external sender");
  if (payload.size() < 2 || static_cast<uint8_t>(payload[0]) > 1) {
    return BadMessage("proposals (op 27) with no operation or an unknown one");
  }
  std::vector<uint64_t> recognized(connected_users_.begin(), connected_users_.end());
  recognized.push_back(user_id_);
  DaveCommitWelcome out;
  std::string error;
  const auto operation = static_cast<DaveProposalsOperation>(payload[0]);
  if (!session_->ProcessProposals(operation, std::string(payload.substr(1)), recognized, out, error)) {
    ++counters_.dave_bad_messages;
    Log(LoggingSeverity::Warning, "could not process proposals (op 27): " + error);
    return;
  }
  if (out.commit.empty()) return;
  outbox_.SendDaveBinary(
      EncodeClientBinaryFrame(static_cast<uint8_t>(VoiceOp::DaveMlsCommitWelcome), out.commit, out.welcome));
}

void DaveController::HandleCommitOrWelcome(bool welcome, std::string_view payload) {
  const char* what = welcome ? "a Welcome (op 30)" : "a commit (op 29)";
  if (!session_ || !external_sender_set_) return BadMessage(std::string(what) + " before the external sender");
  auto transition = ParseTransitionPayload(payload);
  if (!transition) return BadMessage(std::string(what) + " too short for a transition id and a body");
  std::string error;
  const std::string body(transition->body);
  const bool ok = welcome ? session_->ProcessWelcome(body, error) : session_->ProcessCommit(body, error);
  if (!ok) {
    Recover(transition->transition_id, std::string(what) + " could not be processed: " + error);
    return;
  }
  Log(LoggingSeverity::Verbose, std::string(what) + " processed (transition " +
                                    std::to_string(transition->transition_id) + ")");
  if (transition->transition_id == 0) {
    Execute(0, mls_version_);  // id 0 is in effect at once: no op 23, no op 22
    return;
  }
  if (!RememberPending(transition->transition_id, mls_version_)) return;
  outbox_.SendDaveJson(EncodeDaveTransitionReady(transition->transition_id));
}

void DaveController::Recover(uint16_t transition_id, const std::string& why) {
  if (reinitializing_) return;  // already recovering: one op 31 until a transition executes
  Log(LoggingSeverity::Warning, why + "; invalidating transition " + std::to_string(transition_id) +
                                    " and re-initialising");
  reinitializing_ = true;
  consecutive_failures_ = 0;
  ++counters_.dave_invalid_transitions;
  outbox_.SendDaveJson(EncodeDaveInvalidCommitWelcome(transition_id));
  Reinit(mls_version_ != 0 ? mls_version_ : std::max<uint16_t>(version_, 1));
  NoteGroupState();
}

void DaveController::OpenPassthroughWindow(uint64_t duration_ms) {
  passthrough_until_ms_ = platform_.NowMs() + duration_ms;
  if (session_) session_->SetPassthroughMode(true, static_cast<uint32_t>(duration_ms / 1000));
}

void DaveController::NoteGroupState() {
  group_ready_ = session_ && session_->IsReady();
  std::string code = group_ready_ && version_ != 0 ? session_->VoicePrivacyCode() : std::string();
  if (code != privacy_code_) {
    privacy_code_ = std::move(code);
    // The voice log carries it as well as Call.GetEncryptionState (an sdkpp addition: the API
    // surface has no name for it); at Warning because release builds deliver nothing below
    // (spec: release builds log only Error and Warning). It is not a secret: members compare it
    // out of band to verify the E2EE.
    Log(LoggingSeverity::Warning, "call " + std::to_string(channel_id_) + ": voice privacy code " +
                                      (privacy_code_.empty() ? "none (not end-to-end encrypted)" : privacy_code_));
  }
  if (version_ == announced_version_ && privacy_code_ == announced_code_) return;
  announced_version_ = version_;
  announced_code_ = privacy_code_;
  outbox_.DaveStateChanged();
}

}  // namespace sdkpp::voice
