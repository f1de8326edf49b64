// Part 2, provisional accounts and child tokens (docs/protocols/oauth2.md, the spec's ban rule): tokens for
// an external identity, merging through the token endpoint, unmerging, the 5300xx errors, the
// ban (tokens deleted at once, a restricted provisional account keeps the identity, merges
// answer 530017 until the ban lifts), and publisher-level child tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, HOUR, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const appId = SEED.applicationId;
const STEAM = 'STEAM_SESSION_TICKET';

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

const provisional = (token: string, type = STEAM, extra: Record<string, unknown> = {}) =>
  api.post('/partner-sdk/token', { client_id: appId, external_auth_type: type, external_auth_token: token, ...extra });

async function me(token: string) {
  return (await api.get('/users/@me', bearer(token))).body;
}

/** An authorization code for `userId`, exchanged with a provisional merge of `ticket`. */
async function merge(userId: string, ticket: string, type = STEAM) {
  const code = await api.code(userId);
  const reply = await api.exchange(code, { external_auth_type: type, external_auth_token: ticket });
  return { reply, code };
}

describe('POST /partner-sdk/token', () => {
  it('gives a provisional account for a new external identity, and the same one again', async () => {
    const first = await provisional('ticket-new-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'Bearer', expires_in: 604800, scope: 'sdk.social_layer' });
    const user = await me(first.body.access_token);
    expect(user).toMatchObject({ is_provisional_account: true, username: `provisional_${user.id.slice(-6)}` });
    expect(first.body.id_token).toBeUndefined(); // only OIDC accounts get one
    const again = await provisional('ticket-new-1');
    expect((await me(again.body.access_token)).id).toBe(user.id);
    const other = await provisional('ticket-new-2');
    expect((await me(other.body.access_token)).id).not.toBe(user.id);
    // The same subject from another provider is another identity.
    const epic = await provisional('ticket-new-1', 'EPIC_ONLINE_SERVICES_ACCESS_TOKEN');
    expect((await me(epic.body.access_token)).id).not.toBe(user.id);
  });

  it('OIDC provisional accounts get an id_token and no refresh token', async () => {
    const reply = await provisional('oidc-subject-1', 'OIDC');
    expect(reply.status).toBe(200);
    expect(reply.body.id_token).toEqual(expect.any(String));
    expect(reply.body.refresh_token).toBeUndefined();
  });

  it('checks the body: 50035 with field paths, unknown application, client secret, JSON only', async () => {
    const empty = await api.post('/partner-sdk/token', {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(50035);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['client_id', 'external_auth_token', 'external_auth_type']);
    const badType = await provisional('x', 'CARRIER_PIGEON');
    expect(badType.body.errors.external_auth_type._errors[0].code).toBe('ENUM_TYPE_COERCE');
    const unknownApp = await api.post('/partner-sdk/token', { client_id: '12345', external_auth_type: STEAM, external_auth_token: 'x' });
    expect(unknownApp.status).toBe(404);
    expect(unknownApp.body.code).toBe(10002);
    expect((await provisional('x', STEAM, { client_secret: 'wrong' })).status).toBe(401);
    expect((await provisional('ticket-with-secret', STEAM, { client_secret: s.emu.application.clientSecret })).status).toBe(200);
    const form = await api.form('/partner-sdk/token', { client_id: appId, external_auth_type: STEAM, external_auth_token: 'x' });
    expect(form.status).toBe(415);
  });

  it('530000 when the application is not enabled for provisional accounts', async () => {
    const app = s.emu.core.app(appId)!;
    app.provisionalAccounts = false;
    try {
      const reply = await provisional('ticket-disabled');
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe(530000);
    } finally {
      app.provisionalAccounts = true;
    }
  });

  it('530001 for an expired identity token', async () => {
    const reply = await provisional('expired:old-ticket');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(530001);
  });
});

describe('POST /partner-sdk/token/bot', () => {
  it('needs the bot token and answers {access_token, id_token, token_type, expires_in, scope}', async () => {
    const body = { external_user_id: 'backend-user-1', preferred_global_name: 'Backend One' };
    expect((await api.post('/partner-sdk/token/bot', body)).status).toBe(401);
    expect((await api.post('/partner-sdk/token/bot', body, bearer(api.token(SEED.users.nelly)))).status).toBe(403);
    const reply = await api.post('/partner-sdk/token/bot', body, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ access_token: expect.any(String), id_token: expect.any(String), token_type: 'Bearer', expires_in: 604800, scope: 'sdk.social_layer' });
    const user = await me(reply.body.access_token);
    expect(user).toMatchObject({ is_provisional_account: true, global_name: 'Backend One' });
    const again = await api.post('/partner-sdk/token/bot', { external_user_id: 'backend-user-1' }, api.bot);
    expect((await me(again.body.access_token)).id).toBe(user.id);
    const bad = await api.post('/partner-sdk/token/bot', { external_user_id: '' }, api.bot);
    expect(bad.body.errors.external_user_id).toBeDefined();
  });
});

describe('merging through the token endpoint', () => {
  it('merges a provisional identity into a full account; the provisional account goes away', async () => {
    const bystander = api.token(SEED.users.bob);
    const before = await provisional('ticket-merge-a');
    const provisionalUser = await me(before.body.access_token);
    const { reply } = await merge(SEED.users.nelly, 'ticket-merge-a');
    expect(reply.status).toBe(200);
    expect((await me(reply.body.access_token)).id).toBe(SEED.users.nelly);
    // The provisional account's tokens are gone, and so is the account.
    expect((await api.get('/users/@me', bearer(before.body.access_token))).status).toBe(401);
    expect((await api.get(`/users/${provisionalUser.id}`, api.bot)).status).toBe(404);
    // The identity now signs in as the full account.
    const after = await provisional('ticket-merge-a');
    expect((await me(after.body.access_token)).id).toBe(SEED.users.nelly);
    // Only the provisional account's tokens went.
    expect((await api.get('/users/@me', bearer(bystander))).status).toBe(200);
  });

  it('merging an identity the account already holds changes nothing (200)', async () => {
    expect((await merge(SEED.users.erin, 'ticket-merge-twice')).reply.status).toBe(200);
    const again = await merge(SEED.users.erin, 'ticket-merge-twice');
    expect(again.reply.status).toBe(200);
    expect((await me((await provisional('ticket-merge-twice')).body.access_token)).id).toBe(SEED.users.erin);
  });

  it('an unknown external_auth_type is 50035 naming it; the code is not spent', async () => {
    const { reply, code } = await merge(SEED.users.nelly, 'ticket-pigeon', 'CARRIER_PIGEON');
    expect([reply.status, reply.body.code]).toEqual([400, 50035]);
    expect(reply.body.errors.external_auth_type._errors[0].code).toBe('ENUM_TYPE_COERCE');
    expect((await api.exchange(code)).status).toBe(200);
  });

  it('external_auth_type and external_auth_token go together', async () => {
    const code = await api.code(SEED.users.nelly);
    const reply = await api.exchange(code, { external_auth_type: STEAM });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_request');
  });

  it('530014 when the identity belongs to another full account; the code is not spent', async () => {
    await provisional('ticket-merge-b');
    expect((await merge(SEED.users.alice, 'ticket-merge-b')).reply.status).toBe(200);
    const { reply, code } = await merge(SEED.users.bob, 'ticket-merge-b');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(530014);
    expect((await api.exchange(code)).status).toBe(200);
  });

  it('530016 when the destination is itself provisional', async () => {
    const source = await me((await provisional('ticket-dest-source')).body.access_token);
    const destination = await me((await provisional('ticket-dest')).body.access_token);
    const { reply } = await merge(destination.id, 'ticket-dest-source');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(530016);
    // Nothing moved.
    expect((await me((await provisional('ticket-dest-source')).body.access_token)).id).toBe(source.id);
  });

  it('530023 when the account holds too many identities; nothing moves', async () => {
    const userId = await api.createUser('many_identities');
    let refusedAt = 0;
    for (let n = 1; n <= 30 && !refusedAt; n++) {
      const { reply } = await merge(userId, `ticket-many-${n}`);
      if (reply.status !== 200) {
        expect(reply.body.code).toBe(530023);
        refusedAt = n;
      }
    }
    expect(refusedAt).toBe(11); // 10 identities at most
    const holder = await me((await provisional(`ticket-many-${refusedAt}`)).body.access_token);
    expect(holder.id).not.toBe(userId);
    expect(holder.is_provisional_account).toBe(true);
  });
});

describe('unmerge', () => {
  it('moves a merged identity back to a new provisional account', async () => {
    await merge(SEED.users.carol, 'ticket-unmerge');
    const carol = await api.login(SEED.users.carol);
    const reply = await api.post('/partner-sdk/provisional-accounts/unmerge', { client_id: appId, external_auth_type: STEAM, external_auth_token: 'ticket-unmerge' });
    expect(reply.status).toBe(204);
    const after = await me((await provisional('ticket-unmerge')).body.access_token);
    expect(after.id).not.toBe(SEED.users.carol);
    expect(after.is_provisional_account).toBe(true);
    expect((await api.get('/users/@me', bearer(carol.access_token))).status).toBe(200); // the full account stays
  });

  it('the bot form takes external_user_id', async () => {
    const full = await api.createUser('bot_unmerge');
    await merge(full, 'backend-unmerge', 'SERVICE_BOT_ISSUED_ACCESS_TOKEN');
    const same = await api.post('/partner-sdk/token/bot', { external_user_id: 'backend-unmerge' }, api.bot);
    expect((await me(same.body.access_token)).id).toBe(full);
    expect((await api.post('/partner-sdk/provisional-accounts/unmerge/bot', { external_user_id: 'backend-unmerge' })).status).toBe(401);
    expect((await api.post('/partner-sdk/provisional-accounts/unmerge/bot', { external_user_id: 'backend-unmerge' }, api.bot)).status).toBe(204);
    const split = await api.post('/partner-sdk/token/bot', { external_user_id: 'backend-unmerge' }, api.bot);
    expect((await me(split.body.access_token)).id).not.toBe(full);
  });

  it('530010 for an identity that was never merged; 10013 for an unknown one', async () => {
    await provisional('ticket-never-merged');
    const reply = await api.post('/partner-sdk/provisional-accounts/unmerge', { client_id: appId, external_auth_type: STEAM, external_auth_token: 'ticket-never-merged' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(530010);
    const unknown = await api.post('/partner-sdk/provisional-accounts/unmerge', { client_id: appId, external_auth_type: STEAM, external_auth_token: 'ticket-nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10013);
  });
});

describe('the ban rule', () => {
  it('deletes tokens at once, keeps the identity on a restricted provisional account, and answers 530017 until the ban lifts', async () => {
    const userId = await api.createUser('banned_player');
    const { reply: merged } = await merge(userId, 'ticket-banned');
    expect(merged.status).toBe(200);
    const tokens = merged.body as { access_token: string; refresh_token: string };

    const { restrictedAccountId } = s.emu.control.banUser(userId, HOUR);
    expect(restrictedAccountId).toMatch(/^\d+$/);
    // Tokens deleted at once.
    expect((await api.get('/users/@me', bearer(tokens.access_token))).status).toBe(401);
    expect((await api.refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    // A new provisional account holds the external identity.
    const restricted = await me((await provisional('ticket-banned')).body.access_token);
    expect(restricted.id).toBe(restrictedAccountId);
    expect(restricted.is_provisional_account).toBe(true);
    // The banned user cannot authorize.
    await expect(api.code(userId)).rejects.toThrow(/400/);

    // Merges answer 530017 while the ban lasts; the code survives the refusal.
    const refused = await merge(SEED.users.dave, 'ticket-banned');
    expect(refused.reply.status).toBe(403);
    expect(refused.reply.body.code).toBe(530017);
    expect((await api.exchange(refused.code)).status).toBe(200);
    s.emu.control.advanceClock(HOUR - 60_000);
    expect((await merge(SEED.users.dave, 'ticket-banned')).reply.body.code).toBe(530017);

    // The ban lifts (emulator clock): the merge succeeds.
    s.emu.control.advanceClock(60_000);
    const lifted = await merge(SEED.users.dave, 'ticket-banned');
    expect(lifted.reply.status).toBe(200);
    expect((await me((await provisional('ticket-banned')).body.access_token)).id).toBe(SEED.users.dave);
    // And the banned user can sign in again.
    expect((await api.get('/users/@me', bearer((await api.login(userId)).access_token))).status).toBe(200);
  });

  it('merging a restricted account moves only the identity named: it keeps its others, which sign in to a live account, not the merged-away one', async () => {
    const userId = await api.createUser('banned_three');
    const EPIC = 'EPIC_ONLINE_SERVICES_ACCESS_TOKEN';
    // Same type and another subject, and the same subject of another type: only an exact match moves.
    for (const [ticket, type] of [['three-a', STEAM], ['three-b', STEAM], ['three-a', EPIC]]) expect((await merge(userId, ticket, type)).reply.status).toBe(200);
    const profileIds = (user: { application_profiles: Array<{ provider_issued_user_id: string }> }) => user.application_profiles.map((p) => p.provider_issued_user_id);
    const [a, b, epicA] = profileIds(await me(api.token(userId)));
    const { restrictedAccountId } = s.emu.control.banUser(userId, HOUR);
    s.emu.control.unbanUser(userId);
    expect(profileIds(await me(api.token(restrictedAccountId!)))).toEqual([a, b, epicA]);

    expect((await merge(SEED.users.dave, 'three-a')).reply.status).toBe(200);
    expect((await api.get(`/users/${restrictedAccountId}`, api.bot)).status).toBe(404);
    expect(profileIds(await me(api.token(SEED.users.dave)))).toContain(a);
    // What the merged-away account keeps, on its own profile list (a control-API token: no route reaches it).
    expect(profileIds(await me(api.token(restrictedAccountId!)))).toEqual([b, epicA]);
    const other = await provisional('three-b');
    expect(other.status).toBe(200);
    const signedIn = await me(other.body.access_token);
    expect(signedIn.id).not.toBe(restrictedAccountId);
    expect(signedIn.is_provisional_account).toBe(true);
  });

  it('a permanent ban answers 530017 until unbanUser', async () => {
    const userId = await api.createUser('banned_forever');
    expect((await merge(userId, 'ticket-forever')).reply.status).toBe(200);
    s.emu.control.banUser(userId);
    s.emu.control.advanceClock(365 * 24 * HOUR);
    expect((await merge(SEED.users.erin, 'ticket-forever')).reply.body.code).toBe(530017);
    s.emu.control.unbanUser(userId);
    expect((await merge(SEED.users.erin, 'ticket-forever')).reply.status).toBe(200);
  });

  it('a ban without linked identities makes no provisional account', async () => {
    const userId = await api.createUser('banned_plain');
    const token = api.token(userId);
    expect(s.emu.control.banUser(userId, HOUR).restrictedAccountId).toBeNull();
    expect((await api.get('/users/@me', bearer(token))).status).toBe(401);
    s.emu.control.unbanUser(userId);
  });
});

describe('child tokens', () => {
  const exchange = (parent: string, extra: Record<string, unknown> = {}) =>
    api.post('/partner-sdk/child-token', { parent_access_token: parent, child_application_id: SEED.childApplicationId, ...extra });

  it('exchanges a parent token for a child token: no refresh token, the parent\'s remaining life', async () => {
    const parent = await api.login(SEED.users.bob);
    s.emu.control.advanceClock(24 * HOUR);
    const reply = await exchange(parent.access_token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number), scope: parent.scope });
    expect(Math.abs(reply.body.expires_in - (604800 - 86400))).toBeLessThanOrEqual(2);
    const who = await api.get('/oauth2/@me', bearer(reply.body.access_token));
    expect(who.body).toMatchObject({ application: { id: SEED.childApplicationId }, user: { id: SEED.users.bob } });
    // No refresh token means nothing to refresh with.
    expect(reply.body.refresh_token).toBeUndefined();
  });

  it('expires with the parent', async () => {
    const parent = await api.login(SEED.users.bob);
    const child = (await exchange(parent.access_token)).body;
    s.emu.control.advanceClock(parent.expires_in * 1000 - 5000);
    expect((await api.get('/users/@me', bearer(child.access_token))).status).toBe(200);
    s.emu.control.advanceClock(5000);
    expect((await api.get('/users/@me', bearer(child.access_token))).status).toBe(401);
  });

  it('dies with the parent (revocation)', async () => {
    const parent = await api.login(SEED.users.alice);
    const child = (await exchange(parent.access_token)).body;
    expect((await api.get('/users/@me', bearer(child.access_token))).status).toBe(200);
    await api.form('/oauth2/token/revoke', { client_id: appId, token: parent.access_token });
    expect((await api.get('/users/@me', bearer(child.access_token))).status).toBe(401);
  });

  it('checks the hierarchy, the parent token and the parent secret', async () => {
    const parent = await api.login(SEED.users.alice);
    const notChild = await api.post('/partner-sdk/child-token', { parent_access_token: parent.access_token, child_application_id: appId });
    expect(notChild.status).toBe(403);
    expect(notChild.body.code).toBe(50001);
    const unknown = await api.post('/partner-sdk/child-token', { parent_access_token: parent.access_token, child_application_id: '42' });
    expect(unknown.body.code).toBe(10002);
    expect((await exchange('not-a-token')).status).toBe(401);
    expect((await exchange(parent.access_token, { parent_client_secret: 'wrong' })).status).toBe(401);
    expect((await exchange(parent.access_token, { parent_client_secret: s.emu.application.clientSecret })).status).toBe(200);
    // A child token is not a parent.
    const child = (await exchange(parent.access_token)).body;
    expect((await exchange(child.access_token)).status).toBe(403);
    const missing = await api.post('/partner-sdk/child-token', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['child_application_id', 'parent_access_token']);
  });
});
