// Properties: random frames on the emulator's socket protocols — the gateway, the local client's
// IPC and the voice gateway with its UDP port — valid-shaped and broken (wrong types, missing
// fields, huge values, unicode, wrong opcodes, frames out of order) never leave an uncaught
// exception or unhandled rejection in the emulator's process (a child: its crash fails the run),
// each protocol still greets a new connection after every run, and the heap after all runs stays
// within a bound of the heap after the warm-up.
import fc from 'fast-check';
import dgram from 'node:dgram';
import net from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../lib/emulator/seed';
import { GatewayClient } from '../emulator/helpers/gateway_client';
import { encode, header, IpcClient, Op } from '../emulator/helpers/ipc_client';
import { joinCall } from '../emulator/voice/helpers';
import { EmulatorHost, type HostInfo } from './emulator_host';
import { FUZZ_FACTOR, fuzzBudget } from './fuzz_settings';
import { gatewayFrame, gatewayQuery, ipcFrame, voiceFrame, type GatewayFrame, type IpcFrame, type VoiceFrame } from './protocol_frames';

let host: EmulatorHost;

beforeAll(async () => {
  host = new EmulatorHost();
  await host.info();
});
afterAll(async () => {
  await host?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshUser(): Promise<{ id: string; token: string }> {
  const id = (await host.control<{ id: string }>('createUser', { username: `fz${Math.floor(Math.random() * 1e9)}` })).id;
  return { id, token: (await host.control<{ accessToken: string }>('issueToken', id)).accessToken };
}

/** Runs `body`, then fails the run if the emulator reported an error (and starts a fresh one). */
async function checked(body: () => Promise<void>, probe: (info: HostInfo) => Promise<void>): Promise<void> {
  let thrown: unknown = null;
  try {
    await body();
  } catch (error) {
    thrown = error;
  }
  const errors = await host.errors().catch((error: Error) => [`the emulator process is gone: ${error.message}`]);
  if (errors.length === 0 && thrown === null) {
    try {
      await probe(await host.info());
    } catch (error) {
      thrown = new Error(`after the run, a new connection was not served: ${(error as Error).message}`);
    }
  }
  if (errors.length > 0 || thrown) {
    host.restart();
    throw new Error([...errors, ...(thrown ? [String((thrown as Error).stack ?? thrown)] : [])].join('\n'));
  }
}

/** The property, then the heap bound: after all runs within a bound of the heap after `warmUp` runs. */
async function assertWithHeapBound<T>(name: string, arbitrary: fc.Arbitrary<T>, run: (value: T) => Promise<void>, runs: number, msPerRun: number, warmUp: number): Promise<void> {
  let count = 0;
  let warmHeap = 0;
  const budget = fuzzBudget<[T]>(runs, msPerRun);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await run(value);
      if (++count === warmUp) warmHeap = await host.heapAfterGc();
    }),
    budget.parameters,
  );
  const endHeap = await host.heapAfterGc();
  console.log(`emulator ${name} fuzz: heap ${(warmHeap / 2 ** 20).toFixed(1)} MiB after ${warmUp} runs, ${(endHeap / 2 ** 20).toFixed(1)} MiB after ${count}`);
  // Sessions the runs opened are kept resumable for a while (and users they created stay):
  // a few KiB each; a socket or timer leaked per connection would exceed this.
  expect(endHeap - warmHeap).toBeLessThan(warmHeap * 0.25 + 8 * 1024 * 1024 * FUZZ_FACTOR);
}

// --- gateway

async function probeGateway(info: HostInfo): Promise<void> {
  const client = await GatewayClient.connect(`${info.gatewayUrl}?v=10&encoding=json`);
  client.close();
}

function send(ws: WebSocket, data: string | Buffer): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(data);
}

