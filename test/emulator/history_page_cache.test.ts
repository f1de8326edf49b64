// History pages are served from each message's cached JSON text until the state changes
// (lib/emulator/json.ts cachedJson, keyed by the emulator's change counter). A page must still follow
// every change of what it shows: an edit, a pin, a delete, a new message, a lobby member's
// additional name, the reader's MESSAGE_CONTENT switch; and equal what serializing afresh gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessageJson, botReader } from '../../lib/emulator/domain/message_view';
import { SEED, bearer, start, type Started } from './helpers';
import { addRole, giveRoles, PERM } from './helpers/guild_setup';

let s: Started;
const general = (BigInt(SEED.guildId) + 12n).toString();

beforeAll(async () => {
  s = await start();
  s.emu.control.setRateLimits(false);
  giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Pinner', PERM.PIN_MESSAGES, 1)]);
});
afterAll(async () => s.emu.close());

describe('cached history pages follow every change', () => {
  it('a bot channel page: edit, pin, delete, new message, and the MESSAGE_CONTENT switch', async () => {
    const page = async () => (await s.api.get(`/channels/${general}/messages?limit=10`, s.api.bot)).body as any[];
    const mine = (await s.api.post(`/channels/${general}/messages`, { content: 'first words' }, s.api.bot)).body;
    const theirs = s.emu.control.postChannelMessage(SEED.users.alice, general, 'a person speaks') as { id: string };
    expect((await page()).map((m) => m.content).slice(0, 2)).toEqual(['', 'first words']); // no MESSAGE_CONTENT
    await page(); // served from the cache now
    await s.api.patch(`/channels/${general}/messages/${mine.id}`, { content: 'edited words' }, s.api.bot);
    expect((await page()).find((m) => m.id === mine.id).content).toBe('edited words');
    const pin = await s.api.put(`/channels/${general}/messages/pins/${mine.id}`, undefined, s.api.bot);
    expect(pin.status, JSON.stringify(pin.body)).toBe(204);
    expect((await page()).find((m) => m.id === mine.id).pinned).toBe(true);
    s.emu.control.setPrivilegedIntents(SEED.applicationId, { messageContent: true });
    expect((await page()).find((m) => m.id === theirs.id).content).toBe('a person speaks');
    s.emu.control.setPrivilegedIntents(SEED.applicationId, { messageContent: false });
    expect((await page()).find((m) => m.id === theirs.id).content).toBe('');
    await s.api.delete(`/channels/${general}/messages/${mine.id}`, s.api.bot);
    expect((await page()).some((m) => m.id === mine.id)).toBe(false);
    const later = (await s.api.post(`/channels/${general}/messages`, { content: 'later' }, s.api.bot)).body;
    expect((await page())[0].id).toBe(later.id);
    // The cached text is the same text a fresh serialization gives.
    const raw = await fetch(`${s.emu.apiBase}/channels/${general}/messages?limit=10`, { headers: { authorization: s.api.bot } }).then((r) => r.text());
    const app = s.emu.core.state.applications.get(SEED.applicationId)!;
    const fresh = s.emu.core.state.textChannelMessages.get(general)!.slice(-10).reverse().map((m) => channelMessageJson(s.emu.core, m, botReader(app)));
    expect(raw).toBe(JSON.stringify(fresh));
  });

  it('a lobby page: a new message, an edit and the author\'s additional name', async () => {
    const token = s.api.token(SEED.users.dave);
    const lobby = (await s.api.put('/lobbies', { secret: 'cache-page', idle_timeout_seconds: 604800 }, bearer(token))).body;
    const page = async () => (await s.api.get(`/lobbies/${lobby.id}/messages?limit=10`, bearer(token))).body as any[];
    const sent = (await s.api.post(`/lobbies/${lobby.id}/messages`, { content: 'hello lobby' }, bearer(token))).body;
    expect((await page()).map((m) => m.content)).toEqual(['hello lobby']);
    await page();
    await s.api.put(`/lobbies/${lobby.id}/members/${SEED.users.dave}`, { additional_name: 'Sir Dave' }, s.api.bot);
    expect((await page())[0].lobby_member).toEqual({ additional_name: 'Sir Dave' });
    s.emu.control.deleteLobbyMessage(lobby.id, sent.id);
    expect(await page()).toEqual([]);
  });
});
