// Authorize through the local chat client over IPC, and AUTHORIZE_REQUEST across a restart of
// the local client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationArgs, AuthorizationTokenType, Client, ErrorType, SdkError } from '../../lib/index';
import { startHarness, tick, until, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ ipc: true });
});
afterAll(async () => h.close());

function args(client: Client) {
  const pair = client.CreateAuthorizationCodeVerifier();
  h.watch.remember(pair.Verifier());
  const a = new AuthorizationArgs();
  a.SetScopes(Client.GetDefaultCommunicationScopes());
  a.SetCodeChallenge(pair.Challenge());
  return { args: a, verifier: pair.Verifier() };
}

describe('Authorize through the local client (IPC)', () => {
  it('uses the AUTHORIZE command instead of the browser', async () => {
    h.emu.control.setAutoApprove(h.emu.users[1].id);
    const opened: string[] = [];
    const client = h.newClient({ ipc: true, openUrl: (url) => (opened.push(url), true) });
    const { args: a, verifier } = args(client);
    const authorized = await client.Authorize(a);
    h.watch.remember(authorized.code);
    expect(opened).toEqual([]); // no browser
    expect(authorized.redirectUri).toBe(`sdkpp-${h.emu.application.id}:/authorize/callback`);
    const tokens = await client.GetToken(BigInt(h.emu.application.id), authorized.code, verifier, authorized.redirectUri);
    h.watch.remember(tokens.accessToken, tokens.refreshToken);
    const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, tokens.accessToken);
    expect(me.id).toBe(BigInt(h.emu.users[1].id));
  });

  it('the player refusing in the local client is AuthorizationFailed with code 5000', async () => {
    h.emu.control.setAutoApprove(null);
    const lines: string[] = [];
    const client = h.newClient({ ipc: true });
    const pending = client.Authorize(args(client).args).catch((e) => e);
    // The emulator names the pending request in its log; the "person" denies it.
    await until(() => h.watch.lines.some((l) => /AUTHORIZE pending as (\d+)/.test(l) && !lines.includes(l)));
    const line = h.watch.lines.filter((l) => /AUTHORIZE pending as (\d+)/.test(l)).at(-1)!;
    lines.push(line);
    h.emu.control.denyAuthorization(/AUTHORIZE pending as (\d+)/.exec(line)![1]);
    const error: SdkError = await pending;
    expect(error.result.Type()).toBe(ErrorType.AuthorizationFailed);
    expect(error.result.ErrorCode()).toBe(5000);
  });

  it('AUTHORIZE_REQUEST reaches the game, also after the local client restarts', async () => {
    const client = h.newClient({ ipc: true });
    const { accessToken } = h.emu.control.issueToken(h.emu.users[0].id);
    h.watch.remember(accessToken);
    await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    let requests = 0;
    client.RegisterAuthorizeRequestCallback(() => requests++);
    // The SDK connects, authenticates and subscribes in the background.
    let delivered = 0;
    await until(() => {
      delivered = h.emu.control.triggerAuthorizeRequest();
      return delivered > 0;
    }, 5000, 50);
    await until(() => requests === 1);
    await h.emu.control.restartLocalClient();
    await tick(50);
    // Reconnect after about a second, then subscribe again.
    await until(() => h.emu.control.triggerAuthorizeRequest() > 0, 8000, 100);
    await until(() => requests >= 2);
    client.RemoveAuthorizeRequestCallback();
    await tick(100);
    const before = requests;
    h.emu.control.triggerAuthorizeRequest();
    await tick(100);
    expect(requests).toBe(before);
  });

  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
