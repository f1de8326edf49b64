// Per-scope consent end to end with the real addon: the person leaves a requested scope out on
// the consent page (the control API's approval with the scopes granted), and the SDK's GetToken
// and RefreshToken report the granted scopes, not the requested ones; a call needing the scope
// left out fails with the service's 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationArgs, AuthorizationTokenType, Client, SdkError } from '../../lib/index';
import { startHarness, until, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setAutoApprove(null);
});

afterAll(async () => h.close());

describe('per-scope consent (end to end)', () => {
  it('GetToken and RefreshToken report only the scopes granted; GetUserGuilds without guilds is refused', async () => {
    // A "browser" that shows the consent page and then goes where the person's decision sends it.
    let pageShown = false;
    const client = h.newClient({
      openUrl: (url) => {
        void fetch(url, { redirect: 'manual' }).then((page) => (pageShown = page.status === 200));
        return true;
      },
    });
    const appId = BigInt(h.emu.application.id);
    const pair = client.CreateAuthorizationCodeVerifier();
    h.watch.remember(pair.Verifier());
    const args = new AuthorizationArgs();
    args.SetScopes(`${Client.GetDefaultPresenceScopes()} guilds email`);
    args.SetCodeChallenge(pair.Challenge());
    const authorizing = client.Authorize(args);
    await until(() => pageShown && h.emu.control.listPendingAuthorizations().length === 1);
    const [pending] = h.emu.control.listPendingAuthorizations();
    expect(pending.scopes).toEqual(['openid', 'sdk.social_layer_presence', 'guilds', 'email']);
    // The person unticks guilds.
    const { redirect } = h.emu.control.approveAuthorization(pending.id, h.emu.users[0].id, ['email']);
    await fetch(redirect).catch(() => undefined); // the browser lands on the SDK's loopback listener
    const authorized = await authorizing;
    h.watch.remember(authorized.code);

    const tokens = await client.GetToken(appId, authorized.code, pair.Verifier(), authorized.redirectUri);
    h.watch.remember(tokens.accessToken, tokens.refreshToken);
    expect(tokens.scopes).toBe('openid sdk.social_layer_presence email');
    const refreshed = await client.RefreshToken(appId, tokens.refreshToken);
    h.watch.remember(refreshed.accessToken, refreshed.refreshToken);
    expect(refreshed.scopes).toBe('openid sdk.social_layer_presence email');

    await client.UpdateToken(AuthorizationTokenType.Bearer, refreshed.accessToken);
    const refused: SdkError = await client.GetUserGuilds().then(() => undefined as never, (e) => e);
    expect(refused).toBeInstanceOf(SdkError);
    expect(refused.result.Status()).toBe(403);
  });

  it('no secret reached a log line (SDK or emulator)', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
