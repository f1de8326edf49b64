// The two rtpsize AEAD modes (voice.md §2.6, §3) with node:crypto only. AES-256-GCM is native;
// XChaCha20-Poly1305 is ChaCha20-Poly1305 under a subkey from HChaCha20, which Node lacks, so it
// is derived from one raw `chacha20` block: the block is the permuted state plus the initial
// state, and HChaCha20 is the permuted words 0–3 and 12–15 without that addition.
import {
  createCipheriv,
  createDecipheriv,
  type CipherChaCha20Poly1305,
  type CipherGCM,
  type DecipherChaCha20Poly1305,
  type DecipherGCM,
} from 'node:crypto';
import { MODE_AES_GCM, type TransportMode } from './protocol';

export const TAG_BYTES = 16;
export const NONCE_SUFFIX_BYTES = 4;
export const KEY_BYTES = 32;

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
const ZERO_BLOCK = Buffer.alloc(64);

/** HChaCha20(key, input16) → 32-byte subkey (draft-irtf-cfrg-xchacha §2.2). */
export function hchacha20(key: Uint8Array, input16: Uint8Array): Buffer {
  if (key.length !== 32 || input16.length !== 16) throw new RangeError('hchacha20: key 32 bytes, input 16 bytes');
  // OpenSSL's chacha20 IV fills state words 12–15, which is where HChaCha20 puts its input.
  const cipher = createCipheriv('chacha20', key, input16);
  const block = cipher.update(ZERO_BLOCK);
  const input = Buffer.from(input16.buffer, input16.byteOffset, 16);
  const out = Buffer.allocUnsafe(32);
  for (let i = 0; i < 4; i++) out.writeUInt32LE((block.readUInt32LE(4 * i) - SIGMA[i]) >>> 0, 4 * i);
  for (let j = 0; j < 4; j++) {
    const word = (block.readUInt32LE(4 * (12 + j)) - input.readUInt32LE(4 * j)) >>> 0;
    out.writeUInt32LE(word, 16 + 4 * j);
  }
  return out;
}

/** The mode's full nonce: the 4-byte big-endian counter at offset 0 of a zeroed 12 or 24 bytes. */
function fullNonce(mode: TransportMode, suffix: Uint8Array): Buffer {
  const nonce = Buffer.alloc(mode === MODE_AES_GCM ? 12 : 24);
  nonce.set(suffix.subarray(0, NONCE_SUFFIX_BYTES), 0);
  return nonce;
}

function xchachaParts(key: Uint8Array, nonce24: Buffer): { subkey: Buffer; inner: Buffer } {
  const subkey = hchacha20(key, nonce24.subarray(0, 16));
  const inner = Buffer.alloc(12);
  nonce24.copy(inner, 4, 16, 24);
  return { subkey, inner };
}

/** The mode's AEAD under `key` and the 4-byte nonce suffix: AES-256-GCM, or XChaCha20-Poly1305. */
function aead(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, decrypt: false): CipherGCM | CipherChaCha20Poly1305;
function aead(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, decrypt: true): DecipherGCM | DecipherChaCha20Poly1305;
function aead(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, decrypt: boolean) {
  const nonce = fullNonce(mode, suffix);
  const make = decrypt ? createDecipheriv : createCipheriv;
  if (mode === MODE_AES_GCM) return make('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  const { subkey, inner } = xchachaParts(key, nonce);
  return make('chacha20-poly1305', subkey, inner, { authTagLength: TAG_BYTES });
}

/** ciphertext ‖ 16-byte tag of `plaintext` under `key`, the 4-byte nonce suffix and `aad`. */
export function seal(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Buffer {
  const cipher = aead(mode, key, suffix, false);
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  const body = cipher.update(plaintext);
  cipher.final();
  return Buffer.concat([body, cipher.getAuthTag()]);
}

/** The plaintext of ciphertext ‖ tag, or null when it does not authenticate. Never throws. */
export function open(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Buffer | null {
  if (sealed.length < TAG_BYTES) return null;
  const body = sealed.subarray(0, sealed.length - TAG_BYTES);
  try {
    const decipher = aead(mode, key, suffix, true);
    decipher.setAAD(aad, { plaintextLength: body.length });
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const out = decipher.update(body);
    decipher.final();
    return out;
  } catch {
    return null;
  }
}
