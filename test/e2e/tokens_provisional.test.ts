// Provisional accounts -> merge -> ban -> 530017; child tokens; the token-expiration callback by
// the emulator's clock; the device flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationExternalAuthType,
  AuthorizationArgs,
  AuthorizationTokenType,
  Client,
  DeviceAuthorizationArgs,
  ExternalIdentityProviderType,
  SdkError,
} from '../../lib/index';
import { startHarness, until, type Harness } from './helpers';

let h: Harness;
const appId = () => BigInt(h.emu.application.id);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

async function link(client: Client, userIndex: number) {
  h.emu.control.setAutoApprove(h.emu.users[userIndex].id);
  const pair = client.CreateAuthorizationCodeVerifier();
  h.watch.remember(pair.Verifier());
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(pair.Challenge());
  const authorized = await client.Authorize(args);
  h.watch.remember(authorized.code);
  return { ...authorized, verifier: pair.Verifier() };
}

describe('provisional accounts', () => {
  const ticket = 'steam-session-ticket-for-e2e';

  it('GetProvisionalToken gives a provisional account that can rename itself', async () => {
    const client = h.newClient();
    h.watch.remember(ticket);
    const provisional = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(provisional.accessToken, provisional.refreshToken);
    await client.UpdateToken(AuthorizationTokenType.Bearer, provisional.accessToken);
    await client.UpdateProvisionalAccountDisplayName('Guest Player');
    const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, provisional.accessToken);
    expect(me.name).toMatch(/^provisional_/);
    // The same external identity comes back to the same account.
    const again = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(again.accessToken, again.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, again.accessToken)).id).toBe(me.id);
  });

  it('a provisional account\'s application profile names its external identity (GetUserApplicationProfiles)', async () => {
    const client = h.newClient();
    const guestTicket = 'steam-ticket-profile-e2e';
    h.watch.remember(guestTicket);
    const provisional = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, guestTicket);
    h.watch.remember(provisional.accessToken, provisional.refreshToken);
    await client.UpdateToken(AuthorizationTokenType.Bearer, provisional.accessToken);
    expect(client.GetUserApplicationProfiles()).toEqual([]); // not Ready yet
    client.Connect();
    await until(() => client.GetStatus() === Client.Status.Ready);
    const profiles = client.GetUserApplicationProfiles();
    expect(profiles.length).toBe(1);
    expect(profiles[0].ProviderType()).toBe(ExternalIdentityProviderType.Steam);
    expect(profiles[0].ProviderId()).toBe(h.emu.application.id);
    expect(profiles[0].ProviderIssuedUserId()).toMatch(/^[0-9a-f]{20}$/);
    expect(profiles[0].ProviderIssuedUserId()).not.toContain(guestTicket); // never the token itself
    expect(client.GetCurrentUserV2()!.UserApplicationProfiles().map((p) => p.ProviderIssuedUserId())).toEqual([profiles[0].ProviderIssuedUserId()]);
    client.Dispose();
  });

  it('OIDC provisional accounts get no refresh token', async () => {
    const client = h.newClient();
    const oidc = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.OIDC, 'oidc-id-token-subject-42');
    h.watch.remember(oidc.accessToken, 'oidc-id-token-subject-42');
    expect(oidc.refreshToken).toBe('');
  });

  it('merges into a full account, then a ban makes merges answer 530017 until it lifts', async () => {
    const client = h.newClient();
    const nelly = await link(client, 0);
    const merged = await client.GetTokenFromProvisionalMerge(appId(), nelly.code, nelly.verifier, nelly.redirectUri,
      AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(merged.accessToken, merged.refreshToken);
    // The identity now signs in as nelly.
    const same = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(same.accessToken, same.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, same.accessToken)).id).toBe(BigInt(h.emu.users[0].id));

    // Ban: tokens deleted at once, the identity moves to a restricted provisional account.
    const { restrictedAccountId } = h.emu.control.banUser(h.emu.users[0].id, 60 * 60 * 1000);
    expect(restrictedAccountId).not.toBeNull();
    const dead: SdkError = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, merged.accessToken).catch((e) => e);
    expect(dead.result.Status()).toBe(401);
    const restricted = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(restricted.accessToken, restricted.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, restricted.accessToken)).id).toBe(BigInt(restrictedAccountId!));

    // Another account tries to take the identity over: 530017 while the ban lasts.
    const bob = await link(client, 2);
    const refused: SdkError = await client.GetTokenFromProvisionalMerge(appId(), bob.code, bob.verifier, bob.redirectUri,
      AuthenticationExternalAuthType.SteamSessionTicket, ticket).catch((e) => e);
    expect(refused.result.ErrorCode()).toBe(530017);

    h.emu.control.advanceClock(60 * 60 * 1000 + 1);
    const later = await link(client, 2);
    const ok = await client.GetTokenFromProvisionalMerge(appId(), later.code, later.verifier, later.redirectUri,
      AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(ok.accessToken, ok.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, ok.accessToken)).id).toBe(BigInt(h.emu.users[2].id));
  });

  it('UnmergeIntoProvisionalAccount gives the identity its own account again', async () => {
    const client = h.newClient();
    await client.UnmergeIntoProvisionalAccount(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    const own = await client.GetProvisionalToken(appId(), AuthenticationExternalAuthType.SteamSessionTicket, ticket);
    h.watch.remember(own.accessToken, own.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, own.accessToken)).name).toMatch(/^provisional_/);
  });
});

