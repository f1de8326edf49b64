// Bad input on the local client's IPC socket, table-driven: each row sends something a broken or
// hostile game might, expects the protocol's answer (an ERROR reply or a CLOSE code, §1), and
// checks that another open connection keeps being served and new ones are still accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import { encode, header, IpcClient, Op } from './helpers/ipc_client';

const appId = SEED.applicationId;
const MAX = 64 * 1024;

let t: TestEmulator;
let bystander: IpcClient;
const opened: IpcClient[] = [];

beforeAll(async () => {
  // A partial frame waits 300 ms (not 10 s) before the connection is given up.
  t = await startTestEmulator({ ipcIncompleteFrameTimeoutMs: 300 });
  bystander = (await IpcClient.ready(t.emu.ipcPath!, appId)).client;
  const auth = await bystander.command('AUTHENTICATE', { access_token: t.token(SEED.users.nelly) });
  expect(auth.evt).not.toBe('ERROR');
});

afterAll(async () => {
  bystander.close();
  for (const client of opened) client.close();
  await t.close();
});

/** A JSON command frame whose payload is exactly `size` bytes. */
function paddedCommand(size: number): Buffer {
  const base = { cmd: 'SET_ACTIVITY', args: { pid: 1, activity: { name: 'big' } }, nonce: 'big', pad: '' };
  const overhead = Buffer.byteLength(JSON.stringify(base));
  base.pad = 'x'.repeat(size - overhead);
  const frame = encode(Op.Frame, base);
  expect(frame.length).toBe(8 + size);
  return frame;
}

type Expectation = { close: number } | { error: number } | { ok: true };

interface Row {
  name: string;
  /** Handshake before sending the bad input. */
  handshake: boolean;
  send(client: IpcClient): void;
  expect: Expectation;
}

