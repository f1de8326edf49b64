// The service's HTTP error codes through the whole SDK path — the façade, the addon, the core's
// result builder and the Node host's fetch — code by code, with the status the service answers
// each with. The table mirrors native/test/http_results_test.cc
// (HttpResults.EveryServiceErrorCodeIsKeptWithItsStatus): every code is an HTTPError carrying the
// code (ErrorCode) and the status, not retryable, with the service's message in the error text;
// none gets another ErrorType, so an app tells them apart by ErrorCode. A local HTTP server on
// 127.0.0.1 stands in for the service and answers the row under test to any request, once — a
// second request for the same row (a retry) fails the test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationExternalAuthType, AuthorizationTokenType, Client, ErrorType, SdkError, type ClientResult } from '../../lib/index';

interface Row {
  code: number;
  status: number;
  message: string;
}

const ROWS: Row[] = [
  { code: 10013, status: 404, message: 'Unknown User' },
  { code: 10031, status: 404, message: 'Unknown Lobby' },
  { code: 30000, status: 400, message: 'Maximum number of lobby members reached' },
  { code: 50001, status: 403, message: 'Missing Access' },
  { code: 50013, status: 403, message: 'Missing Permissions' },
  { code: 50035, status: 400, message: 'Invalid Form Body' },
  { code: 50109, status: 400, message: 'The request body contains invalid JSON.' },
  { code: 80000, status: 400, message: 'Incorrect username' },
  { code: 110000, status: 400, message: 'This guild is not yet indexed for search' },
  { code: 160014, status: 400, message: 'Cannot forward a message whose content cannot be read' },
  { code: 530017, status: 403, message: 'The linked account is banned' },
];

const APP_ID = 1234567890123456789n;

let server: http.Server;
let api = '';
let answering: Row | undefined;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    seen.push(`${req.method} ${req.url}`);
    const row = answering;
    answering = undefined; // one answer per row: a retry meets a 500 and shows in `seen`
    if (!row) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"code":0,"message":"answered twice"}');
      return;
    }
    res.writeHead(row.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: row.code, message: row.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Each SDK call the table goes through: a bearer GET and an unauthenticated POST. */
const CALLS: { name: string; request: string; run: (client: Client) => Promise<unknown> }[] = [
  {
    name: 'FetchCurrentUser',
    request: 'GET /api/users/@me',
    run: (client) => client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'tok-abcdefgh'),
  },
  {
    name: 'UnmergeIntoProvisionalAccount',
    request: 'POST /api/partner-sdk/provisional-accounts/unmerge',
    run: (client) => client.UnmergeIntoProvisionalAccount(APP_ID, AuthenticationExternalAuthType.OIDC, 'ext-token-1'),
  },
];

async function answer(call: (typeof CALLS)[number], row: Row): Promise<{ error: SdkError; requests: string[] }> {
  const client = new Client(api, 'http://127.0.0.1:1', { ipcPaths: () => [] });
  try {
    seen.length = 0;
    answering = row;
    const error = await call.run(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, `${call.name} ${row.code}`).toBeInstanceOf(SdkError);
    return { error: error as SdkError, requests: [...seen] };
  } finally {
    answering = undefined;
    client.Dispose();
  }
}

describe('the service error codes, code by code through the façade', () => {
  for (const call of CALLS) {
    it(`${call.name}: each code is a non-retryable HTTPError keeping its code and status`, async () => {
      for (const row of ROWS) {
        const { error, requests } = await answer(call, row);
        const r: ClientResult = error.result;
        const label = `${call.name} ${row.code}`;
        expect(requests, label).toEqual([call.request]);
        expect(r.Successful(), label).toBe(false);
        expect(r.Type(), label).toBe(ErrorType.HTTPError);
        expect(r.ErrorCode(), label).toBe(row.code);
        expect(r.Status(), label).toBe(row.status);
        expect(r.Retryable(), label).toBe(false);
        expect(r.RetryAfter(), label).toBe(0);
        expect(r.Error(), label).toContain(row.message);
        expect(JSON.parse(r.ResponseBody()), label).toEqual({ code: row.code, message: row.message });
        expect(error.message, label).toContain(`(code ${row.code})`);
      }
    });
  }
});
