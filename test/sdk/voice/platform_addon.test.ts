// The voice parts of NodePlatform (native/napi/io/node_platform.cc) through the addon, driven by
// internal.PlatformProbe: AEAD through the scratch buffer against @noble/ciphers, every failure
// answered false (never a throw), the key wiped after each call; Wake from a native thread
// delivered on the JS thread, coalesced, silent after detach, and holding neither the process
// open nor a terminated worker back. And the NativeClient's new _On* methods check their input.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gcm } from '@noble/ciphers/aes.js';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { NodePlatformHost } from '../../../lib/platform/node_host';
import { binding, packageRoot, type PlatformProbe, type ProbeAeadAlgorithm } from '../../../lib/sdk/binding';
import { delay } from './recording_sink';

const AES = 0;
const XCHACHA = 1;
const modes = [
  { algorithm: AES as ProbeAeadAlgorithm, nonceBytes: 12, reference: (k: Uint8Array, n: Uint8Array, a: Uint8Array) => gcm(k, n, a) },
  { algorithm: XCHACHA as ProbeAeadAlgorithm, nonceBytes: 24, reference: (k: Uint8Array, n: Uint8Array, a: Uint8Array) => xchacha20poly1305(k, n, a) },
];

function probeOf(host: object = new NodePlatformHost(), onWake: (onJsThread: boolean) => void = () => {}): PlatformProbe {
  return new binding.internal.PlatformProbe(host, onWake);
}

describe('AEAD through NodePlatform', () => {
  for (const { algorithm, nonceBytes, reference } of modes) {
    it(`algorithm ${algorithm}: seals like @noble/ciphers and opens its own output`, () => {
      const probe = probeOf();
      for (const size of [0, 1, 120, 1000, 1484]) {
        const key = randomBytes(32);
        const nonce = randomBytes(nonceBytes);
        const aad = randomBytes(12 + (size % 3) * 4);
        const plaintext = randomBytes(size);
        const sealed = probe.aeadSeal(algorithm, key, nonce, aad, plaintext);
        expect(sealed, `size ${size}`).not.toBeNull();
        expect(Buffer.from(sealed!).equals(Buffer.from(reference(key, nonce, aad).encrypt(plaintext))), `size ${size}`).toBe(true);
        expect(probe.aeadOpen(algorithm, key, nonce, aad, sealed!)?.equals(plaintext), `size ${size}`).toBe(true);
      }
    });
  }

  it('answers null for a tampered packet, wrong sizes and out-of-bounds input', () => {
    const probe = probeOf();
    const key = randomBytes(32);
    const nonce = randomBytes(24);
    const aad = randomBytes(12);
    const sealed = probe.aeadSeal(XCHACHA, key, nonce, aad, Buffer.from('opus'))!;
    const tampered = Buffer.from(sealed);
    tampered[0] ^= 1;
    expect(probe.aeadOpen(XCHACHA, key, nonce, aad, tampered)).toBeNull();
    expect(probe.aeadOpen(XCHACHA, key, nonce, aad, sealed.subarray(0, 15))).toBeNull();
    expect(probe.aeadSeal(AES, key, nonce, aad, Buffer.from('opus')), '24-byte nonce for AES-GCM').toBeNull();
    expect(probe.aeadSeal(XCHACHA, key, nonce.subarray(0, 12), aad, Buffer.from('opus'))).toBeNull();
    expect(probe.aeadSeal(XCHACHA, key, nonce, randomBytes(65), Buffer.from('opus')), 'AAD over 64 bytes').toBeNull();
    expect(probe.aeadSeal(XCHACHA, key, nonce, aad, Buffer.alloc(1501)), 'input over 1,500 bytes').toBeNull();
    expect(probe.aeadSeal(XCHACHA, key, randomBytes(25), aad, Buffer.alloc(1))).toBeNull();
    // And the probe still works after all that.
    expect(probe.aeadOpen(XCHACHA, key, nonce, aad, sealed)?.toString()).toBe('opus');
  });

  it('passes only sizes to the host, which reads and writes the scratch views; the key is wiped after', () => {
    const inner = new NodePlatformHost();
    let views: Record<string, Uint8Array> | undefined;
    const calls: unknown[][] = [];
    let keyDuringCall = '';
    const host = {
      useAeadScratch(v: Record<string, Uint8Array>) {
        views = v;
        return inner.useAeadScratch(v);
      },
      aeadSeal(...args: number[]) {
        calls.push(args);
        keyDuringCall = Buffer.from(views!.key).toString('hex');
        return inner.aeadSeal(args[0], args[1], args[2], args[3]);
      },
      aeadOpen: (...args: number[]) => inner.aeadOpen(args[0], args[1], args[2], args[3]),
    };
    const probe = probeOf(host);
    const key = randomBytes(32);
    expect(probe.aeadSeal(AES, key, randomBytes(12), randomBytes(12), randomBytes(120))).not.toBeNull();
    expect(probe.aeadSeal(AES, key, randomBytes(12), randomBytes(12), randomBytes(120))).not.toBeNull();
    expect(calls).toEqual([[AES, 12, 12, 120], [AES, 12, 12, 120]]);
    expect(keyDuringCall).toBe(key.toString('hex'));
    expect(views!.key.every((byte) => byte === 0)).toBe(true);
    expect(views!.key.buffer).toBe(views!.output.buffer); // one ArrayBuffer, handed over once
  });

  it('a host that throws, lacks the method or answers anything but true gives null', () => {
    const throwing = probeOf({ useAeadScratch: () => true, aeadSeal: () => { throw new Error('boom'); }, aeadOpen: () => 1 });
    expect(throwing.aeadSeal(AES, randomBytes(32), randomBytes(12), Buffer.alloc(0), Buffer.from('x'))).toBeNull();
    expect(throwing.aeadOpen(AES, randomBytes(32), randomBytes(12), Buffer.alloc(0), Buffer.alloc(16))).toBeNull();
    expect(probeOf({}).aeadSeal(AES, randomBytes(32), randomBytes(12), Buffer.alloc(0), Buffer.from('x'))).toBeNull();
  });
});

