// Part 5: hostile input to the voice server. Each bad datagram is dropped and counted under its
// reason, each bad voice WebSocket message closes that socket with its code and is counted, and
// a bystander call keeps flowing throughout.
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA } from '../../../lib/emulator/voice/protocol';
import { discoveryRequest } from '../../../lib/emulator/voice/rtp';
import type { DropReason } from '../../../lib/emulator/voice/stats';
import { SEED, start, type Started } from '../helpers';
import { closeAll, type GatewayClient } from '../helpers/gateway_client';
import { connectMedia, identify, joinCall, lobbyOf, mainSession, MediaClient, opIs, until, VoiceClient, type CallJoin, type Connected } from './helpers';

let s: Started;
const gateways: GatewayClient[] = [];
const { nelly, alice, bob } = SEED.users;
let speaker: Connected;
let listener: Connected;
let attacker: Connected;
let attackerJoin: CallJoin;
let attackerLobby: string;
const frame = Buffer.from([0xfc, 0xff, 0xfe, ...Array.from({ length: 40 }, (_v, i) => i)]);

async function member(lobbyId: string, userId: string, mode: typeof MODE_AES_GCM | typeof MODE_XCHACHA): Promise<[Connected, CallJoin]> {
  const main = await mainSession(s.emu, userId);
  gateways.push(main.gateway);
  const join = await joinCall(main.gateway, userId, lobbyId);
  return [await connectMedia(s.emu, join, mode), join];
}

/** The bystander call: nelly talks, alice hears, before and after every case. */
async function bystanderFlows(): Promise<void> {
  const before = listener.media.received.length;
  for (let i = 0; i < 3; i++) speaker.media.sendOpus(frame);
  await until(() => listener.media.received.length === before + 3, 3000, 'bystander call flowing');
}

const stats = () => s.emu.control.voice!.voiceStats();
const dropped = (reason: DropReason, userId?: string) => (userId ? stats().members[userId]?.dropped[reason] : stats().unattributed[reason]) ?? 0;

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
  const bystanders = await lobbyOf(s.api, [nelly, alice]);
  [speaker] = await member(bystanders, nelly, MODE_XCHACHA);
  [listener] = await member(bystanders, alice, MODE_AES_GCM);
  attackerLobby = await lobbyOf(s.api, [bob]);
  [attacker, attackerJoin] = await member(attackerLobby, bob, MODE_AES_GCM);
  await bystanderFlows();
});
afterAll(async () => {
  for (const c of [speaker, listener, attacker]) {
    c.voice.terminate();
    c.media.close();
  }
  closeAll(gateways);
  await s.emu.close();
});

function rtp(ssrc: number, size: number, first = 0x80, second = 0x78): Buffer {
  const packet = Buffer.alloc(size);
  packet[0] = first;
  packet[1] = second;
  packet.writeUInt32BE(ssrc >>> 0, 8);
  return packet;
}

