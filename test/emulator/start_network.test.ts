// startEmulator's network options over real sockets (all on loopback): a bad host, port, voice
// port or public URL is refused with the option's name before anything listens; a fixed voice
// port serves the voice gateway (TCP) and media (UDP) on that number; another loopback address
// (127.0.0.2, Linux) is what the emulator binds and advertises, voice included; a public URL is
// what clients are given and what the Host check accepts, while a forged Host is still refused.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { SEED } from './helpers';
import { closeAll, type GatewayClient } from './helpers/gateway_client';
import { callOf, closeOpened, identify, joinCall, lobbyOf, mainSession, opIs, VoiceClient, type Opened } from './voice/helpers';
import { Api } from './helpers';

const running: RunningEmulator[] = [];
const opened: Opened = { gateways: [], connected: [] };
const gateways: GatewayClient[] = [];
const voices: VoiceClient[] = [];

afterAll(async () => {
  closeOpened(opened);
  closeAll(gateways);
  for (const v of voices) v.terminate();
  for (const emu of running) await emu.close();
});

async function started(options: Parameters<typeof startEmulator>[0]): Promise<RunningEmulator> {
  const emu = await startEmulator(options);
  running.push(emu);
  return emu;
}

/** A port number free for both TCP and UDP on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const tcp = net.createServer();
    const port = await new Promise<number>((resolve) => tcp.listen(0, '127.0.0.1', () => resolve((tcp.address() as net.AddressInfo).port)));
    const udp = dgram.createSocket('udp4');
    const free = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => resolve(true));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
    if (free) return port;
  }
  throw new Error('no port free for TCP and UDP');
}

/** A raw HTTP request to `address:port` with a Host header of our choosing. */
function raw(address: string, port: number, path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: address, port, method, path, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('bad network options', () => {
  it('are refused with the option\'s name and rule, and nothing is left listening', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ port: 70000 }, /^port: an integer from 0 to 65535/],
      [{ port: '8790' }, /^port: an integer from 0 to 65535/],
      [{ voicePort: -1 }, /^voicePort: an integer from 0 to 65535/],
      [{ voicePort: 1.5 }, /^voicePort: an integer from 0 to 65535/],
      [{ host: 'example.com' }, /^host: an IP address/],
      [{ host: '' }, /^host: an IP address/],
      [{ publicUrl: 'ftp://emulator' }, /^publicUrl: an http:\/\/ or https:\/\/ URL/],
      [{ publicUrl: 'http://emulator:8790/api' }, /^publicUrl: an http:\/\/ or https:\/\/ URL/],
      [{ port: 18790, voicePort: 18790 }, /^voicePort: must differ from port/],
    ];
    for (const [options, message] of cases) {
      await expect(startEmulator(options as Parameters<typeof startEmulator>[0]), JSON.stringify(options)).rejects.toThrow(message);
    }
  });

  it('a voice port in use fails the start naming it, and frees the HTTP port it had taken', async () => {
    const busy = net.createServer();
    const port = await new Promise<number>((resolve) => busy.listen(0, '127.0.0.1', () => resolve((busy.address() as net.AddressInfo).port)));
    const httpPort = await freePort();
    try {
      await expect(startEmulator({ port: httpPort, voicePort: port })).rejects.toThrow(new RegExp(`^voice server: TCP port ${port} on 127\\.0\\.0\\.1: .*EADDRINUSE`));
      // The HTTP port is free again: another start takes it.
      const again = await started({ port: httpPort });
      expect(again.port).toBe(httpPort);
    } finally {
      busy.close();
    }
  });
});

describe('voicePort', () => {
  it('the voice gateway (TCP) and media (UDP) are on that port, and VOICE_SERVER_UPDATE and Ready say so', async () => {
    const voicePort = await freePort();
    const emu = await started({ voicePort });
    emu.control.voice!.setDaveRequired(false);
    expect(emu.voice.port).toBe(voicePort);
    expect(emu.voice.endpoint).toBe(`127.0.0.1:${voicePort}`);
    const call = await callOf(emu, [[SEED.users.nelly, 'aead_aes256_gcm_rtpsize']], opened);
    const [member] = call.members;
    expect(member.ready).toMatchObject({ ip: '127.0.0.1', port: voicePort });
    // connectMedia's UDP discovery went to that port and got an answer: media flows there.
    expect(member.media.key?.length).toBe(32);
  });
});

