// The limits table (native/core/include/sdkpp/limits.h, copied to lib/limits.generated.ts) as a
// table of tests: one entry per row, keyed by the row's name, saying every path a value from
// outside can take to the rule and the cases each path must answer the same way — at the limit
// and one past it (one under a lower bound). A row no outside value reaches says why, and names
// the test files that pin it instead; a wire bound names the side that enforces it.
//
// The paths:
//   addon    the native client's method called directly (the N-API argument check, then the core's);
//   facade   the same method through the TypeScript Client / Call / value classes;
//   http     the emulator's HTTP route that applies the rule;
//   gateway  a gateway command the emulator applies the rule to;
//   ipc      a local-client (IPC/RPC) command the emulator applies the rule to.
// The runners: limit_table_sdk.test.ts (addon, facade), limit_table_emulator.test.ts (http,
// gateway, ipc); limit_table.test.ts checks that every row has an entry and every entry a runner.
import { Limits } from '../../lib/limits.generated';

export type LimitName = keyof typeof Limits;
export type Path = 'addon' | 'facade' | 'http' | 'gateway' | 'ipc';

export interface LimitCase {
  name: string;
  value: string | number | Record<string, string>;
  accepted: boolean;
}

/** A rule a value from outside reaches: each path must answer every case as the case says. */
export interface RuleRow {
  kind: 'rule';
  paths: readonly Path[];
  cases: readonly LimitCase[];
  /**
   * Native harness tests that pin the SDK's side of a rule no vitest path here drives (the core
   * checks it on what the service sent, not on an argument): named, and checked to name the row.
   */
  pinnedNatively?: readonly string[];
}

/** A bound on bytes of the wire: tested at the bound and one over on the side that enforces it. */
export interface WireRow {
  kind: 'wire';
  enforcedBy: string;
  /** Test files (from the repository root) that send exactly the bound and one byte more. */
  tests: readonly string[];
}

/** A row no value from outside can reach as a bound: why, and where it is pinned. */
export interface InternalRow {
  kind: 'internal';
  why: string;
  tests: readonly string[];
}

export type LimitEntry = RuleRow | WireRow | InternalRow;

// Characters of each UTF-8 width: 'a' one byte, '😀' four (a surrogate pair in JS): a layer that
// counts bytes or UTF-16 units instead of code points fails the astral rows.
const ASTRAL = '😀';

/** Text of `min` to `max` code points. */
function text(min: number, max: number): LimitCase[] {
  const cases: LimitCase[] = [
    { name: `${max} ascii characters (at the limit)`, value: 'a'.repeat(max), accepted: true },
    { name: `${max} astral characters (at the limit, ${4 * max} bytes)`, value: ASTRAL.repeat(max), accepted: true },
    { name: `${max + 1} ascii characters (one over)`, value: 'a'.repeat(max + 1), accepted: false },
    { name: `${max + 1} astral characters (one over)`, value: ASTRAL.repeat(max + 1), accepted: false },
  ];
  if (min > 0) {
    cases.push({ name: `${min} characters (the least)`, value: 'b'.repeat(min), accepted: true });
    cases.push({ name: `${min - 1} characters (one under)`, value: 'b'.repeat(min - 1), accepted: false });
  } else {
    cases.push({ name: 'empty (allowed)', value: '', accepted: true });
  }
  return cases;
}

/** Keys and values of a metadata record counted together. */
function metadata(max: number): LimitCase[] {
  return [
    { name: `key + value = ${max} astral characters (at the limit)`, value: { k: ASTRAL.repeat(max - 1) }, accepted: true },
    { name: `key + value = ${max} ascii characters, in two keys`, value: { a: 'x'.repeat(max / 2 - 1), b: 'y'.repeat(max / 2 - 1) }, accepted: true },
    { name: `key + value = ${max + 1} astral characters (one over)`, value: { k: ASTRAL.repeat(max) }, accepted: false },
    { name: `key + value = ${max + 1} ascii characters, in two keys`, value: { a: 'x'.repeat(max / 2), b: 'y'.repeat(max / 2 - 1) }, accepted: false },
  ];
}

/** A count of 1 to `max`. */
function count(max: number, min = 1): LimitCase[] {
  return [
    { name: `${max} (at the limit)`, value: max, accepted: true },
    { name: `${max + 1} (one over)`, value: max + 1, accepted: false },
    { name: `${min} (the least)`, value: min, accepted: true },
    { name: `${min - 1} (one under)`, value: min - 1, accepted: false },
  ];
}

