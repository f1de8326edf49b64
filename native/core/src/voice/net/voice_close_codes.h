// What a voice gateway close code means for the call (docs/protocols/voice-gateway.md).
#pragma once

#include <cstdint>

#include "voice/net/voice_connection.h"

namespace sdkpp::voice {

// The codes sdkpp closes the voice gateway socket with: 1000 when it is done with the session
// (the call ended, a rejoin), 4900 (private) when it gave the socket up and may resume.
inline constexpr int32_t kVoiceCloseNormal = 1000;
inline constexpr int32_t kVoiceCloseGivenUp = 4900;

// `code` 0: no close frame (a transport loss, or a timeout of ours). `was_connected`: media
// was ready once in this session (since the last Connect). `resuming`: the socket was a Resume,
// so a refusal means "the session cannot be resumed" and a full rejoin follows.
VoiceLoss ClassifyVoiceClose(int32_t code, bool was_connected, bool resuming);

// 4001, 4002, 4003, 4005, 4012, 4020 and unknown 4xxx codes: the server says the client broke
// the protocol — a bug worth an Error log.
bool IsProtocolErrorClose(int32_t code);

const char* VoiceLossName(VoiceLoss loss);

}  // namespace sdkpp::voice
