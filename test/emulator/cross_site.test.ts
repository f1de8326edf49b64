// The emulator against hostile local web pages and peers (issue 11, item 16): a Host other than
// its own (DNS rebinding) is refused, so is a state-changing request or a gateway upgrade from
// another site's Origin, the control API takes only application/json (no simple cross-site
// POST), and an IPC peer trickling one byte at a time cannot keep a partial frame alive.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import { header, IpcClient, Op } from './helpers/ipc_client';

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator({ ipcIncompleteFrameTimeoutMs: 400 });
});

afterAll(() => t?.close());

/** A raw HTTP request with headers fetch would not let a test set (Host). */
function raw(method: string, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: t.emu.port, method, path, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const own = () => `127.0.0.1:${t.emu.port}`;
const json = { 'content-type': 'application/json' };

describe('Host: only the emulator\'s own addresses', () => {
  it('refuses a rebound host name with 403, before any route (issueToken included)', async () => {
    const rebound = await raw('POST', '/_sdkpp/control/issueToken', { host: `attacker.example:${t.emu.port}`, ...json }, JSON.stringify({ userId: SEED.users.nelly }));
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('accessToken');
    expect((await raw('GET', '/api/users/@me', { host: 'attacker.example' })).status).toBe(403);
  });

  it('serves 127.0.0.1 and localhost on its own port', async () => {
    expect((await raw('POST', '/_sdkpp/control/now', { host: own(), ...json }, '{}')).status).toBe(200);
    expect((await raw('POST', '/_sdkpp/control/now', { host: `localhost:${t.emu.port}`, ...json }, '{}')).status).toBe(200);
    expect((await raw('POST', '/_sdkpp/control/now', { host: `127.0.0.1:${t.emu.port + 1}`, ...json }, '{}')).status).toBe(403);
  });
});

describe('Origin: no cross-site state changes', () => {
  it('a cross-site form cannot approve a pending consent', async () => {
    t.emu.control.setAutoApprove(null);
    const authorize = await fetch(`${t.emu.webBase}/oauth2/authorize?client_id=${SEED.applicationId}&response_type=code&scope=openid`);
    expect(authorize.status).toBe(200);
    const [pending] = t.emu.control.listPendingAuthorizations();
    const form = new URLSearchParams({ pending_id: pending.id, decision: 'approve', user_id: SEED.users.nelly }).toString();
    const forged = await raw('POST', '/oauth2/authorize/decide', { host: own(), origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect(forged.status).toBe(403);
    expect(t.emu.control.listPendingAuthorizations().map((p) => p.id)).toContain(pending.id);
    // The consent page itself (same origin) still decides.
    const real = await raw('POST', '/oauth2/authorize/decide', { host: own(), origin: `http://${own()}`, 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect(real.status).toBe(302);
    expect(t.emu.control.listPendingAuthorizations().map((p) => p.id)).not.toContain(pending.id);
  });

  it('refuses a cross-site call of the API and the control API, and an opaque (null) Origin', async () => {
    for (const origin of ['https://attacker.example', 'null']) {
      expect((await raw('POST', '/_sdkpp/control/setWebhookUrl', { host: own(), origin, ...json }, JSON.stringify({ url: 'http://attacker.example/' }))).status).toBe(403);
      expect((await raw('PUT', '/api/lobbies', { host: own(), origin, ...json, authorization: `Bearer ${t.token(SEED.users.nelly)}` }, JSON.stringify({ secret: 'x' }))).status).toBe(403);
    }
    expect((await raw('POST', '/_sdkpp/control/now', { host: own(), 'sec-fetch-site': 'cross-site', ...json }, '{}')).status).toBe(403);
  });

  it('refuses a gateway upgrade from another site\'s page', async () => {
    const ws = new WebSocket(`${t.emu.gatewayUrl}?v=10&encoding=json`, { origin: 'https://attacker.example' });
    const outcome = await new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
      ws.once('error', () => resolve('error'));
    });
    ws.terminate();
    expect(outcome).not.toBe('open');
    const same = new WebSocket(`${t.emu.gatewayUrl}?v=10&encoding=json`);
    await new Promise((resolve, reject) => { same.once('open', resolve); same.once('error', reject); });
    same.terminate();
  });
});

describe('the control API takes JSON only', () => {
  it('a body-less POST or a simple content type (what a cross-site form can send) is a 415', async () => {
    expect((await raw('POST', '/_sdkpp/control/issueToken', { host: own() })).status).toBe(415);
    expect((await raw('POST', '/_sdkpp/control/issueToken', { host: own(), 'content-type': 'text/plain' }, JSON.stringify({ userId: SEED.users.nelly }))).status).toBe(415);
    expect((await raw('POST', '/_sdkpp/control/issueToken', { host: own(), 'content-type': 'application/x-www-form-urlencoded' }, `userId=${SEED.users.nelly}`)).status).toBe(415);
    expect((await raw('POST', '/_sdkpp/control/issueToken', { host: own(), ...json }, JSON.stringify({ userId: SEED.users.nelly }))).status).toBe(200);
  });

  it('the voice hooks too: a body-less POST (which a cross-site page can send) crashes no voice server', async () => {
    for (const name of ['voice.crashVoiceServer', 'crashVoiceServer', 'voice.dropVoiceConnections']) {
      expect((await raw('POST', `/_sdkpp/control/${name}`, { host: own() })).status, name).toBe(415);
      expect((await raw('POST', `/_sdkpp/control/${name}`, { host: own(), 'content-type': 'text/plain' }, '{}')).status, name).toBe(415);
    }
    expect((await raw('POST', '/_sdkpp/control/voice.crashVoiceServer', { host: own(), ...json }, '{}')).status).toBe(200);
  });
});

describe('IPC: a partial frame has one deadline, from its first byte', () => {
  it('a peer trickling one byte every 100 ms is cut off once the frame\'s 400 ms are up', async () => {
    const client = await IpcClient.connect(t.emu.ipcPath!);
    const started = Date.now();
    client.socket.write(header(Op.Handshake, 64));
    const trickle = setInterval(() => client.socket.writable && client.socket.write(Buffer.from(' ')), 100);
    const ended = await Promise.race([client.ended, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 3000))]);
    clearInterval(trickle);
    client.close();
    expect(ended).not.toBe('alive');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ended).toMatchObject({ close: { code: 1006 } });
  });

  it('complete frames in between still start a new deadline for the next partial one', async () => {
    const { client } = await IpcClient.ready(t.emu.ipcPath!, SEED.applicationId);
    for (let i = 0; i < 4; i++) {
      const ping = Buffer.concat([header(Op.Ping, 2), Buffer.from('hi')]);
      client.socket.write(ping.subarray(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 150));
      client.socket.write(ping.subarray(5));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });
});
