// The native addon (loaded by addon.ts) with its shape. Everything in the addon validates its own
// arguments; this file only gives TypeScript the types (the value classes: values.ts;
// NativeClient, composed from one interface per area: native_client.ts; the handle classes:
// social.ts and voice.ts).
import { addon, packageRoot, type HandleClass, type ValueClass } from './addon';
import type { NativeClientConstructor } from './native_client';
import type * as V from './values_types';
import type * as Social from './social_types';
import type * as Voice from './voice_types';
import type { ValueClassShape } from './string_getter_memo';

export type * from './values_types';
export type { NativeClient, NativeClientConstructor } from './native_client';

export interface NativeBinding {
  Activity: ValueClass<V.Activity>;
  ActivityAssets: ValueClass<V.ActivityAssets>;
  ActivityButton: ValueClass<V.ActivityButton>;
  ActivityInvite: ValueClass<V.ActivityInvite>;
  ActivityParty: ValueClass<V.ActivityParty>;
  ActivitySecrets: ValueClass<V.ActivitySecrets>;
  ActivityTimestamps: ValueClass<V.ActivityTimestamps>;
  AuthorizationArgs: ValueClass<V.AuthorizationArgs>;
  AuthorizationCodeChallenge: ValueClass<V.AuthorizationCodeChallenge>;
  AuthorizationCodeVerifier: HandleClass<V.AuthorizationCodeVerifier>;
  ClientResult: HandleClass<V.ClientResult>;
  ClientCreateOptions: ValueClass<V.ClientCreateOptions>;
  DeviceAuthorizationArgs: ValueClass<V.DeviceAuthorizationArgs>;
  NativeClient: NativeClientConstructor;
  UserHandle: HandleClass<Social.UserHandle>;
  UserApplicationProfileHandle: HandleClass<Social.UserApplicationProfileHandle>;
  RelationshipHandle: HandleClass<Social.RelationshipHandle>;
  LobbyHandle: HandleClass<Social.LobbyHandle>;
  LobbyMemberHandle: HandleClass<Social.LobbyMemberHandle>;
  ChannelHandle: HandleClass<Social.ChannelHandle>;
  UserMessageSummary: HandleClass<Social.UserMessageSummary>;
  GuildMinimal: HandleClass<Social.GuildMinimal>;
  GuildChannel: HandleClass<Social.GuildChannel>;
  LinkedChannel: HandleClass<Social.LinkedChannel>;
  LinkedLobby: ValueClass<Social.LinkedLobby>;
  Call: HandleClass<Voice.Call>;
  CallInfoHandle: HandleClass<Voice.CallInfoHandle>;
  VoiceStateHandle: HandleClass<Voice.VoiceStateHandle>;
  AudioDevice: ValueClass<Voice.AudioDevice>;
  VADThresholdSettings: ValueClass<Voice.VADThresholdSettings>;
  RunCallbacks(): void;
  nestedEnums: Record<string, Record<string, Readonly<Record<string, number>>>>;
  internal: {
    buildAuthorizeRequest(
      args: V.AuthorizationArgs,
      applicationId: bigint | string,
      webBase: string,
      loopbackRedirectUri?: string,
    ): V.AuthorizeRequestPreview | { error: V.ClientResult };
    redact(text: string): string;
    codeChallengeS256(verifier: string): string;
    isDebugBuild(): boolean;
    /** How many holds keep this thread's event loop running now: pending calls, and Clients
     * connecting or connected (native/napi/callbacks/event_loop_hold.h). */
    eventLoopHolds(): number;
    /** The value classes whose string getters the façade memoizes (string_getter_memo.ts). */
    valueClassShapes(): ValueClassShape[];
    /** The methods the addon calls on the platform host (native/napi/io/platform_host_methods.h). */
    platformHostMethods: string[];
    /**
     * Whether a Windows named pipe's server runs as this user (native/core/src/os/pipe_server_user.h):
     * `refusal` is empty when the pipe may be used. `pretendServerSid` is a test seam that can only
     * turn an acceptance into a refusal. Elsewhere than Windows: 'unchecked'.
     */
    checkPipeServerUser(path: string, pretendServerSid?: string): Promise<{ verdict: 'same-user' | 'other-user' | 'absent' | 'unchecked'; refusal: string }>;
    /** One NodePlatform without a Client, for the voice host tests (native/napi/io/platform_probe.h). */
    PlatformProbe: new (host: object, onWake: (onJsThread: boolean) => void) => PlatformProbe;
  };
  [enumName: string]: unknown;
}

/** AeadAlgorithm of native/core/include/sdkpp/platform.h: 0 AES-256-GCM, 1 XChaCha20-Poly1305. */
export type ProbeAeadAlgorithm = 0 | 1;

export interface PlatformProbe {
  aeadSeal(algorithm: ProbeAeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Buffer | null;
  aeadOpen(algorithm: ProbeAeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Buffer | null;
  /** Microseconds per seal and per open through the addon and the host; roundTrips opens that gave the payload back. */
  benchAead(algorithm: ProbeAeadAlgorithm, payloadBytes: number, iterations: number): { sealMicros: number; openMicros: number; roundTrips: number };
  /** A new native thread calls Platform::Wake `times` times (joined before this returns). */
  wakeFromThread(times: number): void;
  /** What the Client's finalizer does: no host call and no OnWake after it. */
  detach(): void;
  /** What the platform logged so far ("Warning: ..."); lines arrive through RunCallbacks. */
  logLines(): string[];

  // DAVE (native/napi/io/platform_probe_dave.cc): NodePlatform's DAVE capability and sessions.
  /** Platform::DaveMaxProtocolVersion (0: no DAVE; the reason is logged once). */
  daveMaxProtocolVersion(): number;
  /** Platform::CreateDaveSession: this probe's number for the session, or the error. */
  createDaveSession(protocolVersion: number, userId: bigint | string, channelId: bigint | string): number | string;
  /** Destroys the session (its destructor drops the JS one). */
  dropDaveSession(session: number): void;
  daveReinit(session: number, protocolVersion: number, userId: bigint | string, channelId: bigint | string): true | string;
  daveReset(session: number): void;
  daveSetExternalSender(session: number, externalSender: Uint8Array): true | string;
  daveCreateKeyPackage(session: number): Buffer | string;
  /** Empty Buffers when there was nothing to commit or nobody to welcome. */
  daveProcessProposals(session: number, operation: 0 | 1, payload: Uint8Array, recognizedUserIds: (bigint | string)[]): { commit: Buffer; welcome: Buffer } | string;
  daveProcessCommit(session: number, commit: Uint8Array): true | string;
  daveProcessWelcome(session: number, welcome: Uint8Array): true | string;
  daveIsReady(session: number): boolean;
  daveVoicePrivacyCode(session: number): string;
  daveSetPassthroughMode(session: number, passthrough: boolean, expirySeconds: number): void;
  /** `capacity` defaults to the frame's size + kDaveMaxFrameOverhead (32). */
  daveEncryptOpus(session: number, frame: Uint8Array, capacity?: number): Buffer | null;
  /** `capacity` defaults to the frame's size. */
  daveDecrypt(session: number, senderUserId: bigint | string, frame: Uint8Array, capacity?: number): Buffer | null;
  /** Frames encrypted by `sender` and decrypted by `receiver`, timed natively per frame. */
  benchDave(sender: number, receiver: number, senderUserId: bigint | string, frameBytes: number, iterations: number): { encryptMicros: number; decryptMicros: number; roundTrips: number };
}

export { packageRoot };
export type { HandleClass, ValueClass };

export const binding = addon as unknown as NativeBinding;
