// Search Guild Messages (spec: content, author, channel, mentions, attachments, embeds and other
// filters; sorted by timestamp or relevance; READ_MESSAGE_HISTORY and the MESSAGE_CONTENT
// privileged intent; 110000 while the guild is not indexed): GET /guilds/{g}/messages/search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_INDEX_DELAY_MS } from '../../lib/emulator/domain/search';
import { Api, SEED, start, type Started } from './helpers';

const g = BigInt(SEED.guildId);
const CH = { welcome: (g + 10n).toString(), general: (g + 12n).toString(), announcements: (g + 13n).toString(), noBots: (g + 19n).toString() };
const GATEWAY_MESSAGE_CONTENT = 1n << 18n;
const READ_MESSAGE_HISTORY = 1n << 16n;
const path = `/guilds/${SEED.guildId}/messages/search`;

let s: Started;
let api: Api;
const ids: Record<string, string> = {};

const person = (userId: string, channelId: string, content: string) => String(s.emu.control.postChannelMessage(userId, channelId, content).id);
const search = (query: string) => api.get(`${path}?${query}`, api.bot);
const found = (reply: { body: any }) => reply.body.messages.map((m: any[]) => m[0].id);

function withFile(content: string, filename: string, type: string) {
  const boundary = 'sdkppSearchBoundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ content })}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\nbytes\r\n--${boundary}--\r\n`,
  );
  return api.call('POST', `/channels/${CH.general}/messages`, { auth: api.bot, body, contentType: `multipart/form-data; boundary=${boundary}` });
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
});
afterAll(async () => s.emu.close());

describe('access and the index', () => {
  it('needs the application\'s MESSAGE_CONTENT intent (50001 without), a bot token, a known guild', async () => {
    const refused = await search('content=x');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(50001);
    s.emu.core.state.applications.get(SEED.applicationId)!.flags |= GATEWAY_MESSAGE_CONTENT;
    const empty = await search('content=x');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ doing_deep_historical_index: false, total_results: 0, messages: [], threads: [], members: [] });
    expect((await api.get(`${path}?content=x`, `Bearer ${api.token(SEED.users.nelly)}`)).body.code).toBe(50001);
    expect((await api.get('/guilds/123/messages/search', api.bot)).body.code).toBe(10004);
  });

  it('answers 202 {code: 110000, retry_after} until the index is ready, SEARCH_INDEX_DELAY_MS after the guild\'s first message', async () => {
    ids.first = person(SEED.users.nelly, CH.general, 'The first Dragon sighting');
    const waiting = await search('content=dragon');
    expect(waiting.status).toBe(202);
    expect(waiting.body).toEqual({ message: 'Index not yet available. Try again later', code: 110000, documents_indexed: 0, retry_after: 2 });
    // The clock also runs in real time: a few seconds of margin before the deadline.
    s.emu.control.advanceClock(SEARCH_INDEX_DELAY_MS - 5_000);
    expect((await search('content=dragon')).status).toBe(202);
    s.emu.control.advanceClock(5_000);
    const ready = await search('content=dragon');
    expect(ready.status).toBe(200);
    expect(found(ready)).toEqual([ids.first]);
  });

  it('control.setSearchIndexReady forces the state (programmatic and HTTP); null returns to the clock rule', async () => {
    s.emu.control.setSearchIndexReady(SEED.guildId, false);
    expect((await search('content=dragon')).body.code).toBe(110000);
    expect((await api.control('setSearchIndexReady', { guildId: SEED.guildId, ready: null })).status).toBe(200);
    expect((await search('content=dragon')).status).toBe(200);
    expect((await api.control('setSearchIndexReady', { guildId: SEED.guildId, ready: 'yes' })).status).toBe(400);
    expect((await api.control('setSearchIndexReady', { guildId: '123', ready: true })).status).toBe(404);
  });
});

