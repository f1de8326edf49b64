// Issue 16, part 5: the Application object (spec, "Application"): GET/PATCH /applications/@me and
// GET /oauth2/applications/@me; `flags` 32-bit and `flags_new` the full set as a string (the seed
// has a flag past bit 30); integration_types_config defaulting to both contexts with
// application.commands (spec, Authentication 3); the user-install count only for
// user-installable apps; READY's application agreeing; the webhook event types an app chooses
// (QUEST_USER_ENROLLMENT accepted by name, an unknown name refused).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, Receiver, SEED, start, until, type Started } from './helpers';
import { GatewayClient } from './helpers/gateway_client';
import * as Shapes from './helpers/public_shapes';

let s: Started;
let api: Api;
const FOUNDER_PACK = (BigInt(SEED.guildId) + 101n).toString();
// Written out here so a wrong constant in the emulator shows.
const GATEWAY_PRESENCE = 1 << 12;
const GATEWAY_PRESENCE_LIMITED = 1 << 13;
const GATEWAY_GUILD_MEMBERS_LIMITED = 1 << 15;
const SEEDED_HIGH_BIT = 1n << 33n;

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('GET /applications/@me', () => {
  it('returns the bot\'s application with every required field of the public type', async () => {
    const reply = await api.get('/applications/@me', api.bot);
    expect(reply.status).toBe(200);
    const app = reply.body;
    expect(Shapes.shapeProblems(app, Shapes.APPLICATION)).toEqual([]);
    expect(app.id).toBe(SEED.applicationId);
    expect(app.verify_key).toBe(s.emu.application.publicKey);
    expect(app.bot).toMatchObject({ id: SEED.botUserId, bot: true });
    expect(app.owner).toMatchObject({ id: SEED.users.alice });
    expect(app.approximate_guild_count).toBe(1);
  });

  it('flags is a 32-bit integer; flags_new is the full set as a decimal string, with the bit past 30', async () => {
    const app = (await api.get('/applications/@me', api.bot)).body;
    // The seed's portal switches: GUILD_PRESENCES and GUILD_MEMBERS on (their LIMITED flags).
    expect(app.flags).toBe(GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_PRESENCE_LIMITED);
    expect(typeof app.flags_new).toBe('string');
    expect(BigInt(app.flags_new)).toBe(SEEDED_HIGH_BIT | BigInt(GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_PRESENCE_LIMITED));
    expect(app.flags_new).not.toBe(String(app.flags));
    // flags is flags_new without the bits past 30.
    expect(BigInt(app.flags)).toBe(BigInt(app.flags_new) & ((1n << 31n) - 1n));
  });

  it('defaults to both installation contexts, each with application.commands, and counts user installs', async () => {
    const app = (await api.get('/applications/@me', api.bot)).body;
    expect(app.integration_types_config).toEqual({
      0: { oauth2_install_params: { scopes: ['application.commands'], permissions: '0' } },
      1: { oauth2_install_params: { scopes: ['application.commands'], permissions: '0' } },
    });
    const before = app.approximate_user_install_count;
    expect(typeof before).toBe('number');
    await api.login(SEED.users.erin);
    expect((await api.get('/applications/@me', api.bot)).body.approximate_user_install_count).toBe(before + 1);
  });

  it('an application without stored settings (a new one) gets the same defaults', async () => {
    const child = s.emu.core.state.applications.get(SEED.childApplicationId)!;
    const saved = child.settings;
    delete child.settings;
    try {
      const app = (await api.get('/applications/@me', `Bot ${s.emu.childApplication.botToken}`)).body;
      expect(app.id).toBe(SEED.childApplicationId);
      expect(Object.keys(app.integration_types_config).sort()).toEqual(['0', '1']);
      expect(app.integration_types_config['0'].oauth2_install_params.scopes).toContain('application.commands');
      expect(app.integration_types_config['1'].oauth2_install_params.scopes).toContain('application.commands');
    } finally {
      child.settings = saved;
    }
  });

  it('needs the bot token: none is 401, a user token 403 (50001)', async () => {
    expect((await api.get('/applications/@me')).status).toBe(401);
    const user = await api.get('/applications/@me', bearer(api.token(SEED.users.nelly)));
    expect(user.status).toBe(403);
    expect(user.body.code).toBe(50001);
  });

  it('GET /oauth2/applications/@me answers the same object, for the bot and for a token of the app', async () => {
    const me = (await api.get('/applications/@me', api.bot)).body;
    const viaBot = await api.get('/oauth2/applications/@me', api.bot);
    expect(viaBot.status).toBe(200);
    expect(viaBot.body).toEqual(me);
    const viaToken = await api.get('/oauth2/applications/@me', bearer(api.token(SEED.users.nelly)));
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.id).toBe(SEED.applicationId);
    expect(viaToken.body.flags_new).toBe(me.flags_new);
    expect((await api.get('/oauth2/applications/@me')).status).toBe(401);
  });

  it("READY's application carries the same flags and flags_new", async () => {
    const me = (await api.get('/applications/@me', api.bot)).body;
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      const ready = await client.identifyBot(s.emu.application.botToken, 1);
      expect(ready.application).toEqual({ id: me.id, flags: me.flags, flags_new: me.flags_new });
    } finally {
      client.close();
    }
  });
});

