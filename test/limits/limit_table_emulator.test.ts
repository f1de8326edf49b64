// The limits table (limit_table.ts) against the emulator, on every path it lists for the
// emulator: its HTTP routes, gateway commands and local-client (IPC) commands. Every case of a
// row runs on every probe of that row; a refusal must be the path's own (HTTP 400 with 50035
// naming the field and the rule's number; the gateway's close 4002; an IPC ERROR naming the
// field and the number), an acceptance anything that passed the rule.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Limits } from '../../lib/limits.generated';
import { GatewayClient } from '../emulator/helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type ApiResult, type TestEmulator } from '../emulator/helpers/harness';
import { IpcClient } from '../emulator/helpers/ipc_client';
import { limitTable, rowsOn, type LimitCase, type LimitName, type Path } from './limit_table';

let t: TestEmulator;
let nelly: string;
let lobbyId: string;
let messageId: string;
let ipc: IpcClient;
const gateways: GatewayClient[] = [];
let serial = 0;

interface Verdict {
  accepted: boolean;
  /** What the path answered, for the failure message and the refusal's words. */
  detail: string;
}

interface Probe {
  /** Where the value goes: a route and field, a command and field. */
  label: string;
  /** Words a refusal must contain (the field's name, the rule's number); none for a refusal without text. */
  words: (c: LimitCase) => string[];
  run: (c: LimitCase) => Promise<Verdict>;
}

const limitOf = (name: LimitName) => String(Limits[name]);

/** HTTP: refused is 400 + 50035; anything else passed the rule (`passed` narrows what is expected). */
function httpVerdict(result: ApiResult, passed: (r: ApiResult) => boolean = (r) => r.status >= 200 && r.status < 300): Verdict {
  const detail = `${result.status} ${JSON.stringify(result.body).slice(0, 400)}`;
  if (result.status === 400 && result.body?.code === 50035) return { accepted: false, detail };
  if (!passed(result)) throw new Error(`neither accepted nor refused by the rule: ${detail}`);
  return { accepted: true, detail };
}

function httpProbe(label: string, field: string, limit: LimitName, run: (c: LimitCase) => Promise<ApiResult>, passed?: (r: ApiResult) => boolean): Probe {
  return { label, words: () => [field, limitOf(limit)], run: async (c) => httpVerdict(await run(c), passed) };
}

const user = () => `Bearer ${t.token(nelly)}`;
const text = (c: LimitCase) => c.value as string;
const num = (c: LimitCase) => c.value as number;

/** `n` users nobody else uses. */
const spareUsers: string[] = [];
function freshUsers(n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const id = String(t.emu.control.createUser({ username: `table_user_${++serial}` }).id);
    spareUsers.push(id);
    out.push(id);
  }
  return out;
}

/** A provisional account's token (the only kind of account that renames itself). */
async function provisionalToken(): Promise<string> {
  const issued = await api(t.emu, 'POST', '/partner-sdk/token/bot', { auth: bot(t.emu), body: { external_user_id: `table-${++serial}` } });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.access_token;
}

/** An activity with one field set to `value`; `path` is dotted, `buttons.0.label` for a button. */
function activityWith(path: string, value: string): Record<string, unknown> {
  const activity: Record<string, unknown> = { type: 0, name: 'Table' };
  const [head, second, third] = path.split('.');
  if (!second) activity[head] = value;
  else if (head === 'buttons') activity.buttons = [{ label: 'Open', url: 'https://example.com/', [third]: value }];
  else activity[head] = { [second]: value };
  return activity;
}

/** A URL of exactly as many code points as the case's text, of the same characters. */
function asUrl(value: string): string {
  const chars = [...value];
  const prefix = 'https://e/';
  return chars.length <= prefix.length ? value : prefix + chars.slice(prefix.length).join('');
}

function read(activity: unknown, path: string): unknown {
  let at: any = activity;
  for (const key of path.split('.')) at = at?.[key];
  return at;
}

