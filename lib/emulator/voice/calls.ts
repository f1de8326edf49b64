// Calls on the main gateway (docs/voice-calls.md, §8): op 4 joins a lobby call (members only, at most
// MaxCallMembersCount) or, for bots, a guild voice channel; `channel_id: null` leaves. Each join
// gets a new voice token and VOICE_SERVER_UPDATE; every change is a VOICE_STATE_UPDATE to the
// call's audience. A user is in at most one call per scope: the lobby scope (guild_id null) or
// one guild, so a `null` leave is never ambiguous.
import { randomBytes } from 'node:crypto';
import { Limits } from '../../limits.generated';
import type { CallScope, VoiceCaller, VoicePort } from './port';

export interface CallMember {
  userId: string;
  sessionId: string;
  selfMute: boolean;
  selfDeaf: boolean;
  bot: boolean;
  applicationId: string;
  /** The token of the latest join; Identify must present it. */
  token: string;
}

export interface Call {
  /** The lobby id, or the guild voice channel's id. */
  channelId: string;
  guildId: string | null;
  scope: CallScope;
  members: Map<string, CallMember>;
}

/** Why a member left a call; the voice server closes its connection accordingly. */
export type LeaveReason = 'left' | 'kicked' | 'removed' | 'session-ended' | 'call-ended';

export interface CallListener {
  memberLeft(call: Call, userId: string, reason: LeaveReason): void;
}

export type VoiceStateCommand =
  | { ok: true }
  | { ok: false; error: string };

/** Identify's and Resume's `server_id`: the guild for guild calls, else the lobby. */
export const serverIdOf = (call: Call) => call.guildId ?? call.channelId;

export class CallRegistry {
  readonly #calls = new Map<string, Call>();
  /** user id → scope key ('' for lobbies, else the guild id) → call. */
  readonly #userCalls = new Map<string, Map<string, Call>>();
  #listener: CallListener = { memberLeft: () => {} };

  constructor(
    private readonly port: VoicePort,
    private readonly endpoint: () => string,
  ) {}

  setListener(listener: CallListener): void {
    this.#listener = listener;
  }

  all(): IterableIterator<Call> {
    return this.#calls.values();
  }

  call(channelId: string): Call | undefined {
    return this.#calls.get(channelId);
  }

