// The DAVE state of one call (docs/protocols/dave.md, §8): the protocol version all its members share,
// the MLS group the server follows from outside (epoch, who is in it, who waits with a key
// package), the external Add proposals it has out, and the transitions waiting for op 23.
//
// The server never holds group secrets: it proposes, picks the first commit of each epoch that
// parses, relays it (op 29) and its Welcome (op 30), and rebuilds the group from scratch (op 24,
// epoch 1) when a member leaves, reports a commit it cannot process (op 31), or sends a commit
// the server cannot parse.
import type { VoiceSession } from '../session';
import { DAVE_COMMIT_TIMEOUT_MS, DAVE_PROTOCOL_VERSION, DAVE_TRANSITION_TIMEOUT_MS, VoiceOp } from '../protocol';
import type { VoiceStats } from '../stats';
import { splitCommitWelcome } from './commit_welcome';
import type { ExternalSender } from './external_sender';
import { appendProposals, externalAdd, groupIdOf } from './external_proposals';

/** What a call's DAVE state needs from the voice server. */
export interface DaveCallHost {
  /** Every voice session of the call (with or without a socket right now). */
  sessions(): VoiceSession[];
  after(ms: number, run: () => void): () => void;
  log(line: string): void;
  stats: VoiceStats;
}

interface Transition {
  awaiting: Set<string>;
  notify: Set<string>;
  cancel: () => void;
}

/** KeyPackage (RFC 9420 §10): mls10, cipher suite 2 (P-256). */
const KEY_PACKAGE_PREFIX = Buffer.from([0, 1, 0, 2]);

export class DaveCallGroup {
  /** The DAVE version of the call: the lowest its members share (0 = no E2EE). */
  version = 0;
  /** The epoch of the group, null while there is none (a new one is being built). */
  #epoch: bigint | null = null;
  readonly #members = new Set<string>();
  /** Members waiting to be added, with their latest (single-use) key package. */
  readonly #pending = new Map<string, Buffer>();
  /** Proposals out for the current epoch: ProposalRef (hex) → the user it adds. */
  readonly #outstanding = new Map<string, string>();
  /** Who got proposals to commit for the current epoch. */
  readonly #mayCommit = new Set<string>();
  readonly #transitions = new Map<number, Transition>();
  #lastTransitionId = 0;
  /** Cancels the rebuild that follows proposals nobody committed in time. */
  #cancelCommitDeadline: (() => void) | null = null;
  readonly #groupId: Buffer;

  constructor(
    readonly channelId: string,
    private readonly sender: ExternalSender,
    private readonly host: DaveCallHost,
  ) {
    this.#groupId = groupIdOf(channelId);
  }

  get epoch(): bigint | null {
    return this.#epoch;
  }

  get members(): ReadonlySet<string> {
    return this.#members;
  }

  /** A member identified (or left): the call's version follows; a change is a transition. */
  membershipChanged(): void {
    const sessions = this.host.sessions();
    const lowest = sessions.length === 0 ? DAVE_PROTOCOL_VERSION : Math.min(...sessions.map((s) => s.daveVersion));
    if (lowest === this.version) return;
    const previous = this.version;
    this.version = lowest;
    this.#clearGroup();
    if (lowest === 0) return this.#downgrade(previous);
    if (previous === 0) this.#upgrade();
  }

  /**
   * The control hook setCallDaveVersion: the server switches the call to `version` now, whoever
   * is in it — 0 downgrades a DAVE call (op 21, as when a member without DAVE joins), the DAVE
   * version builds a new group (op 24 epoch 1) when every member has DAVE. The next change of
   * membership recomputes the version as usual. Returns whether the version changed.
   */
  forceVersion(version: number): boolean {
    if (version !== 0 && version !== DAVE_PROTOCOL_VERSION) throw new RangeError(`setCallDaveVersion: version must be 0 or ${DAVE_PROTOCOL_VERSION}`);
    if (version !== 0 && this.host.sessions().some((s) => s.daveVersion < version)) {
      throw new RangeError('setCallDaveVersion: a member of the call has no DAVE');
    }
    if (version === this.version) return false;
    const previous = this.version;
    this.version = version;
    this.#clearGroup();
    if (version === 0) this.#downgrade(previous);
    else this.#upgrade();
    return true;
  }

  /** After the member's Session Description: DAVE members learn the external sender. */
  described(session: VoiceSession): void {
    if (this.version > 0) session.sendBinary(VoiceOp.DaveMlsExternalSender, this.sender.serialize());
  }

  left(userId: string): void {
    for (const [id, transition] of this.#transitions) {
      transition.awaiting.delete(userId);
      transition.notify.delete(userId);
      if (transition.awaiting.size === 0) this.#execute(id);
    }
    const involved = this.#members.has(userId) || this.#pending.has(userId);
    this.#pending.delete(userId);
    this.membershipChanged();
    if (involved && this.version > 0) this.#rebuild(`${userId} left`);
  }

