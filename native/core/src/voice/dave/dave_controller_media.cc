// The media half of DaveController: once per frame per stream, on the JS thread, into
// preallocated buffers. Outgoing Opus is encrypted when the version in effect is ≥ 1, and
// withheld while the group is not ready; incoming frames are decrypted with the sender's id. Silence frames stay in
// the clear both ways. An unencrypted frame passes only while passthrough is allowed: before
// the group exists, while a transition is pending, in a window after a version change, or
// with no DAVE in effect.
#include "voice/dave/dave_controller.h"
#include "voice/dave/dave_media_frames.h"

namespace sdkpp::voice {

std::optional<DaveFrame> DaveController::Outgoing(const uint8_t* opus, size_t size) {
  const DaveFrame plain{opus, size};
  if (!session_ || version_ == 0 || IsOpusSilenceFrame(opus, size)) return plain;
  if (!group_ready_) {
    // End-to-end encryption is in effect but the group is not (yet, or during a rebuild): the
    // voice is withheld rather than sent readable to the relay. Costs the first ~100 ms of a
    // call and a gap while a leave rebuilds the group.
    ++counters_.dave_withheld;
    return std::nullopt;
  }
  const size_t written = session_->EncryptOpus(opus, size, out_buffer_.data(), out_buffer_.size());
  if (written == 0 || written > out_buffer_.size()) {
    // Sent in the clear, the members' decryptors would refuse it anyway: drop it.
    ++counters_.dave_encrypt_failures;
    return std::nullopt;
  }
  ++counters_.dave_encrypted;
  return DaveFrame{out_buffer_.data(), written};
}

bool DaveController::PlainFramesAllowed(uint64_t now_ms) {
  return version_ == 0 || !group_ready_ || !pending_.empty() || now_ms < passthrough_until_ms_;
}

std::optional<DaveFrame> DaveController::Incoming(uint64_t sender_user_id, const uint8_t* frame, size_t size) {
  const DaveFrame plain{frame, size};
  if (!session_ || IsOpusSilenceFrame(frame, size)) return plain;
  const uint64_t now = platform_.NowMs();
  // No DAVE in effect and the window after the downgrade is over: every frame is plain Opus.
  if (version_ == 0 && now >= passthrough_until_ms_) return plain;
  if (!HasDaveMarker(frame, size)) {
    if (PlainFramesAllowed(now)) {
      ++counters_.dave_passthrough;
      return plain;
    }
    return DecryptFailed();
  }
  if (!group_ready_) {
    // Encrypted for a group we are not (yet, or no longer) in: nothing to recover from.
    ++counters_.dave_decrypt_failures;
    return std::nullopt;
  }
  const size_t written = session_->Decrypt(sender_user_id, frame, size, in_buffer_.data(), in_buffer_.size());
  if (written == 0 || written > in_buffer_.size()) return DecryptFailed();
  ++counters_.dave_decrypted;
  consecutive_failures_ = 0;
  return DaveFrame{in_buffer_.data(), written};
}

std::optional<DaveFrame> DaveController::DecryptFailed() {
  ++counters_.dave_decrypt_failures;
  // Failures are expected while re-initialising or switching keys; they count only in a steady
  // state with end-to-end encryption in effect.
  if (version_ == 0 || reinitializing_ || !pending_.empty()) return std::nullopt;
  if (++consecutive_failures_ > kDaveDecryptFailureTolerance) {
    Recover(last_transition_id_, std::to_string(consecutive_failures_) + " frames in a row failed to decrypt");
  }
  return std::nullopt;
}

}  // namespace sdkpp::voice