describe('child tokens', () => {
  it('ExchangeChildToken gives a token of the child application for the same user', async () => {
    const client = h.newClient();
    const { accessToken } = h.emu.control.issueToken(h.emu.users[3].id);
    h.watch.remember(accessToken);
    const child = await client.ExchangeChildToken(accessToken, BigInt(h.emu.childApplication.id));
    h.watch.remember(child.accessToken);
    expect(child.expiresIn).toBeGreaterThan(0);
    expect(child.expiresIn).toBeLessThanOrEqual(604800);
    const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, child.accessToken);
    expect(me.id).toBe(BigInt(h.emu.users[3].id));
    // Not a child of this application: refused.
    const refused: SdkError = await client.ExchangeChildToken(accessToken, BigInt(h.emu.application.id)).catch((e) => e);
    expect(refused.result.Status()).toBe(403);
  });
});

describe('token expiry by the emulator clock', () => {
  it('SetTokenExpirationCallback fires before the token expires on the service clock', async () => {
    const client = h.newClient();
    const { accessToken } = h.emu.control.issueToken(h.emu.users[4].id);
    h.watch.remember(accessToken);
    let fired = 0;
    client.SetTokenExpirationCallback(() => fired++);
    await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    await new Promise((r) => setTimeout(r, 100));
    expect(fired).toBe(0);
    // Almost seven days pass on the service: the next response's Date header tells the SDK.
    h.emu.control.advanceClock(7 * 24 * 3600 * 1000 - 4 * 60 * 1000);
    await client.FetchCurrentUser(AuthorizationTokenType.Bearer, accessToken);
    await until(() => fired === 1);
  });
});

describe('device flow', () => {
  it('GetTokenFromDevice polls until the player approves the code', { timeout: 20_000 }, async () => {
    let userCode = '';
    const client = h.newClient({
      openUrl: (url) => {
        userCode = new URL(url).searchParams.get('user_code') ?? '';
        return true;
      },
    });
    const args = new DeviceAuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    const pending = client.GetTokenFromDevice(args);
    await until(() => userCode !== '');
    h.emu.control.approveDevice(userCode, h.emu.users[5].id);
    const tokens = await pending;
    h.watch.remember(tokens.accessToken, tokens.refreshToken);
    expect((await client.FetchCurrentUser(AuthorizationTokenType.Bearer, tokens.accessToken)).id).toBe(BigInt(h.emu.users[5].id));
  });
});

describe('secrets', () => {
  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
