// Every request the service sends to the backend — an interaction, a webhook event — is signed:
// Ed25519 over the X-Signature-Timestamp header followed by the raw body, with the application's
// key. Anyone can POST to a public URL, so the backend checks the signature of the bytes it
// received (before parsing them) and refuses anything else with a 401.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

// The DER prefix of an Ed25519 SubjectPublicKeyInfo: the portal shows the raw 32-byte key.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Older signed requests are refused: a captured request cannot be replayed later. */
const MAX_AGE_S = 5 * 60;

export class SignatureVerifier {
  readonly #key: KeyObject;

  constructor(publicKeyHex: string) {
    this.#key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]), format: 'der', type: 'spki' });
  }

  /** Whether `rawBody` was signed by the application's key at `timestamp` (seconds), recently. */
  verify(signatureHex: string | undefined, timestamp: string | undefined, rawBody: Buffer, nowMs = Date.now()): boolean {
    if (!signatureHex || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signatureHex) || !/^[0-9]{1,12}$/.test(timestamp)) return false;
    if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_AGE_S) return false;
    return verify(null, Buffer.concat([Buffer.from(timestamp), rawBody]), this.#key, Buffer.from(signatureHex, 'hex'));
  }
}
