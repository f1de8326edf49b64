// The HTTP path through the Node platform (fetch), with nock standing in for the service.
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationTokenType, Client, ErrorType, HttpStatusCode, SdkError } from '../../lib/index';

const API = 'http://service.test';
const APP_ID = 1234567890123456789n;

function newClient() {
  return new Client(`${API}/api`, 'http://web.test', { ipcPaths: () => [] });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('HTTP through fetch (nock)', () => {
  it('times out at the configured value with a retryable NetworkError', async () => {
    nock(API).get('/api/users/@me').delay(2000).reply(200, { id: '1', username: 'late' });
    const client = newClient();
    client.SetHttpRequestTimeout(300);
    const started = Date.now();
    const error = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh').catch((e) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(SdkError);
    expect(error.result.Type()).toBe(ErrorType.NetworkError);
    expect(error.result.Retryable()).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1900);
  });

  it('waits out a 429 and then succeeds', async () => {
    nock(API)
      .get('/api/users/@me')
      .reply(429, { message: 'You are being rate limited.', retry_after: 0.2, global: false })
      .get('/api/users/@me')
      .reply(200, { id: '42', username: 'patient' });
    const client = newClient();
    const started = Date.now();
    const user = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(user.id).toBe(42n);
    expect(user.name).toBe('patient');
    expect(user.result.Successful()).toBe(true);
  });

  it('retries a 500 on an idempotent request', async () => {
    nock(API)
      .get('/api/users/@me')
      .reply(500, 'boom')
      .get('/api/users/@me')
      .reply(200, { id: '7', username: 'second-try' });
    const user = await newClient().FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh');
    expect(user.name).toBe('second-try');
  });

  it('fills every ClientResult field from an error body', async () => {
    nock(API).get('/api/users/@me').reply(404, { code: 10013, message: 'Unknown User' });
    const error: SdkError = await newClient()
      .FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh')
      .catch((e) => e);
    const r = error.result;
    expect(r.Type()).toBe(ErrorType.HTTPError);
    expect(r.ErrorCode()).toBe(10013);
    // The service's words first, then where the request went (README "Errors and what to do").
    expect(r.Error()).toBe(`Unknown User (GET /users/@me: 404 Not Found at ${API}/api)`);
    expect(r.Status()).toBe(HttpStatusCode.NotFound);
    expect(JSON.parse(r.ResponseBody())).toEqual({ code: 10013, message: 'Unknown User' });
    expect(r.Successful()).toBe(false);
    expect(r.Retryable()).toBe(false);
    expect(r.RetryAfter()).toBe(0);
    expect(error.message).toBe(`FetchCurrentUser failed: HTTPError: Unknown User (GET /users/@me: 404 Not Found at ${API}/api) (code 10013)`);
  });

  it('a malformed token response is an error, not a crash', async () => {
    nock(API).post('/api/oauth2/token').reply(200, '{"access_token": ', { 'content-type': 'application/json' });
    const error: SdkError = await newClient().GetToken(APP_ID, 'code-1', 'verifier-1', 'http://127.0.0.1:1/callback').catch((e) => e);
    expect(error.result.Successful()).toBe(false);
    expect(error.result.Error()).toContain('malformed');
  });

  it('invalid_grant on refresh drops the tokens and tells the status callback', async () => {
    nock(API)
      .get('/api/oauth2/@me')
      .reply(200, { expires: '2099-01-01T00:00:00Z' })
      .post('/api/oauth2/token', (body) => body.grant_type === 'refresh_token' && body.refresh_token === 'deleted-refresh')
      .reply(400, { error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' });
    const client = newClient();
    const statuses: number[][] = [];
    client.SetStatusChangedCallback((status, error, detail) => statuses.push([status, error, detail]));
    await client.UpdateToken(AuthorizationTokenType.Bearer, 'tok-current-abc');
    expect(client.IsAuthenticated()).toBe(true);
    const error: SdkError = await client.RefreshToken(APP_ID, 'deleted-refresh').catch((e) => e);
    expect(error.result.Type()).toBe(ErrorType.AuthorizationFailed);
    expect(error.result.Error()).toMatch(/^invalid_grant/);
    expect(error.result.Retryable()).toBe(false);
    expect(client.IsAuthenticated()).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(statuses.at(-1)).toEqual([Client.Status.Disconnected, Client.Error.ConnectionFailed, 4004]);
    expect(nock.isDone()).toBe(true); // exactly one refresh: nothing retried it
  });

  it('sends the code exchange as a form body', async () => {
    let body: Record<string, string> = {};
    nock(API)
      .post('/api/oauth2/token', (b) => {
        body = b;
        return true;
      })
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, { access_token: 'at-1', token_type: 'Bearer', expires_in: 604800, refresh_token: 'rt-1', scope: 'openid sdk.social_layer' });
    const tokens = await newClient().GetToken(APP_ID, 'code-9', 'verifier-9', 'http://127.0.0.1:5/callback');
    expect(body).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-9',
      code_verifier: 'verifier-9',
      redirect_uri: 'http://127.0.0.1:5/callback',
      client_id: APP_ID.toString(),
    });
    expect(tokens).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1', tokenType: AuthorizationTokenType.Bearer, expiresIn: 604800 });
  });

  it('the callback form delivers the same values without a Promise', async () => {
    nock(API).get('/api/users/@me').reply(200, { id: '5', username: 'cb' });
    const client = newClient();
    const got = await new Promise<[boolean, bigint, string]>((resolve) => {
      const returned = client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh', (result, id, name) =>
        resolve([result.Successful(), id, name]),
      );
      expect(returned).toBeUndefined();
    });
    expect(got).toEqual([true, 5n, 'cb']);
  });

  it('argument errors throw synchronously in the Promise form too', () => {
    const client = newClient();
    expect(() => client.GetToken(-1n, 'c', 'v', 'r')).toThrow(RangeError);
    expect(() => client.FetchCurrentUser(9 as never, 't')).toThrow(/tokenType/);
    expect(() => client.SetHttpRequestTimeout(0)).toThrow(RangeError);
    expect(() => (client as unknown as { GetToken: (...a: unknown[]) => void }).GetToken(1n, 'c', 'v', 'r', 'nope')).toThrow(TypeError);
  });

  it('a disposed client answers ClientDestroyed', async () => {
    nock(API).get('/api/users/@me').delay(500).reply(200, { id: '1', username: 'x' });
    const client = newClient();
    const pending = client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh').catch((e) => e);
    client.Dispose();
    const error: SdkError = await pending;
    expect(error.result.Type()).toBe(ErrorType.ClientDestroyed);
    const after: SdkError = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh').catch((e) => e);
    expect(after.result.Type()).toBe(ErrorType.ClientDestroyed);
    expect(client.valid).toBe(false);
  });
});

