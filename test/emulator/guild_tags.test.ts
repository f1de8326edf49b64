// Guild tags (spec "User": primary_guild is the user's guild tag, a badge of 1 to 4 characters):
// set through the control API on a member of the guild, shown on the user object, USER_UPDATE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, bearer, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const events: BusEvent[] = [];
const { nelly } = SEED.users;

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());

describe('primary_guild (guild tag)', () => {
  it('a member shows the guild tag on its user object; USER_UPDATE tells the user', async () => {
    s.emu.control.setPrimaryGuild(nelly, SEED.guildId, 'ABCD');
    const me = await api.get('/users/@me', bearer(api.token(nelly)));
    expect(me.body.primary_guild).toEqual({ identity_guild_id: SEED.guildId, identity_enabled: true, tag: 'ABCD', badge: null });
    expect((await api.get(`/users/${nelly}`, api.bot)).body.primary_guild.tag).toBe('ABCD');
    const update = events.filter((e) => e.type === 'USER_UPDATE').at(-1)!;
    expect(update.userIds).toEqual([nelly]);
    expect(update.data.primary_guild).toMatchObject({ tag: 'ABCD' });
  });

  it('a tag is 1 to 4 characters (code points): 0 and 5 are 50035 and change nothing', async () => {
    s.emu.control.setPrimaryGuild(nelly, SEED.guildId, 'A');
    s.emu.control.setPrimaryGuild(nelly, SEED.guildId, '🎮🎮🎮🎮');
    for (const bad of ['', 'ABCDE', '🎮🎮🎮🎮🎮']) {
      expect(() => s.emu.control.setPrimaryGuild(nelly, SEED.guildId, bad)).toThrow(expect.objectContaining({ status: 400, code: 50035 }));
    }
    expect(s.emu.core.user(nelly)!.primaryGuildTag).toBe('🎮🎮🎮🎮');
    const http = await api.control('setPrimaryGuild', { userId: nelly, guildId: SEED.guildId, tag: 'TOOLONG' });
    expect(http.status).toBe(400);
    expect(http.body.errors.tag).toBeDefined();
  });

  it('only for a member of an existing guild; null removes the tag', async () => {
    const outsider = await api.createUser('tagless');
    expect(() => s.emu.control.setPrimaryGuild(outsider, SEED.guildId, 'SDK')).toThrow(expect.objectContaining({ code: 50035 }));
    expect(() => s.emu.control.setPrimaryGuild(nelly, '1', 'SDK')).toThrow(expect.objectContaining({ code: 10004 }));
    expect((await api.control('setPrimaryGuild', { userId: nelly, guildId: null })).body.primary_guild).toBeNull();
    expect((await api.get('/users/@me', bearer(api.token(nelly)))).body.primary_guild).toBeNull();
  });

  it('no guild means no tag, whatever tag comes with it', async () => {
    s.emu.control.setPrimaryGuild(nelly, SEED.guildId, 'ABCD');
    expect(s.emu.control.setPrimaryGuild(nelly, null, 'WXYZ').primary_guild).toBeNull();
    expect((await api.control('setPrimaryGuild', { userId: nelly, guildId: null, tag: 'WXYZ' })).body.primary_guild).toBeNull();
    expect((await api.get('/users/@me', bearer(api.token(nelly)))).body.primary_guild).toBeNull();
  });
});
