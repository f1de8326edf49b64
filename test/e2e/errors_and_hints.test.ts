// README "Errors and what to do", end to end: each row the emulator (or a socket standing in for
// a broken service) can produce, seen from the app — the SdkError's text names the URL or the API
// base and says what to do, Connect stops on a permanent failure (no further attempt within a
// window longer than a retry's backoff) and keeps retrying a transient one, and no token, code or
// secret reaches any error text or log line (run under the debug addon too, by
// debug_addon_logs.test.ts, so Info and Verbose lines are checked as well). The close codes the
// emulator cannot send to a player's session (4010-4014) and the 15-minute authorize timeout are
// the native harness's (native/test/error_hints_test.cc).
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackCertificate } from '../../lib/emulator/voice/certificate';
import { Activity, ActivityTypes, AuthorizationTokenType, Client, ErrorType, LoggingSeverity, SdkError } from '../../lib/index';
import { startHarness, tick, until, type Harness } from './helpers';

let h: Harness;
const texts: string[] = []; // every error text the app saw, checked for secrets at the end

const APP_CODE = 'e2e-hint-code-4711';
const APP_VERIFIER = 'e2e-hint-verifier-abcdefghijklmnopqrstuvwxyz0123456789';
const BAD_TOKEN = 'e2e-not-a-token-of-this-service-0815';

beforeAll(async () => {
  h = await startHarness();
  h.watch.remember(APP_CODE, APP_VERIFIER, BAD_TOKEN);
});
afterAll(async () => {
  await h.close();
  for (const server of servers) await closeServer(server);
});

