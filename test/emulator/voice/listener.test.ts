// Voice listener (docs/emulator.md): plain WebSocket and TLS on one port told apart by the first byte,
// the self-signed loopback certificate trusted through its PEM, `?v=` refused before the upgrade.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { loopbackCertificate, type LoopbackCertificate } from '../../../lib/emulator/voice/certificate';
import { listenVoice, type VoiceListener } from '../../../lib/emulator/voice/listener';

let cert: LoopbackCertificate;
let listener: VoiceListener;
const wss = new WebSocketServer({ noServer: true });

beforeAll(async () => {
  cert = await loopbackCertificate();
  listener = await listenVoice(cert, (req, socket, head, version) => wss.handleUpgrade(req, socket, head, (ws) => ws.send(`v${version}`)));
});
afterAll(async () => {
  await listener.close();
  wss.close();
});

function open(url: string, ca?: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, ca ? { ca } : {});
    const timer = setTimeout(() => resolve('timeout'), 3000);
    ws.on('message', (m) => {
      clearTimeout(timer);
      ws.close();
      resolve(`message ${m.toString()}`);
    });
    ws.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      resolve(`status ${res.statusCode}`);
    });
    ws.on('error', (e) => {
      clearTimeout(timer);
      resolve(`error ${e.message}`);
    });
  });
}

describe('voice listener', () => {
  it('serves ws:// and wss:// on the same port, trusting the certificate by its PEM', async () => {
    expect(await open(`ws://127.0.0.1:${listener.port}/?v=8`)).toBe('message v8');
    expect(await open(`wss://127.0.0.1:${listener.port}/?v=4`, cert.cert)).toBe('message v4');
    expect(await open(`wss://localhost:${listener.port}/?v=7`, cert.cert)).toBe('message v7');
  });

  it('refuses an untrusted TLS client (the certificate is self-signed)', async () => {
    expect(await open(`wss://127.0.0.1:${listener.port}/?v=8`)).toMatch(/^error .*self[- ]signed/i);
  });

  it.each([
    ['missing', ''],
    ['v=3', '?v=3'],
    ['v=0', '?v=0'],
    ['v=9', '?v=9'],
    ['v=abc', '?v=abc'],
  ])('answers HTTP 400 before the upgrade when v is %s', async (_name, query) => {
    expect(await open(`ws://127.0.0.1:${listener.port}/${query}`)).toBe('status 400');
    expect(await open(`wss://127.0.0.1:${listener.port}/${query}`, cert.cert)).toBe('status 400');
  });

  it('binds UDP on the same port number', () => {
    expect(listener.udp.address()).toMatchObject({ address: '127.0.0.1', port: listener.port });
  });
});