/** The upper edge of a numeric setting. */
function upper(max: number): LimitCase[] {
  return [
    { name: `${max} (at the limit)`, value: max, accepted: true },
    { name: `${max + 1} (one over)`, value: max + 1, accepted: false },
  ];
}

/** The lower edge of a numeric setting. */
function lower(min: number): LimitCase[] {
  return [
    { name: `${min} (at the limit)`, value: min, accepted: true },
    { name: `${min - 1} (one under)`, value: min - 1, accepted: false },
  ];
}

const SDK_AND_HTTP: readonly Path[] = ['addon', 'facade', 'http'];
const SDK: readonly Path[] = ['addon', 'facade'];

export const limitTable: { readonly [K in LimitName]: LimitEntry } = {
  MaxMessageContentCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(1, Limits.MaxMessageContentCodePoints) },
  MaxLobbySecretCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(1, Limits.MaxLobbySecretCodePoints) },
  MaxMetadataCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: metadata(Limits.MaxMetadataCodePoints) },
  // Only a bot sets a member's additional_name (PUT /lobbies/{id}/members/{user} and the bulk
  // route); the SDK has no method for it.
  MaxAdditionalNameCodePoints: { kind: 'rule', paths: ['http'], cases: text(1, Limits.MaxAdditionalNameCodePoints) },
  MaxHistoryMessagesCount: { kind: 'rule', paths: SDK_AND_HTTP, cases: count(Limits.MaxHistoryMessagesCount) },
  // A window of time, not an argument: the emulator's history route returns a message exactly
  // 72 hours old and not one a millisecond older (the cases are ages in ms).
  MaxHistoryAgeMs: {
    kind: 'rule',
    paths: ['http'],
    // The SDK's cache lets lobby messages go at the same edge (inclusive at 72 h).
    pinnedNatively: ['native/test/message_cache_test.cc'],
    cases: [
      { name: 'a message exactly 72 hours old', value: Limits.MaxHistoryAgeMs, accepted: true },
      { name: 'a message 72 hours and 1 ms old', value: Limits.MaxHistoryAgeMs + 1, accepted: false },
    ],
  },
  // Bot routes only: the bulk member update and a bot's lobby creation with members.
  MaxBulkLobbyMembersCount: { kind: 'rule', paths: ['http'], cases: upper(Limits.MaxBulkLobbyMembersCount) },
  MaxModerationMetadataKeysCount: { kind: 'rule', paths: ['http'], cases: upper(Limits.MaxModerationMetadataKeysCount) },
  MaxVoiceChannelStatusCodePoints: { kind: 'rule', paths: ['http'], cases: text(0, Limits.MaxVoiceChannelStatusCodePoints).filter((c) => c.name !== 'empty (allowed)') },
  // The value is how many members the lobby has when one more asks to join.
  MaxLobbyMembersCount: {
    kind: 'rule',
    paths: ['http'],
    cases: [
      { name: `the ${Limits.MaxLobbyMembersCount}th member joins`, value: Limits.MaxLobbyMembersCount, accepted: true },
      { name: `the ${Limits.MaxLobbyMembersCount + 1}st member is refused`, value: Limits.MaxLobbyMembersCount + 1, accepted: false },
    ],
  },
  MaxGuildTagCodePoints: {
    kind: 'internal',
    why: 'A guild tag comes only from the emulator\'s control API (createUser); no SDK method, route or command sets one. The control API refuses 5 characters and accepts 4, astral included.',
    tests: ['test/limits/emulator_boundaries.test.ts'],
  },
  // The invite route's party_id and join_secret are the activity's, under the same rule.
  MaxActivityTextCodePoints: { kind: 'rule', paths: ['addon', 'facade', 'http', 'gateway', 'ipc'], cases: text(0, Limits.MaxActivityTextCodePoints).filter((c) => c.name !== 'empty (allowed)') },
  MaxActivityUrlCodePoints: { kind: 'rule', paths: ['addon', 'facade', 'gateway', 'ipc'], cases: text(0, Limits.MaxActivityUrlCodePoints).filter((c) => c.name !== 'empty (allowed)') },
  // The value is the number of members already in the call when one more joins (gateway op 4).
  MaxCallMembersCount: {
    kind: 'rule',
    paths: ['gateway'],
    // StartCall takes the last seat and refuses a full call (the core counts the voice states).
    pinnedNatively: ['native/test/voice/call_session_test.cc'],
    cases: [
      { name: `the ${Limits.MaxCallMembersCount}th member joins`, value: Limits.MaxCallMembersCount, accepted: true },
      { name: `the ${Limits.MaxCallMembersCount + 1}th member is refused`, value: Limits.MaxCallMembersCount + 1, accepted: false },
    ],
  },
  MinVadThresholdDb: { kind: 'rule', paths: ['facade'], cases: lower(Limits.MinVadThresholdDb) },
  MaxVadThresholdDb: { kind: 'rule', paths: ['facade'], cases: upper(Limits.MaxVadThresholdDb) },
  DefaultVadThresholdDb: {
    kind: 'internal',
    why: 'A default, not a bound: every VADThresholdSettings and every call starts at it. Pinned: a new VADThresholdSettings reads it, and it lies within the VAD range.',
    tests: ['test/limits/limit_table.test.ts'],
  },
  MaxPttReleaseDelayMs: { kind: 'rule', paths: ['facade'], cases: [...upper(Limits.MaxPttReleaseDelayMs), ...lower(0)] },
  MaxParticipantVolume: { kind: 'rule', paths: ['facade'], cases: [...upper(Limits.MaxParticipantVolume), ...lower(0)] },
  UnityVolume: {
    kind: 'internal',
    why: 'A default, not a bound: the volume every device and participant starts at. Pinned: a new Client reads it for both devices and the ended call for a participant.',
    tests: ['test/limits/limit_table.test.ts'],
  },
  MaxDeviceVolume: { kind: 'rule', paths: SDK, cases: [...upper(Limits.MaxDeviceVolume), ...lower(0)] },
  MinNoAudioInputThresholdDbfs: { kind: 'rule', paths: SDK, cases: lower(Limits.MinNoAudioInputThresholdDbfs) },
  MaxNoAudioInputThresholdDbfs: { kind: 'rule', paths: SDK, cases: upper(Limits.MaxNoAudioInputThresholdDbfs) },
  MinUsernameCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(Limits.MinUsernameCodePoints, Limits.MaxUsernameCodePoints).filter((c) => c.name.includes('the least') || c.name.includes('one under')) },
  MaxUsernameCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(Limits.MinUsernameCodePoints, Limits.MaxUsernameCodePoints).filter((c) => !c.name.includes('the least') && !c.name.includes('one under')) },
  MaxDisplayNameCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(1, Limits.MaxDisplayNameCodePoints) },
  MaxActivityInviteContentCodePoints: { kind: 'rule', paths: SDK_AND_HTTP, cases: text(0, Limits.MaxActivityInviteContentCodePoints) },
  MaxIpcFrameBytes: {
    kind: 'wire',
    enforcedBy: 'both ends of the local IPC socket: the emulator (lib/emulator/ipc/framing.ts) closes on a longer frame, the SDK (native/core/src/rpc/frame_codec.cc) refuses to read one and to send one',
    tests: ['test/limits/wire_bounds.test.ts', 'native/test/rpc_test.cc'],
  },
  MaxHttpBodyBytes: {
    kind: 'wire',
    enforcedBy: 'the Node host (lib/platform/host/http.ts) stops reading a longer body, declared or streamed',
    tests: ['test/limits/wire_bounds.test.ts', 'test/sdk/http_body_limit.test.ts'],
  },
  MaxGatewayMessageBytes: {
    kind: 'wire',
    enforcedBy: 'the Node host (lib/platform/host/websocket.ts, the socket\'s maxPayload) closes the socket on a longer message',
    tests: ['test/limits/wire_bounds.test.ts'],
  },
  MaxVoiceBinaryFrameBytes: {
    kind: 'wire',
    enforcedBy: 'the Node host (lib/platform/host/websocket.ts) drops the socket on a longer binary frame; the addon refuses one (wrap_client_platform.cc)',
    tests: ['test/sdk/voice/platform_websocket_binary.test.ts'],
  },
  MaxVoiceDatagramBytes: {
    kind: 'wire',
    enforcedBy: 'the Node host (lib/platform/host/udp.ts) neither sends nor delivers a longer datagram',
    tests: ['test/sdk/voice/platform_udp.test.ts'],
  },
  MaxUtf8BytesPerCodePoint: {
    kind: 'internal',
    why: 'A fact of UTF-8, not a rule: the addon\'s size guard lets through N × 4 bytes for a rule of N characters, so no string of N characters is refused by the guard. Every astral row above (N characters = 4N bytes, accepted) pins it on each SDK path.',
    tests: ['test/limits/limit_table_sdk.test.ts'],
  },
};

/** The rows a path reaches, for a runner to check it drives every one. */
export function rowsOn(path: Path): LimitName[] {
  return (Object.keys(limitTable) as LimitName[]).filter((name) => {
    const entry = limitTable[name];
    return entry.kind === 'rule' && entry.paths.includes(path);
  });
}
