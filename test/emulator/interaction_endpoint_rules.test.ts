// The interactions endpoint's exchange (lib/emulator/domain/interaction_endpoint.ts), each rule at
// its edge: which statuses count as an answer, how large an answer may be, what a reply must be,
// the signature's timestamp, and which URLs are tried at all. Checked through the PING the
// emulator sends when the URL is set (control.setInteractionsEndpoint).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Started } from './helpers';

const LIMIT = 1024 * 1024; // the emulator's bound on a body (domain/limits.ts)

let s: Started;
let endpoint: http.Server;
let url = '';
let answer: { status: number; body: string } = { status: 200, body: '{"type":1}' };
let seen: { timestamp: string; signature: string; body: string } | undefined;

beforeAll(async () => {
  s = await start();
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen = {
        timestamp: String(req.headers['x-signature-timestamp']),
        signature: String(req.headers['x-signature-ed25519']),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/interactions`;
});

afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  await s.emu.close();
});

/** The outcome of setting the endpoint while it answers `status` with `body`: 'taken' or the error text. */
async function setWith(status: number, body: string, target = url): Promise<string> {
  answer = { status, body };
  try {
    await s.emu.control.setInteractionsEndpoint(target);
    return 'taken';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await s.emu.control.setInteractionsEndpoint(null);
  }
}

/** A PONG padded with spaces to exactly `bytes` bytes. */
const pongOf = (bytes: number) => '{"type":1}' + ' '.repeat(bytes - '{"type":1}'.length);

describe('the interactions endpoint exchange', () => {
  it.each([
    [200, 'taken'],
    [299, 'taken'],
    [300, 'url: the interactions endpoint answered HTTP 300'],
    [404, 'url: the interactions endpoint answered HTTP 404'],
    [500, 'url: the interactions endpoint answered HTTP 500'],
  ])('an answer with status %i and a PONG body: %s', async (status, outcome) => {
    expect(await setWith(status, '{"type":1}')).toBe(outcome);
  });

  it(`an answer of exactly ${LIMIT} bytes is read; one byte more is refused`, async () => {
    expect(await setWith(200, pongOf(LIMIT))).toBe('taken');
    expect(await setWith(200, pongOf(LIMIT + 1))).toBe(`url: the interactions endpoint answered more than ${LIMIT} bytes`);
  });

  it.each(['1', 'null', '[{"type":1}]', '"pong"', 'true'])('a JSON reply %s that is not an object is refused as such', async (body) => {
    expect(await setWith(200, body)).toBe('url: the interactions endpoint answered a body that is not a JSON object');
  });

  it('signs the timestamp in whole seconds of the emulator clock together with the body', async () => {
    const before = Math.floor(s.emu.control.now() / 1000);
    expect(await setWith(200, '{"type":1}')).toBe('taken');
    const after = Math.floor(s.emu.control.now() / 1000);
    const timestamp = Number(seen!.timestamp);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);
    const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(s.emu.application.publicKey, 'hex')]), format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from(seen!.timestamp + seen!.body), key, Buffer.from(seen!.signature, 'hex'))).toBe(true);
  });

  it.each(['ftp://127.0.0.1/x', 'http://', '127.0.0.1:1/x', 'http://127.0.0.1/a b'])('%s is not an http(s) URL: refused before anything is sent', async (target) => {
    seen = undefined;
    expect(await setWith(200, '{"type":1}', target)).toBe('url: an http(s) URL');
    expect(seen).toBeUndefined();
  });
});
