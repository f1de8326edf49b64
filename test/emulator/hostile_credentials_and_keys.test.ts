// Inputs that once slipped past validation: a Basic credential with a malformed percent-escape
// (was a 500) and a metadata key named "__proto__" (was silently dropped while the request
// succeeded). Each now gets a clear answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, bearer, request, start, type Started } from './helpers';

let started: Started;

beforeAll(async () => {
  started = await start();
});

afterAll(async () => {
  await started.emu.close();
});

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('Basic client credentials at the token endpoints', () => {
  it.each([
    ['a malformed client id', '%zz:secret'],
    ['a malformed client secret', `${SEED.applicationId}:%E0%A4`],
  ])('%s is invalid_client (401), not a server error', async (_label, credentials) => {
    const token = await started.api.call('POST', '/oauth2/token', {
      auth: basic(credentials),
      form: { grant_type: 'client_credentials', scope: 'identify' },
    });
    expect(token.status).toBe(401);
    expect(token.body).toMatchObject({ error: 'invalid_client' });

    const revoke = await started.api.call('POST', '/oauth2/token/revoke', { auth: basic(credentials), form: { token: 'x' } });
    expect(revoke.status).toBe(401);
    expect(revoke.body).toMatchObject({ error: 'invalid_client' });
  });

  it('well-formed percent-escapes still decode (the seeded secret, escaped)', async () => {
    const escaped = [...SEED.clientSecret].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const reply = await started.api.call('POST', '/oauth2/token', {
      auth: basic(`${SEED.applicationId}:${escaped}`),
      form: { grant_type: 'client_credentials', scope: 'identify' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.token_type).toBe('Bearer');
  });
});

describe('metadata keys are data', () => {
  const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

  it('keeps a "__proto__" key in lobby and member metadata, and in message metadata', async () => {
    const token = started.api.token(SEED.users.nelly);
    const lobby = await request(`${started.emu.apiBase}/lobbies`, 'PUT', {
      auth: bearer(token),
      contentType: 'application/json',
      body: '{"secret":"proto-keys","lobby_metadata":{"__proto__":"x","a":"b"},"member_metadata":{"__proto__":"m"}}',
    });
    expect(lobby.status).toBe(200);
    expect(own(lobby.body.metadata, '__proto__')).toBe(true);
    expect(lobby.body.metadata.__proto__).toBe('x');
    expect(lobby.body.metadata.a).toBe('b');
    const member = lobby.body.members.find((m: { id: string }) => m.id === SEED.users.nelly);
    expect(own(member.metadata, '__proto__')).toBe(true);

    const fetched = await started.api.get(`/lobbies/${lobby.body.id}`, started.api.bot);
    expect(own(fetched.body.metadata, '__proto__')).toBe(true);

    const message = await request(`${started.emu.apiBase}/lobbies/${lobby.body.id}/messages`, 'POST', {
      auth: bearer(token),
      contentType: 'application/json',
      body: '{"content":"hello","metadata":{"__proto__":"meta"}}',
    });
    expect(message.status).toBe(200);
    expect(own(message.body.metadata, '__proto__')).toBe(true);
    expect(message.body.metadata.__proto__).toBe('meta');
  });

  it('counts a "__proto__" key against the 1000-character metadata bound like any other', async () => {
    const token = started.api.token(SEED.users.alice);
    const reply = await request(`${started.emu.apiBase}/lobbies`, 'PUT', {
      auth: bearer(token),
      contentType: 'application/json',
      body: JSON.stringify({ secret: 'proto-bound' }).replace('}', `,"lobby_metadata":{"__proto__":"${'v'.repeat(995)}"}}`),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(50035);
    expect(reply.body.errors.lobby_metadata).toBeDefined();
  });
});
