// What the control API drives in the other adapters, as interfaces: the gateway and the local
// client implement them and startEmulator plugs them in, so no adapter imports another.
import type { GuildObserver } from './domain/channels';

/** The gateway as the control API drives it (`control.reconnectGateway`, `control.dropGatewayConnections`). */
export interface GatewayControl extends GuildObserver {
  /** Sends Reconnect (op 7) to connected sessions (of one user, or all); returns how many. */
  reconnect(filter?: { userId?: string }): number;
  /**
   * Cuts the sockets of identified sessions (of one user, or all) without a close frame, as a
   * network failure would; the sessions stay resumable. Returns how many.
   */
  drop(filter?: { userId?: string }): number;
}

/** The local chat client (IPC) as the control API drives it (`control.localClient`, with `ipc: true`). */
export interface LocalClientControl {
  /**
   * Closes every game's connection (CLOSE 1000), forgets pending AUTHORIZE commands, and
   * listens again, on the same socket path when it is still free. Resolves once it listens.
   */
  restart(): Promise<void>;
  /** Closes every game's connection (CLOSE 1000) and stops listening; restart() opens it again. */
  stop(): Promise<void>;
  /** Sends AUTHORIZE_REQUEST to subscribed games. Returns how many got it. */
  requestAuthorize(): number;
  /** Decides a pending AUTHORIZE command (the person clicking in the chat client). */
  decideAuthorize(id: string, approved: boolean, userId: string | null, granted?: readonly string[]): boolean;
  /** AUTHORIZE commands waiting for a decision. */
  pendingAuthorizations(): PendingIpcAuthorization[];
  /** ACTIVITY_JOIN {secret} to subscribed games (of one application); returns how many. */
  activityJoin(secret: string, applicationId?: string): number;
  /** ACTIVITY_JOIN_REQUEST {user} to subscribed games (of one application); returns how many. */
  activityJoinRequest(userId: string, applicationId?: string): number;
}

/** An AUTHORIZE command of a game over IPC, waiting for the person (`control.listPendingIpcAuthorizations()`). */
export interface PendingIpcAuthorization {
  /** Its id: decide it with `control.approveAuthorization(id, userId)` or `control.denyAuthorization(id)`. */
  id: string;
  /** The game's application (client) id. */
  applicationId: string;
  /** The scopes it asks for. */
  scopes: string[];
  /** The redirect URI the code is issued for. */
  redirectUri: string;
  /** The PKCE code challenge (S256), or null without PKCE. */
  codeChallenge: string | null;
  /** 0 (guild install) or 1 (user install), or null when the game named none. */
  integrationType: number | null;
}

/** Why the voice server dropped a datagram (the keys of {@link MemberStats.dropped}; voice/stats.ts keeps the counters). */
export type DropReason =
  | 'truncated'
  | 'oversized'
  | 'version'
  | 'payloadType'
  | 'unknownSsrc'
  | 'wrongAddress'
  | 'noSession'
  | 'rate'
  | 'badTag'
  | 'replay'
  | 'blocked'
  | 'badDiscovery';

/** Why a DAVE message of a member was ignored. */
export type DaveRejectReason = 'truncated' | 'unknownOp' | 'oversized' | 'notDave' | 'badKeyPackage' | 'invalidCommit' | 'staleCommit' | 'badTransition';

/** One member's voice counters since the start ({@link VoiceStatsSnapshot.members}). */
export interface MemberStats {
  /** UDP datagrams of the member from its address (those then dropped, by {@link MemberStats.dropped}'s reasons, included). */
  packetsIn: number;
  /** Times the member's pinned UDP address moved: a packet that opened under its key from a new address (a NAT rebind). */
  addressMoves: number;
  /** Copies of the member's media frames the relay sent to the other members (one per receiver). */
  forwarded: number;
  /** Copies of the other members' media frames the relay sent to this member. */
  received: number;
  /** Voice gateway Resumes of the member that succeeded. */
  resumed: number;
  /** The numbered messages those Resumes replayed. */
  replayed: number;
  /** Datagrams of the member the relay dropped, by reason. */
  dropped: Partial<Record<DropReason, number>>;
  /** Forwarded frames from this member that end in FA FA (DAVE), are the silence frame, or neither. */
  e2eeFrames: number;
  /** Forwarded frames from this member that are the Opus silence frame (F8 FF FE). */
  silenceFrames: number;
  /** Forwarded frames from this member that are neither DAVE nor silence. */
  plainFrames: number;
  /** DAVE messages of the member the voice server ignored, by reason. */
  daveRejected: Partial<Record<DaveRejectReason, number>>;
}

/** What `control.voice.voiceStats()` answers: the voice server's counters since the start. */
export interface VoiceStatsSnapshot {
  /** Each member's counters, by user id. */
  members: Record<string, MemberStats>;
  /** Datagrams that could not be tied to a member. */
  unattributed: Partial<Record<DropReason, number>>;
  /** Voice WebSocket connections the server closed, by close code. */
  closed: Record<string, number>;
}

/** The control hooks of docs/emulator.md (parts of the emulator's control API). */
export interface VoiceControl {
  /** Cuts voice WebSockets (of one user, or all) without a close frame; returns how many. */
  dropVoiceConnections(options?: { userId?: string }): number;
  /** Drops every datagram in and out (of one user, or everyone) for `ms` of emulator time. */
  blockVoiceUdp(options: { userId?: string; ms: number }): void;
  /** Closes every voice WebSocket with 4015; the sessions stay resumable. Returns how many. */
  crashVoiceServer(): number;
  /** The user's voice sessions can no longer be resumed; returns how many. */
  forgetVoiceSession(userId: string): number;
  /** Takes the user out of a call (or all their calls): VOICE_STATE_UPDATE and 4014. */
  kickFromCall(userId: string, channelId?: string): number;
  /** The modes Ready offers from now on, in order of preference. */
  setVoiceModes(modes: string[]): void;
  /** DAVE required (a member without it gets 4017) or not (it downgrades the call); null = the date rule (from 2026-03-01 on the emulator clock). */
  setDaveRequired(required: boolean | null): void;
  /** Switches a live call to DAVE `version` now, as a voice server may at any time: 0 downgrades it to no end-to-end encryption (op 21 to its DAVE members), 1 builds a new group (every member must have DAVE). Returns whether the version changed. */
  setCallDaveVersion(channelId: string, version: number): boolean;
  /** The voice server's counters since the start, per member and overall. */
  voiceStats(): VoiceStatsSnapshot;
}

/** The main gateway's touch points with the voice room (voice/gateway_hooks.ts implements it). */
export interface GatewayIdentity {
  kind: 'user' | 'bot';
  user: { id: string };
  app: { id: string };
}

export interface GatewayVoiceHooks {
  /** Op 4 Voice State Update; returns why the payload is malformed (the gateway closes 4002), or null. */
  voiceStateUpdate(identity: GatewayIdentity, sessionId: string, d: unknown): string | null;
  /** The main gateway session is over (not resumable any more): its calls end. */
  sessionEnded(userId: string, sessionId: string): void;
  /** The lobby call's voice states for READY. */
  voiceStates(lobbyId: string): Array<Record<string, unknown>>;
}
