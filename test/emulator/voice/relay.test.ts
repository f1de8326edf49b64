// Part 3 (docs/protocols/voice-media.md, §2.6, §8): the UDP relay over loopback. IP discovery answers the
// observed address, keep-alives are echoed, and media is opened with the sender's key and
// re-sealed per receiver with that receiver's key and nonce counter (both modes, mixed in one
// call), keeping SSRC, sequence and timestamp; the payload is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA, type TransportMode } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import { callOf, closeOpened, MediaClient, until, type Opened } from './helpers';

let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice, bob } = SEED.users;

const call = async (members: Array<[string, TransportMode]>) => (await callOf(s.emu, members, opened)).members;

const opus = (i: number) => Buffer.from([0xfc, 0xff, 0xfe, i & 0xff, (i >> 8) & 0xff, ...Array.from({ length: 60 }, (_v, k) => (k * i) & 0xff)]);

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

describe('IP discovery and keep-alive', () => {
  it('answers discovery with the observed address and port; echoes keep-alives of a pinned address only', async () => {
    const [a] = await call([[nelly, MODE_AES_GCM]]);
    const seen = await a.media.discover();
    expect(seen).toEqual({ address: '127.0.0.1', port: a.media.socket.address().port });
    const keepAlive = Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]);
    a.media.sendRaw(keepAlive);
    await until(() => a.media.echoes.length === 1, 2000, 'keep-alive echo');
    expect(a.media.echoes[0]).toEqual(keepAlive);
    const stranger = new MediaClient({ port: s.emu.voice.port }, 1);
    await stranger.bind();
    const before = s.emu.control.voice!.voiceStats().unattributed.wrongAddress ?? 0;
    stranger.sendRaw(keepAlive);
    await until(() => (s.emu.control.voice!.voiceStats().unattributed.wrongAddress ?? 0) === before + 1, 2000, 'counted');
    expect(stranger.echoes).toEqual([]);
    stranger.close();
  });
});

describe('re-sealing per receiver', () => {
  it.each([
    [MODE_AES_GCM, MODE_XCHACHA],
    [MODE_XCHACHA, MODE_AES_GCM],
    [MODE_AES_GCM, MODE_AES_GCM],
    [MODE_XCHACHA, MODE_XCHACHA],
  ] as const)('from %s to %s: same header fields and payload, the receiver\'s key and counter', async (senderMode, receiverMode) => {
    const [a, b, c] = await call([[nelly, senderMode], [alice, receiverMode], [bob, receiverMode]]);
    const sent: Buffer[] = [];
    for (let i = 1; i <= 20; i++) sent.push(a.media.sendOpus(opus(i)));
    await until(() => b.media.received.length === 20 && c.media.received.length === 20, 3000, 'all forwarded');
    for (const receiver of [b, c]) {
      expect(receiver.media.undecryptable).toEqual([]);
      receiver.media.received.forEach((r, i) => {
        expect(r.ssrc).toBe(a.ssrc);
        expect(r.sequence).toBe(sent[i].readUInt16BE(2));
        expect(r.timestamp).toBe(sent[i].readUInt32BE(4));
        expect(r.payload).toEqual(opus(i + 1));
        // Each receiver's own nonce counter, from 1.
        expect(r.nonce).toBe(i + 1);
      });
    }
    // Nothing goes back to the sender.
    expect(a.media.received).toEqual([]);
    const stats = s.emu.control.voice!.voiceStats().members;
    expect(stats[nelly].packetsIn).toBeGreaterThanOrEqual(20);
    expect(stats[nelly].forwarded).toBeGreaterThanOrEqual(40);
    for (const c2 of [a, b, c]) {
      c2.voice.terminate();
      c2.media.close();
    }
  });

  it('forwards a 25-packet burst in order with nothing lost, and counts it per member', async () => {
    const [a, b] = await call([[nelly, MODE_XCHACHA], [alice, MODE_AES_GCM]]);
    const before = s.emu.control.voice!.voiceStats().members;
    for (let i = 1; i <= 25; i++) b.media.sendOpus(opus(i));
    await until(() => a.media.received.length === 25, 3000, 'burst forwarded');
    expect(a.media.received.map((r) => r.payload[3])).toEqual(Array.from({ length: 25 }, (_v, i) => i + 1));
    const after = s.emu.control.voice!.voiceStats().members;
    expect(after[alice].packetsIn - (before[alice]?.packetsIn ?? 0)).toBe(25);
    expect(after[alice].forwarded - (before[alice]?.forwarded ?? 0)).toBe(25);
    expect(after[nelly].received - (before[nelly]?.received ?? 0)).toBe(25);
  });
});
