// DAVE groups that would otherwise stall (found with two SDK clients whose voice server crashed
// while their group was forming): proposals nobody commits are followed by a rebuild at the
// commit deadline, and a member that resumes while the group is not settled — its key package
// or commit may have been lost with its old socket — gets the group rebuilt at once.
import davey from '@snazzah/davey';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAVE_COMMIT_TIMEOUT_MS, MODE_AES_GCM } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import { closeOpened, connectMedia, joinCall, lobbyOf, mainSession, opIs, VoiceClient, type CallJoin, type Connected, type Opened } from './helpers';

let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice } = SEED.users;

beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

/** A DAVE member that sends its key package on op 25 and then does nothing: it never commits. */
async function silentMember(lobbyId: string, userId: string): Promise<{ connected: Connected; join: CallJoin }> {
  const main = await mainSession(s.emu, userId);
  opened.gateways.push(main.gateway);
  const join = await joinCall(main.gateway, userId, lobbyId);
  const connected = await connectMedia(s.emu, join, MODE_AES_GCM, { maxDaveVersion: 1 });
  opened.connected.push(connected);
  const external = await connected.voice.waitFor((m) => m.binary === true && m.op === 25);
  const session = new davey.DAVESession(1, userId, lobbyId);
  session.setExternalSender(external.d as Buffer);
  connected.voice.sendBinary(26, session.getSerializedKeyPackage());
  return { connected, join };
}

describe('DAVE groups that would stall', () => {
  it('proposals nobody commits: the group is rebuilt (op 24 epoch 1) at the commit deadline', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await silentMember(lobbyId, nelly);
    const b = await silentMember(lobbyId, alice);
    for (const m of [a, b]) await m.connected.voice.waitFor((x) => x.binary === true && x.op === 27);
    const marks = [a, b].map((m) => m.connected.voice.mark());
    s.emu.core.clock.advance(DAVE_COMMIT_TIMEOUT_MS - 100);
    expect(a.connected.voice.received.slice(marks[0]).some((x) => x.op === 24)).toBe(false);
    s.emu.core.clock.advance(100);
    for (const [i, m] of [a, b].entries()) await m.connected.voice.waitFor(opIs(24, (d) => d.epoch === 1 && d.protocol_version === 1), { from: marks[i] });
  });

  it('a member that resumes while the group is forming gets it rebuilt at once', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await silentMember(lobbyId, nelly);
    const b = await silentMember(lobbyId, alice);
    for (const m of [a, b]) await m.connected.voice.waitFor((x) => x.binary === true && x.op === 27);
    const markB = b.connected.voice.mark();
    const seqAck = a.connected.voice.seqAck;
    a.connected.voice.terminate();
    await a.connected.voice.closed;
    const resumed = await VoiceClient.connect(s.emu);
    resumed.send({ op: 7, d: { server_id: a.join.serverId, session_id: a.join.sessionId, token: a.join.token, seq_ack: seqAck } });
    await resumed.waitFor(opIs(9));
    await resumed.waitFor(opIs(24, (d) => d.epoch === 1));
    await b.connected.voice.waitFor(opIs(24, (d) => d.epoch === 1), { from: markB });
    resumed.terminate();
  });
});
