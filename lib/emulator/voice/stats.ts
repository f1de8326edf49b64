// Counters of the voice server (voiceStats): per member, packets in, forwarded (copies sent to
// other members) and received, resumes, dropped by reason, the kinds of Opus frames it sent (DAVE
// E2EE, silence, plain) and DAVE binary messages refused, by reason; datagrams that name no member,
// and voice WebSocket connections closed for bad input, by reason.

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

export interface MemberStats {
  packetsIn: number;
  /** Times the member's pinned UDP address moved: a packet that opened under its key from a new address (a NAT rebind). */
  addressMoves: number;
  forwarded: number;
  received: number;
  /** Voice gateway Resumes that succeeded, and the numbered messages they replayed. */
  resumed: number;
  replayed: number;
  dropped: Partial<Record<DropReason, number>>;
  /** Forwarded frames from this member that end in FA FA (DAVE), are the silence frame, or neither. */
  e2eeFrames: number;
  silenceFrames: number;
  plainFrames: number;
  daveRejected: Partial<Record<DaveRejectReason, number>>;
}

export interface VoiceStatsSnapshot {
  members: Record<string, MemberStats>;
  /** Datagrams that could not be tied to a member. */
  unattributed: Partial<Record<DropReason, number>>;
  /** Voice WebSocket connections the server closed, by close code. */
  closed: Record<string, number>;
}

export class VoiceStats {
  readonly #members = new Map<string, MemberStats>();
  readonly #unattributed: Partial<Record<DropReason, number>> = {};
  readonly #closed: Record<string, number> = {};

  member(userId: string): MemberStats {
    let stats = this.#members.get(userId);
    if (!stats) this.#members.set(userId, (stats = { packetsIn: 0, addressMoves: 0, forwarded: 0, received: 0, resumed: 0, replayed: 0, dropped: {}, e2eeFrames: 0, silenceFrames: 0, plainFrames: 0, daveRejected: {} }));
    return stats;
  }

  drop(reason: DropReason, userId?: string): void {
    const bucket = userId === undefined ? this.#unattributed : this.member(userId).dropped;
    bucket[reason] = (bucket[reason] ?? 0) + 1;
  }

  daveRejected(userId: string, reason: DaveRejectReason): void {
    const bucket = this.member(userId).daveRejected;
    bucket[reason] = (bucket[reason] ?? 0) + 1;
  }

  closed(code: number): void {
    this.#closed[code] = (this.#closed[code] ?? 0) + 1;
  }

  snapshot(): VoiceStatsSnapshot {
    const members: Record<string, MemberStats> = {};
    for (const [id, m] of this.#members) members[id] = { ...m, dropped: { ...m.dropped }, daveRejected: { ...m.daveRejected } };
    return { members, unattributed: { ...this.#unattributed }, closed: { ...this.#closed } };
  }
}
