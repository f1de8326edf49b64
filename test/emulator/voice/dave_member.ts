// A DAVE member for tests: a davey session driven by the voice gateway's DAVE messages over a
// raw voice client, answering as @discordjs/voice 0.19.2 does (key package after the Session
// Description or op 24, commit ‖ Welcome for proposals, op 23 for a transition, op 31 and a
// fresh key package when a commit or Welcome fails). It records what happened for assertions.
import davey from '@snazzah/davey';
import type { Connected, VoiceClient, VoiceMessage } from './helpers';

const OP = { SessionDescription: 4, ClientsConnect: 11, ClientDisconnect: 13, Prepare: 21, Execute: 22, Ready: 23, PrepareEpoch: 24, ExternalSender: 25, KeyPackage: 26, Proposals: 27, CommitWelcome: 28, Announce: 29, Welcome: 30, Invalid: 31 } as const;

export class DaveMember {
  session: InstanceType<typeof davey.DAVESession> | null = null;
  /** The protocol version in force (after executed transitions). */
  version = 0;
  readonly pending = new Map<number, number>();
  readonly executed: number[] = [];
  readonly errors: string[] = [];
  readonly others = new Set<string>();
  #stop: () => void;

  constructor(
    readonly connected: Connected,
    readonly userId: string,
    readonly channelId: string,
  ) {
    this.#stop = this.#follow(connected.voice);
  }

  /** Goes on over `voice` (a resumed connection): what it receives from now on. */
  moveTo(voice: VoiceClient): void {
    this.#stop();
    this.connected.voice = voice;
    this.#stop = this.#follow(voice);
  }

  #follow(voice: VoiceClient): () => void {
    return voice.follow((m) => {
      try {
        this.#on(m);
      } catch (error) {
        this.errors.push(`op ${m.op}: ${(error as Error).message}`);
      }
    });
  }

  get epoch(): bigint | null {
    return this.session?.epoch ?? null;
  }

  get code(): string {
    return this.session?.voicePrivacyCode ?? '';
  }

  stop(): void {
    this.#stop();
  }

  #send(op: number, payload: Buffer): void {
    this.connected.voice.sendBinary(op, payload);
  }

  #reinit(version: number): void {
    this.version = version;
    if (version === 0) {
      this.session?.reset();
      return;
    }
    if (this.session) this.session.reinit(version, this.userId, this.channelId);
    else this.session = new davey.DAVESession(version, this.userId, this.channelId);
    this.#send(OP.KeyPackage, this.session.getSerializedKeyPackage());
  }

  #processed(transitionId: number, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.errors.push(`MLS: ${(error as Error).message}`);
      this.connected.voice.send({ op: OP.Invalid, d: { transition_id: transitionId } });
      this.#reinit(this.version);
      return;
    }
    if (transitionId === 0) return;
    this.pending.set(transitionId, this.version);
    this.connected.voice.send({ op: OP.Ready, d: { transition_id: transitionId } });
  }

  #on(m: VoiceMessage): void {
    if (m.op === OP.ClientsConnect && !m.binary) for (const id of m.d.user_ids) this.others.add(id);
    else if (m.op === OP.ClientDisconnect && !m.binary) this.others.delete(m.d.user_id);
    else if (m.op === OP.SessionDescription && !m.binary) this.#reinit(m.d.dave_protocol_version);
    else if (m.op === OP.Prepare && !m.binary) {
      this.pending.set(m.d.transition_id, m.d.protocol_version);
      if (m.d.transition_id === 0) this.#execute(0);
      else this.connected.voice.send({ op: OP.Ready, d: { transition_id: m.d.transition_id } });
    } else if (m.op === OP.Execute && !m.binary) this.#execute(m.d.transition_id);
    else if (m.op === OP.PrepareEpoch && !m.binary) {
      if (m.d.epoch === 1) this.#reinit(m.d.protocol_version);
    } else if (m.binary && this.session) {
      const payload = m.d as Buffer;
      if (m.op === OP.ExternalSender) this.session.setExternalSender(payload);
      else if (m.op === OP.Proposals) {
        const { commit, welcome } = this.session.processProposals(payload[0], payload.subarray(1), [...this.others]);
        if (commit) this.#send(OP.CommitWelcome, welcome ? Buffer.concat([commit, welcome]) : commit);
      } else if (m.op === OP.Announce) {
        const id = payload.readUInt16BE(0);
        this.#processed(id, () => this.session!.processCommit(payload.subarray(2)));
      } else if (m.op === OP.Welcome) {
        const id = payload.readUInt16BE(0);
        this.#processed(id, () => this.session!.processWelcome(payload.subarray(2)));
      }
    }
  }

  #execute(transitionId: number): void {
    if (!this.pending.has(transitionId)) return;
    this.version = this.pending.get(transitionId)!;
    this.pending.delete(transitionId);
    this.executed.push(transitionId);
  }
}
