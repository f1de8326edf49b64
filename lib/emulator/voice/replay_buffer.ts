// Buffered resume (docs/protocols/voice-gateway.md): the numbered server messages of one voice session, at most
// REPLAY_MAX_MESSAGES and none older than REPLAY_MAX_AGE_MS, so a Resume can replay what the
// client missed after its `seq_ack`. Sequence numbers are u16 and wrap, skipping 0 because
// @discordjs/voice ignores a falsy `seq`; the acknowledged one is located by position. JSON
// messages carry `seq` as a field, binary (DAVE) ones as `u16 BE seq ‖ u8 op ‖ payload`.
import { REPLAY_MAX_AGE_MS, REPLAY_MAX_MESSAGES } from './protocol';

interface Entry {
  seq: number;
  at: number;
  text: string | Buffer;
}

export class ReplayBuffer {
  #entries: Entry[] = [];
  #lastSeq = -1;
  /** The seq of the newest message no longer held (-1: nothing dropped yet). */
  #droppedThrough = -1;

  constructor(private readonly now: () => number) {}

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Numbers `message` (a JSON object without seq) and keeps its text; returns the text to send. */
  push(message: Record<string, unknown>): string {
    const seq = this.#nextSeq();
    const text = JSON.stringify({ ...message, seq });
    this.#keep(seq, text);
    return text;
  }

  /** Numbers a binary message; returns the frame to send. */
  pushBinary(op: number, payload: Buffer): Buffer {
    const seq = this.#nextSeq();
    const frame = Buffer.concat([Buffer.from([seq >> 8, seq & 0xff, op]), payload]);
    this.#keep(seq, frame);
    return frame;
  }

  #nextSeq(): number {
    const seq = this.#lastSeq >= 0xffff || this.#lastSeq < 0 ? 1 : this.#lastSeq + 1;
    this.#lastSeq = seq;
    return seq;
  }

  #keep(seq: number, text: string | Buffer): void {
    this.#entries.push({ seq, at: this.now(), text });
    this.#trim();
  }

  /** The client saw everything through `seqAck`: those can go. */
  acknowledge(seqAck: number): void {
    const index = this.#entries.findIndex((e) => e.seq === seqAck);
    if (index < 0) return;
    this.#droppedThrough = seqAck;
    this.#entries.splice(0, index + 1);
  }

  /** The messages after `seqAck` (-1: none seen), or null when some of them are lost (a gap). */
  after(seqAck: number): Array<string | Buffer> | null {
    this.#trim();
    if (seqAck === this.#lastSeq && seqAck !== -1) return [];
    if (seqAck === this.#droppedThrough) return this.#entries.map((e) => e.text);
    const index = this.#entries.findIndex((e) => e.seq === seqAck);
    return index < 0 ? null : this.#entries.slice(index + 1).map((e) => e.text);
  }

  #trim(): void {
    const oldest = this.now() - REPLAY_MAX_AGE_MS;
    let drop = 0;
    while (drop < this.#entries.length && (this.#entries.length - drop > REPLAY_MAX_MESSAGES || this.#entries[drop].at < oldest)) drop++;
    if (drop > 0) {
      this.#droppedThrough = this.#entries[drop - 1].seq;
      this.#entries.splice(0, drop);
    }
  }
}
