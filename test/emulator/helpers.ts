// Shared set-up of the emulator's tests: a running emulator on 127.0.0.1, a small HTTP client
// over real sockets (fetch), OAuth2 helpers (PKCE, the authorize redirect, the token endpoint),
// a webhook receiver, and a log collector.
import { createHash, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SEED, startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../lib/emulator/index';

export { SEED };
export type { RunningEmulator };

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RequestOptions {
  /** The whole Authorization header value, e.g. `Bearer x` or `Bot y`. */
  auth?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body (with `contentType`). */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow';
}

export async function request(url: string, method: string, options: RequestOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth) headers.authorization = options.auth;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (options.contentType) headers['content-type'] = options.contentType;
  const response = await fetch(url, { method, headers, body, redirect: options.redirect ?? 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export const bearer = (token: string) => `Bearer ${token}`;

/** A thin client of one running emulator. */
export class Api {
  constructor(readonly emu: RunningEmulator) {}

  get bot(): string {
    return `Bot ${this.emu.application.botToken}`;
  }

  call(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    return request(this.emu.apiBase + path, method, options);
  }
  get(path: string, auth?: string) {
    return this.call('GET', path, { auth });
  }
  post(path: string, json: unknown, auth?: string) {
    return this.call('POST', path, { json, auth });
  }
  put(path: string, json: unknown, auth?: string) {
    return this.call('PUT', path, { json, auth });
  }
  patch(path: string, json: unknown, auth?: string) {
    return this.call('PATCH', path, { json, auth });
  }
  delete(path: string, auth?: string) {
    return this.call('DELETE', path, { auth });
  }
  /** A form POST (the OAuth2 endpoints). */
  form(path: string, fields: Record<string, string>, auth?: string) {
    return this.call('POST', path, { form: fields, auth });
  }
  web(method: string, path: string, options: RequestOptions = {}) {
    return request(this.emu.webBase + path, method, options);
  }
  /** The HTTP control API: POST {web}/_sdkpp/control/<name>. */
  control(name: string, args: Record<string, unknown> = {}) {
    return this.web('POST', `/_sdkpp/control/${name}`, { json: args });
  }

  /** A bearer token for `userId` through the control API. */
  token(userId: string, scopes?: string[]): string {
    const issued = this.emu.control.issueToken(userId, scopes);
    return issued.accessToken;
  }

  // --- OAuth2

  /** GET /oauth2/authorize (no redirects followed). */
  authorize(params: Record<string, string | undefined>) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
    return this.web('GET', `/oauth2/authorize?${query}`);
  }

  /** A fresh authorization code for `userId` (auto-approve), with a PKCE challenge. */
  async code(userId: string, options: { scope?: string; redirectUri?: string; state?: string } = {}) {
    const { verifier, challenge } = pkce();
    const redirectUri = options.redirectUri ?? 'http://127.0.0.1:43210/callback';
    this.emu.control.setAutoApprove(userId);
    try {
      const reply = await this.authorize({
        response_type: 'code',
        client_id: this.emu.application.id,
        scope: options.scope ?? 'openid sdk.social_layer',
        redirect_uri: redirectUri,
        state: options.state ?? 'st',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const location = reply.headers.get('location');
      if (reply.status !== 302 || !location) throw new Error(`authorize: ${reply.status} ${reply.text}`);
      const code = new URL(location).searchParams.get('code');
      if (!code) throw new Error(`authorize: no code in ${location}`);
      return { code, verifier, challenge, redirectUri, location };
    } finally {
      this.emu.control.setAutoApprove(null);
    }
  }

  /** POST /oauth2/token with grant_type=authorization_code (public client with PKCE). */
  exchange(code: { code: string; verifier: string; redirectUri: string }, extra: Record<string, string> = {}) {
    return this.form('/oauth2/token', {
      grant_type: 'authorization_code',
      client_id: this.emu.application.id,
      code: code.code,
      code_verifier: code.verifier,
      redirect_uri: code.redirectUri,
      ...extra,
    });
  }

  /** Code + exchange: {access_token, refresh_token, ...}. */
  async login(userId: string, scope?: string) {
    const reply = await this.exchange(await this.code(userId, { scope }));
    if (reply.status !== 200) throw new Error(`token: ${reply.status} ${reply.text}`);
    return reply.body as { access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string };
  }

  refresh(refreshToken: string) {
    return this.form('/oauth2/token', { grant_type: 'refresh_token', client_id: this.emu.application.id, refresh_token: refreshToken });
  }

  // --- Users

  async createUser(username: string): Promise<string> {
    return String(this.emu.control.createUser({ username }).id);
  }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Started {
  emu: RunningEmulator;
  api: Api;
  logs: string[];
}

/** startEmulator on 127.0.0.1:0 with a collecting log. */
export async function start(options: StartEmulatorOptions = {}): Promise<Started> {
  const logs: string[] = [];
  const emu = await startEmulator({ port: 0, log: (line) => logs.push(line), ...options });
  return { emu, api: new Api(emu), logs };
}

/** Waits for `check` by polling real time (for asynchronous deliveries, never for time rules). */
export async function until<T>(check: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// --- Webhooks

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A webhook receiver on 127.0.0.1:0: answers 204 when up, 503 when failing, nothing when closed. */
export class Receiver {
  readonly received: Received[] = [];
  /** Every request seen, also the ones answered with 503. */
  hits = 0;
  /** Every request seen, in order, with its headers and body (also the failed ones). */
  readonly attempts: Array<{ headers: http.IncomingHttpHeaders; raw: string; mode: 'up' | 'failing' }> = [];
  mode: 'up' | 'failing' = 'up';
  /** Answer the next N requests this late (ms), to test the sender's timeout. */
  slow: { count: number; delayMs: number } = { count: 0, delayMs: 0 };
  #server: http.Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/events`;
  }

  async listen(port = 0): Promise<this> {
    this.#server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.hits++;
        const raw = Buffer.concat(chunks).toString('utf8');
        this.attempts.push({ headers: req.headers, raw, mode: this.mode });
        if (this.mode === 'failing') {
          res.writeHead(503).end();
          return;
        }
        if (this.slow.count > 0) {
          this.slow.count--;
          setTimeout(() => res.writeHead(204).end(), this.slow.delayMs);
          return;
        }
        this.received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.#server!.once('error', reject);
      this.#server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  events(type: string): Received[] {
    return this.received.filter((r) => r.body?.event?.type === type);
  }
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The application's Ed25519 public key (hex, as the emulator publishes it) as a KeyObject. */
export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Verifies X-Signature-Ed25519 over X-Signature-Timestamp + raw body. */
export function signatureValid(delivery: { headers: http.IncomingHttpHeaders; raw: string }, key: KeyObject): boolean {
  const signature = String(delivery.headers['x-signature-ed25519'] ?? '');
  const timestamp = String(delivery.headers['x-signature-timestamp'] ?? '');
  if (!/^[0-9a-f]{128}$/.test(signature) || !timestamp) return false;
  return verify(null, Buffer.from(timestamp + delivery.raw), key, Buffer.from(signature, 'hex'));
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
