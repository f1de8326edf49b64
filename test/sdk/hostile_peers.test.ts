// Hostile input reaching the Node platform from outside the app: other programs on this machine
// hitting the loopback redirect listener, and a network that fails with absurd error text. None
// of it may end the process, and none of it may end a sign-in that is still good.
import net from 'node:net';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationArgs, AuthorizationTokenType, Client, ErrorType, SdkError } from '../../lib/index';

const APP_ID = 1349146942634065960n;

function browserClient() {
  let notify: (url: string) => void = () => {};
  const opened = new Promise<string>((resolve) => (notify = resolve));
  const client = new Client('http://127.0.0.1:9/api', 'http://web.test', {
    ipcPaths: () => [],
    openUrl: (url) => {
      notify(url);
      return true;
    },
  });
  client.SetApplicationId(APP_ID);
  return { client, opened };
}

function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    socket.on('close', () => resolve(reply.split('\r\n')[0]));
    socket.on('error', () => resolve('error'));
    socket.setTimeout(3000, () => socket.destroy());
  });
}

describe('the loopback redirect listener', () => {
  it('answers junk, oversized and non-response requests and still completes the real redirect', async () => {
    const { client, opened } = browserClient();
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    const outcome = client.Authorize(args);
    const authorize = new URL(await opened);
    const redirect = new URL(authorize.searchParams.get('redirect_uri')!);
    const base = `http://127.0.0.1:${redirect.port}`;
    const status = (path: string, init?: RequestInit) => fetch(base + path, init).then((r) => r.status, () => 'failed');

    expect(await status('/favicon.ico')).toBe(404);
    expect(await status('/callback')).toBe(400); // a reload or a link preview: not a response
    expect(await status('/callback?utm_source=preview')).toBe(400);
    expect(await status(`/callback?${'x'.repeat(10_000)}`)).toBe(414); // once crashed the process
    expect(await status(`/callback?${'x'.repeat(20_000)}`)).toBe(431); // Node's own header bound
    expect(await status('/callback', { method: 'POST', body: 'code=x' })).toBe(405);
    expect(await status('/favicon.ico', { headers: { 'x-big': 'a'.repeat(100_000) } })).toBe(431);
    expect(await rawRequest(Number(redirect.port), '\x00\xff not http\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);

    const state = authorize.searchParams.get('state')!;
    expect(await status(`/callback?code=the-real-code&state=${encodeURIComponent(state)}`)).toBe(200);
    const { result, code } = await outcome;
    expect(result.Successful()).toBe(true);
    expect(code).toBe('the-real-code');
    client.Dispose();
  });
});

describe('network failures with absurd error text', () => {
  const API = 'http://hostile.test';
  beforeAll(() => nock.disableNetConnect());
  afterAll(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('an error message far past the addon\'s bound is a NetworkError, not a crash or a hang', async () => {
    nock(API).get('/api/users/@me').times(10).replyWithError('E'.repeat(50_000));
    const client = new Client(`${API}/api`, 'http://web.test', { ipcPaths: () => [] });
    client.SetHttpRequestTimeout(2000);
    const error: SdkError = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-hostile').catch((e) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error.result.Type()).toBe(ErrorType.NetworkError);
    expect(error.result.Error().length).toBeLessThan(2000);
    client.Dispose();
  });
});

describe('Node options that misbehave', () => {
  it('an ipcPaths that throws or answers junk means no local client, not a hang', async () => {
    const throwing = new Client('http://127.0.0.1:9/api', 'http://web.test', {
      ipcPaths: () => {
        throw new Error('broken option');
      },
    });
    expect(await throwing.IsServiceAppInstalled()).toBe(false);
    const junk = new Client('http://127.0.0.1:9/api', 'http://web.test', { ipcPaths: () => [42, null] as unknown as string[] });
    expect(await junk.IsServiceAppInstalled()).toBe(false);
    throwing.Dispose();
    junk.Dispose();
  });
});
