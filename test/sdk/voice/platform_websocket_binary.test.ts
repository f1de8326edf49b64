// Binary WebSocket frames through the Node host (lib/platform/host/websocket.ts), both ways,
// against a local `ws` server: the voice gateway's DAVE messages. Text frames still go to
// _OnWebSocketMessage, as the UTF-8 bytes ws has (whole, and only when ws found them UTF-8); a
// binary frame over 64 KiB closes the socket with 1009.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { MAX_VOICE_BINARY_FRAME_BYTES } from '../../../lib/platform/host/events';
import { HostWebSockets } from '../../../lib/platform/host/websocket';
import { RecordingSink } from './recording_sink';

let server: WebSocketServer;
let peer: Promise<WebSocket>;
let recorder: RecordingSink;
let sockets: HostWebSockets;

beforeEach(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  peer = new Promise((resolve) => server.once('connection', resolve));
  await new Promise((resolve) => server.once('listening', resolve));
  recorder = new RecordingSink();
  sockets = new HostWebSockets(recorder.hostEvents);
  const { port } = server.address() as { port: number };
  sockets.openWebSocket(1, `ws://127.0.0.1:${port}`);
  await recorder.next('_OnWebSocketOpen');
});

afterEach(async () => {
  sockets.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('binary WebSocket frames', () => {
  it('go out as binary frames', async () => {
    const remote = await peer;
    const frame = new Promise<[Buffer, boolean]>((resolve) => remote.once('message', (data, isBinary) => resolve([data as Buffer, isBinary])));
    sockets.sendWebSocketBinary(1, Buffer.from([0, 1, 2, 250]));
    const [data, isBinary] = await frame;
    expect(isBinary).toBe(true);
    expect(Buffer.from(data)).toEqual(Buffer.from([0, 1, 2, 250]));
  });

  it('come in as _OnWebSocketBinary, up to 64 KiB; text frames stay text', async () => {
    const remote = await peer;
    remote.send(Buffer.alloc(MAX_VOICE_BINARY_FRAME_BYTES, 0xab), { binary: true });
    remote.send('{"op":8}');
    const [, id, bytes] = await recorder.next('_OnWebSocketBinary');
    expect(id).toBe(1);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).length).toBe(MAX_VOICE_BINARY_FRAME_BYTES);
    expect((bytes as Buffer).every((b) => b === 0xab)).toBe(true);
    const [, , text] = await recorder.next('_OnWebSocketMessage');
    expect(Buffer.isBuffer(text)).toBe(true);
    expect((text as Buffer).toString()).toBe('{"op":8}');
  });

  it('a larger binary frame closes the socket with 1009 and is not delivered', async () => {
    const remote = await peer;
    const closedBy = new Promise<number>((resolve) => remote.once('close', resolve));
    remote.send(Buffer.alloc(MAX_VOICE_BINARY_FRAME_BYTES + 1), { binary: true });
    expect(await closedBy).toBe(1009);
    const [, id, code] = await recorder.next('_OnWebSocketClosed');
    expect(id).toBe(1);
    expect(code).toBe(1009);
    expect(recorder.named('_OnWebSocketBinary')).toEqual([]);
  });

  it('a text frame sent in fragments reaches the addon whole, as its UTF-8 bytes', async () => {
    const remote = await peer;
    const text = '{"op":0,"d":{"content":"héllo 😀"}}';
    const bytes = Buffer.from(text);
    remote.send(bytes.subarray(0, 21), { binary: false, fin: false }); // splits the é and the 😀 apart
    remote.send(bytes.subarray(21, 30), { fin: false });
    remote.send(bytes.subarray(30), { fin: true });
    const [, id, delivered] = await recorder.next('_OnWebSocketMessage');
    expect(id).toBe(1);
    expect(Buffer.compare(delivered as Buffer, bytes)).toBe(0);
  });

  it('a text frame that is not UTF-8 never reaches the addon: ws closes the socket (the addon relies on it)', async () => {
    const remote = await peer;
    // `ws` sends a Buffer as given; binary: false makes it a text frame.
    remote.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    const [, id, code] = await recorder.next('_OnWebSocketClosed');
    expect(id).toBe(1);
    // ws sends the peer 1007 and reports its own side as closed abnormally (1006).
    expect(code).toBe(1006);
    expect(recorder.named('_OnWebSocketMessage')).toEqual([]);
  });

  it('nothing is sent on a socket that is not open', async () => {
    const remote = await peer;
    let frames = 0;
    remote.on('message', () => frames++);
    sockets.closeWebSocket(1, 1000, 'bye');
    sockets.sendWebSocketBinary(1, Buffer.from([1]));
    await new Promise((resolve) => remote.once('close', resolve));
    expect(frames).toBe(0);
  });
});
