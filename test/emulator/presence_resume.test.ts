// A resumed gateway session shows the presence it had before its socket dropped (found by the
// soak test, scripts/test/soak.mjs: after a dropped gateway, a friend saw no activity although
// the player had set one and its session resumed). The emulator shows the player offline while
// no socket is connected; a resume brings its status and activities back, as the client does not
// send them again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

let t: TestEmulator;
const opened: GatewayClient[] = [];
const { nelly, alice } = SEED.users;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  for (const client of opened) client.close();
  await t.close();
});

const connect = async () => {
  const client = await GatewayClient.connect(t.gatewayUrl);
  opened.push(client);
  return client;
};
const activityOf = (d: any, userId: string) => (d.user.id === userId ? (d.activities as Array<{ state?: string }>).map((a) => a.state) : undefined);

describe('presence across a resume', () => {
  it('a friend sees the activity again once the dropped session resumed', async () => {
    const friend = await connect();
    await friend.identifyUser(t.token(nelly));
    const player = await connect();
    const ready = await player.identifyUser(t.token(alice));
    let from = friend.mark();
    player.send({ op: 3, d: { status: 'dnd', since: null, afk: false, activities: [{ name: 'Demo Game', type: 0, state: 'In a match' }] } });
    await friend.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => activityOf(d, alice)?.[0] === 'In a match'), { from });

    from = friend.mark();
    t.emu.control.dropGatewayConnections(alice);
    await friend.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === alice && d.status === 'offline'), { from });

    from = friend.mark();
    const again = await connect();
    again.send({ op: 6, d: { token: `Bearer ${t.token(alice)}`, session_id: ready.session_id, seq: player.lastSeq } });
    await again.waitFor(dispatchOf('RESUMED'));
    const back = await friend.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === alice && d.status !== 'offline'), { from });
    expect(back.d.status).toBe('dnd');
    expect(activityOf(back.d, alice)).toEqual(['In a match']);
    expect(t.emu.core.state.presences.get(alice)?.activities.map((a) => a.state)).toEqual(['In a match']);
  });

  it('a session that identifies anew starts without the old activity', async () => {
    const player = await connect();
    await player.identifyUser(t.token(SEED.users.bob));
    player.send({ op: 3, d: { status: 'online', since: null, afk: false, activities: [{ name: 'Demo Game', type: 0, state: 'Lobby' }] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    player.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = await connect();
    await fresh.identifyUser(t.token(SEED.users.bob));
    expect(t.emu.core.state.presences.get(SEED.users.bob)?.activities).toEqual([]);
  });
});
