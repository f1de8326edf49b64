// Privileged intents per application (spec "Limits"): toggled freely below 10,000 users, only
// with an approved application at or above (an approved app keeps them while it grows); the
// user count is the user installs plus the people in the bot's guilds; Identify asking for one
// that is off closes 4014; List Guild Members needs GUILD_MEMBERS on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from './helpers/gateway_client';
import { Api, SEED, start, type Started } from './helpers';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const GUILD_PRESENCES = 1 << 8;
const MESSAGE_CONTENT = 1 << 15;
const THRESHOLD = 10_000;
/** The seed guild's people (the bot is not counted). */
const SEED_REACH = Object.keys(SEED.users).length;

let s: Started;
let api: Api;
const clients: GatewayClient[] = [];
const app = () => s.emu.application.id;

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await s.emu.close();
});
afterEach(() => {
  // Back to the seed's state: small app, unapproved, members and presences on.
  s.emu.control.setUserInstallCount(app(), 0);
  s.emu.control.approvePrivilegedIntents(app(), false);
  s.emu.control.setPrivilegedIntents(app(), { guildMembers: true, guildPresences: true, messageContent: false });
});

/** Identifies the bot with `intents`: 'ready', or the close code. */
async function identify(intents: number): Promise<'ready' | number> {
  const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  clients.push(client);
  client.identify(`Bot ${s.emu.application.botToken}`, { intents });
  const outcome = await Promise.race([
    client.waitFor((p) => p.op === 0 && p.t === 'READY', { timeoutMs: 5000 }).then(() => 'ready' as const),
    client.closed.then((c) => c.code),
  ]);
  client.close();
  return outcome;
}

