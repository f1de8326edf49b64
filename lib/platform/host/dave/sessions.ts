// The host side of NodePlatform's DAVE sessions (native/napi/io/node_dave_session.h): one
// davey DAVESession per call, in a Map under the number the addon gave it. Every davey throw is
// caught and answered as a message (true or Buffer on success), so a hostile op 25–30 payload
// costs the call a transition, never the process. Frames go through the scratch views
// (useDaveScratch): the addon passes the session, the sender's slot and the size; the output
// is written into the views. davey answers each frame with a new Buffer — its cost, copied
// into the scratch here.
import { loadDavey, messageOf, type DaveySession } from './davey_loader';

/** davey's MediaType.AUDIO and SessionStatus.INACTIVE (const enums in its .d.ts: no values to import). */
const MEDIA_AUDIO = 0;
const STATUS_INACTIVE = 0;

interface DaveScratchViews {
  readonly input: Uint8Array;
  readonly output: Uint8Array;
}

interface HostSession {
  readonly davey: DaveySession;
  /** Senders' user ids as davey wants them (decimal strings), by the addon's slot numbers. */
  readonly users: string[];
}

/** true, or what went wrong. */
export type DaveOutcome = true | string;

function isViews(value: unknown): value is DaveScratchViews {
  if (typeof value !== 'object' || value === null) return false;
  const { input, output } = value as Record<string, unknown>;
  return input instanceof Uint8Array && output instanceof Uint8Array && output.length >= input.length;
}

export class HostDave {
  readonly #sessions = new Map<number, HostSession>();
  #views: DaveScratchViews | undefined;
  // Views of input[0, size), made once per size: a frame creates no view object.
  #inputs: Uint8Array[] = [];

  daveMaxProtocolVersion(): number {
    return loadDavey().maxVersion;
  }

  daveUnavailableReason(): string {
    return loadDavey().reason;
  }

  useDaveScratch(views: unknown): boolean {
    if (!isViews(views)) return false;
    this.#views = views;
    this.#inputs = [];
    return true;
  }

  daveCreateSession(id: number, protocolVersion: number, userId: string, channelId: string): DaveOutcome {
    const { davey, reason } = loadDavey();
    if (!davey) return `DAVE is unavailable: ${reason}`;
    if (this.#sessions.has(id)) return `DAVE session ${id} exists already`;
    return attempt(() => {
      this.#sessions.set(id, { davey: new davey.DAVESession(protocolVersion, userId, channelId), users: [] });
    });
  }

  daveDestroySession(id: number): void {
    const session = this.#sessions.get(id);
    this.#sessions.delete(id);
    if (session) attempt(() => session.davey.reset()); // the group's keys go now, not at GC
  }

  daveReinit(id: number, protocolVersion: number, userId: string, channelId: string): DaveOutcome {
    return this.#with(id, (session) => {
      session.users.length = 0;
      session.davey.reinit(protocolVersion, userId, channelId);
    });
  }

  daveReset(id: number): void {
    this.#with(id, (session) => session.davey.reset());
  }

  daveSetExternalSender(id: number, bytes: Uint8Array): DaveOutcome {
    return this.#with(id, (session) => session.davey.setExternalSender(bytes));
  }

  daveCreateKeyPackage(id: number): Buffer | string {
    let keyPackage: Buffer | undefined;
    const outcome = this.#with(id, (session) => {
      keyPackage = session.davey.getSerializedKeyPackage();
    });
    if (outcome !== true) return outcome;
    return keyPackage ?? 'davey gave no key package';
  }

  daveProcessProposals(id: number, operation: number, payload: Uint8Array, userIds: string[]): { commit: Buffer | null; welcome: Buffer | null } | string {
    let result: { commit?: Buffer; welcome?: Buffer } = {};
    const outcome = this.#with(id, (session) => {
      result = session.davey.processProposals(operation, payload, userIds);
    });
    if (outcome !== true) return outcome;
    return { commit: result.commit ?? null, welcome: result.welcome ?? null };
  }

  daveProcessCommit(id: number, commit: Uint8Array): DaveOutcome {
    return this.#with(id, (session) => session.davey.processCommit(commit));
  }

  daveProcessWelcome(id: number, welcome: Uint8Array): DaveOutcome {
    return this.#with(id, (session) => session.davey.processWelcome(welcome));
  }

  daveIsReady(id: number): boolean {
    let ready = false;
    this.#with(id, (session) => {
      ready = established(session.davey);
    });
    return ready;
  }

  daveVoicePrivacyCode(id: number): string {
    let code = '';
    this.#with(id, (session) => {
      code = established(session.davey) ? session.davey.voicePrivacyCode : '';
    });
    return code;
  }

  daveSetPassthroughMode(id: number, passthrough: boolean, expirySeconds: number): void {
    // 0: davey's own default (10 s).
    this.#with(id, (session) => session.davey.setPassthroughMode(passthrough, expirySeconds > 0 ? expirySeconds : undefined));
  }

  daveSetUserSlot(id: number, slot: number, userId: string): boolean {
    const session = this.#sessions.get(id);
    if (!session || !Number.isInteger(slot) || slot < 0 || slot > session.users.length) return false;
    session.users[slot] = userId;
    return true;
  }

  /** Encrypts input[0, size) into output; the encrypted size, 0 on any failure. */
  daveEncryptOpus(id: number, size: number): number {
    const session = this.#sessions.get(id);
    const input = this.#input(size);
    if (!session || !input) return 0;
    try {
      return this.#answer(session.davey.encryptOpus(input));
    } catch {
      return 0; // not ready, or davey refused the frame: the core counts it
    }
  }

  /** Decrypts input[0, size) from the sender in `slot` into output; its size, 0 on failure. */
  daveDecrypt(id: number, slot: number, size: number): number {
    const session = this.#sessions.get(id);
    const userId = session?.users[slot];
    const input = this.#input(size);
    if (!session || userId === undefined || !input) return 0;
    try {
      return this.#answer(session.davey.decrypt(userId, MEDIA_AUDIO, input));
    } catch {
      return 0; // no key for the sender, a bad tag, garbage: the core counts it
    }
  }

  /** Drops every session (the Client was disposed). */
  close(): void {
    for (const id of [...this.#sessions.keys()]) this.daveDestroySession(id);
  }

  #with(id: number, run: (session: HostSession) => void): DaveOutcome {
    const session = this.#sessions.get(id);
    if (!session) return `no DAVE session ${id} (the client was closed)`;
    return attempt(() => run(session));
  }

  #input(size: number): Uint8Array | undefined {
    const views = this.#views;
    if (!views || !Number.isInteger(size) || size < 1 || size > views.input.length) return undefined;
    return (this.#inputs[size] ??= views.input.subarray(0, size));
  }

  #answer(result: Uint8Array): number {
    const output = this.#views?.output;
    if (!output || result.length === 0 || result.length > output.length) return 0;
    output.set(result);
    return result.length;
  }
}

/**
 * A group with keys. davey's reset() drops the group but keeps `ready` and the last keys (so
 * frames already in flight still open during a downgrade); for the core the group is gone then.
 */
function established(davey: DaveySession): boolean {
  return davey.ready && davey.status !== STATUS_INACTIVE;
}

function attempt(run: () => void): DaveOutcome {
  try {
    run();
    return true;
  } catch (error) {
    return messageOf(error);
  }
}
