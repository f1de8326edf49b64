// The wire rows of the limits table (limit_table.ts) at the bound and one byte over, on the side
// that enforces each: the emulator's IPC reader (Limits.MaxIpcFrameBytes; the SDK's reader is
// native/test/rpc_test.cc), and the Node host's HTTP body (Limits.MaxHttpBodyBytes) and gateway
// message (Limits.MaxGatewayMessageBytes) bounds. Peers are local servers on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { Limits } from '../../lib/limits.generated';
import { HostHttp } from '../../lib/platform/host/http';
import { HostWebSockets } from '../../lib/platform/host/websocket';
import { startTestEmulator, type TestEmulator } from '../emulator/helpers/harness';
import { header, IpcClient, Op } from '../emulator/helpers/ipc_client';
import { RecordingSink } from '../sdk/voice/recording_sink';

/** A JSON object of exactly `bytes` UTF-8 bytes: `fields` plus a padding string. */
function jsonOfSize(fields: Record<string, unknown>, bytes: number): Buffer {
  const bare = JSON.stringify({ ...fields, pad: '' });
  const json = JSON.stringify({ ...fields, pad: 'p'.repeat(bytes - Buffer.byteLength(bare)) });
  const out = Buffer.from(json);
  expect(out.length).toBe(bytes);
  return out;
}

describe('Limits.MaxIpcFrameBytes: the emulator reads a frame of the bound and closes on one byte more', () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await startTestEmulator();
  });
  afterAll(() => t?.close());

  it(`a command of exactly ${Limits.MaxIpcFrameBytes} bytes is answered`, async () => {
    const { client } = await IpcClient.ready(t.emu.ipcPath!, t.emu.application.id);
    try {
      const payload = jsonOfSize({ cmd: 'SET_ACTIVITY', args: { pid: 4242, activity: { name: 'at the bound' } }, nonce: 'at-bound' }, Limits.MaxIpcFrameBytes);
      client.sendRaw(Buffer.concat([header(Op.Frame, payload.length), payload]));
      const reply = await client.waitFor((f) => f.json?.nonce === 'at-bound');
      expect(reply.json.evt, JSON.stringify(reply.json).slice(0, 300)).not.toBe('ERROR');
      expect(client.isClosed).toBe(false);
    } finally {
      client.close();
    }
  });

  it(`a command of ${Limits.MaxIpcFrameBytes + 1} bytes closes the connection (1003, the bound named)`, async () => {
    const { client } = await IpcClient.ready(t.emu.ipcPath!, t.emu.application.id);
    const payload = jsonOfSize({ cmd: 'SET_ACTIVITY', args: { pid: 4242, activity: { name: 'one over' } }, nonce: 'over' }, Limits.MaxIpcFrameBytes + 1);
    client.sendRaw(Buffer.concat([header(Op.Frame, payload.length), payload]));
    const { close } = await client.ended;
    expect(close).toEqual({ code: 1003, message: 'Frame larger than 64 KiB' });
    expect(client.frames.some((f) => f.json?.nonce === 'over')).toBe(false);
  });
});

/**
 * The first event of a kind, looked for every 20 ms for at most 20 s. (Awaiting
 * RecordingSink.next alone stalled a 16 MiB fetch here: with no timer pending, the body's reads
 * did not go on; a poll keeps the loop turning.)
 */
async function arrival(recorder: RecordingSink, name: Parameters<RecordingSink['named']>[0]): Promise<unknown[]> {
  for (let waited = 0; waited < 20_000; waited += 20) {
    const [event] = recorder.named(name);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${name} in 20 s (got ${recorder.events.map((e) => e[0]).join(', ')})`);
}

describe('Limits.MaxHttpBodyBytes: the host delivers a body of the bound and refuses one byte more', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // /<bytes>/<declared|chunked>: a body of that many bytes, with or without a Content-Length.
    server = createServer((req, res) => {
      const [, size, mode] = (req.url ?? '').split('/');
      const body = Buffer.alloc(Number(size), 0x61);
      if (mode === 'declared') res.writeHead(200, { 'content-length': body.length });
      else res.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let at = 0; at < body.length; at += 1 << 20) res.write(body.subarray(at, at + (1 << 20)));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const mode of ['declared', 'chunked'] as const) {
    it(`${mode}: exactly ${Limits.MaxHttpBodyBytes} bytes are delivered, ${Limits.MaxHttpBodyBytes + 1} refused`, async () => {
      const recorder = new RecordingSink();
      const http = new HostHttp(recorder.hostEvents);
      try {
        http.sendHttp(1, 'GET', `${base}/${Limits.MaxHttpBodyBytes}/${mode}`, [], '');
        const [, id, status, , text] = await arrival(recorder, '_OnHttpResponse');
        expect([id, status, (text as string).length]).toEqual([1, 200, Limits.MaxHttpBodyBytes]);

        http.sendHttp(2, 'GET', `${base}/${Limits.MaxHttpBodyBytes + 1}/${mode}`, [], '');
        const [, failedId, why] = await arrival(recorder, '_OnHttpError');
        expect(failedId).toBe(2);
        expect(why).toContain(`${Limits.MaxHttpBodyBytes} bytes (16 MiB), the SDK's limit`);
        expect(recorder.named('_OnHttpResponse')).toHaveLength(1);
      } finally {
        http.close();
      }
    });
  }
});

describe('Limits.MaxGatewayMessageBytes: the host delivers a message of the bound and closes on one byte more', () => {
  let server: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function open(recorder: RecordingSink, sockets: HostWebSockets): Promise<WebSocket> {
    const peer = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    sockets.openWebSocket(1, url);
    await recorder.next('_OnWebSocketOpen');
    return peer;
  }

  it(`a text message of exactly ${Limits.MaxGatewayMessageBytes} bytes reaches the addon whole`, async () => {
    const recorder = new RecordingSink();
    const sockets = new HostWebSockets(recorder.hostEvents);
    try {
      const peer = await open(recorder, sockets);
      peer.send(jsonOfSize({ op: 0, t: 'BIG' }, Limits.MaxGatewayMessageBytes).toString());
      const [, id, bytes] = await recorder.next('_OnWebSocketMessage');
      expect([id, (bytes as Buffer).length]).toEqual([1, Limits.MaxGatewayMessageBytes]);
    } finally {
      sockets.close();
    }
  });

  it(`a text message of ${Limits.MaxGatewayMessageBytes + 1} bytes closes the socket with 1009, undelivered`, async () => {
    const recorder = new RecordingSink();
    const sockets = new HostWebSockets(recorder.hostEvents);
    try {
      const peer = await open(recorder, sockets);
      const closedBy = new Promise<number>((resolve) => peer.once('close', resolve));
      peer.send(jsonOfSize({ op: 0, t: 'BIG' }, Limits.MaxGatewayMessageBytes + 1).toString());
      expect(await closedBy).toBe(1009);
      // ws answers the peer 1009 and reports its own side as 1006 (it closed on a protocol
      // error, not by a close handshake): the core hears the socket closed and reconnects.
      const [, id, code] = await recorder.next('_OnWebSocketClosed');
      expect([id, code]).toEqual([1, 1006]);
      expect(recorder.named('_OnWebSocketMessage')).toEqual([]);
    } finally {
      sockets.close();
    }
  });
});
