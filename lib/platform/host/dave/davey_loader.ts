// @snazzah/davey, loaded at the first DAVE question rather than with the SDK: it is an optional
// dependency (a napi-rs addon with per-platform binaries), so a machine without it — or with a
// binary that does not load — still gets every other feature, and calls identify with DAVE
// version 0 (docs/protocols/dave.md). SDKPP_DAVE=0 in the environment turns DAVE off on purpose (tests,
// or a user ruling DAVE out while debugging a call). Nothing here throws.
import { createRequire } from 'node:module';

/** The part of davey's DAVESession the host uses (its index.d.ts, 0.1.12). */
export interface DaveySession {
  reinit(protocolVersion: number, userId: string, channelId: string): void;
  reset(): void;
  readonly ready: boolean;
  /** SessionStatus: 0 inactive, 1 pending, 2 awaiting response, 3 active. */
  readonly status: number;
  readonly voicePrivacyCode: string;
  setExternalSender(externalSenderData: Uint8Array): void;
  getSerializedKeyPackage(): Buffer;
  processProposals(operationType: number, proposals: Uint8Array, recognizedUserIds?: string[] | null): { commit?: Buffer; welcome?: Buffer };
  processCommit(commit: Uint8Array): void;
  processWelcome(welcome: Uint8Array): void;
  encryptOpus(packet: Uint8Array): Buffer;
  decrypt(userId: string, mediaType: number, packet: Uint8Array): Buffer;
  setPassthroughMode(passthroughMode: boolean, transitionExpiry?: number | null): void;
}

export interface Davey {
  readonly DAVE_PROTOCOL_VERSION: number;
  readonly DAVESession: new (protocolVersion: number, userId: string, channelId: string) => DaveySession;
}

export type DaveyLoad =
  | { readonly davey: Davey; readonly maxVersion: number; readonly reason: '' }
  | { readonly davey: null; readonly maxVersion: 0; readonly reason: string };

/** The environment variable that turns DAVE off when it is "0". */
export const DAVE_SWITCH = 'SDKPP_DAVE';
const PACKAGE = '@snazzah/davey';

let loaded: DaveyLoad | undefined;

/** davey and the highest DAVE version it speaks, or why not; decided once per process. */
export function loadDavey(): DaveyLoad {
  loaded ??= load();
  return loaded;
}

function load(): DaveyLoad {
  if (process.env[DAVE_SWITCH] === '0') return unavailable(`turned off by ${DAVE_SWITCH}=0`);
  let davey: Partial<Davey>;
  try {
    davey = createRequire(__filename)(PACKAGE) as Partial<Davey>;
  } catch (error) {
    return unavailable(`${PACKAGE} could not be loaded (${messageOf(error)}); it is an optional dependency of sdkpp`);
  }
  const version = davey.DAVE_PROTOCOL_VERSION;
  if (typeof davey.DAVESession !== 'function' || !Number.isInteger(version) || (version as number) < 1 || (version as number) > 255) {
    return unavailable(`${PACKAGE} does not look like davey (no DAVESession or DAVE_PROTOCOL_VERSION)`);
  }
  return { davey: davey as Davey, maxVersion: version as number, reason: '' };
}

function unavailable(reason: string): DaveyLoad {
  return { davey: null, maxVersion: 0, reason };
}

/** A thrown value's message, one line, bounded (davey's messages name MLS errors, never keys). */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line || 'unknown error';
}