  /** Op 4 from `caller`; `{ok: false}` when the payload is malformed (the gateway closes 4002). */
  handleVoiceStateUpdate(caller: VoiceCaller, d: unknown): VoiceStateCommand {
    if (typeof d !== 'object' || d === null || Array.isArray(d)) return { ok: false, error: 'op 4 d must be an object' };
    const body = d as Record<string, unknown>;
    const guildId = body.guild_id ?? null;
    const channelId = body.channel_id ?? null;
    if (guildId !== null && typeof guildId !== 'string') return { ok: false, error: 'guild_id must be a string or null' };
    if (channelId !== null && typeof channelId !== 'string') return { ok: false, error: 'channel_id must be a string or null' };
    for (const flag of ['self_mute', 'self_deaf'] as const) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return { ok: false, error: `${flag} must be a boolean` };
    }
    const selfMute = body.self_mute === true;
    const selfDeaf = body.self_deaf === true;
    const scopeKey = guildId ?? '';
    const current = this.#userCalls.get(caller.userId)?.get(scopeKey);
    if (channelId === null) {
      if (current) this.leave(current, caller.userId, 'left');
      return { ok: true };
    }
    const target = guildId === null ? this.port.lobbyCall(channelId, caller) : caller.bot ? this.port.guildVoiceChannel(guildId, channelId, caller) : 'forbidden';
    const existing = this.#calls.get(channelId);
    const full = existing !== undefined && !existing.members.has(caller.userId) && existing.members.size >= Limits.MaxCallMembersCount;
    if (typeof target === 'string' || full) {
      this.port.log(`voice: op 4 from ${caller.userId} for ${channelId} refused (${full ? 'call full' : target})`);
      this.port.dispatch([caller.userId], caller.applicationId, 'VOICE_STATE_UPDATE', {
        ...stateJson(guildId, null, { userId: caller.userId, sessionId: caller.sessionId, selfMute, selfDeaf }),
        error: 'forbidden',
      });
      return { ok: true };
    }
    if (current && current.channelId !== channelId) this.leave(current, caller.userId, 'left');
    let call = this.#calls.get(channelId);
    if (!call) {
      call = { channelId, guildId, scope: target.scope, members: new Map() };
      this.#calls.set(channelId, call);
    }
    call.scope = target.scope;
    const member: CallMember = { ...caller, selfMute, selfDeaf, token: randomBytes(16).toString('hex') };
    call.members.set(caller.userId, member);
    let scopes = this.#userCalls.get(caller.userId);
    if (!scopes) this.#userCalls.set(caller.userId, (scopes = new Map()));
    scopes.set(scopeKey, call);
    if (guildId !== null) this.port.setGuildVoiceChannel(caller.userId, channelId, { selfMute, selfDeaf });
    this.#announce(call, stateJson(guildId, channelId, member));
    // Every join has a new token (docs/protocols/voice-gateway.md).
    this.port.dispatch([caller.userId], call.scope.applicationId, 'VOICE_SERVER_UPDATE', {
      token: member.token,
      guild_id: guildId,
      channel_id: channelId,
      endpoint: this.endpoint(),
    });
    return { ok: true };
  }

  /** Takes `userId` out of `call`: VOICE_STATE_UPDATE with channel_id null to the audience. */
  leave(call: Call, userId: string, reason: LeaveReason): boolean {
    const member = call.members.get(userId);
    if (!member) return false;
    call.members.delete(userId);
    const scopes = this.#userCalls.get(userId);
    scopes?.delete(call.guildId ?? '');
    if (scopes?.size === 0) this.#userCalls.delete(userId);
    if (call.members.size === 0) this.#calls.delete(call.channelId);
    if (call.guildId !== null) this.port.setGuildVoiceChannel(userId, null);
    this.#announce(call, stateJson(call.guildId, null, member), [userId]);
    this.#listener.memberLeft(call, userId, reason);
    return true;
  }

  /** The user is no longer a member of the lobby (left, removed, or the lobby deleted). */
  lobbyMembershipChanged(lobbyId: string): void {
    const call = this.#calls.get(lobbyId);
    if (!call || call.guildId !== null) return;
    const scope = this.port.lobbyScope(lobbyId);
    if (!scope) {
      for (const userId of [...call.members.keys()]) this.leave(call, userId, 'call-ended');
      return;
    }
    call.scope = scope;
    for (const member of [...call.members.values()]) {
      // Bots of the lobby's application may stay without membership; lobbyCall() knows the rule.
      if (typeof this.port.lobbyCall(lobbyId, member) === 'string') this.leave(call, member.userId, 'removed');
    }
  }

  /** A main gateway session is over: its calls end for that user. */
  sessionEnded(userId: string, sessionId: string): void {
    const scopes = this.#userCalls.get(userId);
    if (!scopes) return;
    for (const call of [...scopes.values()]) {
      if (call.members.get(userId)?.sessionId === sessionId) this.leave(call, userId, 'session-ended');
    }
  }

  /** Takes a user out of one call (or all of theirs) from outside: the control API's kick. */
  kick(userId: string, channelId?: string): number {
    const scopes = this.#userCalls.get(userId);
    if (!scopes) return 0;
    let kicked = 0;
    for (const call of [...scopes.values()]) {
      if (channelId === undefined || call.channelId === channelId) kicked += this.leave(call, userId, 'kicked') ? 1 : 0;
    }
    return kicked;
  }

  /** READY's `voice_states` of a lobby (docs/voice-calls.md). */
  voiceStates(lobbyId: string): Array<Record<string, unknown>> {
    const call = this.#calls.get(lobbyId);
    if (!call || call.guildId !== null) return [];
    return [...call.members.values()].map((m) => stateJson(null, call.channelId, m));
  }

  #announce(call: Call, state: Record<string, unknown>, extra: string[] = []): void {
    const recipients = new Set([...call.scope.audienceIds, ...call.members.keys(), ...extra]);
    this.port.dispatch(recipients, call.scope.applicationId, 'VOICE_STATE_UPDATE', state);
  }
}

function stateJson(
  guildId: string | null,
  channelId: string | null,
  member: { userId: string; sessionId: string; selfMute: boolean; selfDeaf: boolean },
): Record<string, unknown> {
  return {
    guild_id: guildId,
    channel_id: channelId,
    user_id: member.userId,
    session_id: member.sessionId,
    self_mute: member.selfMute,
    self_deaf: member.selfDeaf,
    mute: false,
    deaf: false,
    suppress: false,
  };
}
