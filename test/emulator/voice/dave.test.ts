// DAVE in the emulator's voice server (docs/protocols/dave.md, §8) with davey sessions as members over
// the raw voice gateway: a group of two, a third joining by Welcome and leaving (rebuild to
// epoch 1), a garbage commit and an op 31 (rebuilds, no crash), bad binary messages (counted,
// others still served), and the SFU forwarding a davey-encrypted frame byte for byte.
import davey from '@snazzah/davey';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import type { GatewayClient } from '../helpers/gateway_client';
import { DaveMember } from './dave_member';
import { closeOpened, connectMedia, joinCall, lobbyOf, mainSession, opIs, sleep, until, VoiceClient, type Opened } from './helpers';

let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice, bob, carol } = SEED.users;
/** Each member's main gateway session, to leave the call with op 4. */
const mains = new Map<DaveMember, GatewayClient>();

beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

async function member(lobbyId: string, userId: string): Promise<DaveMember> {
  const main = await mainSession(s.emu, userId);
  opened.gateways.push(main.gateway);
  const connected = await connectMedia(s.emu, await joinCall(main.gateway, userId, lobbyId), MODE_AES_GCM, { maxDaveVersion: 1 });
  opened.connected.push(connected);
  const m = new DaveMember(connected, userId, lobbyId);
  mains.set(m, main.gateway);
  return m;
}

/** All of them at one epoch with one privacy code, every transition executed. */
async function agreed(members: DaveMember[], what: string, timeoutMs = 5000): Promise<void> {
  await until(() => {
    const epochs = new Set(members.map((m) => m.epoch));
    const codes = new Set(members.map((m) => m.code));
    return epochs.size === 1 && members[0].epoch !== null && codes.size === 1 && members[0].code !== '' && members.every((m) => m.pending.size === 0);
  }, timeoutMs, `${what}: ${members.map((m) => `${m.userId.slice(-2)}@${m.epoch}:${m.code.slice(0, 5)} pending ${[...m.pending.keys()]} errors ${m.errors}`).join(' | ')}`);
}

/** Leaves the call as a client does: op 4 with channel_id null on the main gateway. */
function leave(m: DaveMember): void {
  mains.get(m)!.send({ op: 4, d: { guild_id: null, channel_id: null, self_mute: false, self_deaf: false } });
  m.stop();
  m.connected.voice.terminate();
  m.connected.media.close();
}

