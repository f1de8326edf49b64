// The two rtpsize AEAD modes (docs/protocols/voice-media.md, §3) on the emulator's side of the wire: the packet
// carries a 4-byte nonce suffix, and the mode's full nonce is that counter at offset 0 of a
// zeroed 12 (AES-256-GCM) or 24 (XChaCha20-Poly1305) bytes. The ciphers themselves are the one
// implementation both ends share, lib/protocol/aead.ts.
import { AEAD_KEY_BYTES, AEAD_TAG_BYTES, aeadOpen, aeadSeal, type AeadAlgorithm } from '../../protocol/aead';
import { MODE_AES_GCM, type TransportMode } from './protocol';

export const TAG_BYTES = AEAD_TAG_BYTES;
export const NONCE_SUFFIX_BYTES = 4;
export const KEY_BYTES = AEAD_KEY_BYTES;

function algorithmOf(mode: TransportMode): AeadAlgorithm {
  return mode === MODE_AES_GCM ? 'aes-256-gcm' : 'xchacha20-poly1305';
}

/** The mode's full nonce: the 4-byte big-endian counter at offset 0 of a zeroed 12 or 24 bytes. */
function fullNonce(mode: TransportMode, suffix: Uint8Array): Buffer {
  const nonce = Buffer.alloc(mode === MODE_AES_GCM ? 12 : 24);
  nonce.set(suffix.subarray(0, NONCE_SUFFIX_BYTES), 0);
  return nonce;
}

/** ciphertext ‖ 16-byte tag of `plaintext` under `key`, the 4-byte nonce suffix and `aad`. */
export function seal(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Buffer {
  const sealed = aeadSeal(algorithmOf(mode), key, fullNonce(mode, suffix), aad, plaintext);
  // The emulator seals only under keys it made itself (KEY_BYTES long): a failure is its own bug.
  if (!sealed) throw new RangeError(`seal: the ${mode} key must be ${KEY_BYTES} bytes`);
  return sealed;
}

/** The plaintext of ciphertext ‖ tag, or null when it does not authenticate. Never throws. */
export function open(mode: TransportMode, key: Uint8Array, suffix: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Buffer | null {
  return aeadOpen(algorithmOf(mode), key, fullNonce(mode, suffix), aad, sealed);
}