async function gatewayRun({ query, frames }: { query: string; frames: GatewayFrame[] }): Promise<void> {
  const info = await host.info();
  const user = await freshUser();
  const lobby = await (await fetch(`${info.apiBase}/lobbies`, { method: 'PUT', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ secret: `fz-${user.id}` }) })).json() as { id: string };
  await checked(async () => {
    const ws = new WebSocket(`${info.gatewayUrl}?${query}`);
    ws.on('error', () => {});
    let sessionId = 'nope';
    ws.on('message', (data) => {
      try {
        const payload = JSON.parse(data.toString()) as { t?: string; d?: { session_id?: string } };
        if (payload.t === 'READY' && payload.d?.session_id) sessionId = payload.d.session_id;
      } catch {
        // binary or not JSON: nothing to remember
      }
    });
    await new Promise<void>((resolve) => {
      ws.once('open', () => resolve());
      ws.once('close', () => resolve());
    });
    for (const frame of frames) {
      const token = (kind: string) => (kind === 'user' ? `Bearer ${user.token}` : kind === 'bot' ? `Bot ${info.application.botToken}` : kind === 'garbage' ? 'Bearer \u00e9\u0000x' : undefined);
      switch (frame.t) {
        case 'identify': send(ws, JSON.stringify({ op: 2, d: { token: token(frame.token), properties: { os: 'linux' }, ...(frame.extra as object) } })); break;
        case 'heartbeat': send(ws, JSON.stringify({ op: 1, d: frame.seq })); break;
        case 'resume': send(ws, JSON.stringify({ op: 6, d: { token: token(frame.token), session_id: frame.session === 'own' ? sessionId : 'fuzz-session', seq: frame.seq } })); break;
        case 'op': send(ws, JSON.stringify({ op: frame.op, d: frame.d })); break;
        case 'voice': send(ws, JSON.stringify({ op: 4, d: { ...(frame.d as object), ...(frame.lobby ? { channel_id: lobby.id, guild_id: null } : {}) } })); break;
        case 'text': send(ws, frame.text); break;
        case 'binary': send(ws, Buffer.from(frame.bytes)); break;
        case 'huge': send(ws, JSON.stringify({ op: 1, d: null, pad: 'x'.repeat(20 * 1024) })); break;
        case 'wait': await sleep(frame.ms); break;
      }
    }
    await sleep(20);
    ws.terminate();
  }, probeGateway);
}

// --- IPC

async function probeIpc(info: HostInfo): Promise<void> {
  const { client } = await IpcClient.ready(info.ipcPath, SEED.applicationId);
  client.close();
}

async function ipcRun(frames: IpcFrame[]): Promise<void> {
  const info = await host.info();
  const user = await freshUser();
  await checked(async () => {
    const socket = net.createConnection(info.ipcPath);
    socket.on('error', () => {});
    socket.on('data', () => {});
    await new Promise<void>((resolve) => {
      socket.once('connect', () => resolve());
      socket.once('close', () => resolve());
    });
    const write = (bytes: Buffer) => {
      if (!socket.destroyed) socket.write(bytes);
    };
    for (const frame of frames) {
      switch (frame.t) {
        case 'handshake': write(encode(Op.Handshake, { v: frame.v, client_id: frame.clientId === 'app' ? SEED.applicationId : frame.clientId === 'other' ? SEED.childApplicationId : '\u0000x' })); break;
        case 'command': write(encode(Op.Frame, { cmd: frame.cmd, args: frame.args, nonce: frame.nonce, ...(frame.evt === undefined ? {} : { evt: frame.evt }) })); break;
        case 'authenticate': write(encode(Op.Frame, { cmd: 'AUTHENTICATE', args: { access_token: frame.token === 'user' ? user.token : 'garbage' }, nonce: 'auth' })); break;
        case 'ping': write(encode(Op.Ping, frame.payload)); break;
        case 'raw': {
          const payload = Buffer.from(frame.payload);
          write(Buffer.concat([header(frame.opcode >>> 0, frame.declared < 0 ? payload.length : frame.declared >>> 0), payload]));
          break;
        }
        case 'huge': write(encode(Op.Frame, { cmd: 'SET_ACTIVITY', args: {}, nonce: 'x', pad: 'x'.repeat(70 * 1024) })); break;
        case 'close': write(encode(Op.Close, { code: 1000, message: 'bye' })); break;
        case 'wait': await sleep(frame.ms); break;
      }
    }
    await sleep(20);
    socket.destroy();
  }, probeIpc);
}

