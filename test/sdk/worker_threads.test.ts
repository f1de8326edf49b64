// The addon in worker threads: each thread has its own Clients and callback queue (Electron
// and Node apps run SDK code off the main thread), and terminating a worker in the middle of
// SDK calls ends that worker only, never the process.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Client } from '../../lib/index';

const script = join(__dirname, 'fixtures', 'worker_client.cjs');

function start(mode: 'finish' | 'hang') {
  const worker = new Worker(script, { workerData: { mode } });
  const message = new Promise<{ verifier: string; challenge: string; installed: boolean }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const exit = new Promise<number>((resolve) => worker.once('exit', resolve));
  return { worker, message, exit };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('worker threads', () => {
  it('Clients on several threads at once each get their own callbacks', async () => {
    const workers = [start('finish'), start('finish')];
    const main = new Client('http://127.0.0.1:9/api', 'http://127.0.0.1:9', { ipcPaths: () => [] });
    const mainInstalled = main.IsServiceAppInstalled();
    const results = await Promise.all(workers.map((w) => w.message));
    for (const result of results) {
      expect(result.challenge).toBe(s256(result.verifier));
      expect(result.installed).toBe(false);
    }
    expect(new Set(results.map((r) => r.verifier)).size).toBe(2);
    expect(await mainInstalled).toBe(false);
    expect(await Promise.all(workers.map((w) => w.exit))).toEqual([0, 0]);
    main.Dispose();
  });

  it('terminating a worker in the middle of SDK calls ends only that worker', async () => {
    for (let round = 0; round < 5; round++) {
      const hung = start('hang');
      await hung.message;
      await hung.worker.terminate();
      expect(await hung.exit).toBe(1);
    }
    // This thread's SDK still works.
    const client = new Client();
    expect(client.CreateAuthorizationCodeVerifier().valid).toBe(true);
    client.Dispose();
  });
});
