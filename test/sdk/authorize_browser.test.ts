// Client.Authorize through the browser path: the loopback listener, the state check, refusal,
// abort — with the "browser" played by the test (an injected openUrl and fetch).
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { AuthorizationArgs, Client, ErrorType, SdkError } from '../../lib/index';

const APP_ID = 1349146942634065960n;

function browserClient() {
  const opened: string[] = [];
  let notify: (url: string) => void = () => {};
  const nextUrl = new Promise<string>((resolve) => (notify = resolve));
  const client = new Client('http://127.0.0.1:9/api', 'http://web.test', {
    ipcPaths: () => [], // no local client: the browser path
    openUrl: (url) => {
      opened.push(url);
      notify(url);
      return true;
    },
  });
  client.SetApplicationId(APP_ID);
  return { client, opened, nextUrl };
}

function args() {
  const a = new AuthorizationArgs();
  a.SetScopes(Client.GetDefaultCommunicationScopes());
  return a;
}

describe('Authorize in the browser', () => {
  it('receives the code on the loopback redirect and checks the state', async () => {
    const { client, nextUrl } = browserClient();
    const pair = client.CreateAuthorizationCodeVerifier();
    const a = args();
    a.SetCodeChallenge(pair.Challenge());
    const outcome = client.Authorize(a);
    const url = new URL(await nextUrl);
    expect(url.origin + url.pathname).toBe('http://web.test/oauth2/authorize');
    expect(url.searchParams.get('code_challenge')).toBe(pair.Challenge().Challenge());
    const redirect = url.searchParams.get('redirect_uri')!;
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await fetch(`${redirect}?code=code-from-browser&state=${url.searchParams.get('state')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('linked');
    const { result, code, redirectUri } = await outcome;
    expect(result.Successful()).toBe(true);
    expect(code).toBe('code-from-browser');
    expect(redirectUri).toBe(redirect);
    await expect(fetch(redirect)).rejects.toThrow(); // the listener is gone
  });

  it('a redirect with the wrong state is refused and the real one still completes the flow', async () => {
    const { client, nextUrl } = browserClient();
    const outcome = client.Authorize(args());
    const url = new URL(await nextUrl);
    const redirect = url.searchParams.get('redirect_uri')!;
    const forged = await fetch(`${redirect}?code=injected-code&state=not-the-state`);
    expect(forged.status).toBe(400);
    const page = await fetch(`${redirect}?code=real-code&state=${url.searchParams.get('state')}`);
    expect(page.status).toBe(200);
    const { result, code } = await outcome;
    expect(result.Successful()).toBe(true);
    expect(code).toBe('real-code'); // never the injected one
  });

  it('the player refusing is its own result', async () => {
    const { client, nextUrl } = browserClient();
    const outcome = client.Authorize(args()).catch((e) => e);
    const url = new URL(await nextUrl);
    await fetch(`${url.searchParams.get('redirect_uri')}?error=access_denied&state=${url.searchParams.get('state')}`);
    const error: SdkError = await outcome;
    expect(error.result.Type()).toBe(ErrorType.AuthorizationFailed);
    expect(error.result.ErrorCode()).toBe(5000);
    expect(error.result.Error()).toMatch(/^access_denied/);
  });

  it('AbortAuthorize ends the flow with Aborted and frees the listener', async () => {
    const { client, nextUrl } = browserClient();
    const outcome = client.Authorize(args()).catch((e) => e);
    const redirect = new URL(await nextUrl).searchParams.get('redirect_uri')!;
    client.AbortAuthorize();
    const error: SdkError = await outcome;
    expect(error.result.Type()).toBe(ErrorType.Aborted);
    await new Promise((r) => setTimeout(r, 20));
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it('bad arguments are a ValidationError before any browser opens', async () => {
    const { client, opened } = browserClient();
    const error: SdkError = await client.Authorize(new AuthorizationArgs()).catch((e) => e);
    expect(error.result.Type()).toBe(ErrorType.ValidationError);
    expect(opened).toEqual([]);
  });
});

describe("the loopback redirect listener's own answers", () => {
  // Each is answered by the listener itself, before the SDK sees the request: the flow goes on.
  it('refuses what is not a GET (405) and a target longer than 8192 bytes (414), and passes one of exactly 8192 on', async () => {
    const { client, nextUrl } = browserClient();
    const outcome = client.Authorize(args()).catch((e) => e);
    const url = new URL(await nextUrl);
    const redirect = url.searchParams.get('redirect_uri')!;
    expect((await fetch(redirect, { method: 'POST', body: 'code=x' })).status).toBe(405);
    const path = new URL(redirect).pathname; // '/callback'
    const target = (bytes: number) => `${path}?state=x&pad=${'a'.repeat(bytes - path.length - '?state=x&pad='.length)}`;
    expect(target(8193)).toHaveLength(8193);
    expect((await fetch(new URL(target(8193), redirect))).status).toBe(414);
    // At the bound the SDK reads it: a wrong state, refused by the flow (400), not by the listener.
    expect((await fetch(new URL(target(8192), redirect))).status).toBe(400);
    const page = await fetch(`${redirect}?code=real-code&state=${url.searchParams.get('state')}`);
    expect(page.status).toBe(200);
    const { result, code } = await outcome;
    expect(result.Successful()).toBe(true);
    expect(code).toBe('real-code');
  });

  it('a listener that cannot listen ends Authorize with its reason, and opens no page', async () => {
    const createServer = http.createServer;
    const spy = vi.spyOn(http, 'createServer').mockImplementation(((...args: Parameters<typeof http.createServer>) => {
      const server = createServer(...args);
      server.listen = (() => {
        setImmediate(() => server.emit('error', Object.assign(new Error('listen EACCES: permission denied 127.0.0.1'), { code: 'EACCES' })));
        return server;
      }) as typeof server.listen;
      return server;
    }) as typeof http.createServer);
    try {
      const { client, opened } = browserClient();
      const error: SdkError = await client.Authorize(args()).catch((e) => e);
      expect(error).toBeInstanceOf(SdkError);
      expect(error.result.Successful()).toBe(false);
      expect(error.result.Error()).toContain('listen EACCES: permission denied 127.0.0.1');
      expect(opened).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});