const TEXT_FIELDS = ['name', 'state', 'details', 'assets.large_text', 'assets.small_text', 'party.id', 'secrets.join', 'buttons.0.label'];
const URL_FIELDS = ['state_url', 'details_url', 'assets.large_url', 'assets.small_url', 'buttons.0.url'];
const IMAGE_FIELDS = ['assets.large_image', 'assets.small_image', 'assets.invite_cover_image'];

function activityField(path: string, c: LimitCase): string {
  return URL_FIELDS.includes(path) ? asUrl(text(c)) : text(c);
}

/** Gateway op 3 with the activity: accepted when the presence shows it, refused when the socket closes with 4002. */
function gatewayActivityProbe(path: string, limit: LimitName): Probe {
  return {
    label: `gateway op 3 activities[0].${path}`,
    words: () => [],
    run: async (c) => {
      const userId = freshUsers(1)[0];
      const gateway = await GatewayClient.connect(t.gatewayUrl);
      gateways.push(gateway);
      await gateway.identifyUser(t.emu.control.issueToken(userId).accessToken);
      const value = activityField(path, c);
      gateway.send({ op: 3, d: { since: null, afk: false, status: 'online', activities: [activityWith(path, value)] } });
      // The gateway handles one socket's commands in order: the ACK of a later heartbeat means
      // op 3 was handled (or the socket closed over it).
      gateway.heartbeat();
      const outcome = await Promise.race([gateway.waitFor((p) => p.op === 11).then(() => 'ack' as const), gateway.closed.then((closed) => closed)]);
      if (outcome !== 'ack') return { accepted: false, detail: `closed ${outcome.code} ${outcome.reason}` };
      const shown = t.emu.core.state.presences.get(userId)?.activities[0];
      gateway.close();
      if (read(shown, path) !== value) throw new Error(`op 3 neither applied nor refused (${limit}: presence ${JSON.stringify(shown)?.slice(0, 200)})`);
      return { accepted: true, detail: 'presence updated' };
    },
  };
}

/** IPC SET_ACTIVITY: an ERROR naming the field and the rule, or the activity as set. */
function ipcActivityProbe(path: string, limit: LimitName): Probe {
  return {
    label: `IPC SET_ACTIVITY activity.${path}`,
    words: () => [path.split('.').pop()!, limitOf(limit)],
    run: async (c) => {
      const reply = await ipc.command('SET_ACTIVITY', { pid: 4242, activity: activityWith(path, activityField(path, c)) });
      return { accepted: reply.evt !== 'ERROR', detail: JSON.stringify(reply).slice(0, 300) };
    },
  };
}