describe('filters and sorting', () => {
  beforeAll(async () => {
    ids.bobDragon = person(SEED.users.bob, CH.general, `dragon dragon dragon, says <@${SEED.users.nelly}>`);
    ids.welcome = person(SEED.users.bob, CH.welcome, 'a dragon in welcome');
    ids.link = person(SEED.users.carol, CH.general, 'see https://Example.com/wyverns for more');
    ids.embed = (await api.post(`/channels/${CH.general}/messages`, { content: 'bot embed', embeds: [{ title: 'Dragon facts', description: 'x' }] }, api.bot)).body.id;
    const file = await withFile('bot picture', 'dragon.png', 'image/png');
    expect(file.status, file.text).toBe(200);
    ids.file = file.body.id;
    ids.hidden = person(SEED.users.nelly, CH.noBots, 'dragon where the bot cannot look');
  });

  it('matches every term of content, case-insensitively, newest first by default; sort_order asc reverses', async () => {
    expect(found(await search('content=DRAGON'))).toEqual([ids.welcome, ids.bobDragon, ids.first]);
    expect(found(await search('content=first%20dragon'))).toEqual([ids.first]);
    expect(found(await search('content=dragon&sort_order=asc'))).toEqual([ids.first, ids.bobDragon, ids.welcome]);
  });

  it('sort_by relevance puts the most matching message first', async () => {
    expect(found(await search('content=dragon&sort_by=relevance'))[0]).toBe(ids.bobDragon);
  });

  it('searches only channels the bot can view and read the history of; naming another is 50001', async () => {
    expect(found(await search('content=cannot'))).toEqual([]);
    expect((await search(`channel_id=${CH.noBots}`)).body.code).toBe(50001);
    s.emu.control.setChannelOverwrite(CH.welcome, SEED.botUserId, 1, null, READ_MESSAGE_HISTORY.toString());
    try {
      expect(found(await search('content=dragon'))).toEqual([ids.bobDragon, ids.first]);
      expect((await search(`channel_id=${CH.welcome}`)).body.code).toBe(50001);
    } finally {
      s.emu.control.setChannelOverwrite(CH.welcome, SEED.botUserId, 1, null, null);
    }
  });

  it('filters by channel_id, author_id, author_type, mentions, has, pinned, min_id and max_id', async () => {
    expect(found(await search(`content=dragon&channel_id=${CH.welcome}`))).toEqual([ids.welcome]);
    expect(found(await search(`content=dragon&channel_id=${CH.welcome}&channel_id=${CH.general}`))).toHaveLength(3);
    expect(found(await search(`author_id=${SEED.users.bob}`))).toEqual([ids.welcome, ids.bobDragon]);
    expect(found(await search('author_type=bot'))).toEqual([ids.file, ids.embed]);
    expect(found(await search('author_type=-bot&author_type=-user'))).toEqual([]);
    expect(found(await search(`mentions=${SEED.users.nelly}`))).toEqual([ids.bobDragon]);
    expect(found(await search('has=link'))).toEqual([ids.link]);
    expect(found(await search('link_hostname=example.com'))).toEqual([ids.link]);
    expect(found(await search('has=embed'))).toEqual([ids.embed]);
    expect(found(await search('has=file'))).toEqual([ids.file]);
    expect(found(await search('has=image'))).toEqual([ids.file]);
    expect(found(await search('attachment_extension=png'))).toEqual([ids.file]);
    expect(found(await search('has=video'))).toEqual([]);
    expect(found(await search('content=dragon&has=-link'))).toHaveLength(3);
    s.emu.core.state.textChannelMessages.get(CH.general)!.find((m) => m.id === ids.first)!.pinnedAt = s.emu.control.now();
    expect(found(await search('pinned=true'))).toEqual([ids.first]);
    expect(found(await search('content=dragon&pinned=false'))).toEqual([ids.welcome, ids.bobDragon]);
    expect(found(await search(`content=dragon&min_id=${ids.first}&max_id=${ids.welcome}`))).toEqual([ids.bobDragon]);
  });

  it('pages with limit (1..25) and offset; total_results counts every match; results are [[message]] with content', async () => {
    const page = await search('limit=2&offset=1&sort_order=asc');
    expect(page.body.total_results).toBe(6);
    expect(found(page)).toEqual([ids.bobDragon, ids.welcome]);
    expect(page.body.messages[0]).toHaveLength(1);
    expect(page.body.messages[0][0].content).toContain('dragon dragon');
    expect(page.body.messages[0][0].reactions).toBeUndefined();
    expect(found(await search('limit=25'))).toHaveLength(6);
  });

  it('refuses bad parameters with 50035 naming them', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'], ['limit=26', 'limit'], ['offset=9976', 'offset'], ['sort_by=best', 'sort_by'], ['sort_order=up', 'sort_order'],
      ['has=gold', 'has'], ['author_type=alien', 'author_type'], ['channel_id=abc', 'channel_id'], ['channel_id=123', 'channel_id'],
      ['min_id=x', 'min_id'], ['pinned=maybe', 'pinned'], [`content=${'x'.repeat(1025)}`, 'content'], ['slop=101', 'slop'],
    ]) {
      const reply = await search(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.code).toBe(50035);
      expect(Object.keys(reply.body.errors), query).toContain(field);
    }
    expect((await search('offset=9975')).status).toBe(200);
  });
});