  /**
   * A member resumed: whatever it sent while its old socket went away is lost — a key package
   * or a commit the group is waiting for. Unless the group is settled with the member in it,
   * rebuild it now (a resume is rare, a rebuild takes one round trip) rather than leave the call
   * silent until the commit deadline, or for good when the lost message was a key package.
   */
  resumed(session: VoiceSession): void {
    if (this.version === 0 || session.daveVersion === 0) return;
    if (this.#epoch === null || this.#outstanding.size > 0 || !this.#members.has(session.userId)) {
      this.#rebuild(`${session.userId} resumed while the group was not settled`);
    }
  }

  keyPackage(session: VoiceSession, payload: Buffer): void {
    if (payload.length < KEY_PACKAGE_PREFIX.length || !payload.subarray(0, 4).equals(KEY_PACKAGE_PREFIX)) {
      return this.host.stats.daveRejected(session.userId, 'badKeyPackage');
    }
    if (this.#members.has(session.userId)) {
      // A member with a fresh key package has reset its group: take it out and add it anew.
      this.#pending.set(session.userId, Buffer.from(payload));
      return this.#rebuild(`${session.userId} sent a new key package`, session.userId);
    }
    this.#pending.set(session.userId, Buffer.from(payload));
    this.#propose();
  }

  commitWelcome(session: VoiceSession, payload: Buffer): void {
    const split = splitCommitWelcome(payload);
    if (typeof split === 'string') {
      this.host.stats.daveRejected(session.userId, 'invalidCommit');
      return this.#rebuild(`invalid commit from ${session.userId}: ${split}`);
    }
    const expected = this.#epoch ?? 0n;
    // A later commit of an epoch already decided, or one for proposals this member never got.
    if (!split.groupId.equals(this.#groupId) || split.epoch !== expected || !this.#mayCommit.has(session.userId)) {
      return this.host.stats.daveRejected(session.userId, 'staleCommit');
    }
    const added = [...new Set(split.proposalRefs.map((ref) => this.#outstanding.get(ref)).filter((u): u is string => u !== undefined && u !== session.userId))];
    if (added.length > 0 && !split.welcome) {
      this.host.stats.daveRejected(session.userId, 'invalidCommit');
      return this.#rebuild(`commit from ${session.userId} adds members without a Welcome`);
    }
    const announced = this.#epoch === null ? [session.userId] : [...this.#members];
    const id = this.#nextTransitionId();
    const prefix = Buffer.from([id >> 8, id & 0xff]);
    const byUser = new Map(this.host.sessions().map((s) => [s.userId, s]));
    for (const userId of announced) byUser.get(userId)?.sendBinary(VoiceOp.DaveMlsAnnounceCommitTransition, Buffer.concat([prefix, split.commit]));
    for (const userId of added) byUser.get(userId)?.sendBinary(VoiceOp.DaveMlsWelcome, Buffer.concat([prefix, split.welcome!]));
    for (const userId of [...announced, ...added]) {
      this.#members.add(userId);
      this.#pending.delete(userId);
    }
    this.#epoch = expected + 1n;
    this.#outstanding.clear();
    this.#mayCommit.clear();
    this.#disarmCommitDeadline();
    this.host.log(`voice: DAVE ${this.channelId} epoch ${this.#epoch}: commit of ${session.userId} wins, adds ${added.join(', ') || 'nobody'} (transition ${id})`);
    this.#startTransition(id, new Set(this.#members));
    this.#propose();
  }

  transitionReady(session: VoiceSession, transitionId: number): void {
    const transition = this.#transitions.get(transitionId);
    if (!transition || !transition.awaiting.has(session.userId)) return this.host.stats.daveRejected(session.userId, 'badTransition');
    transition.awaiting.delete(session.userId);
    if (transition.awaiting.size === 0) this.#execute(transitionId);
  }

  /** Op 31: the member could not process a commit or Welcome; it re-initializes on its own. */
  invalidCommitWelcome(session: VoiceSession): void {
    this.#rebuild(`${session.userId} reported an invalid commit/welcome`, session.userId);
  }

  close(): void {
    this.#disarmCommitDeadline();
    for (const transition of this.#transitions.values()) transition.cancel();
    this.#transitions.clear();
  }

  #daveSessions(): VoiceSession[] {
    return this.host.sessions().filter((s) => s.daveVersion > 0 && s.described);
  }

  /** Proposals when none are out: for a new group each pending member gets the others' Adds; else the members get the newcomers'. */
  #propose(): void {
    if (this.version === 0 || this.#outstanding.size > 0) return;
    const byUser = new Map(this.host.sessions().map((s) => [s.userId, s]));
    if (this.#epoch === null) {
      const pending = [...this.#pending].filter(([userId]) => byUser.has(userId));
      if (pending.length < 2) return;
      for (const [userId] of pending) {
        const adds = pending.filter(([other]) => other !== userId).map(([other, keyPackage]) => {
          const proposal = externalAdd(this.sender, this.#groupId, 0n, keyPackage);
          this.#outstanding.set(proposal.ref, other);
          return proposal.message;
        });
        this.#mayCommit.add(userId);
        byUser.get(userId)!.sendBinary(VoiceOp.DaveMlsProposals, appendProposals(adds));
      }
      return this.#armCommitDeadline();
    }
    const newcomers = [...this.#pending].filter(([userId]) => byUser.has(userId) && !this.#members.has(userId));
    if (newcomers.length === 0) return;
    const adds = newcomers.map(([userId, keyPackage]) => {
      const proposal = externalAdd(this.sender, this.#groupId, this.#epoch!, keyPackage);
      this.#outstanding.set(proposal.ref, userId);
      return proposal.message;
    });
    const payload = appendProposals(adds);
    for (const userId of this.#members) {
      this.#mayCommit.add(userId);
      byUser.get(userId)?.sendBinary(VoiceOp.DaveMlsProposals, payload);
    }
    this.#armCommitDeadline();
  }

  /**
   * Proposals are out: if no commit wins in time (the committer's socket dropped with its commit
   * in flight, a member went quiet), nothing else would move the group, so it is rebuilt.
   */
  #armCommitDeadline(): void {
    this.#disarmCommitDeadline();
    this.#cancelCommitDeadline = this.host.after(DAVE_COMMIT_TIMEOUT_MS, () => {
      this.#cancelCommitDeadline = null;
      if (this.#outstanding.size > 0) this.#rebuild(`no commit within ${DAVE_COMMIT_TIMEOUT_MS} ms of the proposals`);
    });
  }

  #disarmCommitDeadline(): void {
    this.#cancelCommitDeadline?.();
    this.#cancelCommitDeadline = null;
  }

  /** Op 24 epoch 1 to the DAVE members (but `except`, which re-initializes by itself): a new group. */
  #rebuild(why: string, except?: string): void {
    if (this.version === 0) return;
    this.host.log(`voice: DAVE ${this.channelId} rebuilds its group (${why})`);
    const keep = except !== undefined ? this.#pending.get(except) : undefined;
    this.#clearGroup();
    if (keep) this.#pending.set(except!, keep);
    for (const session of this.#daveSessions()) {
      if (session.userId !== except) session.send(VoiceOp.DavePrepareEpoch, { protocol_version: this.version, epoch: 1 }, true);
    }
  }

  #clearGroup(): void {
    this.#disarmCommitDeadline();
    this.#epoch = null;
    this.#members.clear();
    this.#pending.clear();
    this.#outstanding.clear();
    this.#mayCommit.clear();
  }

  /** A member without DAVE joined: op 21 version 0 to the others, op 22 once they are ready. */
  #downgrade(previous: number): void {
    const daveSessions = this.#daveSessions();
    this.host.log(`voice: DAVE ${this.channelId} downgrades from version ${previous} to 0`);
    if (daveSessions.length === 0) return;
    const id = this.#nextTransitionId();
    for (const session of daveSessions) session.send(VoiceOp.DavePrepareTransition, { protocol_version: 0, transition_id: id }, true);
    this.#startTransition(id, new Set(daveSessions.map((s) => s.userId)));
  }

  /** Everyone speaks DAVE again: a new group (op 24 epoch 1, then the external sender). */
  #upgrade(): void {
    this.host.log(`voice: DAVE ${this.channelId} upgrades to version ${this.version}`);
    for (const session of this.#daveSessions()) {
      session.send(VoiceOp.DavePrepareEpoch, { protocol_version: this.version, epoch: 1 }, true);
      session.sendBinary(VoiceOp.DaveMlsExternalSender, this.sender.serialize());
    }
  }

  #startTransition(id: number, members: Set<string>): void {
    const cancel = this.host.after(DAVE_TRANSITION_TIMEOUT_MS, () => this.#execute(id));
    this.#transitions.set(id, { awaiting: new Set(members), notify: new Set(members), cancel });
  }

  #execute(id: number): void {
    const transition = this.#transitions.get(id);
    if (!transition) return;
    transition.cancel();
    this.#transitions.delete(id);
    for (const session of this.host.sessions()) {
      if (transition.notify.has(session.userId)) session.send(VoiceOp.DaveExecuteTransition, { transition_id: id }, true);
    }
  }

  /** Transition ids are u16; 0 means "at once" and is never used for a transition that waits. */
  #nextTransitionId(): number {
    this.#lastTransitionId = this.#lastTransitionId >= 0xffff ? 1 : this.#lastTransitionId + 1;
    return this.#lastTransitionId;
  }
}