describe('PATCH /applications/@me', () => {
  // An interactions endpoint on 127.0.0.1 answering the service's PING as `answer` says.
  let endpoint: http.Server;
  let endpointUrl = '';
  let answer: Record<string, unknown> = { type: 1 };
  beforeAll(async () => {
    endpoint = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/interactions`;
  });
  afterAll(async () => {
    await api.patch('/applications/@me', { interactions_endpoint_url: null }, api.bot);
    await new Promise((resolve) => endpoint.close(resolve));
  });

  it('takes a new interactions endpoint only once it answers the PING with {"type": 1}; otherwise 400 and nothing of the request changes', async () => {
    const before = (await api.get('/applications/@me', api.bot)).body;
    answer = { type: 4 };
    const refused = await api.patch('/applications/@me', { description: 'not applied', interactions_endpoint_url: endpointUrl }, api.bot);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(50035);
    expect(refused.body.message).toContain('interactions_endpoint_url');
    expect((await api.get('/applications/@me', api.bot)).body).toEqual(before);
    const closed = await api.patch('/applications/@me', { interactions_endpoint_url: 'http://127.0.0.1:1/closed' }, api.bot);
    expect(closed.status).toBe(400);
    answer = { type: 1 };
  });

  it('changes the description, the limited intent flags (keeping the bits past 30), the endpoint and install params', async () => {
    const reply = await api.patch('/applications/@me', {
      description: 'A game',
      flags: GATEWAY_GUILD_MEMBERS_LIMITED,
      interactions_endpoint_url: endpointUrl,
      install_params: { scopes: ['bot', 'application.commands'], permissions: '2048' },
      name: 'ignored: not editable here',
    }, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body.description).toBe('A game');
    expect(reply.body.flags).toBe(GATEWAY_GUILD_MEMBERS_LIMITED);
    expect(BigInt(reply.body.flags_new)).toBe(SEEDED_HIGH_BIT | BigInt(GATEWAY_GUILD_MEMBERS_LIMITED));
    expect(reply.body.interactions_endpoint_url).toBe(endpointUrl);
    expect(reply.body.install_params).toEqual({ scopes: ['bot', 'application.commands'], permissions: '2048' });
    expect(reply.body.name).toBe('sdkpp Demo Game');
    expect((await api.get('/applications/@me', api.bot)).body).toEqual(reply.body);
  });

  it('refuses any other flag change (50035 at flags) and applies nothing of the request', async () => {
    const before = (await api.get('/applications/@me', api.bot)).body;
    const reply = await api.patch('/applications/@me', { description: 'changed', flags: before.flags | GATEWAY_PRESENCE }, api.bot);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors.flags._errors[0].code).toBe('APPLICATION_FLAGS_INVALID');
    expect((await api.get('/applications/@me', api.bot)).body).toEqual(before);
    const high = await api.patch('/applications/@me', { flags: 2 ** 31 }, api.bot);
    expect(high.status).toBe(400);
    expect(high.body.errors.flags).toBeDefined();
  });

  it('checks each field with its path: description at 400 and 401 characters, a URL, scopes, permissions', async () => {
    expect((await api.patch('/applications/@me', { description: 'd'.repeat(400) }, api.bot)).status).toBe(200);
    const reply = await api.patch('/applications/@me', {
      description: 'd'.repeat(401),
      interactions_endpoint_url: 'ftp://x',
      install_params: { scopes: ['bot', 'no.such.scope'], permissions: '-1' },
      integration_types_config: { 2: {} },
    }, api.bot);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors).sort()).toEqual(['description', 'install_params', 'integration_types_config', 'interactions_endpoint_url']);
    expect(reply.body.errors.install_params.scopes['1']._errors).toBeDefined();
    expect(reply.body.errors.install_params.permissions._errors).toBeDefined();
    expect(reply.body.errors.integration_types_config['2']._errors).toBeDefined();
    expect((await api.get('/applications/@me', api.bot)).body.description).toBe('d'.repeat(400));
  });

  it('a guild-only app has no user-install count; user install back brings it back', async () => {
    const guildOnly = await api.patch('/applications/@me', { integration_types_config: { 0: { oauth2_install_params: { scopes: ['bot'], permissions: '0' } } } }, api.bot);
    expect(guildOnly.status).toBe(200);
    expect(guildOnly.body.integration_types_config).toEqual({ 0: { oauth2_install_params: { scopes: ['bot'], permissions: '0' } } });
    expect(guildOnly.body).not.toHaveProperty('approximate_user_install_count');
    const both = await api.patch('/applications/@me', { integration_types_config: { 0: null, 1: { oauth2_install_params: { scopes: ['application.commands'] } } } }, api.bot);
    expect(both.status).toBe(200);
    expect(both.body.integration_types_config).toEqual({ 0: {}, 1: { oauth2_install_params: { scopes: ['application.commands'], permissions: '0' } } });
    expect(typeof both.body.approximate_user_install_count).toBe('number');
    const none = await api.patch('/applications/@me', { integration_types_config: {} }, api.bot);
    expect(none.status).toBe(400);
  });

  it('needs the bot token and a JSON object', async () => {
    expect((await api.patch('/applications/@me', { description: 'x' })).status).toBe(401);
    expect((await api.patch('/applications/@me', { description: 'x' }, bearer(api.token(SEED.users.nelly)))).status).toBe(403);
    expect((await api.patch('/applications/@me', [1], api.bot)).body.code).toBe(50035);
  });
});

describe('webhook event types (event_webhooks_types)', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await new Receiver().listen();
    s.emu.control.setWebhookUrl(receiver.url);
  });
  afterAll(async () => {
    s.emu.control.setWebhookUrl(null);
    await receiver.close();
  });

  it('lists every type by default, QUEST_USER_ENROLLMENT included', async () => {
    const app = (await api.get('/applications/@me', api.bot)).body;
    expect(app.event_webhooks_url).toBe(receiver.url);
    expect(app.event_webhooks_types).toContain('QUEST_USER_ENROLLMENT');
    expect(app.event_webhooks_types).toContain('ENTITLEMENT_CREATE');
  });

  it('accepts QUEST_USER_ENROLLMENT by name and refuses an unknown name (50035 at its index), changing nothing', async () => {
    const ok = await api.patch('/applications/@me', { event_webhooks_types: ['QUEST_USER_ENROLLMENT'] }, api.bot);
    expect(ok.status).toBe(200);
    expect(ok.body.event_webhooks_types).toEqual(['QUEST_USER_ENROLLMENT']);
    const bad = await api.patch('/applications/@me', { event_webhooks_types: ['ENTITLEMENT_CREATE', 'QUEST_USER_ENROLMENT'] }, api.bot);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.event_webhooks_types['1']._errors[0].code).toBe('ENUM_TYPE_COERCE');
    expect((await api.get('/applications/@me', api.bot)).body.event_webhooks_types).toEqual(['QUEST_USER_ENROLLMENT']);
    expect((await api.patch('/applications/@me', { event_webhooks_types: 'ENTITLEMENT_CREATE' }, api.bot)).status).toBe(400);
  });

  it('the events URL receives only the chosen types', async () => {
    await api.patch('/applications/@me', { event_webhooks_types: ['QUEST_USER_ENROLLMENT'] }, api.bot);
    const quiet = s.emu.control.grantEntitlement(SEED.users.dave, FOUNDER_PACK);
    await api.patch('/applications/@me', { event_webhooks_types: ['ENTITLEMENT_CREATE'] }, api.bot);
    const heard = s.emu.control.grantEntitlement(SEED.users.dave, FOUNDER_PACK);
    const ids = () => receiver.events('ENTITLEMENT_CREATE').map((r) => r.body.event.data.id);
    await until(() => ids().includes(heard.id), 5000, 'ENTITLEMENT_CREATE delivery');
    expect(ids()).not.toContain(quiet.id);
  });
});

describe('a restart from the data file', () => {
  it('keeps the edited settings and every flag bit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-app-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile });
      const edited = await first.api.patch('/applications/@me', { description: 'kept', flags: GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_PRESENCE_LIMITED, event_webhooks_types: ['QUEST_USER_ENROLLMENT'] }, first.api.bot);
      expect(edited.status).toBe(200);
      await first.emu.close();
      const second = await start({ dataFile });
      try {
        expect((await second.api.get('/applications/@me', second.api.bot)).body).toEqual(edited.body);
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