describe('privileged intents per application', () => {
  it('the seed app has GUILD_MEMBERS and GUILD_PRESENCES on, MESSAGE_CONTENT off (Identify with it: 4014)', async () => {
    expect(s.emu.control.privilegedIntents(app())).toMatchObject({ guildMembers: true, guildPresences: true, messageContent: false, approved: false, threshold: THRESHOLD });
    expect(await identify(GUILDS | GUILD_MEMBERS | GUILD_PRESENCES)).toBe('ready');
    expect(await identify(GUILDS | MESSAGE_CONTENT)).toBe(4014);
  });

  it('below 10,000 users the portal toggles them on and off, and Identify follows', async () => {
    s.emu.control.setPrivilegedIntents(app(), { messageContent: true });
    expect(await identify(GUILDS | MESSAGE_CONTENT)).toBe('ready');
    s.emu.control.setPrivilegedIntents(app(), { guildMembers: false });
    expect(await identify(GUILDS | GUILD_MEMBERS)).toBe(4014);
    expect(await identify(GUILDS | GUILD_PRESENCES | MESSAGE_CONTENT)).toBe('ready');
  });

  it("the user count is the user installs plus the people in the bot's guilds", () => {
    expect(s.emu.control.privilegedIntents(app()).userCount).toBe(SEED_REACH);
    s.emu.control.setUserInstallCount(app(), 1234);
    expect(s.emu.control.privilegedIntents(app()).userCount).toBe(1234 + SEED_REACH);
    const outsider = s.emu.control.createUser({ username: 'reach_one' }).id as string;
    s.emu.control.addGuildMembers(SEED.guildId, [outsider]);
    expect(s.emu.control.privilegedIntents(app()).userCount).toBe(1234 + SEED_REACH + 1);
    s.emu.control.removeGuildMember(SEED.guildId, outsider);
  });

  it('at 9,999 users an intent can be switched on; at 10,000 it is refused (50013) and nothing changes', async () => {
    s.emu.control.setUserInstallCount(app(), THRESHOLD - 1 - SEED_REACH);
    expect(s.emu.control.privilegedIntents(app()).userCount).toBe(THRESHOLD - 1);
    expect(s.emu.control.setPrivilegedIntents(app(), { messageContent: true }).messageContent).toBe(true);
    s.emu.control.setPrivilegedIntents(app(), { messageContent: false });

    s.emu.control.setUserInstallCount(app(), THRESHOLD - SEED_REACH);
    expect(() => s.emu.control.setPrivilegedIntents(app(), { messageContent: true })).toThrow(expect.objectContaining({ status: 403, code: 50013 }));
    expect(s.emu.control.privilegedIntents(app()).messageContent).toBe(false);
    expect(await identify(GUILDS | MESSAGE_CONTENT)).toBe(4014);
    // The HTTP control route refuses it the same way.
    const reply = await api.control('setPrivilegedIntents', { applicationId: app(), switches: { messageContent: true } });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(50013);
  });

  it('at or above the threshold switching off still works, and what was on stays on as the app grows', async () => {
    s.emu.control.setUserInstallCount(app(), 50_000);
    expect(await identify(GUILDS | GUILD_MEMBERS)).toBe('ready');
    s.emu.control.setPrivilegedIntents(app(), { guildPresences: false });
    expect(s.emu.control.privilegedIntents(app()).guildPresences).toBe(false);
    expect(() => s.emu.control.setPrivilegedIntents(app(), { guildPresences: true })).toThrow(expect.objectContaining({ code: 50013 }));
  });

  it('an approved app switches them on at any size and keeps them while growing', async () => {
    s.emu.control.setUserInstallCount(app(), 20_000);
    s.emu.control.approvePrivilegedIntents(app(), true);
    expect(s.emu.control.setPrivilegedIntents(app(), { messageContent: true })).toMatchObject({ messageContent: true, approved: true });
    s.emu.control.setUserInstallCount(app(), 5_000_000);
    expect(await identify(GUILDS | MESSAGE_CONTENT)).toBe('ready');
    const http = await api.control('approvePrivilegedIntents', { applicationId: app(), approved: true });
    expect(http.status).toBe(200);
    expect(http.body.userCount).toBe(5_000_000 + SEED_REACH);
  });

  it('the switches are the application flags: the Application object and the message view read the same state', async () => {
    const flagsNew = async () => BigInt((await api.get('/applications/@me', api.bot)).body.flags_new);
    const GATEWAY_MESSAGE_CONTENT = 1n << 18n;
    const GATEWAY_MESSAGE_CONTENT_LIMITED = 1n << 19n;
    const channelId = (BigInt(SEED.guildId) + 12n).toString();
    const posted = s.emu.control.postChannelMessage(SEED.users.alice, channelId, 'read me if you may') as { id: string };
    const read = async () => (await api.get(`/channels/${channelId}/messages/${posted.id}`, api.bot)).body.content;
    expect((await flagsNew()) & (GATEWAY_MESSAGE_CONTENT | GATEWAY_MESSAGE_CONTENT_LIMITED)).toBe(0n);
    expect(await read()).toBe('');
    s.emu.control.setPrivilegedIntents(app(), { messageContent: true }); // below the threshold: the LIMITED flag
    expect((await flagsNew()) & (GATEWAY_MESSAGE_CONTENT | GATEWAY_MESSAGE_CONTENT_LIMITED)).toBe(GATEWAY_MESSAGE_CONTENT_LIMITED);
    expect(await read()).toBe('read me if you may');
    s.emu.control.setPrivilegedIntents(app(), { messageContent: false });
    s.emu.control.approvePrivilegedIntents(app(), true);
    s.emu.control.setPrivilegedIntents(app(), { messageContent: true }); // approved: the full flag
    expect((await flagsNew()) & (GATEWAY_MESSAGE_CONTENT | GATEWAY_MESSAGE_CONTENT_LIMITED)).toBe(GATEWAY_MESSAGE_CONTENT);
    expect(await read()).toBe('read me if you may');
    s.emu.control.setPrivilegedIntents(app(), { messageContent: false });
    expect(await read()).toBe('');
  });

  it("people in a guild the bot is not in do not count; the report shows each switch as it is", () => {
    const person = s.emu.control.createUser({ username: 'reach_elsewhere' }).id as string;
    const elsewhere = s.emu.control.createGuild('Without the bot', [person]);
    s.emu.control.removeGuildMember(elsewhere.id, SEED.botUserId);
    expect(s.emu.control.privilegedIntents(app()).userCount).toBe(SEED_REACH);
    s.emu.control.setPrivilegedIntents(app(), { guildMembers: false });
    expect(s.emu.control.privilegedIntents(app())).toMatchObject({ guildMembers: false, guildPresences: true, messageContent: false });
  });

  it('an intent kept on keeps the flag it was granted with when another one is switched', async () => {
    const flagsNew = async () => BigInt((await api.get('/applications/@me', api.bot)).body.flags_new);
    const GATEWAY_MESSAGE_CONTENT = 1n << 18n;
    const GATEWAY_MESSAGE_CONTENT_LIMITED = 1n << 19n;
    s.emu.control.setPrivilegedIntents(app(), { messageContent: true }); // unapproved: LIMITED
    s.emu.control.approvePrivilegedIntents(app(), true);
    s.emu.control.setPrivilegedIntents(app(), { guildPresences: false });
    s.emu.control.setPrivilegedIntents(app(), { guildPresences: true, messageContent: true });
    expect((await flagsNew()) & (GATEWAY_MESSAGE_CONTENT | GATEWAY_MESSAGE_CONTENT_LIMITED)).toBe(GATEWAY_MESSAGE_CONTENT_LIMITED);
    s.emu.control.setPrivilegedIntents(app(), { messageContent: false });
  });

  it('List Guild Members needs GUILD_MEMBERS on for the app (50001 when off)', async () => {
    expect((await api.get(`/guilds/${SEED.guildId}/members?limit=2`, api.bot)).status).toBe(200);
    s.emu.control.setPrivilegedIntents(app(), { guildMembers: false });
    const refused = await api.get(`/guilds/${SEED.guildId}/members?limit=2`, api.bot);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50001);
  });

  it('bad toggles and counts are 400s that change nothing', async () => {
    expect(() => s.emu.control.setPrivilegedIntents(app(), { messageContent: 'yes' as unknown as boolean })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => s.emu.control.setPrivilegedIntents(app(), { messageContent: false, guildMessages: true } as never)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => s.emu.control.setUserInstallCount(app(), -1)).toThrow(expect.objectContaining({ status: 400 }));
    expect((await api.control('setUserInstallCount', { applicationId: app(), count: 'many' })).status).toBe(400);
    expect((await api.control('privilegedIntents', { applicationId: '1' })).status).toBe(404);
    for (const switches of [null, 5, 'guildMembers']) {
      expect(() => s.emu.control.setPrivilegedIntents(app(), switches as never), String(switches)).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(() => s.emu.control.approvePrivilegedIntents(app(), 'yes' as never)).toThrow(expect.objectContaining({ status: 400 }));
    expect(s.emu.control.privilegedIntents(app()).approved).toBe(false);
    expect(s.emu.control.privilegedIntents(app())).toMatchObject({ guildMembers: true, messageContent: false, userCount: SEED_REACH });
  });
});

describe('privileged intents in a data file', () => {
  it('the toggles, the approval and the install count survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-intents-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile });
      const id = first.emu.application.id;
      first.emu.control.setUserInstallCount(id, 42);
      first.emu.control.approvePrivilegedIntents(id, true);
      first.emu.control.setPrivilegedIntents(id, { messageContent: true, guildPresences: false });
      await first.emu.close();
      const second = await start({ dataFile });
      try {
        expect(second.emu.control.privilegedIntents(id)).toMatchObject({ guildMembers: true, guildPresences: false, messageContent: true, approved: true, userCount: 42 + SEED_REACH });
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
