// The rtpsize AEAD modes with node:crypto (docs/protocols/voice-media.md, §3): HChaCha20 against the
// draft-irtf-cfrg-xchacha §2.2.1 vector, known-answer packets of both modes (from @noble/ciphers
// 2.4.0, an independent implementation), and a random cross-check against it both ways.
import { randomBytes, randomInt } from 'node:crypto';
import { gcm } from '@noble/ciphers/aes.js';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA, type TransportMode } from '../../../lib/emulator/voice/protocol';
import { parseRtp } from '../../../lib/emulator/voice/rtp';
import { hchacha20 } from '../../../lib/protocol/aead';
import { open, seal } from '../../../lib/emulator/voice/transport_crypto';

const hex = (s: string) => Buffer.from(s.replace(/[\s:]/g, ''), 'hex');

describe('HChaCha20 from one chacha20 block', () => {
  it('matches draft-irtf-cfrg-xchacha §2.2.1', () => {
    const key = hex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    const input = hex('000000090000004a0000000031415927');
    expect(hchacha20(key, input).toString('hex')).toBe('82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc');
  });
});

// Key 00..1f, header 80 78 0102 000003c0 deadbeef (seq 258, timestamp 960, SSRC 0xdeadbeef),
// nonce counter 7, payload F8 FF FE 01..07.
const KEY = hex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
const HEADER = hex('80780102000003c0deadbeef');
const PAYLOAD = hex('f8fffe01020304050607');
const SUFFIX = hex('00000007');
const KNOWN: Record<TransportMode, string> = {
  [MODE_AES_GCM]: 'a7182a80782b278ee9d5329b4ea6538f2f495464e9c23e9c06d9',
  [MODE_XCHACHA]: '4e48a3367ac1ad4ed144bd0420b0bef6a9efc13f0e1d3a24ea80',
};

describe.each([MODE_AES_GCM, MODE_XCHACHA] as const)('%s', (mode) => {
  it('seals the known-answer packet and opens it', () => {
    const packet = Buffer.concat([HEADER, seal(mode, KEY, SUFFIX, HEADER, PAYLOAD), SUFFIX]);
    expect(packet.toString('hex')).toBe(HEADER.toString('hex') + KNOWN[mode] + '00000007');
    const rtp = parseRtp(packet);
    expect(rtp).toEqual({ ssrc: 0xdeadbeef, headerBytes: 12 });
    expect(open(mode, KEY, SUFFIX, HEADER, packet.subarray(12, packet.length - 4))).toEqual(PAYLOAD);
  });

  it('refuses a tampered tag, body, header (AAD) or nonce, without throwing', () => {
    const sealed = hex(KNOWN[mode]);
    const flip = (b: Buffer, i: number) => {
      const c = Buffer.from(b);
      c[i] ^= 1;
      return c;
    };
    expect(open(mode, KEY, SUFFIX, HEADER, flip(sealed, sealed.length - 1))).toBeNull();
    expect(open(mode, KEY, SUFFIX, HEADER, flip(sealed, 0))).toBeNull();
    expect(open(mode, KEY, SUFFIX, flip(HEADER, 3), sealed)).toBeNull();
    expect(open(mode, KEY, hex('00000008'), HEADER, sealed)).toBeNull();
    expect(open(mode, KEY, SUFFIX, HEADER, sealed.subarray(0, 10))).toBeNull();
  });

  it('agrees with @noble/ciphers both ways on 100 random packets', () => {
    for (let i = 0; i < 100; i++) {
      const key = randomBytes(32);
      const counter = randomInt(0, 2 ** 32);
      const suffix = Buffer.alloc(4);
      suffix.writeUInt32BE(counter);
      const aad = randomBytes(12 + 4 * randomInt(0, 3));
      const payload = randomBytes(randomInt(1, 1276));
      const full = Buffer.alloc(mode === MODE_AES_GCM ? 12 : 24);
      suffix.copy(full);
      const noble = mode === MODE_AES_GCM ? gcm(key, full, aad) : xchacha20poly1305(key, full, aad);
      const theirs = Buffer.from(noble.encrypt(payload));
      expect(seal(mode, key, suffix, aad, payload)).toEqual(theirs);
      const again = mode === MODE_AES_GCM ? gcm(key, full, aad) : xchacha20poly1305(key, full, aad);
      expect(Buffer.from(again.decrypt(seal(mode, key, suffix, aad, payload)))).toEqual(payload);
      expect(open(mode, key, suffix, aad, theirs)).toEqual(payload);
    }
  });
});

describe('RTP header (AAD) forms', () => {
  it('counts CSRCs and the extension preamble in the AAD; refuses V != 2 and PT != 0x78', () => {
    const packet = Buffer.alloc(64);
    packet[0] = 0x80 | 0x10 | 2; // V=2, X, CC=2
    packet[1] = 0x78;
    expect(parseRtp(packet)).toMatchObject({ headerBytes: 12 + 8 + 4 });
    packet[0] = 0x40;
    expect(parseRtp(packet)).toBe('version');
    packet[0] = 0x80;
    packet[1] = 0x6f;
    expect(parseRtp(packet)).toBe('payloadType');
    expect(parseRtp(Buffer.alloc(11))).toBe('truncated');
  });
});
