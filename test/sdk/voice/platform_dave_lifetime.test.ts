// NodePlatform's DAVE when it is off or missing, and DAVE sessions that outlive what they came
// from: SDKPP_DAVE=0 and an unloadable @snazzah/davey (child processes: davey is loaded once
// per process) give version 0 and one Warning with the reason, never a throw; a session stays
// harmless after its platform detached (Client finalized), its host closed (Client Dispose),
// a GC of its probe, and a worker terminated with it live.
import { spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { NodePlatformHost } from '../../../lib/platform/node_host';
import { binding, packageRoot, type PlatformProbe } from '../../../lib/sdk/binding';
import { TestExternalSender } from './dave_test_sender';
import { delay } from './recording_sink';

const child = join(packageRoot, 'test/sdk/fixtures/platform_dave_child.cjs');

interface Capability {
  version: number;
  versionAgain: number;
  reason: string;
  session: number | string;
  log: string[];
}

function capabilityOf(env: NodeJS.ProcessEnv, preload: string[] = []): Capability {
  const run = spawnSync(process.execPath, [...preload, child, 'capability'], { env: { ...process.env, ...env }, timeout: 20_000, encoding: 'utf8' });
  expect(run.error, 'the child had to be killed').toBeUndefined();
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Capability;
}

function unavailableIn(capability: Capability, reason: RegExp): void {
  expect(capability.version).toBe(0);
  expect(capability.versionAgain).toBe(0);
  expect(capability.reason).toMatch(reason);
  expect(capability.session).toBe(`DAVE is unavailable: ${capability.reason}`);
  const warnings = capability.log.filter((line) => line.includes('DAVE'));
  expect(warnings, 'one Warning however often the version is asked').toHaveLength(1);
  expect(warnings[0]).toMatch(/^Warning: DAVE \(end-to-end encryption of calls\) is unavailable: /);
  expect(warnings[0]).toContain(capability.reason);
  expect(warnings[0]).toContain('4017');
  console.log(warnings[0]);
}

describe('DAVE off or missing', () => {
  it('is version 1 in a child with davey (the control)', () => {
    const capability = capabilityOf({ SDKPP_DAVE: '' });
    expect(capability.version).toBe(1);
    expect(typeof capability.session).toBe('number');
    expect(capability.log).toEqual([]);
  });

  it('SDKPP_DAVE=0 turns it off: version 0 and the reason', () => {
    unavailableIn(capabilityOf({ SDKPP_DAVE: '0' }), /^turned off by SDKPP_DAVE=0$/);
  });

  it('an @snazzah/davey that cannot be loaded: version 0 and the reason, no throw', () => {
    const preload = ['-r', join(packageRoot, 'test/sdk/fixtures/block_davey.cjs')];
    unavailableIn(capabilityOf({ SDKPP_DAVE: '' }, preload), /^@snazzah\/davey could not be loaded \(Cannot find module '@snazzah\/davey'.*\); it is an optional dependency of sdkpp$/);
  });
});

function liveSession(probe: PlatformProbe): number {
  const session = probe.createDaveSession(1, 11n, 22n);
  if (typeof session !== 'number') throw new Error(String(session));
  expect(probe.daveSetExternalSender(session, new TestExternalSender().externalSender())).toBe(true);
  return session;
}

describe('a session outlives its platform, host and probe', () => {
  it('after detach (the Client was finalized) every call answers false or null without JS', () => {
    const calls: string[] = [];
    const inner = new NodePlatformHost();
    const host = new Proxy(inner, {
      get(target, name: string) {
        const value = Reflect.get(target, name) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(name);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const probe = new binding.internal.PlatformProbe(host, () => {});
    const session = liveSession(probe);
    probe.detach();
    calls.length = 0;
    expect(probe.daveCreateKeyPackage(session)).toMatch(/the platform host is gone/);
    expect(probe.daveProcessCommit(session, Buffer.alloc(4))).toMatch(/the platform host is gone/);
    expect(probe.daveReinit(session, 1, 11n, 22n)).toMatch(/the platform host is gone/);
    expect(probe.daveEncryptOpus(session, Buffer.alloc(10))).toBeNull();
    expect(probe.daveDecrypt(session, 5n, Buffer.alloc(10))).toBeNull();
    expect(probe.daveIsReady(session)).toBe(false);
    expect(probe.daveVoicePrivacyCode(session)).toBe('');
    probe.daveReset(session);
    probe.daveSetPassthroughMode(session, true, 0);
    probe.dropDaveSession(session);
    expect(probe.createDaveSession(1, 11n, 22n)).toMatch(/the platform host is gone/);
    expect(calls).toEqual([]);
  });

  it('after the host closed (Client Dispose) the session answers "no DAVE session"; dropping it is fine', () => {
    const host = new NodePlatformHost();
    const probe = new binding.internal.PlatformProbe(host, () => {});
    const session = liveSession(probe);
    host.close();
    expect(probe.daveCreateKeyPackage(session)).toMatch(/^create key package: no DAVE session \d+ \(the client was closed\)$/);
    expect(probe.daveEncryptOpus(session, Buffer.alloc(10))).toBeNull();
    expect(probe.daveDecrypt(session, 5n, Buffer.alloc(10))).toBeNull();
    probe.dropDaveSession(session);
  });

  it('dropping a session drops its JS session (the host forgets it)', () => {
    const host = new NodePlatformHost();
    const probe = new binding.internal.PlatformProbe(host, () => {});
    const first = liveSession(probe);
    probe.dropDaveSession(first);
    // The host's numbering is the platform's: the dropped one is gone there.
    expect(host.daveCreateKeyPackage(1)).toBe('no DAVE session 1 (the client was closed)');
    const second = liveSession(probe);
    expect((probe.daveCreateKeyPackage(second) as Buffer).length).toBeGreaterThan(300);
  });

  it('a probe collected with sessions live finalizes without touching JS', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let collected = 0;
    const registry = new FinalizationRegistry(() => collected++);
    (() => {
      for (let i = 0; i < 3; i++) {
        const probe = new binding.internal.PlatformProbe(new NodePlatformHost(), () => {});
        liveSession(probe);
        liveSession(probe);
        registry.register(probe, i);
      }
    })();
    for (let round = 0; round < 10 && collected < 3; round++) {
      gc();
      await delay(10);
    }
    expect(collected).toBe(3);
    // This process is still here, and DAVE still works.
    const probe = new binding.internal.PlatformProbe(new NodePlatformHost(), () => {});
    expect(typeof probe.daveCreateKeyPackage(liveSession(probe))).toBe('object');
  });

  it('survives a worker terminated with a session live', async () => {
    const worker = new Worker(child, { workerData: { mode: 'worker-live-session' } });
    const first = await new Promise<{ session: number; calls: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(first.session).toBe(0);
    expect(first.calls).toBeGreaterThan(0);
    expect(await worker.terminate()).toBe(1);
    const probe = new binding.internal.PlatformProbe(new NodePlatformHost(), () => {});
    expect(typeof probe.daveCreateKeyPackage(liveSession(probe))).toBe('object');
  });
});