describe('error texts that echo request secrets (nock)', () => {
  it('a refresh token, a code and a bearer token echoed by the service reach neither Error() nor SdkError.message', async () => {
    const client = newClient();
    nock(API)
      .post('/api/oauth2/token')
      .reply(400, { error: 'invalid_grant', error_description: 'unknown refresh token echoed-refresh-77' })
      .post('/api/oauth2/token')
      .reply(400, { error: 'invalid_grant', error_description: 'code echoed-code-88 does not match echoed-verifier-99' })
      .get('/api/users/@me')
      .reply(401, { code: 0, message: 'token echoed-bearer-66 is not valid' });
    const refresh: SdkError = await client.RefreshToken(APP_ID, 'echoed-refresh-77').catch((e) => e);
    const exchange: SdkError = await client
      .GetToken(APP_ID, 'echoed-code-88', 'echoed-verifier-99', 'http://127.0.0.1:5/callback')
      .catch((e) => e);
    const me: SdkError = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'echoed-bearer-66').catch((e) => e);
    for (const [error, secrets] of [
      [refresh, ['echoed-refresh-77']],
      [exchange, ['echoed-code-88', 'echoed-verifier-99']],
      [me, ['echoed-bearer-66']],
    ] as const) {
      expect(error).toBeInstanceOf(SdkError);
      expect(error.result.Error()).toContain('[REDACTED]');
      expect(error.message).toContain('[REDACTED]');
      for (const secret of secrets) {
        expect(error.result.Error()).not.toContain(secret);
        expect(error.message).not.toContain(secret);
        expect(error.result.ToString()).not.toContain(secret);
        expect(error.result.ResponseBody()).not.toContain(secret);
      }
    }
  });
});
