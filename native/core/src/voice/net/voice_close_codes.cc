#include "voice/net/voice_close_codes.h"

namespace sdkpp::voice {

VoiceLoss ClassifyVoiceClose(int32_t code, bool was_connected, bool resuming) {
  if (code < 4000 || code == 4015) return VoiceLoss::Resumable;
  switch (code) {
    case 4006:  // session no longer valid
    case 4009:  // session timeout
      return VoiceLoss::Rejoin;
    case 4004:  // authentication failed
    case 4011:  // server not found
    case 4016:  // unknown encryption mode
    case 4017:  // DAVE required
      return resuming ? VoiceLoss::Rejoin : VoiceLoss::Refused;
    case 4014:  // disconnected: kicked, or the main session is gone
    case 4021:  // rate limited
    case 4022:  // call terminated
      return VoiceLoss::Terminated;
    default:
      // A protocol error (or a code this build does not know): like an Identify refusal before
      // the call was connected, else a full rejoin (docs/protocols/voice-gateway.md, last row).
      return was_connected ? VoiceLoss::Rejoin : VoiceLoss::Refused;
  }
}

bool IsProtocolErrorClose(int32_t code) {
  if (code < 4000) return false;
  switch (code) {
    case 4004: case 4006: case 4009: case 4011: case 4014: case 4015: case 4016: case 4017:
    case 4021: case 4022:
      return false;
    default:
      return true;
  }
}

const char* VoiceLossName(VoiceLoss loss) {
  switch (loss) {
    case VoiceLoss::Resumable: return "resumable";
    case VoiceLoss::Rejoin: return "rejoin";
    case VoiceLoss::Refused: return "refused";
    case VoiceLoss::Terminated: return "terminated";
    case VoiceLoss::MediaFailed: return "media failed";
  }
  return "unknown";
}

}  // namespace sdkpp::voice
