// Synchronous AEAD seal/open for the voice transport (docs/protocols/voice-media.md, §3), with node:crypto only:
// AES-256-GCM, and XChaCha20-Poly1305, which Node lacks — built from HChaCha20 (one raw
// `chacha20` block) and the IETF ChaCha20-Poly1305 Node has. Sealed output is ciphertext ‖
// 16-byte tag. Nothing here throws: a wrong size, a tampered packet or a crypto failure is
// `null`, so hostile datagrams cost a counter, never the process. Both ends of the voice wire use
// this one implementation: the SDK's Node host (lib/platform/host/aead_scratch.ts) and the
// emulator's voice server (lib/emulator/voice/transport_crypto.ts).
import { createCipheriv, createDecipheriv, type CipherChaCha20Poly1305, type CipherGCM, type DecipherChaCha20Poly1305, type DecipherGCM } from 'node:crypto';

export type AeadAlgorithm = 'aes-256-gcm' | 'xchacha20-poly1305';

export const AEAD_KEY_BYTES = 32;
export const AEAD_TAG_BYTES = 16;
const NONCE_BYTES: Record<AeadAlgorithm, number> = { 'aes-256-gcm': 12, 'xchacha20-poly1305': 24 };
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]; // "expand 32-byte k"
const ZERO_BLOCK = Buffer.alloc(64);

/** HChaCha20(key, nonce16): the XChaCha20 subkey (draft-irtf-cfrg-xchacha §2.2). */
export function hchacha20(key: Uint8Array, nonce16: Uint8Array): Buffer {
  // OpenSSL's chacha20 takes a 16-byte IV as state words 12-15, exactly HChaCha20's input; one
  // block of keystream is permuted state + initial state, so subtracting the known words of the
  // initial state leaves HChaCha20's output words (0-3 and 12-15 of the permuted state).
  const cipher = createCipheriv('chacha20', key, nonce16);
  const block = cipher.update(ZERO_BLOCK);
  const subkey = Buffer.alloc(32);
  for (let i = 0; i < 4; i++) subkey.writeUInt32LE((block.readUInt32LE(4 * i) - SIGMA[i]) >>> 0, 4 * i);
  for (let j = 0; j < 4; j++) {
    const word = (block.readUInt32LE(4 * (12 + j)) - Buffer.from(nonce16).readUInt32LE(4 * j)) >>> 0;
    subkey.writeUInt32LE(word, 16 + 4 * j);
  }
  return subkey;
}

/** The IETF cipher, key and 12-byte nonce that carry out `algorithm` for this key and nonce. */
function inner(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array): { name: 'aes-256-gcm' | 'chacha20-poly1305'; key: Uint8Array; nonce: Uint8Array } {
  if (algorithm === 'aes-256-gcm') return { name: 'aes-256-gcm', key, nonce };
  const subkey = hchacha20(key, nonce.subarray(0, 16));
  const ietfNonce = Buffer.alloc(12);
  Buffer.from(nonce.subarray(16, 24)).copy(ietfNonce, 4);
  return { name: 'chacha20-poly1305', key: subkey, nonce: ietfNonce };
}

function sizesFit(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array): boolean {
  return key.length === AEAD_KEY_BYTES && nonce.length === NONCE_BYTES[algorithm];
}

/**
 * Seals into `out` (ciphertext ‖ tag: plaintext.length + 16 bytes at its start) and answers that
 * length, or -1 (wrong key or nonce size, `out` too small, or a crypto failure). No Buffer.concat:
 * the pieces node:crypto returns are copied straight into `out` (the addon's scratch buffer).
 */
export function aeadSealInto(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array, out: Uint8Array): number {
  const sealedLength = plaintext.length + AEAD_TAG_BYTES;
  if (!sizesFit(algorithm, key, nonce) || out.length < sealedLength) return -1;
  try {
    const { name, key: k, nonce: n } = inner(algorithm, key, nonce);
    const cipher: CipherGCM | CipherChaCha20Poly1305 = name === 'aes-256-gcm'
      ? createCipheriv(name, k, n, { authTagLength: AEAD_TAG_BYTES })
      : createCipheriv(name, k, n, { authTagLength: AEAD_TAG_BYTES });
    cipher.setAAD(aad, { plaintextLength: plaintext.length });
    let written = copyInto(out, 0, cipher.update(plaintext));
    written = copyInto(out, written, cipher.final());
    const tag = cipher.getAuthTag();
    if (written !== plaintext.length || tag.length !== AEAD_TAG_BYTES) return -1;
    return copyInto(out, written, tag);
  } catch {
    return -1;
  }
}

/**
 * Opens ciphertext ‖ tag into `out` (sealed.length − 16 bytes at its start) and answers that
 * length, or -1 (too short, wrong sizes, `out` too small, or it does not authenticate; what
 * update() had written is zeroed then).
 */
export function aeadOpenInto(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array, out: Uint8Array): number {
  const openedLength = sealed.length - AEAD_TAG_BYTES;
  if (!sizesFit(algorithm, key, nonce) || openedLength < 0 || out.length < openedLength) return -1;
  try {
    const { name, key: k, nonce: n } = inner(algorithm, key, nonce);
    const decipher: DecipherGCM | DecipherChaCha20Poly1305 = name === 'aes-256-gcm'
      ? createDecipheriv(name, k, n, { authTagLength: AEAD_TAG_BYTES })
      : createDecipheriv(name, k, n, { authTagLength: AEAD_TAG_BYTES });
    decipher.setAuthTag(sealed.subarray(openedLength));
    decipher.setAAD(aad, { plaintextLength: openedLength });
    const written = copyInto(out, 0, decipher.update(sealed.subarray(0, openedLength)));
    // final() throws when the tag does not authenticate: caught, -1.
    return copyInto(out, written, decipher.final());
  } catch {
    out.fill(0, 0, openedLength); // no unauthenticated plaintext left behind
    return -1;
  }
}

/** ciphertext ‖ tag, or null (wrong key or nonce size, or a crypto failure). */
export function aeadSeal(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Buffer | null {
  const out = Buffer.alloc(plaintext.length + AEAD_TAG_BYTES);
  return aeadSealInto(algorithm, key, nonce, aad, plaintext, out) === out.length ? out : null;
}

/** The plaintext, or null (too short, wrong sizes, or it does not authenticate). */
export function aeadOpen(algorithm: AeadAlgorithm, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Buffer | null {
  if (sealed.length < AEAD_TAG_BYTES) return null;
  const out = Buffer.alloc(sealed.length - AEAD_TAG_BYTES);
  return aeadOpenInto(algorithm, key, nonce, aad, sealed, out) === out.length ? out : null;
}

/** Copies `piece` into `out` at `offset` (throws RangeError past its end) and answers the end. */
function copyInto(out: Uint8Array, offset: number, piece: Uint8Array): number {
  out.set(piece, offset);
  return offset + piece.length;
}
