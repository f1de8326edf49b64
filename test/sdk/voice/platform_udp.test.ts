// The Node host's UDP for the voice transport (lib/platform/host/udp.ts) against a dgram server
// on 127.0.0.1: open reports the local port, datagrams go to and come from the fixed remote only,
// close reports once, a bad host or a socket error closes with a reason, and what must be dropped
// (oversized, before open, after close) is.
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostUdp, MAX_VOICE_DATAGRAM_BYTES } from '../../../lib/platform/host/udp';
import { delay, RecordingSink } from './recording_sink';

interface Received {
  bytes: Buffer;
  from: RemoteInfo;
}

let server: Socket;
let serverPort: number;
let received: Received[];
let recorder: RecordingSink;
let udp: HostUdp;

beforeEach(async () => {
  received = [];
  server = createSocket('udp4');
  server.on('message', (bytes, from) => received.push({ bytes, from }));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  serverPort = server.address().port;
  recorder = new RecordingSink();
  udp = new HostUdp(recorder.hostEvents);
});

afterEach(() => {
  udp.close();
  server.close();
});

async function opened(id: number): Promise<number> {
  udp.openUdp(id, '127.0.0.1', serverPort);
  const [, openedId, localPort] = await recorder.next('_OnUdpOpen');
  expect(openedId).toBe(id);
  return localPort as number;
}

async function until(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  for (let waited = 0; waited < timeoutMs && !condition(); waited += 5) await delay(5);
  expect(condition(), what).toBe(true);
}

describe('HostUdp', () => {
  it('opens on an ephemeral port, sends to the server and hears its answers', async () => {
    const localPort = await opened(7);
    expect(localPort).toBeGreaterThan(0);
    udp.sendUdp(7, Buffer.from('ping'));
    await until(() => received.length === 1, 'the server got the datagram');
    expect(received[0].bytes.toString()).toBe('ping');
    expect(received[0].from.port).toBe(localPort);

    server.send(Buffer.from([1, 2, 3]), localPort, '127.0.0.1');
    const [, id, datagram, host, port] = await recorder.next('_OnUdpMessage');
    expect(id).toBe(7);
    expect(Buffer.from(datagram as Buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(host).toBe('127.0.0.1');
    expect(port).toBe(serverPort);
  });

  it('closes once, reports it on a later turn, and drops what is sent after', async () => {
    await opened(1);
    udp.closeUdp(1);
    expect(recorder.named('_OnUdpClosed'), 'not from inside closeUdp').toEqual([]);
    const [, id, reason] = await recorder.next('_OnUdpClosed');
    expect(id).toBe(1);
    expect(reason).toMatch(/closed/);
    udp.closeUdp(1);
    udp.sendUdp(1, Buffer.from('late'));
    await delay(50);
    expect(recorder.named('_OnUdpClosed')).toHaveLength(1);
    expect(received).toEqual([]);
  });

  it('drops a datagram over 1,500 bytes and one sent before the socket is open', async () => {
    udp.openUdp(2, '127.0.0.1', serverPort);
    udp.sendUdp(2, Buffer.from('too early'));
    await recorder.next('_OnUdpOpen');
    udp.sendUdp(2, Buffer.alloc(MAX_VOICE_DATAGRAM_BYTES + 1, 1));
    udp.sendUdp(2, Buffer.alloc(MAX_VOICE_DATAGRAM_BYTES, 2));
    await until(() => received.length === 1, 'the 1,500-byte datagram arrived');
    await delay(30);
    expect(received.map((r) => r.bytes.length)).toEqual([MAX_VOICE_DATAGRAM_BYTES]);
  });

  it('hears only the fixed remote, and no datagram larger than the bound', async () => {
    const localPort = await opened(3);
    const stranger = createSocket('udp4');
    await new Promise<void>((resolve) => stranger.bind(0, '127.0.0.1', resolve));
    stranger.send(Buffer.from('not the server'), localPort, '127.0.0.1');
    server.send(Buffer.alloc(MAX_VOICE_DATAGRAM_BYTES + 1), localPort, '127.0.0.1');
    server.send(Buffer.from('the server'), localPort, '127.0.0.1');
    await recorder.next('_OnUdpMessage');
    await delay(30);
    stranger.close();
    expect(recorder.named('_OnUdpMessage').map((event) => Buffer.from(event[2] as Buffer).toString())).toEqual(['the server']);
  });

  it('a host it cannot reach or resolve closes with a reason and never opens', async () => {
    udp.openUdp(4, '::1', serverPort); // an IPv6 address on a udp4 socket
    udp.openUdp(5, 'no-such-host.invalid', serverPort);
    udp.openUdp(6, '127.0.0.1', 0); // not a port a datagram can go to
    // A resolver without network may take its full timeout to say ENOTFOUND.
    await until(() => recorder.named('_OnUdpClosed').length === 3, 'all three closed', 20_000);
    const reasons = new Map(recorder.named('_OnUdpClosed').map(([, id, reason]) => [id, reason as string]));
    expect(reasons.get(4)).toMatch(/::1/);
    expect(reasons.get(5)).toMatch(/no-such-host\.invalid/);
    expect(reasons.get(6)).toMatch(/port|0/i);
    expect(recorder.named('_OnUdpOpen')).toEqual([]);
  });

  it('a socket error (the server port is gone) closes it with the reason, once', async () => {
    const localPort = await opened(8);
    expect(localPort).toBeGreaterThan(0);
    server.close();
    server = createSocket('udp4'); // for afterEach
    // The kernel answers with ICMP port unreachable; the next receive fails with ECONNREFUSED.
    for (let i = 0; i < 5 && recorder.named('_OnUdpClosed').length === 0; i++) {
      udp.sendUdp(8, Buffer.from('anyone?'));
      await delay(20);
    }
    const closed = recorder.named('_OnUdpClosed');
    expect(closed).toHaveLength(1);
    expect(closed[0][2]).toMatch(/ECONNREFUSED/);
    udp.closeUdp(8);
    await delay(20);
    expect(recorder.named('_OnUdpClosed')).toHaveLength(1);
  });
});