// --- voice gateway and UDP

async function probeVoice(info: HostInfo): Promise<void> {
  const ws = new WebSocket(`ws://${info.voice.endpoint}/?v=8`);
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no voice Hello within 5 s')), 5000);
    ws.on('message', (data, binary) => {
      if (!binary && (JSON.parse(data.toString()) as { op: number }).op === 8) {
        clearTimeout(timer);
        resolve();
      }
    });
    ws.once('close', () => reject(new Error('voice socket closed before Hello')));
  });
  ws.terminate();
}

async function voiceRun(frames: VoiceFrame[]): Promise<void> {
  const info = await host.info();
  const user = await freshUser();
  const lobby = await (await fetch(`${info.apiBase}/lobbies`, { method: 'PUT', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ secret: `fzv-${user.id}` }) })).json() as { id: string };
  const gateway = await GatewayClient.connect(`${info.gatewayUrl}?v=10&encoding=json`);
  const udp = dgram.createSocket('udp4');
  try {
    await gateway.identifyUser(user.token);
    const join = await joinCall(gateway, user.id, lobby.id);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()));
    await checked(async () => {
      const ws = new WebSocket(`ws://${info.voice.endpoint}/?v=8`);
      ws.on('error', () => {});
      ws.on('message', () => {});
      await new Promise<void>((resolve) => {
        ws.once('open', () => resolve());
        ws.once('close', () => resolve());
      });
      const identify = { server_id: join.serverId, user_id: user.id, session_id: join.sessionId, token: join.token, max_dave_protocol_version: 1 };
      for (const frame of frames) {
        switch (frame.t) {
          case 'identify': send(ws, JSON.stringify({ op: 0, d: { ...identify, ...frame.override } })); break;
          case 'select': send(ws, JSON.stringify({ op: 1, d: frame.real ? { protocol: 'udp', data: { address: '127.0.0.1', port: udp.address().port, mode: 'aead_aes256_gcm_rtpsize' }, ...(frame.d as object) } : frame.d })); break;
          case 'heartbeat': send(ws, JSON.stringify({ op: 3, d: frame.d })); break;
          case 'resume': send(ws, JSON.stringify({ op: 7, d: { server_id: join.serverId, session_id: join.sessionId, token: join.token, seq_ack: 0, ...frame.override } })); break;
          case 'op': send(ws, JSON.stringify({ op: frame.op, d: frame.d })); break;
          case 'dave': send(ws, Buffer.from([frame.op, ...frame.bytes])); break;
          case 'text': send(ws, frame.text); break;
          case 'udp': {
            const datagram = Buffer.alloc(frame.length);
            Buffer.from(frame.bytes).copy(datagram);
            udp.send(datagram, info.voice.port, '127.0.0.1');
            break;
          }
          case 'wait': await sleep(frame.ms); break;
        }
      }
      await sleep(20);
      ws.terminate();
    }, probeVoice);
  } finally {
    gateway.close();
    udp.close();
  }
}

describe('the emulator\'s socket protocols under random frames', () => {
  it('the gateway', async () => {
    const arbitrary = fc.record({ query: gatewayQuery, frames: fc.array(gatewayFrame, { minLength: 1, maxLength: 12 }) });
    await assertWithHeapBound('gateway', arbitrary, gatewayRun, 100, 150, 10);
  }, fuzzBudget(100, 150).timeoutMs);

  it('the local client\'s IPC', async () => {
    await assertWithHeapBound('ipc', fc.array(ipcFrame, { minLength: 1, maxLength: 12 }), ipcRun, 100, 150, 10);
  }, fuzzBudget(100, 150).timeoutMs);

  it('the voice gateway and its UDP port', async () => {
    await assertWithHeapBound('voice', fc.array(voiceFrame, { minLength: 1, maxLength: 14 }), voiceRun, 60, 300, 8);
  }, fuzzBudget(60, 300).timeoutMs);
});