const servers: Server[] = [];
async function listen(server: Server): Promise<number> {
  servers.push(server);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  (server as Server & { destroyAll?: () => void }).destroyAll = () => sockets.forEach((s) => s.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
async function closeServer(server: Server): Promise<void> {
  (server as Server & { destroyAll?: () => void }).destroyAll?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Watched {
  client: Client;
  statuses: Array<[number, number, number]>;
  lines: Array<[string, number]>;
}

/** A Client at `apiBase` whose status changes and Warning/Error lines are recorded (and secret-checked). */
function watchedClient(apiBase: string, webBase = h.emu.webBase): Watched {
  const client = new Client(apiBase, webBase, { ipcPaths: () => [] });
  client.SetApplicationId(BigInt(h.emu.application.id));
  const watched: Watched = { client, statuses: [], lines: [] };
  client.SetStatusChangedCallback((status, error, detail) => watched.statuses.push([status, error, detail]));
  client.AddLogCallback((message, severity) => {
    h.watch.log(message);
    if (severity >= LoggingSeverity.Warning) watched.lines.push([message, severity]);
  }, LoggingSeverity.Verbose);
  clients.push(client);
  return watched;
}
const clients: Client[] = [];
afterAll(() => clients.forEach((client) => client.Dispose()));

async function rejection(promise: Promise<unknown>): Promise<SdkError> {
  const error = await promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SdkError);
  const sdkError = error as SdkError;
  texts.push(sdkError.message, sdkError.result.Error());
  return sdkError;
}

const lastStatus = (w: Watched) => w.statuses.at(-1);
const attempts = (w: Watched) => w.statuses.filter(([status]) => status === Client.Status.HttpWait || status === Client.Status.Connecting).length;

/** No further connection attempt in a window longer than the first retry's backoff (0.5-1.5 s). */
async function expectNoFurtherAttempt(w: Watched): Promise<void> {
  const before = attempts(w);
  await tick(2500);
  expect(attempts(w)).toBe(before);
  expect(w.client.GetStatus()).toBe(Client.Status.Disconnected);
}

describe('the service is not running', () => {
  it('a call names the URL and says how to start the local service', async () => {
    const port = await freePort();
    const { client, lines } = watchedClient(`http://127.0.0.1:${port}/api`);
    const error = await rejection(client.GetToken(BigInt(h.emu.application.id), APP_CODE, APP_VERIFIER, 'http://127.0.0.1:5/callback'));
    expect(error.result.Type()).toBe(ErrorType.NetworkError);
    expect(error.message).toContain(`GetToken failed: NetworkError: POST http://127.0.0.1:${port}/api/oauth2/token failed: ECONNREFUSED`);
    expect(error.message).toContain(`is the service running at http://127.0.0.1:${port}? Start the local one with: npx sdkpp-emulator`);
    await until(() => lines.some(([line]) => line.startsWith(`GetToken: POST http://127.0.0.1:${port}/api/oauth2/token failed`)));
  });

  it('Connect keeps retrying, and logs why', async () => {
    const port = await freePort();
    const w = watchedClient(`http://127.0.0.1:${port}/api`);
    const { accessToken } = h.emu.control.issueToken(h.emu.users[0].id);
    h.watch.remember(accessToken);
    await w.client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    w.client.Connect();
    // Two failed attempts, each after the HTTP client's own two retries, within the backoff.
    await until(() => w.statuses.filter(([status]) => status === Client.Status.Reconnecting).length >= 2, 15_000);
    expect(lastStatus(w)?.[1]).toBe(Client.Error.ConnectionFailed);
    expect(w.client.GetStatus()).not.toBe(Client.Status.Disconnected);
    const reported = w.lines.filter(([line]) => line.startsWith('Connect: '));
    expect(reported.length).toBe(1); // the first failure; the next report is the 10th
    expect(reported[0][0]).toContain(`GET http://127.0.0.1:${port}/api/gateway failed: ECONNREFUSED`);
    expect(reported[0][0]).toContain(`is the service running at http://127.0.0.1:${port}? Start the local one with: npx sdkpp-emulator`);
    expect(reported[0][0]).toContain('Retrying in');
    w.client.Disconnect();
  }, 30_000);
});

describe('the API base is wrong (no /api)', () => {
  it('a call names the base and asks whether it is right', async () => {
    const { client } = watchedClient(h.emu.webBase);
    const error = await rejection(client.FetchCurrentUser(AuthorizationTokenType.Bearer, BAD_TOKEN));
    expect(error.result.Type()).toBe(ErrorType.HTTPError);
    expect(error.result.Error()).toBe(
      `GET /users/@me failed: 404 Not Found at ${h.emu.webBase} — is the API base right? It must end in /api: did you mean ${h.emu.webBase}/api? ` +
        'Set it with ClientCreateOptions.ApiBase, new Client(apiBase, webBase) or SDKPP_API_BASE',
    );
  });

  it('Connect stops with the HTTP status and says why', async () => {
    const w = watchedClient(h.emu.webBase);
    const { accessToken } = h.emu.control.issueToken(h.emu.users[0].id);
    h.watch.remember(accessToken);
    await w.client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    w.client.Connect();
    await until(() => lastStatus(w)?.[0] === Client.Status.Disconnected);
    expect(lastStatus(w)).toEqual([Client.Status.Disconnected, Client.Error.ConnectionFailed, 404]);
    await until(() => w.lines.some(([line]) => line.startsWith('Connect stopped: ')));
    const stopped = w.lines.find(([line]) => line.startsWith('Connect stopped: '))!;
    expect(stopped[1]).toBe(LoggingSeverity.Error);
    expect(stopped[0]).toContain(`GET /gateway failed: 404 Not Found at ${h.emu.webBase} — is the API base right?`);
    expect(stopped[0]).toContain('Not retrying');
    await expectNoFurtherAttempt(w);
  });
});

describe('a bad token', () => {
  it('a call says the token was refused', async () => {
    const { client } = watchedClient(h.emu.apiBase);
    const error = await rejection(client.FetchCurrentUser(AuthorizationTokenType.Bearer, BAD_TOKEN));
    expect(error.result.Error()).toContain(`GET /users/@me failed: 401 Unauthorized at ${h.emu.apiBase}`);
    expect(error.result.Error()).toContain('the token was refused');
    expect(error.result.Error()).toContain('call UpdateToken with a fresh one');
  });

  it('Connect stops on 4004 and says to call UpdateToken', async () => {
    const w = watchedClient(h.emu.apiBase);
    await w.client.UpdateToken(AuthorizationTokenType.Bearer, BAD_TOKEN);
    w.client.Connect();
    await until(() => lastStatus(w)?.[0] === Client.Status.Disconnected);
    expect(lastStatus(w)).toEqual([Client.Status.Disconnected, Client.Error.ConnectionFailed, 4004]);
    await until(() => w.lines.some(([line]) => line.startsWith('Connect stopped: ')));
    const stopped = w.lines.find(([line]) => line.startsWith('Connect stopped: '))!;
    expect(stopped[0]).toContain('the token was refused (4004 authentication failed): call UpdateToken with a fresh token');
    expect(stopped[0]).toContain('then Connect');
    await expectNoFurtherAttempt(w);
  });
});

describe('an expired token', () => {
  it('a call is refused with the hint, Connect stops on 4004', async () => {
    const w = watchedClient(h.emu.apiBase);
    const { accessToken, expiresIn } = h.emu.control.issueToken(h.emu.users[1].id);
    h.watch.remember(accessToken);
    h.emu.control.advanceClock((expiresIn + 60) * 1000);
    const error = await rejection(w.client.FetchCurrentUser(AuthorizationTokenType.Bearer, accessToken));
    expect(error.result.Error()).toContain(`GET /users/@me failed: 401 Unauthorized at ${h.emu.apiBase} — the token was refused (expired`);
    await w.client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    w.client.Connect();
    await until(() => lastStatus(w)?.[0] === Client.Status.Disconnected);
    expect(lastStatus(w)).toEqual([Client.Status.Disconnected, Client.Error.ConnectionFailed, 4004]);
    await expectNoFurtherAttempt(w);
  });
});

describe('ClientNotReady', () => {
  it('before Connect says call Connect; while connecting says wait for Ready', async () => {
    const w = watchedClient(h.emu.apiBase);
    const { accessToken } = h.emu.control.issueToken(h.emu.users[2].id);
    h.watch.remember(accessToken);
    await w.client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
    const activity = new Activity();
    activity.SetType(ActivityTypes.Playing);
    activity.SetState('Waiting');
    const early = await rejection(w.client.UpdateRichPresence(activity));
    expect(early.result.Type()).toBe(ErrorType.ClientNotReady);
    expect(early.result.Error()).toContain('not connected: call Connect() (after UpdateToken), then wait for Client.Status.Ready (SetStatusChangedCallback)');
    w.client.Connect();
    const connecting = await rejection(w.client.UpdateRichPresence(activity));
    expect(connecting.result.Type()).toBe(ErrorType.ClientNotReady);
    expect(connecting.result.Error()).toContain('connecting (HttpWait): wait for Client.Status.Ready (SetStatusChangedCallback)');
    await until(() => w.client.GetStatus() === Client.Status.Ready);
    await w.client.UpdateRichPresence(activity); // and once Ready it goes through
    w.client.Disconnect();
  });
});

describe('a broken service', () => {
  it('a TLS failure names the URL and says to check the certificate', async () => {
    const { key, cert } = await loopbackCertificate(); // self-signed: trusted by nobody here
    const port = await listen(createHttpsServer({ key, cert }, (_req, res) => res.end('{}')));
    const { client } = watchedClient(`https://127.0.0.1:${port}/api`);
    const error = await rejection(client.GetToken(BigInt(h.emu.application.id), APP_CODE, APP_VERIFIER, 'http://127.0.0.1:5/callback'));
    expect(error.result.Error()).toContain(`POST https://127.0.0.1:${port}/api/oauth2/token failed: DEPTH_ZERO_SELF_SIGNED_CERT`);
    expect(error.result.Error()).toContain(`the TLS connection to https://127.0.0.1:${port} failed: check that its certificate`);
  });

  it('a service that never answers times out with the URL and the setting', async () => {
    const port = await listen(createHttpServer(() => undefined)); // holds every request
    const { client } = watchedClient(`http://127.0.0.1:${port}/api`);
    client.SetHttpRequestTimeout(300);
    const error = await rejection(client.GetToken(BigInt(h.emu.application.id), APP_CODE, APP_VERIFIER, 'http://127.0.0.1:5/callback'));
    expect(error.result.Type()).toBe(ErrorType.NetworkError);
    expect(error.result.Error()).toBe(
      `POST http://127.0.0.1:${port}/api/oauth2/token timed out after 300 ms — the service at http://127.0.0.1:${port} ` +
        "did not answer in time: is it up and reachable? (the limit is SetHttpRequestTimeout's)",
    );
  });

  it('a password in the API base never reaches an error text', async () => {
    const port = await freePort();
    const { client } = watchedClient(`http://player:e2e-base-password-99@127.0.0.1:${port}/api`);
    h.watch.remember('e2e-base-password-99');
    const error = await rejection(client.GetToken(BigInt(h.emu.application.id), APP_CODE, APP_VERIFIER, 'http://127.0.0.1:5/callback'));
    expect(error.result.Type()).toBe(ErrorType.NetworkError);
    expect(error.result.Error()).toContain(`POST http://127.0.0.1:${port}/api/oauth2/token failed`);
  });
});

describe('secrets', () => {
  it('no token, code, verifier or password in any error text or log line of this file', async () => {
    await tick(50); // the last log lines are delivered from the callback queue
    expect(texts.length).toBeGreaterThanOrEqual(18);
    const secrets = [...h.watch.secrets];
    for (const text of texts) for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 6)}… in ${text}`).toBe(false);
    expect(h.watch.leaks()).toEqual([]);
  });
});