const probes: Record<Exclude<Path, 'addon' | 'facade'>, Partial<Record<LimitName, Probe[]>>> = {
  http: {
    MaxMessageContentCodePoints: [
      httpProbe('POST /lobbies/{id}/messages content', 'content', 'MaxMessageContentCodePoints', (c) => api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: user(), body: { content: c.value } })),
      httpProbe('POST /users/@me/dms/{user}/messages content', 'content', 'MaxMessageContentCodePoints', (c) => api(t.emu, 'POST', `/users/@me/dms/${SEED.users.alice}/messages`, { auth: user(), body: { content: c.value } })),
    ],
    MaxLobbySecretCodePoints: [
      httpProbe('PUT /lobbies secret', 'secret', 'MaxLobbySecretCodePoints', (c) => api(t.emu, 'PUT', '/lobbies', { auth: user(), body: { secret: c.value } })),
    ],
    MaxMetadataCodePoints: [
      httpProbe('PUT /lobbies lobby_metadata', 'lobby_metadata', 'MaxMetadataCodePoints', (c) => api(t.emu, 'PUT', '/lobbies', { auth: user(), body: { secret: `md-${++serial}`, lobby_metadata: c.value } })),
      httpProbe('PUT /lobbies member_metadata', 'member_metadata', 'MaxMetadataCodePoints', (c) => api(t.emu, 'PUT', '/lobbies', { auth: user(), body: { secret: `md-${++serial}`, member_metadata: c.value } })),
      httpProbe('POST /lobbies/{id}/messages metadata', 'metadata', 'MaxMetadataCodePoints', (c) => api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: user(), body: { content: 'x', metadata: c.value } })),
      httpProbe('POST /users/@me/dms/{user}/messages metadata', 'metadata', 'MaxMetadataCodePoints', (c) => api(t.emu, 'POST', `/users/@me/dms/${SEED.users.alice}/messages`, { auth: user(), body: { content: 'x', metadata: c.value } })),
      httpProbe('PUT /lobbies/{id}/members/{user} metadata (bot)', 'metadata', 'MaxMetadataCodePoints', (c) => api(t.emu, 'PUT', `/lobbies/${lobbyId}/members/${SEED.users.bob}`, { auth: bot(t.emu), body: { metadata: c.value } })),
    ],
    MaxAdditionalNameCodePoints: [
      httpProbe('PUT /lobbies/{id}/members/{user} additional_name (bot)', 'additional_name', 'MaxAdditionalNameCodePoints', (c) => api(t.emu, 'PUT', `/lobbies/${lobbyId}/members/${SEED.users.alice}`, { auth: bot(t.emu), body: { additional_name: c.value } })),
      httpProbe('POST /lobbies/{id}/members/bulk additional_name (bot)', 'additional_name', 'MaxAdditionalNameCodePoints', (c) => api(t.emu, 'POST', `/lobbies/${lobbyId}/members/bulk`, { auth: bot(t.emu), body: [{ id: SEED.users.carol, additional_name: c.value }] })),
    ],
    MaxHistoryMessagesCount: [
      httpProbe('GET /lobbies/{id}/messages?limit', 'limit', 'MaxHistoryMessagesCount', (c) => api(t.emu, 'GET', `/lobbies/${lobbyId}/messages?limit=${c.value}`, { auth: user() })),
    ],
    MaxHistoryAgeMs: [
      {
        label: 'GET /lobbies/{id}/messages after the clock moved on',
        words: () => [],
        run: async (c) => {
          const secret = `age-${++serial}`;
          // The longest idle timeout (7 days), so the lobby outlives the clock's jump.
          const lobby = await api(t.emu, 'PUT', '/lobbies', { auth: user(), body: { secret, idle_timeout_seconds: 604800 } });
          // The emulator's clock is real time plus an offset: real time stands still for the
          // case, so the message is exactly as old as the case says when the history is read.
          const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
          let posted: ApiResult;
          let history: ApiResult;
          try {
            posted = await api(t.emu, 'POST', `/lobbies/${lobby.body.id}/messages`, { auth: user(), body: { content: 'how old am I' } });
            expect(posted.status).toBe(200);
            t.emu.control.advanceClock(num(c));
            // A fresh token: the clock may have outrun the old one.
            history = await api(t.emu, 'GET', `/lobbies/${lobby.body.id}/messages?limit=10`, { auth: `Bearer ${t.emu.control.issueToken(nelly).accessToken}` });
          } finally {
            frozen.mockRestore();
          }
          expect(history.status, JSON.stringify(history.body)).toBe(200);
          const ids = (history.body as Array<{ id: string }>).map((m) => m.id);
          return { accepted: ids.includes(posted.body.id), detail: `history holds ${ids.length} messages` };
        },
      },
    ],
    MaxBulkLobbyMembersCount: [
      httpProbe('POST /lobbies/{id}/members/bulk (bot): members in one request', '_root', 'MaxBulkLobbyMembersCount', async (c) => {
        const lobby = await api(t.emu, 'POST', '/lobbies', { auth: bot(t.emu), body: {} });
        return api(t.emu, 'POST', `/lobbies/${lobby.body.id}/members/bulk`, { auth: bot(t.emu), body: freshUsers(num(c)).map((id) => ({ id })) });
      }),
      httpProbe('POST /lobbies (bot) members', 'members', 'MaxBulkLobbyMembersCount', (c) => api(t.emu, 'POST', '/lobbies', { auth: bot(t.emu), body: { members: freshUsers(num(c)).map((id) => ({ id })) } })),
    ],
    MaxModerationMetadataKeysCount: [
      httpProbe('PUT /lobbies/{id}/messages/{id}/moderation-metadata (bot): keys', '_root', 'MaxModerationMetadataKeysCount', (c) =>
        api(t.emu, 'PUT', `/lobbies/${lobbyId}/messages/${messageId}/moderation-metadata`, { auth: bot(t.emu), body: Object.fromEntries(Array.from({ length: num(c) }, (_, i) => [`k${i}`, 'v'])) }), (r) => r.status === 200 || r.status === 204),
    ],
    MaxVoiceChannelStatusCodePoints: [
      httpProbe('PUT /channels/{id}/voice-status status (bot)', 'status', 'MaxVoiceChannelStatusCodePoints', (c) => {
        const channel = t.emu.core.state.guilds.get(SEED.guildId)!.channels.find((ch) => ch.type === 2)!;
        return api(t.emu, 'PUT', `/channels/${channel.id}/voice-status`, { auth: bot(t.emu), body: { status: c.value } });
      }),
    ],
    // A username nobody has passes the rule and is answered 80000 (no such user).
    MinUsernameCodePoints: usernameProbes('MinUsernameCodePoints'),
    MaxUsernameCodePoints: usernameProbes('MaxUsernameCodePoints'),
    MaxDisplayNameCodePoints: [
      httpProbe('PATCH /users/@me global_name (provisional account)', 'global_name', 'MaxDisplayNameCodePoints', async (c) => api(t.emu, 'PATCH', '/users/@me', { auth: `Bearer ${await provisionalToken()}`, body: { global_name: c.value } })),
      httpProbe('POST /partner-sdk/token/bot preferred_global_name', 'preferred_global_name', 'MaxDisplayNameCodePoints', (c) => api(t.emu, 'POST', '/partner-sdk/token/bot', { auth: bot(t.emu), body: { external_user_id: `name-${++serial}`, preferred_global_name: c.value } })),
    ],
    MaxActivityInviteContentCodePoints: [
      httpProbe('POST /users/@me/activity-invites content', 'content', 'MaxActivityInviteContentCodePoints', (c) =>
        api(t.emu, 'POST', '/users/@me/activity-invites', { auth: user(), body: { recipient_id: SEED.users.alice, type: 1, party_id: 'party', join_secret: 'join', content: c.value } })),
    ],
    MaxActivityTextCodePoints: [
      // The invite's party and join secret are the activity's, under the activity's rule.
      httpProbe('POST /users/@me/activity-invites party_id', 'party_id', 'MaxActivityTextCodePoints', (c) =>
        api(t.emu, 'POST', '/users/@me/activity-invites', { auth: user(), body: { recipient_id: SEED.users.alice, type: 1, party_id: c.value, join_secret: 'join' } })),
      httpProbe('POST /users/@me/activity-invites join_secret', 'join_secret', 'MaxActivityTextCodePoints', (c) =>
        api(t.emu, 'POST', '/users/@me/activity-invites', { auth: user(), body: { recipient_id: SEED.users.alice, type: 1, party_id: 'party', join_secret: c.value } })),
    ],
  },
  gateway: {
    MaxActivityTextCodePoints: TEXT_FIELDS.map((path) => gatewayActivityProbe(path, 'MaxActivityTextCodePoints')),
    MaxActivityUrlCodePoints: [...URL_FIELDS, ...IMAGE_FIELDS].map((path) => gatewayActivityProbe(path, 'MaxActivityUrlCodePoints')),
  },
  ipc: {
    MaxActivityTextCodePoints: TEXT_FIELDS.map((path) => ipcActivityProbe(path, 'MaxActivityTextCodePoints')),
    MaxActivityUrlCodePoints: [...URL_FIELDS, ...IMAGE_FIELDS].map((path) => ipcActivityProbe(path, 'MaxActivityUrlCodePoints')),
  },
};