describe.runIf(process.platform === 'linux')('host: another loopback address (127.0.0.2)', () => {
  let emu: RunningEmulator;

  it('binds it, advertises it (API, gateway, voice), and the Host check accepts it', async () => {
    emu = await started({ host: '127.0.0.2' });
    expect(emu.host).toBe('127.0.0.2');
    expect(emu.server.address()).toMatchObject({ address: '127.0.0.2', port: emu.port });
    expect(emu.webBase).toBe(`http://127.0.0.2:${emu.port}`);
    expect(emu.gatewayUrl).toBe(`ws://127.0.0.2:${emu.port}/gateway`);
    expect(emu.voice.endpoint).toMatch(/^127\.0\.0\.2:\d+$/);
    const me = await fetch(`${emu.apiBase}/users/@me`, { headers: { authorization: `Bot ${emu.application.botToken}` } });
    expect(me.status).toBe(200);
    expect((await fetch(`${emu.apiBase}/gateway`).then((r) => r.json() as Promise<{ url: string }>)).url).toBe(emu.gatewayUrl);
    // Not bound on 127.0.0.1 any more.
    await expect(raw('127.0.0.1', emu.port, '/api/gateway', { host: `127.0.0.1:${emu.port}` })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a forged Host or a cross-site Origin is still refused', async () => {
    expect((await raw('127.0.0.2', emu.port, '/api/gateway', { host: `attacker.example:${emu.port}` })).status).toBe(403);
    expect((await raw('127.0.0.2', emu.port, '/api/gateway', { host: `127.0.0.2:${emu.port + 1}` })).status).toBe(403);
    const json = { 'content-type': 'application/json' };
    expect((await raw('127.0.0.2', emu.port, '/_sdkpp/control/now', { host: `127.0.0.2:${emu.port}`, origin: 'https://attacker.example', ...json }, 'POST', '{}')).status).toBe(403);
    expect((await raw('127.0.0.2', emu.port, '/_sdkpp/control/now', { host: `127.0.0.2:${emu.port}`, origin: `http://127.0.0.2:${emu.port}`, ...json }, 'POST', '{}')).status).toBe(200);
  });

  it('the voice server is bound there too, and Ready gives that address for media', async () => {
    emu.control.voice!.setDaveRequired(false);
    const lobbyId = await lobbyOf(new Api(emu), [SEED.users.nelly]);
    const main = await mainSession(emu, SEED.users.nelly);
    gateways.push(main.gateway);
    const join = await joinCall(main.gateway, SEED.users.nelly, lobbyId);
    expect(join.endpoint).toBe(emu.voice.endpoint);
    const voice = await VoiceClient.connect(emu);
    voices.push(voice);
    identify(voice, join);
    expect((await voice.waitFor(opIs(2))).d).toMatchObject({ ip: '127.0.0.2', port: emu.voice.port });
  });
});

describe('publicUrl', () => {
  it('is what clients are given: apiBase, webBase, the gateway URL (GET /gateway/bot too) and the voice endpoint\'s host', async () => {
    const emu = await started({ publicUrl: 'http://emulator.test:18790' });
    expect(emu.webBase).toBe('http://emulator.test:18790');
    expect(emu.apiBase).toBe('http://emulator.test:18790/api');
    expect(emu.gatewayUrl).toBe('ws://emulator.test:18790/gateway');
    expect(emu.voice.endpoint).toBe(`emulator.test:${emu.voice.port}`);
    // As a port mapping would deliver it: to the real port, with the public URL's Host.
    const bot = await raw('127.0.0.1', emu.port, '/api/v10/gateway/bot', { host: 'emulator.test:18790', authorization: `Bot ${emu.application.botToken}` });
    expect(bot.status).toBe(200);
    expect(JSON.parse(bot.body).url).toBe('ws://emulator.test:18790/gateway');
    // The loopback names still answer; a forged Host does not, nor the public name on another port.
    expect((await raw('127.0.0.1', emu.port, '/api/gateway', { host: `127.0.0.1:${emu.port}` })).status).toBe(200);
    expect((await raw('127.0.0.1', emu.port, '/api/gateway', { host: 'attacker.example:18790' })).status).toBe(403);
    expect((await raw('127.0.0.1', emu.port, '/api/gateway', { host: `emulator.test:${emu.port}` })).status).toBe(403);
    const json = { 'content-type': 'application/json', host: 'emulator.test:18790' };
    expect((await raw('127.0.0.1', emu.port, '/_sdkpp/control/now', { ...json, origin: 'http://emulator.test:18790' }, 'POST', '{}')).status).toBe(200);
    expect((await raw('127.0.0.1', emu.port, '/_sdkpp/control/now', { ...json, origin: 'http://attacker.example' }, 'POST', '{}')).status).toBe(403);
  });

  it('https: the gateway URL is wss://', async () => {
    const emu = await started({ publicUrl: 'https://emu.example.test/' });
    expect(emu.webBase).toBe('https://emu.example.test');
    expect(emu.gatewayUrl).toBe('wss://emu.example.test/gateway');
  });
});

/** Whether this machine has an IPv6 loopback to bind (containers often have none). */
async function ipv6Loopback(): Promise<boolean> {
  const probe = net.createServer();
  const bound = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => resolve(true));
  });
  if (bound) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return bound;
}

describe('host: the IPv6 loopback', () => {
  it('::1 is bound and advertised in brackets; the voice server is there too', async (context) => {
    if (!(await ipv6Loopback())) context.skip();
    const emu = await started({ host: '[::1]' });
    expect(emu.host).toBe('::1');
    expect(emu.webBase).toBe(`http://[::1]:${emu.port}`);
    expect(emu.gatewayUrl).toBe(`ws://[::1]:${emu.port}/gateway`);
    expect(emu.voice.endpoint).toBe(`[::1]:${emu.voice.port}`);
    expect((await fetch(`${emu.apiBase}/gateway`)).status).toBe(200);
    expect((await raw('::1', emu.port, '/api/gateway', { host: `[::1]:${emu.port}` })).status).toBe(200);
    expect((await raw('::1', emu.port, '/api/gateway', { host: `attacker.example:${emu.port}` })).status).toBe(403);
    const voice = await VoiceClient.connect(emu);
    voices.push(voice);
    expect(voice.received[0]).toMatchObject({ op: 8 });
  });
});

describe('host: localhost', () => {
  it('is 127.0.0.1', async () => {
    const emu = await started({ host: 'localhost' });
    expect(emu.host).toBe('127.0.0.1');
    expect(emu.server.address()).toMatchObject({ address: '127.0.0.1' });
    expect(emu.webBase).toBe(`http://127.0.0.1:${emu.port}`);
  });
});
