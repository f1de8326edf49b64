// The Node host's AEAD for the voice transport (docs/protocols/voice-media.md): HChaCha20 against the draft's
// vector, XChaCha20-Poly1305 and AES-256-GCM against @noble/ciphers for random inputs, and
// tampering, wrong sizes and truncation answered with null, never a throw.
import { randomBytes } from 'node:crypto';
import { gcm } from '@noble/ciphers/aes.js';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { aeadOpen, aeadSeal, hchacha20, type AeadAlgorithm } from '../../../lib/protocol/aead';

const hex = (s: string) => Buffer.from(s.replace(/[\s:]/g, ''), 'hex');

describe('HChaCha20 from one chacha20 block', () => {
  it('gives the subkey of draft-irtf-cfrg-xchacha §2.2.1', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    const nonce = hex('00:00:00:09:00:00:00:4a:00:00:00:00:31:41:59:27');
    expect(hchacha20(key, nonce).toString('hex')).toBe('82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc');
  });
});

describe('seal and open agree with @noble/ciphers', () => {
  const reference: Record<AeadAlgorithm, (key: Uint8Array, nonce: Uint8Array, aad: Uint8Array) => { encrypt(p: Uint8Array): Uint8Array }> = {
    'xchacha20-poly1305': (key, nonce, aad) => xchacha20poly1305(key, nonce, aad),
    'aes-256-gcm': (key, nonce, aad) => gcm(key, nonce, aad),
  };
  for (const [algorithm, nonceBytes] of [['xchacha20-poly1305', 24], ['aes-256-gcm', 12]] as const) {
    it(`${algorithm}: 200 random packets, both ways`, () => {
      for (let round = 0; round < 200; round++) {
        const key = randomBytes(32);
        const nonce = randomBytes(nonceBytes);
        const aad = randomBytes(12 + (round % 3) * 4);
        const plaintext = randomBytes(round % 7 === 0 ? 0 : 1 + (round * 37) % 1400);
        const sealed = aeadSeal(algorithm, key, nonce, aad, plaintext)!;
        expect(Buffer.from(sealed).equals(Buffer.from(reference[algorithm](key, nonce, aad).encrypt(plaintext)))).toBe(true);
        expect(aeadOpen(algorithm, key, nonce, aad, sealed)!.equals(plaintext)).toBe(true);
      }
    });
  }
});

describe('bad input is null, never a throw', () => {
  const key = randomBytes(32);
  const nonce24 = randomBytes(24);
  const aad = randomBytes(12);
  const sealed = aeadSeal('xchacha20-poly1305', key, nonce24, aad, Buffer.from('opus frame'))!;

  it('a tampered byte anywhere (ciphertext, tag, AAD) does not open', () => {
    for (let i = 0; i < sealed.length; i++) {
      const bad = Buffer.from(sealed);
      bad[i] ^= 0x01;
      expect(aeadOpen('xchacha20-poly1305', key, nonce24, aad, bad), `byte ${i}`).toBeNull();
    }
    const badAad = Buffer.from(aad);
    badAad[0] ^= 0x80;
    expect(aeadOpen('xchacha20-poly1305', key, nonce24, badAad, sealed)).toBeNull();
    expect(aeadOpen('xchacha20-poly1305', randomBytes(32), nonce24, aad, sealed)).toBeNull();
  });

  it('wrong key or nonce sizes and short input are null', () => {
    expect(aeadSeal('xchacha20-poly1305', randomBytes(31), nonce24, aad, Buffer.alloc(3))).toBeNull();
    expect(aeadSeal('xchacha20-poly1305', key, randomBytes(12), aad, Buffer.alloc(3))).toBeNull();
    expect(aeadSeal('aes-256-gcm', key, nonce24, aad, Buffer.alloc(3))).toBeNull();
    expect(aeadOpen('aes-256-gcm', key, randomBytes(12), aad, Buffer.alloc(15))).toBeNull();
    expect(aeadOpen('xchacha20-poly1305', key, nonce24, aad, Buffer.alloc(0))).toBeNull();
  });
});