function usernameProbes(limit: LimitName): Probe[] {
  const passed = (r: ApiResult) => r.status === 400 && r.body?.code === 80000;
  return [
    httpProbe('POST /users/@me/relationships username', 'username', limit, (c) => api(t.emu, 'POST', '/users/@me/relationships', { auth: user(), body: { username: c.value } }), passed),
    httpProbe('POST /users/@me/game-relationships username', 'username', limit, (c) => api(t.emu, 'POST', '/users/@me/game-relationships', { auth: user(), body: { username: c.value } }), passed),
  ];
}

/** Rows whose path another file already drives at the bound and one over (named, and checked to exist). */
const drivenElsewhere: Partial<Record<Path, Partial<Record<LimitName, string>>>> = {
  http: { MaxLobbyMembersCount: 'test/emulator/lobby_member_cap.test.ts' },
  gateway: { MaxCallMembersCount: 'test/emulator/voice/calls.test.ts' },
};

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
  nelly = SEED.users.nelly;
  const lobby = await api(t.emu, 'PUT', '/lobbies', { auth: user(), body: { secret: 'limit-table' } });
  lobbyId = lobby.body.id;
  const message = await api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: user(), body: { content: 'moderate me' } });
  messageId = message.body.id;
  // The bot's voice status needs it in the channel.
  const channel = t.emu.core.state.guilds.get(SEED.guildId)!.channels.find((c) => c.type === 2)!;
  t.emu.control.setVoiceChannel(t.emu.core.app(t.emu.application.id)!.botUserId, channel.id);
  ({ client: ipc } = await IpcClient.ready(t.emu.ipcPath!, t.emu.application.id));
});

