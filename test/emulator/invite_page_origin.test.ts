// Issue 11: the invite page's Accept (POST {webBase}/invite/{code}) changes state, so it takes
// the rule of every state-changing web request: Host names the emulator, and Origin is the
// emulator's own or absent. A form on another site must not join anyone to a guild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const { nelly } = SEED.users;
let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  await t?.close();
});

const linkedLobbies: string[] = [];

async function freshInviteCode(): Promise<string> {
  // A channel links to one lobby at a time: let go of the previous test's link first.
  for (const id of linkedLobbies.splice(0)) await api(t.emu, 'PATCH', `/lobbies/${id}/channel-linking`, { auth: bot(t.emu), body: {} });
  const as = { auth: `Bearer ${t.token(nelly)}` };
  const lobby = await api(t.emu, 'PUT', '/lobbies', { ...as, body: { secret: `origin-${Math.random()}` } });
  expect(lobby.status).toBe(200);
  expect((await api(t.emu, 'PATCH', `/lobbies/${lobby.body.id}/channel-linking`, { auth: bot(t.emu), body: { channel_id: GENERAL } })).status).toBe(200);
  linkedLobbies.push(lobby.body.id);
  const invite = await api(t.emu, 'POST', `/lobbies/${lobby.body.id}/members/@me/invites`, as);
  expect(invite.status).toBe(200);
  return invite.body.code as string;
}

function accept(code: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${t.emu.webBase}/invite/${encodeURIComponent(code)}`, { method: 'POST', headers, redirect: 'manual' });
}

describe('the invite page accepts only same-origin requests', () => {
  it('refuses a cross-site form post and leaves the invite usable', async () => {
    const code = await freshInviteCode();
    const crossSite: Array<Record<string, string>> = [{ origin: 'http://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const refused = await accept(code, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    // Still open: the page shows the invite and the player's own Accept works.
    expect((await fetch(`${t.emu.webBase}/invite/${encodeURIComponent(code)}`)).status).toBe(200);
    const accepted = await accept(code, { origin: t.emu.webBase });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('Invite accepted');
  });

  it('accepts a post with no Origin (not from a page) and refuses a foreign Host', async () => {
    const code = await freshInviteCode();
    const port = new URL(t.emu.webBase).port;
    // A DNS-rebinding page reaches 127.0.0.1 under its own name.
    const rebound = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request({ host: '127.0.0.1', port, path: `/invite/${encodeURIComponent(code)}`, method: 'POST', headers: { host: `evil.example:${port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      }, reject);
    });
    expect(rebound).toBe(403);
    const accepted = await accept(code, {});
    expect(accepted.status).toBe(200);
  });
});
