// Every row of the boundary table (test/limits/boundary_cases.ts) against the emulator over
// HTTP: accepted is a 2xx, refused is 400 with code 50035. The SDK runs the same rows
// (sdk_boundaries.test.ts), so both sides agree on every limit, counted in code points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bot, SEED, startTestEmulator, type ApiResult, type TestEmulator } from '../emulator/helpers/harness';
import { validateActivity } from '../../lib/emulator/domain/activities';
import { Limits } from '../../lib/limits.generated';
import { boundaryCases, type BoundaryCase } from './boundary_cases';

let t: TestEmulator;
let auth: string;
let lobbyId: string;
let secrets = 0;

beforeAll(async () => {
  t = await startTestEmulator({ ipc: false });
  // Dozens of writes in a row: the rate limits would answer 429 before the rule is reached.
  t.emu.control.setRateLimits(false);
  auth = `Bearer ${t.token(SEED.users.nelly)}`;
  const lobby = await api(t.emu, 'PUT', '/lobbies', { auth, body: { secret: 'boundaries' } });
  expect(lobby.status).toBe(200);
  lobbyId = lobby.body.id;
});

afterAll(() => t?.close());

/** The request a row makes: one per rule, on the route that applies it. */
function send(row: BoundaryCase): Promise<ApiResult> {
  switch (row.rule) {
    case 'messageContent':
      return api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth, body: { content: row.value } });
    case 'messageMetadata':
      return api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth, body: { content: 'x', metadata: row.value } });
    case 'lobbySecret':
      return api(t.emu, 'PUT', '/lobbies', { auth, body: { secret: row.value } });
    case 'lobbyMetadata':
      return api(t.emu, 'PUT', '/lobbies', { auth, body: { secret: `metadata-${++secrets}`, lobby_metadata: row.value } });
    case 'historyLimit':
      return api(t.emu, 'GET', `/lobbies/${lobbyId}/messages?limit=${row.value}`, { auth });
  }
}

describe('the boundary table against the emulator', () => {
  it('has rows for every rule', () => {
    expect(new Set(boundaryCases.map((row) => row.rule))).toEqual(new Set(['messageContent', 'lobbySecret', 'lobbyMetadata', 'messageMetadata', 'historyLimit']));
  });

  for (const row of boundaryCases) {
    it(`${row.rule}: ${row.name} is ${row.accepted ? 'accepted' : 'refused'}`, async () => {
      const result = await send(row);
      if (row.accepted) {
        expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBeGreaterThanOrEqual(200);
        expect(result.status).toBeLessThan(300);
      } else {
        expect(result.status).toBe(400);
        expect(result.body.code).toBe(50035);
      }
    });
  }

  // Game direct messages apply the same content and metadata rules.
  for (const row of boundaryCases.filter((r) => r.rule === 'messageContent' || r.rule === 'messageMetadata')) {
    it(`direct message ${row.rule}: ${row.name} is ${row.accepted ? 'accepted' : 'refused'}`, async () => {
      const body = row.rule === 'messageContent' ? { content: row.value } : { content: 'x', metadata: row.value };
      const result = await api(t.emu, 'POST', `/users/@me/dms/${SEED.users.alice}/messages`, { auth, body });
      if (row.accepted) expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
      else expect([result.status, result.body.code]).toEqual([400, 50035]);
    });
  }

  it('counts a bot member add the same way (additional_name: 80 code points, astral included)', async () => {
    const at = await api(t.emu, 'PUT', `/lobbies/${lobbyId}/members/${SEED.users.alice}`, { auth: bot(t.emu), body: { additional_name: '😀'.repeat(80) } });
    const over = await api(t.emu, 'PUT', `/lobbies/${lobbyId}/members/${SEED.users.alice}`, { auth: bot(t.emu), body: { additional_name: '😀'.repeat(81) } });
    expect(at.status).toBe(200);
    expect([over.status, over.body.code]).toEqual([400, 50035]);
  });
});

describe('the other limits the emulator enforces count code points too', () => {
  it('activity texts: 128 astral characters, not 64', () => {
    const at = validateActivity({ name: '😀'.repeat(Limits.MaxActivityTextCodePoints) });
    const over = validateActivity({ name: '😀'.repeat(Limits.MaxActivityTextCodePoints + 1) });
    expect('activity' in at).toBe(true);
    expect(over).toEqual({ error: `activity.name must be a string of at most ${Limits.MaxActivityTextCodePoints} characters` });
  });

  it('a guild tag of 4 astral characters is a tag of 4 characters', () => {
    expect(t.emu.control.createUser({ username: 'tagged_astral', primaryGuildTag: '😀'.repeat(Limits.MaxGuildTagCodePoints) })).toMatchObject({ username: 'tagged_astral' });
    expect(() => t.emu.control.createUser({ username: 'tagged_over', primaryGuildTag: '😀'.repeat(Limits.MaxGuildTagCodePoints + 1) })).toThrow(/primaryGuildTag/);
  });

  it('a voice channel status of 500 astral characters is accepted, 501 refused', async () => {
    const channel = t.emu.core.state.guilds.get(SEED.guildId)!.channels.find((c) => c.type === 2)!;
    // In the channel, the bot needs only SET_VOICE_CHANNEL_STATUS, which its seeded role has.
    t.emu.control.setVoiceChannel(t.emu.core.app(t.emu.application.id)!.botUserId, channel.id);
    const put = (status: string) => api(t.emu, 'PUT', `/channels/${channel.id}/voice-status`, { auth: bot(t.emu), body: { status } });
    const over = await put('😀'.repeat(Limits.MaxVoiceChannelStatusCodePoints + 1));
    expect([over.status, over.body.code]).toEqual([400, 50035]);
    const at = await put('😀'.repeat(Limits.MaxVoiceChannelStatusCodePoints));
    // The seeded bot may lack the permission; either way the length rule passed.
    expect(at.status).toBe(204);
  });
});