describe('DAVE groups', () => {
  it('two members reach the same epoch and privacy code; the external sender came on connect', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, alice);
    for (const m of [a, b]) {
      expect(m.connected.voice.received.find((x) => x.op === 4)!.d.dave_protocol_version).toBe(1);
      expect(m.connected.voice.received.some((x) => x.binary && x.op === 25)).toBe(true);
    }
    await agreed([a, b], 'two members');
    expect(a.epoch).toBe(1n);
    // One welcome, one announced commit, one op 22 each.
    expect(a.connected.voice.received.filter((x) => x.binary && (x.op === 29 || x.op === 30)).length).toBe(1);
    expect(b.connected.voice.received.filter((x) => x.binary && (x.op === 29 || x.op === 30)).length).toBe(1);
    expect(a.executed.length).toBe(1);
    expect(b.executed).toEqual(a.executed);
    expect(s.emu.control.voice!.voiceStats().members[nelly].daveRejected).toEqual({});
    // The second commit of epoch 0 was the loser, ignored.
    const rejected = { ...s.emu.control.voice!.voiceStats().members[nelly].daveRejected, ...s.emu.control.voice!.voiceStats().members[alice].daveRejected };
    expect(Object.keys(rejected).every((k) => k === 'staleCommit')).toBe(true);
    leave(a);
    leave(b);
  });

  it('a third member joins by Welcome (epoch 2); its leave rebuilds the group at epoch 1 with equal codes', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice, bob]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, alice);
    await agreed([a, b], 'two');
    const twoCode = a.code;
    const c = await member(lobbyId, bob);
    await agreed([a, b, c], 'three');
    expect(c.epoch).toBe(2n);
    expect(c.connected.voice.received.some((x) => x.binary && x.op === 30)).toBe(true);
    expect(a.code).not.toBe(twoCode);
    const mark = a.connected.voice.mark();
    leave(c);
    await a.connected.voice.waitFor(opIs(24, (d) => d.epoch === 1 && d.protocol_version === 1), { from: mark });
    await agreed([a, b], 'rebuilt');
    expect(a.epoch).toBe(1n);
    expect(a.errors).toEqual([]);
    leave(a);
    leave(b);
  });

  it('a garbage commit and an op 31 rebuild the group without crashing; the members agree again', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, alice);
    await agreed([a, b], 'before');
    let mark = b.connected.voice.mark();
    a.connected.voice.sendBinary(28, Buffer.from('this is no MLS commit at all'));
    await b.connected.voice.waitFor(opIs(24, (d) => d.epoch === 1), { from: mark });
    await agreed([a, b], 'after a garbage commit');
    expect(s.emu.control.voice!.voiceStats().members[nelly].daveRejected.invalidCommit).toBe(1);

    mark = a.connected.voice.mark();
    const bMark = b.connected.voice.mark();
    // B says it could not process the last transition, and re-initializes itself (as @discordjs/voice does).
    b.connected.voice.send({ op: 31, d: { transition_id: b.executed.at(-1) } });
    b.session!.reinit(1, alice, lobbyId);
    b.connected.voice.sendBinary(26, b.session!.getSerializedKeyPackage());
    await a.connected.voice.waitFor(opIs(24, (d) => d.epoch === 1), { from: mark });
    await agreed([a, b], 'after op 31');
    // The one who sent op 31 is not told to re-initialize again.
    expect(b.connected.voice.received.slice(bMark).some((x) => x.op === 24)).toBe(false);
    leave(a);
    leave(b);
  });

  it('binary DAVE messages missed while a socket was gone are replayed by Resume, numbered with the JSON ones', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice, bob]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, alice);
    await agreed([a, b], 'before');
    const old = a.connected.voice;
    const seqAck = old.seqAck;
    expect(old.received.filter((x) => x.binary).every((x) => typeof x.seq === 'number' && x.seq > 0)).toBe(true);
    s.emu.control.voice!.dropVoiceConnections({ userId: nelly });
    await old.closed;
    // While A is away, C joins: A's proposals (op 27) and B's winning commit (op 29) wait for it.
    const c = await member(lobbyId, bob);
    await until(() => b.epoch === 2n && c.epoch === 2n, 3000, 'B and C at epoch 2');
    const resumed = await VoiceClient.connect(s.emu);
    a.moveTo(resumed);
    const join = mains.get(a)!.dispatches('VOICE_SERVER_UPDATE').at(-1);
    const sessionId = mains.get(a)!.dispatches('VOICE_STATE_UPDATE').filter((d) => d.user_id === nelly).at(-1).session_id;
    resumed.send({ op: 7, d: { server_id: lobbyId, session_id: sessionId, token: join.token, seq_ack: seqAck } });
    await resumed.waitFor(opIs(9));
    await agreed([a, b, c], 'A caught up by replay');
    expect(resumed.received.filter((x) => x.binary).map((x) => x.op)).toEqual(expect.arrayContaining([27, 29]));
    expect(s.emu.control.voice!.voiceStats().members[nelly].replayed).toBeGreaterThanOrEqual(2);
    leave(a);
    leave(b);
    leave(c);
  });

  it('bad binary messages (truncated, unknown op, oversized, bad key package) are counted; the call goes on', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice, bob]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, alice);
    await agreed([a, b], 'before');
    const ws = a.connected.voice.ws;
    ws.send(Buffer.from([26]));
    ws.send(Buffer.from([99, 1, 2, 3]));
    ws.send(Buffer.concat([Buffer.from([26]), Buffer.alloc(40 * 1024)]));
    a.connected.voice.sendBinary(26, Buffer.from([9, 9, 9, 9, 9]));
    await until(() => {
      const r = s.emu.control.voice!.voiceStats().members[nelly].daveRejected;
      return r.truncated === 1 && r.unknownOp === 1 && r.oversized === 1 && r.badKeyPackage === 1;
    }, 3000, 'counted');
    const beat = a.connected.voice.mark();
    a.connected.voice.heartbeat();
    await a.connected.voice.waitFor(opIs(6), { from: beat });
    // Still served: a newcomer is added to the group.
    const c = await member(lobbyId, bob);
    await agreed([a, b, c], 'three');
    expect(await a.connected.voice.closeCodeWithin(100)).toBe(-1);
    leave(a);
    leave(b);
    leave(c);
  });
});

describe('the SFU and DAVE frames', () => {
  it('forwards a davey-encrypted frame byte for byte inside the transport; stats count it as E2EE', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, carol]);
    const a = await member(lobbyId, nelly);
    const b = await member(lobbyId, carol);
    await agreed([a, b], 'group');
    const opus = Buffer.from([0xfc, 0xff, 0xfe, ...Array.from({ length: 80 }, (_v, i) => i)]);
    const before = s.emu.control.voice!.voiceStats().members[nelly];
    const sent: Buffer[] = [];
    for (let i = 0; i < 5; i++) {
      const frame = a.session!.encryptOpus(opus);
      sent.push(frame);
      a.connected.media.sendOpus(frame);
      await sleep(5);
    }
    a.connected.media.sendOpus(Buffer.from([0xf8, 0xff, 0xfe]));
    await until(() => b.connected.media.received.length === 6, 3000, 'forwarded');
    b.connected.media.received.slice(0, 5).forEach((r, i) => {
      expect(r.payload).toEqual(sent[i]);
      expect(b.session!.decrypt(nelly, davey.MediaType.AUDIO, r.payload)).toEqual(opus);
    });
    const after = s.emu.control.voice!.voiceStats().members[nelly];
    expect(after.e2eeFrames - before.e2eeFrames).toBe(5);
    expect(after.silenceFrames - before.silenceFrames).toBe(1);
    expect(after.plainFrames - before.plainFrames).toBe(0);
    leave(a);
    leave(b);
  });
});