describe('UDP', () => {
  const cases: Array<[string, DropReason, boolean, (count: number) => Buffer[] | Promise<void>]> = [
    ['truncated (20 bytes)', 'truncated', false, () => [rtp(1, 20)]],
    ['wrong version (V=1)', 'version', false, () => [rtp(attacker.ssrc, 64, 0x40)]],
    ['wrong payload type (0x6f)', 'payloadType', false, () => [rtp(attacker.ssrc, 64, 0x80, 0x6f)]],
    ['unknown SSRC', 'unknownSsrc', false, () => [rtp(0x0badf00d, 64)]],
    ['9 KB datagram', 'oversized', false, () => [Buffer.alloc(9 * 1024, 0x80)]],
    ['discovery for an unknown SSRC', 'unknownSsrc', false, () => [discoveryRequest(0x0badf00d)]],
    ['bad tag', 'badTag', true, () => {
      const packet = attacker.media.packet(frame);
      packet[packet.length - 5] ^= 0xff;
      return [packet];
    }],
    ['replay flood (one packet 50 times)', 'replay', true, () => {
      const packet = attacker.media.packet(frame);
      return Array.from({ length: 50 }, () => packet);
    }],
    ['rate above 100 packets/s', 'rate', true, () => Array.from({ length: 160 }, () => attacker.media.packet(frame))],
  ];

  it.each(cases)('%s: dropped as %s, counted, the bystander call flows', async (_name, reason, attributed, make) => {
    const userId = attributed ? bob : undefined;
    const before = dropped(reason, userId);
    const packets = (await make(0)) as Buffer[];
    for (const packet of packets) attacker.media.sendRaw(packet);
    const expected = reason === 'replay' ? 49 : reason === 'rate' ? 50 : 1;
    await until(() => dropped(reason, userId) - before >= expected, 3000, `${reason} counted`);
    await bystanderFlows();
    expect(speaker.media.undecryptable).toEqual([]);
    expect(listener.media.undecryptable).toEqual([]);
    // The rate bucket refills on the emulator clock.
    if (reason === 'rate') s.emu.control.advanceClock(2000);
  });

  it('spoofed source: a member\'s packet from a third address that does not open under its key, or replays one it sent, is dropped as wrongAddress', async () => {
    // (A fresh packet that opens under the member's key is the member behind a new NAT mapping:
    // address_pinning.test.ts.)
    const third = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => third.bind(0, '127.0.0.1', () => resolve()));
    const before = dropped('wrongAddress', bob);
    const tampered = attacker.media.packet(frame);
    tampered[tampered.length - 5] ^= 0xff;
    third.send(tampered, s.emu.voice.port, '127.0.0.1');
    await until(() => dropped('wrongAddress', bob) === before + 1, 3000, 'forgery counted');
    const packetsIn = stats().members[bob].packetsIn;
    const sent = attacker.media.sendOpus(frame);
    await until(() => stats().members[bob].packetsIn === packetsIn + 1, 3000, 'the genuine packet taken');
    third.send(sent, s.emu.voice.port, '127.0.0.1');
    await until(() => dropped('wrongAddress', bob) === before + 2, 3000, 'replay counted');
    third.close();
    await bystanderFlows();
  });

  it('a client that never did discovery is not forwarded to (and its RTP is dropped)', async () => {
    const lobbyId = await lobbyOf(s.api, [bob]);
    const main = await mainSession(s.emu, bob);
    gateways.push(main.gateway);
    const join = await joinCall(main.gateway, bob, lobbyId);
    const voice = await VoiceClient.connect(s.emu);
    identify(voice, join);
    const ready = (await voice.waitFor(opIs(2))).d;
    const lone = new MediaClient({ port: ready.port }, ready.ssrc);
    await lone.bind();
    const before = dropped('wrongAddress', bob);
    lone.sendRaw(rtp(ready.ssrc, 64));
    await until(() => dropped('wrongAddress', bob) === before + 1, 3000, 'no discovery counted');
    lone.close();
    voice.terminate();
    await bystanderFlows();
    // Re-join the attacker's call for the WebSocket cases below.
    attackerLobby = lobbyId;
    attackerJoin = join;
  });
});

describe('voice WebSocket', () => {
  const cases: Array<[string, number, boolean, (v: VoiceClient) => void]> = [
    ['oversized JSON (5 KiB)', 4002, false, (v) => v.send({ op: 3, d: { t: 1, pad: 'x'.repeat(5 * 1024) } })],
    ['over 64 KiB', 1009, false, (v) => v.ws.send(Buffer.alloc(70 * 1024))],
    ['non-JSON', 4002, false, (v) => v.send('hello?')],
    ['JSON without op', 4002, false, (v) => v.send({ d: {} })],
    ['unknown op', 4001, false, (v) => v.send({ op: 42, d: null })],
    ['a server-only op (Ready)', 4001, false, (v) => v.send({ op: 2, d: {} })],
    ['Select Protocol before Identify', 4003, false, (v) => v.send({ op: 1, d: {} })],
    ['second Identify', 4005, true, (v) => identify(v, attackerJoin)],
    ['wrong token', 4004, false, (v) => identify(v, attackerJoin, { token: '0'.repeat(32) })],
    ['wrong server id', 4011, false, (v) => identify(v, attackerJoin, { server_id: '1111111111111111111' })],
    ['Identify d not an object', 4002, false, (v) => v.send({ op: 0, d: 'me' })],
    ['Resume of an unknown session', 4006, false, (v) => v.send({ op: 7, d: { server_id: attackerLobby, session_id: 'nope', token: attackerJoin.token, seq_ack: 1 } })],
  ];

  it.each(cases)('%s: closed with %i, counted, the bystander call flows', async (_name, code, identified, act) => {
    const before = stats().closed[code] ?? 0;
    const voice = await VoiceClient.connect(s.emu);
    if (identified) {
      identify(voice, attackerJoin);
      await voice.waitFor(opIs(2));
    }
    act(voice);
    expect(await voice.closeCodeWithin()).toBe(code);
    // ws itself closes an over-limit frame (1009) before the server sees it.
    if (code !== 1009) expect(stats().closed[code]).toBe(before + 1);
    await bystanderFlows();
  });
});
