// The gateway's URL as clients write it (docs/protocols/http.md: the gateway accepts `?v=10&encoding=json`):
// `/gateway` and `/gateway/` (bot libraries add the slash to the URL GET /gateway/bot gives them),
// the query in any order and with parameters the emulator does not know; any other path is a 404
// with the API's JSON error, a forged Host stays the security 403, and a request target that is
// no URL is a 400 on the gateway and the voice port alike (it ended the process before).
import net from 'node:net';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SEED, startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { closeAll, GatewayClient } from './helpers/gateway_client';

let emu: RunningEmulator;
const clients: GatewayClient[] = [];
const bots: Client[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  closeAll(clients);
  for (const bot of bots) await bot.destroy();
  await emu?.close();
});

/** The base of the gateway URL without its path: ws://127.0.0.1:<port>. */
const base = () => emu.gatewayUrl.replace(/\/gateway$/, '');

/** The status line and body an upgrade request to `path` gets (no WebSocket made). */
function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base()}${path}`, { headers });
    ws.once('open', () => {
      ws.terminate();
      resolve({ status: 101, body: '' });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    ws.once('error', reject);
  });
}

/** Sends `request` as raw bytes to 127.0.0.1:`port` and returns the status line of the answer. */
function rawStatusLine(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text.split('\r\n')[0]));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

describe('the gateway\'s paths and query', () => {
  it.each([
    '/gateway?v=10&encoding=json',
    '/gateway/?v=10&encoding=json',
    '/gateway/?encoding=json&v=10',
    '/gateway?encoding=json&v=10&shard_hint=0&x-unknown=1',
    '/gateway/',
  ])('%s: Hello, then a bot session (READY)', async (path) => {
    const client = await GatewayClient.connect(`${base()}${path}`);
    clients.push(client);
    expect(client.received[0]).toMatchObject({ op: 10, d: { heartbeat_interval: expect.any(Number) } });
    const ready = await client.identifyBot(emu.application.botToken, 1);
    expect(ready.user.id).toBe(SEED.botUserId);
    client.close();
  });

  it.each(['/', '/gateways', '/gateway/extra', '/api/gateway', '/gateway//'])('%s: a 404 with the API\'s JSON error, no session', async (path) => {
    const answer = await upgradeStatus(`${path}?v=10&encoding=json`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, message: '404: Not Found' });
  });

  it('a forged Host is still the security 403, on the gateway path and any other', async () => {
    for (const path of ['/gateway/?v=10&encoding=json', '/gateway?v=10', '/nowhere']) {
      expect((await upgradeStatus(path, { host: `attacker.example:${emu.port}` })).status, path).toBe(403);
    }
    expect((await upgradeStatus('/gateway/?v=10', { origin: 'https://attacker.example' })).status).toBe(403);
  });

  it('a request target that is no URL is a 400 (the gateway and the voice port), and both keep serving', async () => {
    const upgrade = (port: number) =>
      `GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
    expect(await rawStatusLine(emu.port, upgrade(emu.port))).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawStatusLine(emu.voice.port, upgrade(emu.voice.port))).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${emu.apiBase}/gateway`)).status).toBe(200);
    const client = await GatewayClient.connect(`${emu.gatewayUrl}?v=10&encoding=json`);
    clients.push(client);
    client.close();
  });
});

describe('discord.js through /gateway/', () => {
  it('logs in when GET /gateway/bot\'s URL gets a trailing slash, as some bot libraries write it', async () => {
    const connected: string[] = [];
    // The bot's REST goes to the emulator; only /gateway/bot's answer is rewritten to end in a slash.
    const makeRequest = async (url: string, init: RequestInit) => {
      const response = await fetch(url, init);
      if (!url.endsWith('/gateway/bot')) return response;
      const body = (await response.json()) as { url: string };
      return new Response(JSON.stringify({ ...body, url: `${body.url}/` }), { status: response.status, headers: response.headers });
    };
    const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emu.apiBase, makeRequest: makeRequest as never } });
    bots.push(bot);
    bot.on(Events.Debug, (line) => {
      const url = /Connecting to (\S+)/.exec(line)?.[1];
      if (url) connected.push(url);
    });
    const ready = new Promise<void>((resolve) => bot.once(Events.ClientReady, () => resolve()));
    await bot.login(emu.application.botToken);
    await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('no ClientReady within 10 s')), 10_000))]);
    expect(connected[0]).toBe(`${emu.gatewayUrl}/?v=10&encoding=json`);
    expect(bot.guilds.cache.get(SEED.guildId)?.name).toBe(emu.guild.name);
  }, 20_000);
});
