// The date rule (docs/voice-calls.md, §8): DAVE is required from 2026-03-01T00:00:00Z on the emulator
// clock (a member without it gets 4017 at Identify); before that a member without DAVE
// downgrades the call (op 21 version 0, op 22) and its leave upgrades it again (op 24 epoch 1, a
// new group). setDaveRequired(true | false | null) overrides the rule, null restoring it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import type { GatewayClient } from '../helpers/gateway_client';
import { DaveMember } from './dave_member';
import { closeOpened, connectMedia, identify, joinCall, lobbyOf, mainSession, opIs, until, VoiceClient, type Opened } from './helpers';

const MARCH_FIRST = Date.UTC(2026, 2, 1);
let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice, bob, carol } = SEED.users;

beforeAll(async () => {
  s = await start({ startTime: MARCH_FIRST - 60_000, log: (line: string) => process.env.DAVE_LOG && console.log(line) } as never);
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

async function joined(lobbyId: string, userId: string): Promise<{ main: GatewayClient; join: Awaited<ReturnType<typeof joinCall>> }> {
  const main = await mainSession(s.emu, userId);
  opened.gateways.push(main.gateway);
  return { main: main.gateway, join: await joinCall(main.gateway, userId, lobbyId) };
}

/** Identify with `maxDave`: the close code within a short wait (-1: still open, Ready received). */
async function identifyOutcome(userId: string, maxDave: number): Promise<number> {
  const lobbyId = await lobbyOf(s.api, [userId]);
  const { main, join } = await joined(lobbyId, userId);
  const voice = await VoiceClient.connect(s.emu);
  identify(voice, join, { max_dave_protocol_version: maxDave });
  const outcome = await Promise.race([voice.closed.then((c) => c.code), voice.waitFor(opIs(2)).then(() => -1)]);
  voice.terminate();
  main.send({ op: 4, d: { guild_id: null, channel_id: null, self_mute: false, self_deaf: false } });
  return outcome;
}

async function daveMember(lobbyId: string, userId: string): Promise<{ m: DaveMember; main: GatewayClient }> {
  const { main, join } = await joined(lobbyId, userId);
  const connected = await connectMedia(s.emu, join, MODE_AES_GCM, { maxDaveVersion: 1 });
  opened.connected.push(connected);
  return { m: new DaveMember(connected, userId, lobbyId), main };
}

async function agreed(members: DaveMember[], what: string): Promise<void> {
  await until(() => members[0].epoch !== null && members.every((m) => m.epoch === members[0].epoch && m.code === members[0].code && m.code !== '' && m.pending.size === 0), 5000, what);
}

describe('before 2026-03-01 (emulator clock): a member without DAVE downgrades the call', () => {
  it('op 21 version 0 then op 22 to the DAVE members; its leave brings op 24 epoch 1 and a new group', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice, bob, carol]);
    const { m: a } = await daveMember(lobbyId, nelly);
    const { m: b } = await daveMember(lobbyId, alice);
    await agreed([a, b], 'DAVE group');
    const mark = a.connected.voice.mark();
    const plain = await joined(lobbyId, bob);
    const c = await connectMedia(s.emu, plain.join, MODE_AES_GCM, { maxDaveVersion: 0 });
    opened.connected.push(c);
    const prepare = await a.connected.voice.waitFor(opIs(21, (d) => d.protocol_version === 0), { from: mark });
    expect(prepare.d.transition_id).toBeGreaterThan(0);
    await a.connected.voice.waitFor(opIs(22, (d) => d.transition_id === prepare.d.transition_id), { from: mark });
    await until(() => a.version === 0 && b.version === 0, 3000, 'both downgraded');
    expect(c.voice.received.find((x) => x.op === 4)!.d.dave_protocol_version).toBe(0);
    // A DAVE member joining now is told version 0 and gets no external sender.
    const { m: d } = await daveMember(lobbyId, carol);
    expect(d.connected.voice.received.find((x) => x.op === 4)!.d.dave_protocol_version).toBe(0);
    expect(d.connected.voice.received.some((x) => x.binary)).toBe(false);

    const upMark = a.connected.voice.mark();
    plain.main.send({ op: 4, d: { guild_id: null, channel_id: null, self_mute: false, self_deaf: false } });
    await a.connected.voice.waitFor(opIs(24, (x) => x.protocol_version === 1 && x.epoch === 1), { from: upMark });
    await agreed([a, b, d], 'upgraded');
    expect([a.version, b.version, d.version]).toEqual([1, 1, 1]);
  });
});

describe('the date rule and setDaveRequired', () => {
  it('before the date a member without DAVE is accepted; setDaveRequired(true) refuses it with 4017', async () => {
    expect(s.emu.control.now()).toBeLessThan(MARCH_FIRST);
    expect(await identifyOutcome(nelly, 0)).toBe(-1);
    s.emu.control.voice!.setDaveRequired(true);
    expect(await identifyOutcome(nelly, 0)).toBe(4017);
    expect(await identifyOutcome(nelly, 1)).toBe(-1);
    s.emu.control.voice!.setDaveRequired(null);
    expect(await identifyOutcome(nelly, 0)).toBe(-1);
  });

  it('from 2026-03-01T00:00:00Z a member without DAVE gets 4017 (a missing max_dave_protocol_version too); setDaveRequired(false) lets it in', async () => {
    s.emu.control.advanceClock(MARCH_FIRST - s.emu.control.now());
    expect(s.emu.control.now()).toBeGreaterThanOrEqual(MARCH_FIRST);
    expect(await identifyOutcome(alice, 0)).toBe(4017);
    expect(await identifyOutcome(alice, 1)).toBe(-1);
    expect(s.emu.control.voice!.voiceStats().closed[4017]).toBeGreaterThanOrEqual(2);
    expect((await s.api.control('setDaveRequired', { required: false })).status).toBe(200);
    expect(await identifyOutcome(alice, 0)).toBe(-1);
    expect((await s.api.control('setDaveRequired', { required: null })).status).toBe(200);
    expect(await identifyOutcome(alice, 0)).toBe(4017);
    for (const bad of [{}, { required: 'yes' }, { required: 1 }]) expect((await s.api.control('setDaveRequired', bad)).status).toBe(400);
    expect(() => s.emu.control.voice!.setDaveRequired('yes' as unknown as boolean)).toThrow(/setDaveRequired/);
  });
});
