// Voice gateway v8 and UDP wire facts (docs/protocols/voice-gateway.md): opcodes, close codes, the transport modes,
// and the server's bounds (docs/voice-calls.md, §8).

export const VoiceOp = {
  Identify: 0,
  SelectProtocol: 1,
  Ready: 2,
  Heartbeat: 3,
  SessionDescription: 4,
  Speaking: 5,
  HeartbeatAck: 6,
  Resume: 7,
  Hello: 8,
  Resumed: 9,
  ClientsConnect: 11,
  ClientDisconnect: 13,
  DavePrepareTransition: 21,
  DaveExecuteTransition: 22,
  DaveTransitionReady: 23,
  DavePrepareEpoch: 24,
  DaveMlsExternalSender: 25,
  DaveMlsKeyPackage: 26,
  DaveMlsProposals: 27,
  DaveMlsCommitWelcome: 28,
  DaveMlsAnnounceCommitTransition: 29,
  DaveMlsWelcome: 30,
  DaveMlsInvalidCommitWelcome: 31,
} as const;

/** docs/protocols/voice-gateway.md. */
export const VoiceClose = {
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  SessionNoLongerValid: 4006,
  SessionTimeout: 4009,
  ServerNotFound: 4011,
  UnknownProtocol: 4012,
  Disconnected: 4014,
  VoiceServerCrashed: 4015,
  UnknownEncryptionMode: 4016,
  DaveRequired: 4017,
  BadRequest: 4020,
  RateLimited: 4021,
  CallTerminated: 4022,
} as const;

export const MODE_AES_GCM = 'aead_aes256_gcm_rtpsize';
export const MODE_XCHACHA = 'aead_xchacha20_poly1305_rtpsize';
export type TransportMode = typeof MODE_AES_GCM | typeof MODE_XCHACHA;
/** The only modes that exist (docs/voice-calls.md); every other name gets 4016. AES-GCM first by default. */
export const TRANSPORT_MODES: readonly TransportMode[] = [MODE_AES_GCM, MODE_XCHACHA];

export function isTransportMode(value: unknown): value is TransportMode {
  return value === MODE_AES_GCM || value === MODE_XCHACHA;
}

/**
 * `?v=` accepted on the voice gateway (there is no default): 4–8; 1–3 too before they were
 * discontinued (18 November 2024, emulator clock). The emulator speaks v4 to a v1–v3 client: the
 * older versions' wire differences are not emulated.
 */
export const MIN_VOICE_VERSION = 4;
export const MAX_VOICE_VERSION = 8;
/** The first voice gateway version, accepted until LEGACY_VOICE_VERSIONS_DISCONTINUED_AT. */
export const FIRST_VOICE_VERSION = 1;
/** The spec: versions below 4 discontinued from 18 November 2024. */
export const LEGACY_VOICE_VERSIONS_DISCONTINUED_AT = Date.UTC(2024, 10, 18);

/** The lowest `?v=` accepted at `now` (emulator clock). */
export function minVoiceVersion(now: number): number {
  return now >= LEGACY_VOICE_VERSIONS_DISCONTINUED_AT ? MIN_VOICE_VERSION : FIRST_VOICE_VERSION;
}
/** From this version on, heartbeats are `{t, seq_ack}` and server messages are numbered. */
export const BUFFERED_RESUME_VERSION = 8;

export const DEFAULT_VOICE_HEARTBEAT_INTERVAL_MS = 13_750;
/** No heartbeat for this many intervals closes with 4009. */
export const HEARTBEAT_TIMEOUT_INTERVALS = 1.5;
export const MAX_JSON_BYTES = 4 * 1024;
/** The WebSocket's frame limit (bigger closes 1009); binary messages above MAX_DAVE_BINARY_BYTES are counted and ignored. */
export const MAX_BINARY_BYTES = 64 * 1024;
/** A commit and Welcome for 25 members stays well under this. */
export const MAX_DAVE_BINARY_BYTES = 32 * 1024;
/** The DAVE protocol version this server speaks (davey's DAVE_PROTOCOL_VERSION). */
export const DAVE_PROTOCOL_VERSION = 1;
/** Op 22 goes out this long after op 29/30 or op 21 even if some members never sent op 23. */
export const DAVE_TRANSITION_TIMEOUT_MS = 3_000;
/** Proposals out and no commit won within this: the group is rebuilt (a commit lost with a dropped socket, a member gone quiet). */
export const DAVE_COMMIT_TIMEOUT_MS = 5000;
/** From this instant (emulator clock) the service accepts only E2EE calls (docs/voice-calls.md). */
export const DAVE_REQUIRED_FROM = Date.UTC(2026, 2, 1);
/** The replay buffer keeps at most this many numbered messages, none older than REPLAY_MAX_AGE_MS. */
export const REPLAY_MAX_MESSAGES = 500;
export const REPLAY_MAX_AGE_MS = 60_000;
/** How long a voice session whose socket went away can still be resumed (emulator clock). */
export const VOICE_SESSION_RETENTION_MS = 60_000;
/** Client messages per window before 4021. */
export const MESSAGE_LIMIT = 120;
export const MESSAGE_WINDOW_MS = 10_000;

export const MAX_DATAGRAM_BYTES = 1_500;
export const DISCOVERY_BYTES = 74;
export const KEEPALIVE_BYTES = 8;
export const MIN_RTP_BYTES = 32;
export const MAX_RTP_BYTES = 1_460;
export const RTP_PAYLOAD_TYPE = 0x78;
export const MAX_PACKETS_PER_SECOND = 100;