describe('Wake through NodePlatform', () => {
  it('delivers OnWake on the JS thread, coalesced, and again for a wake during OnWake', async () => {
    const calls: boolean[] = [];
    let probe: PlatformProbe | undefined;
    probe = probeOf(undefined, (onJsThread) => {
      calls.push(onJsThread);
      if (calls.length === 1) probe!.wakeFromThread(1);
    });
    probe.wakeFromThread(1000); // the JS thread is blocked meanwhile: one call queued for all
    expect(calls, 'never from inside the call').toEqual([]);
    await delay(50);
    expect(calls).toEqual([true, true]);
    probe.wakeFromThread(1);
    await delay(20);
    expect(calls).toEqual([true, true, true]);
  });

  it('is a no-op after detach (the Client was finalized), and the host is not called either', async () => {
    let wakes = 0;
    const probe = probeOf(undefined, () => wakes++);
    probe.wakeFromThread(1);
    probe.detach(); // the queued wake is dropped with the released function
    probe.wakeFromThread(10);
    await delay(50);
    expect(wakes).toBe(0);
    expect(probe.aeadSeal(AES, randomBytes(32), randomBytes(12), Buffer.alloc(0), Buffer.from('x'))).toBeNull();
  });

  it('does not keep the process alive', () => {
    const child = spawnSync(process.execPath, [join(packageRoot, 'test/sdk/fixtures/platform_probe_child.cjs'), 'exit'], { timeout: 10_000, encoding: 'utf8' });
    expect(child.error, 'the child had to be killed').toBeUndefined();
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });

  it('survives a worker terminated while wakes are queued', async () => {
    const worker = new Worker(join(packageRoot, 'test/sdk/fixtures/platform_probe_child.cjs'), { workerData: { mode: 'worker-hang' } });
    const first = await new Promise<{ wakes: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(first.wakes).toBeGreaterThan(0);
    expect(await worker.terminate()).toBe(1);
    // This process is still here, and a new probe still wakes.
    let wakes = 0;
    probeOf(undefined, () => wakes++).wakeFromThread(1);
    await delay(20);
    expect(wakes).toBe(1);
  });
});

describe('NativeClient voice events check their input', () => {
  it('takes valid events (for sockets nobody owns: dropped) and refuses bad ones', () => {
    const native = new binding.NativeClient() as unknown as Record<string, (...args: unknown[]) => void> & { Destroy(): void };
    expect(() => native._OnUdpOpen(1, 50000)).not.toThrow();
    expect(() => native._OnUdpMessage(1, Buffer.alloc(1500), '127.0.0.1', 50000)).not.toThrow();
    expect(() => native._OnUdpClosed(1, 'closed')).not.toThrow();
    expect(() => native._OnWebSocketBinary(1, Buffer.alloc(64 * 1024))).not.toThrow();
    expect(() => native._OnUdpMessage(1, 'not bytes', '127.0.0.1', 1)).toThrow(TypeError);
    expect(() => native._OnUdpMessage(1, new Uint16Array(2), '127.0.0.1', 1)).toThrow(TypeError);
    expect(() => native._OnUdpMessage(1, Buffer.alloc(1501), '127.0.0.1', 1)).toThrow(RangeError);
    expect(() => native._OnUdpMessage(1, Buffer.alloc(1), '127.0.0.1', 70000)).toThrow(RangeError);
    expect(() => native._OnWebSocketBinary(1, Buffer.alloc(64 * 1024 + 1))).toThrow(RangeError);
    expect(() => native._OnUdpOpen(1, 0)).toThrow(RangeError);
    expect(() => native._OnUdpClosed(-1, 'x')).toThrow(RangeError);
    native.Destroy();
  });
});