afterAll(async () => {
  ipc?.close();
  for (const gateway of gateways) gateway.close();
  await t?.close();
});

for (const path of ['http', 'gateway', 'ipc'] as const) {
  describe(`the limits table on the emulator's ${path} path`, () => {
    it('has a probe for every row the table puts on this path, and none for another', () => {
      const elsewhere = Object.keys(drivenElsewhere[path] ?? {});
      expect([...Object.keys(probes[path]), ...elsewhere].sort()).toEqual(rowsOn(path).sort());
    });

    // MaxHistoryAgeMs moves the clock: it runs last, so nothing else sees the future.
    const rows = rowsOn(path).sort((a, b) => Number(a === 'MaxHistoryAgeMs') - Number(b === 'MaxHistoryAgeMs'));
    for (const name of rows) {
      const entry = limitTable[name];
      if (entry.kind !== 'rule') continue;
      for (const probe of probes[path][name] ?? []) {
        for (const c of entry.cases) {
          it(`${name} — ${probe.label}: ${c.name} is ${c.accepted ? 'accepted' : 'refused'}`, async () => {
            const verdict = await probe.run(c);
            expect(verdict.accepted, verdict.detail).toBe(c.accepted);
            if (!c.accepted) for (const word of probe.words(c)) expect(verdict.detail, `the refusal names ${word}`).toContain(word);
          });
        }
      }
    }
  });
}

it('the other files named for a path exist and drive that row', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  for (const [path, rows] of Object.entries(drivenElsewhere)) {
    for (const [name, file] of Object.entries(rows!)) {
      expect(rowsOn(path as Path)).toContain(name);
      expect(readFileSync(join(__dirname, '..', '..', file), 'utf8')).toContain(`Limits.${name}`);
    }
  }
});
