// The one table of the service's limits and of the SDK's own size bounds. Every layer reads it:
// the core enforces the rules with these numbers, the N-API layer derives only generous type and
// size guards from them (a JS string is refused before conversion when it could not possibly
// pass the core's rule), and the emulator reads the same numbers from lib/limits.generated.ts,
// which scripts/build/gen-limits.mjs makes from this file (a test fails when it is stale).
//
// Every name carries its unit. "CodePoints" counts Unicode scalar values of the UTF-8 text (the
// spec's "characters": one emoji is one, whatever its byte length); "Bytes" counts UTF-8 bytes;
// "Count" counts items; "Ms" is milliseconds.
//
// Format, for the generator: one `inline constexpr uint64_t kName = <integer expression>;` per
// line; the expression may use digits, digit separators, `*` and `+`.
#pragma once

#include <cstdint>

namespace sdkpp::limits {

// --- Rules of the service (spec "Limits", docs/protocols/http.md) --------------------------------------
// A lobby or direct message's content: 1 to 4000 characters.
inline constexpr uint64_t kMaxMessageContentCodePoints = 4000;
// A lobby's secret in create-or-join: 1 to 250 characters.
inline constexpr uint64_t kMaxLobbySecretCodePoints = 250;
// Lobby, member or message metadata: keys and values together at most 1000 characters.
inline constexpr uint64_t kMaxMetadataCodePoints = 1000;
// A lobby member's additional_name: 1 to 80 characters.
inline constexpr uint64_t kMaxAdditionalNameCodePoints = 80;
// Messages one history request returns (HTTP and the SDK's history).
inline constexpr uint64_t kMaxHistoryMessagesCount = 200;
// The SDK's lobby history window: messages older than 72 hours are not returned.
inline constexpr uint64_t kMaxHistoryAgeMs = 72 * 60 * 60 * 1000;
// Lobby members in one bulk request, and members given when a bot creates a lobby.
inline constexpr uint64_t kMaxBulkLobbyMembersCount = 25;
// Keys of a moderation-metadata dictionary.
inline constexpr uint64_t kMaxModerationMetadataKeysCount = 5;
// A voice channel's status text.
inline constexpr uint64_t kMaxVoiceChannelStatusCodePoints = 500;
// Members of one lobby (the emulator refuses the 1001st with 30000).
inline constexpr uint64_t kMaxLobbyMembersCount = 1000;
// A user's guild tag: 1 to 4 characters (spec "Limits").
inline constexpr uint64_t kMaxGuildTagCodePoints = 4;
// A rich presence activity's texts (name, state, details, asset texts, party id, join secret,
// button labels).
inline constexpr uint64_t kMaxActivityTextCodePoints = 128;
// A rich presence activity's links and asset keys (state_url, details_url, asset images and URLs).
inline constexpr uint64_t kMaxActivityUrlCodePoints = 256;
// Members of one call (the SDK's guidance; the emulator refuses the 26th).
inline constexpr uint64_t kMaxCallMembersCount = 25;
// Voice (docs/voice-calls.md; the volume range is the reference's proposal: 100 = unity).
// The lowest voice activity threshold, in dB (Call::SetVADThreshold).
inline constexpr int64_t kMinVadThresholdDb = -100;
// The highest voice activity threshold, in dB.
inline constexpr int64_t kMaxVadThresholdDb = 0;
// The voice activity threshold a call starts with, in dB.
inline constexpr int64_t kDefaultVadThresholdDb = -60;
// The longest push-to-talk release delay, in ms (Call::SetPTTReleaseDelay).
inline constexpr uint64_t kMaxPttReleaseDelayMs = 2000;
// The loudest participant volume (Call::SetParticipantVolume): twice the unity volume.
inline constexpr uint64_t kMaxParticipantVolume = 200;
// The volume at which audio passes unchanged (a linear percentage): every volume starts there.
inline constexpr uint64_t kUnityVolume = 100;
// SetInputVolume / SetOutputVolume: 0 to this.
inline constexpr uint64_t kMaxDeviceVolume = 100;
// The lowest level SetNoAudioInputThreshold takes, in dBFS.
inline constexpr int64_t kMinNoAudioInputThresholdDbfs = -100;
// The highest level SetNoAudioInputThreshold takes, in dBFS.
inline constexpr int64_t kMaxNoAudioInputThresholdDbfs = 0;
// A username in a friend request by name: 2 to 32 characters (the least).
inline constexpr uint64_t kMinUsernameCodePoints = 2;
// A username in a friend request by name: 2 to 32 characters (the most).
inline constexpr uint64_t kMaxUsernameCodePoints = 32;
// A display name (global_name; a provisional account's display name): 1 to 32 characters.
inline constexpr uint64_t kMaxDisplayNameCodePoints = 32;
// The optional message of an activity invite.
inline constexpr uint64_t kMaxActivityInviteContentCodePoints = 1024;

// --- Wire bounds (docs/protocols/ipc.md, docs/voice-calls.md) -----------------------------------------------
// One frame of the local client's IPC protocol, header excluded.
inline constexpr uint64_t kMaxIpcFrameBytes = 64 * 1024;
// An HTTP response body the SDK accepts (a larger answer is aborted: NetworkError).
inline constexpr uint64_t kMaxHttpBodyBytes = 16 * 1024 * 1024;
// A gateway message the SDK accepts.
inline constexpr uint64_t kMaxGatewayMessageBytes = 16 * 1024 * 1024;
// A binary frame of the voice gateway (DAVE; a Welcome is about 1 KB per member).
inline constexpr uint64_t kMaxVoiceBinaryFrameBytes = 64 * 1024;
// One UDP datagram of the voice transport (docs/voice-calls.md).
inline constexpr uint64_t kMaxVoiceDatagramBytes = 1500;

// --- Size guards the N-API layer applies before converting a JS string --------------------------
// A UTF-8 code point is at most 4 bytes, so a string of more than 4 × N bytes cannot have N code
// points or fewer; the guard refuses it without a false refusal, and the core checks the rule.
inline constexpr uint64_t kMaxUtf8BytesPerCodePoint = 4;

}  // namespace sdkpp::limits