const rows: Row[] = [
  {
    name: 'a frame over 64 KiB',
    handshake: true,
    send: (c) => c.sendRaw(Buffer.concat([header(Op.Frame, MAX + 1), Buffer.alloc(MAX + 1, 0x20)])),
    expect: { close: 1003 },
  },
  {
    name: 'a frame over 64 KiB as the handshake',
    handshake: false,
    send: (c) => c.sendRaw(Buffer.concat([header(Op.Handshake, MAX + 100), Buffer.alloc(16, 0x20)])),
    expect: { close: 1003 },
  },
  { name: 'a length of 4 GiB - 1', handshake: true, send: (c) => c.sendRaw(header(Op.Frame, 0xffffffff)), expect: { close: 1003 } },
  { name: 'a frame of exactly 64 KiB (the limit itself is fine)', handshake: true, send: (c) => c.sendRaw(paddedCommand(MAX)), expect: { ok: true } },
  {
    name: 'a length header that lies (more than is sent, then silence)',
    handshake: true,
    send: (c) => c.sendRaw(Buffer.concat([header(Op.Frame, 500), Buffer.from('{"cmd":"SET_ACTIVITY"}')])),
    expect: { close: 1006 },
  },
  {
    name: 'a length header that lies (less than the payload: the rest is garbage)',
    handshake: true,
    send: (c) => {
      const body = Buffer.from('{"cmd":"SET_ACTIVITY","args":{"pid":1,"activity":{"name":"x"}},"nonce":"lie"}');
      c.sendRaw(Buffer.concat([header(Op.Frame, 10), body]));
    },
    expect: { close: 1003 },
  },
  { name: 'a truncated header (4 of 8 bytes)', handshake: true, send: (c) => c.sendRaw(Buffer.from([1, 0, 0, 0])), expect: { close: 1006 } },
  { name: 'a truncated header before the handshake', handshake: false, send: (c) => c.sendRaw(Buffer.from([0, 0, 0])), expect: { close: 1006 } },
  {
    name: 'invalid UTF-8',
    handshake: true,
    send: (c) => {
      const body = Buffer.concat([Buffer.from('{"cmd":"SET_ACTIVITY","nonce":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
      c.sendRaw(Buffer.concat([header(Op.Frame, body.length), body]));
    },
    expect: { close: 4005 },
  },
  {
    name: 'invalid UTF-8 in the handshake',
    handshake: false,
    send: (c) => c.sendRaw(Buffer.concat([header(Op.Handshake, 3), Buffer.from([0xe2, 0x82, 0x28])])),
    expect: { close: 4005 },
  },
  { name: 'invalid JSON', handshake: true, send: (c) => c.send(Op.Frame, '{"cmd": "SET_ACTIVITY", '), expect: { error: 4000 } },
  { name: 'JSON that is not an object', handshake: true, send: (c) => c.send(Op.Frame, '[1, 2, 3]'), expect: { error: 4000 } },
  { name: 'invalid JSON as the handshake', handshake: false, send: (c) => c.send(Op.Handshake, '{v: 1}'), expect: { close: 4005 } },
  { name: 'an unknown opcode (7)', handshake: true, send: (c) => c.send(7, { cmd: 'SET_ACTIVITY' }), expect: { close: 1003 } },
  { name: 'an unknown opcode before the handshake', handshake: false, send: (c) => c.send(99, {}), expect: { close: 1003 } },
  { name: 'an unknown command', handshake: true, send: (c) => c.send(Op.Frame, { cmd: 'FORMAT_DISK', args: {}, nonce: 'x' }), expect: { error: 4002 } },
  { name: 'no command at all', handshake: true, send: (c) => c.send(Op.Frame, { args: {}, nonce: 'x' }), expect: { error: 4002 } },
  { name: 'a second handshake', handshake: true, send: (c) => c.send(Op.Handshake, { v: 1, client_id: appId }), expect: { close: 1003 } },
  {
    name: 'a flood of frames (1,000 PINGs in one write)',
    handshake: true,
    send: (c) => c.sendRaw(Buffer.concat(Array.from({ length: 1000 }, (_, i) => encode(Op.Ping, `{"n":${i}}`)))),
    expect: { close: 4002 },
  },
  {
    name: 'a flood of commands (1,000 SET_ACTIVITY in one write)',
    handshake: true,
    send: (c) => c.sendRaw(Buffer.concat(Array.from({ length: 1000 }, (_, i) => encode(Op.Frame, { cmd: 'SET_ACTIVITY', args: { pid: 1, activity: { name: `n${i}` } }, nonce: `f${i}` })))),
    expect: { close: 4002 },
  },
];

describe('bad input on the IPC socket', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const client = await IpcClient.connect(t.emu.ipcPath!);
    opened.push(client);
    if (row.handshake) await client.handshake(appId);
    const from = client.mark();
    const started = Date.now();
    row.send(client);

    if ('close' in row.expect) {
      const { close } = await client.ended;
      expect(close?.code).toBe(row.expect.close);
      expect(client.isClosed).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      if (row.name.startsWith('a flood')) {
        // Cut off at the limit: not every frame of the flood was served first.
        const answers = client.frames.slice(from).filter((f) => f.opcode === Op.Pong || (f.opcode === Op.Frame && f.json?.cmd === 'SET_ACTIVITY'));
        expect(answers.length).toBeLessThanOrEqual(200);
      }
    } else if ('error' in row.expect) {
      const error = await client.waitFor((f) => f.opcode === Op.Frame && f.json?.evt === 'ERROR', { from });
      expect(error.json.data.code).toBe(row.expect.error);
      // The connection itself goes on.
      expect(await client.ping('{"still":"open"}')).toBe('{"still":"open"}');
      expect(client.isClosed).toBe(false);
    } else {
      const reply = await client.waitFor((f) => f.opcode === Op.Frame && f.json?.nonce === 'big', { from });
      expect(reply.json.evt).not.toBe('ERROR');
    }

    // Every other connection keeps being served ...
    expect(await bystander.ping()).toBeTruthy();
    const still = await bystander.command('SET_ACTIVITY', { pid: 1, activity: { type: 0, name: `after ${row.name}`.slice(0, 128) } });
    expect(still.evt).not.toBe('ERROR');
    expect(bystander.isClosed).toBe(false);
    // ... and new ones are accepted.
    const fresh = await IpcClient.ready(t.emu.ipcPath!, appId);
    opened.push(fresh.client);
    expect(fresh.ready.v).toBe(1);
  });
});
