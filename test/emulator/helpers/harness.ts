// Set-up shared by the gateway, IPC and fan-out tests: an emulator on loopback with its IPC
// candidates inside a fresh temporary directory (so parallel files never collide), HTTP calls
// against its API, and users with tokens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SEED, startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../../lib/emulator/index';

export { SEED };

export interface TestEmulator {
  emu: RunningEmulator;
  dir: string;
  ipcPaths: string[];
  /** `${gatewayUrl}?v=10&encoding=json` */
  gatewayUrl: string;
  /** An access token (sdk.social_layer) for a user. */
  token(userId: string): string;
  close(): Promise<void>;
}

/** IPC candidates private to `dir`: socket files in it, or on Windows (where IPC is named
 * pipes, lib/protocol/ipc_paths.ts) pipes named after it, so parallel files never collide. */
export function ipcCandidates(dir: string, count = 3): string[] {
  if (process.platform === 'win32') {
    return Array.from({ length: count }, (_, n) => `\\\\?\\pipe\\${basename(dir)}-sdkpp-ipc-${n}`);
  }
  return Array.from({ length: count }, (_, n) => join(dir, `sdkpp-ipc-${n}`));
}

export async function startTestEmulator(options: StartEmulatorOptions = {}, shared?: { dir: string }): Promise<TestEmulator> {
  const dir = shared?.dir ?? mkdtempSync(join(tmpdir(), 'sdkpp-emu-'));
  const ipcPaths = ipcCandidates(dir);
  const emu = await startEmulator({ port: 0, ipc: true, ipcPaths, ...options });
  const tokens = new Map<string, string>();
  return {
    emu,
    dir,
    ipcPaths,
    gatewayUrl: `${emu.gatewayUrl}?v=10&encoding=json`,
    token(userId) {
      let token = tokens.get(userId);
      if (!token) tokens.set(userId, (token = emu.control.issueToken(userId).accessToken));
      return token;
    },
    async close() {
      await emu.close();
      if (!shared) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ApiResult {
  status: number;
  body: any;
}

/** An HTTP call to the emulator's API: `auth` is `Bearer <token>` or `Bot <token>`. */
export async function api(emu: RunningEmulator, method: string, path: string, options: { auth?: string; body?: unknown } = {}): Promise<ApiResult> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.authorization = options.auth;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${emu.apiBase}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

export const bot = (emu: RunningEmulator) => `Bot ${emu.application.botToken}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RFC 7009 revocation of `token` by the seeded application (client credentials in the form). */
export async function revokeToken(emu: RunningEmulator, token: string): Promise<number> {
  const response = await fetch(`${emu.apiBase}/oauth2/token/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: SEED.applicationId, client_secret: emu.application.clientSecret, token }),
  });
  await response.arrayBuffer();
  return response.status;
}
