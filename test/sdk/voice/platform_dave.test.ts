// DAVE in the Node platform (native/napi/dave/, lib/platform/host/dave/), through the addon
// with internal.PlatformProbe the way the core will call it: davey's version, two platform
// sessions driven to one group by a small external sender (dave_test_sender.ts) and frames both
// ways, every davey failure answered as false + a message (never a throw), sizes only on the
// frame boundary, and sessions that outlive their platform, host or Client.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { NodePlatformHost } from '../../../lib/platform/node_host';
import { binding, type PlatformProbe } from '../../../lib/sdk/binding';
import * as Davey from '@snazzah/davey';
import { TestExternalSender } from './dave_test_sender';

const CHANNEL = 927310423890473011n;
const ALICE = 158049329150427136n;
const BOB = 158533742254751744n;
const SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const APPEND = 0;

function probeOf(host: object = new NodePlatformHost()): PlatformProbe {
  return new binding.internal.PlatformProbe(host, () => {});
}

function sessionOf(probe: PlatformProbe, userId: bigint): number {
  const session = probe.createDaveSession(1, userId, CHANNEL);
  if (typeof session !== 'number') throw new Error(`createDaveSession: ${session}`);
  return session;
}

interface Member {
  probe: PlatformProbe;
  session: number;
}

/**
 * Alice and Bob in one pending group, Alice's commit winning the epoch (docs/protocols/dave.md): each
 * pending member gets the other's Add proposal and commits; the server picks Alice's. Two
 * platforms by default (two Clients); pass one probe twice for two calls on one platform.
 */
function twoMemberGroup(probes: [PlatformProbe, PlatformProbe] = [probeOf(), probeOf()]) {
  const sender = new TestExternalSender();
  const alice: Member = { probe: probes[0], session: sessionOf(probes[0], ALICE) };
  const bob: Member = { probe: probes[1], session: sessionOf(probes[1], BOB) };
  for (const member of [alice, bob]) {
    expect(member.probe.daveSetExternalSender(member.session, sender.externalSender())).toBe(true);
  }
  const aliceKeyPackage = alice.probe.daveCreateKeyPackage(alice.session) as Buffer;
  const bobKeyPackage = bob.probe.daveCreateKeyPackage(bob.session) as Buffer;
  const fromAlice = alice.probe.daveProcessProposals(alice.session, APPEND, sender.appendProposals(CHANNEL, 0n, [bobKeyPackage]), [BOB]);
  const fromBob = bob.probe.daveProcessProposals(bob.session, APPEND, sender.appendProposals(CHANNEL, 0n, [aliceKeyPackage]), [ALICE]);
  if (typeof fromAlice === 'string' || typeof fromBob === 'string') throw new Error(`proposals: ${fromAlice} / ${fromBob}`);
  return { alice, bob, aliceKeyPackage, commit: fromAlice.commit, welcome: fromAlice.welcome };
}

function readyGroup(probes?: [PlatformProbe, PlatformProbe]) {
  const group = twoMemberGroup(probes);
  expect(group.alice.probe.daveProcessCommit(group.alice.session, group.commit)).toBe(true);
  expect(group.bob.probe.daveProcessWelcome(group.bob.session, group.welcome)).toBe(true);
  return group;
}

describe('DAVE capability', () => {
  it('is davey\'s DAVE_PROTOCOL_VERSION (1) when @snazzah/davey loads, with no reason and no warning', () => {
    const host = new NodePlatformHost();
    const probe = probeOf(host);
    expect(probe.daveMaxProtocolVersion()).toBe(1);
    expect(host.daveUnavailableReason()).toBe('');
    binding.RunCallbacks();
    expect(probe.logLines().filter((line) => line.includes('DAVE'))).toEqual([]);
  });

  it('refuses a session for version 0 or a version above the host\'s', () => {
    const probe = probeOf();
    expect(probe.createDaveSession(0, ALICE, CHANNEL)).toMatch(/version 0 is not in 1\.\.1/);
    expect(probe.createDaveSession(2, ALICE, CHANNEL)).toMatch(/version 2 is not in 1\.\.1/);
  });
});

describe('two platform sessions in one group', () => {
  it('key package, proposals, commit and welcome make both ready with one privacy code', () => {
    const group = twoMemberGroup();
    const { alice, bob } = group;
    expect(group.aliceKeyPackage.subarray(0, 4).toString('hex')).toBe('00010002'); // MLS 1.0, ciphersuite 2
    expect(group.aliceKeyPackage.length).toBeGreaterThan(300);
    expect(group.commit.length).toBeGreaterThan(0);
    expect(group.welcome.length).toBeGreaterThan(0);
    expect(alice.probe.daveIsReady(alice.session)).toBe(false);
    expect(alice.probe.daveVoicePrivacyCode(alice.session)).toBe('');

    expect(alice.probe.daveProcessCommit(alice.session, group.commit)).toBe(true);
    expect(bob.probe.daveProcessWelcome(bob.session, group.welcome)).toBe(true);
    expect(alice.probe.daveIsReady(alice.session)).toBe(true);
    expect(bob.probe.daveIsReady(bob.session)).toBe(true);
    const code = alice.probe.daveVoicePrivacyCode(alice.session);
    expect(code).toMatch(/^\d{30}$/);
    expect(bob.probe.daveVoicePrivacyCode(bob.session)).toBe(code);
  });

  it('frames go both ways: E2EE on the way out (+12 bytes, FA FA), the original on the way in', () => {
    const { alice, bob } = readyGroup();
    for (const size of [1, 120, 1000, 1400]) {
      const frame = Buffer.alloc(size, size & 0xff);
      frame[0] = 0xfc;
      const sealed = alice.probe.daveEncryptOpus(alice.session, frame)!;
      expect(sealed, `size ${size}`).not.toBeNull();
      expect(sealed.length, `size ${size}`).toBe(size + 12);
      expect(sealed.subarray(-2).toString('hex')).toBe('fafa');
      expect(bob.probe.daveDecrypt(bob.session, ALICE, sealed)?.equals(frame), `size ${size}`).toBe(true);
      const back = bob.probe.daveEncryptOpus(bob.session, frame)!;
      expect(alice.probe.daveDecrypt(alice.session, BOB, back)?.equals(frame), `size ${size}`).toBe(true);
    }
  });

  it('silence frames stay plain both ways', () => {
    const { alice, bob } = readyGroup();
    expect(alice.probe.daveEncryptOpus(alice.session, SILENCE)?.equals(SILENCE)).toBe(true);
    expect(bob.probe.daveDecrypt(bob.session, ALICE, SILENCE)?.equals(SILENCE)).toBe(true);
  });

  it('a plain frame is refused until passthrough is on, then handed through', () => {
    const { bob } = readyGroup();
    const plain = Buffer.from('a plain opus frame');
    expect(bob.probe.daveDecrypt(bob.session, ALICE, plain)).toBeNull();
    bob.probe.daveSetPassthroughMode(bob.session, true, 0);
    expect(bob.probe.daveDecrypt(bob.session, ALICE, plain)?.equals(plain)).toBe(true);
  });

  it('decrypts nothing from a stranger, a tampered frame or into too small an output', () => {
    const { alice, bob } = readyGroup();
    const sealed = alice.probe.daveEncryptOpus(alice.session, Buffer.alloc(120, 3))!;
    expect(bob.probe.daveDecrypt(bob.session, 42n, sealed), 'not a member').toBeNull();
    const tampered = Buffer.from(sealed);
    tampered[5] ^= 1;
    expect(bob.probe.daveDecrypt(bob.session, ALICE, tampered)).toBeNull();
    expect(bob.probe.daveDecrypt(bob.session, ALICE, sealed, 119), 'capacity 119 < 120').toBeNull();
    expect(alice.probe.daveEncryptOpus(alice.session, Buffer.alloc(120), 131), 'capacity 131 < 132').toBeNull();
    // And both still work after all that.
    const again = alice.probe.daveEncryptOpus(alice.session, Buffer.alloc(120, 4))!;
    expect(bob.probe.daveDecrypt(bob.session, ALICE, again)?.equals(Buffer.alloc(120, 4))).toBe(true);
  });

  it('refuses proposals that add someone the call does not know', () => {
    const sender = new TestExternalSender();
    const probe = probeOf();
    const alice = sessionOf(probe, ALICE);
    const bob = sessionOf(probe, BOB);
    probe.daveSetExternalSender(alice, sender.externalSender());
    probe.daveSetExternalSender(bob, sender.externalSender());
    const bobKeyPackage = probe.daveCreateKeyPackage(bob) as Buffer;
    const answer = probe.daveProcessProposals(alice, APPEND, sender.appendProposals(CHANNEL, 0n, [bobKeyPackage]), [7n]);
    expect(answer).toMatch(/^process proposals: /);
  });

  it('reinit drops the group (a new key package, not ready); reset too', () => {
    const { alice, bob } = readyGroup();
    expect(alice.probe.daveReinit(alice.session, 1, ALICE, CHANNEL)).toBe(true);
    expect(alice.probe.daveIsReady(alice.session)).toBe(false);
    expect(alice.probe.daveVoicePrivacyCode(alice.session)).toBe('');
    expect(alice.probe.daveEncryptOpus(alice.session, Buffer.alloc(50, 1))).toBeNull();
    expect((alice.probe.daveCreateKeyPackage(alice.session) as Buffer).subarray(0, 4).toString('hex')).toBe('00010002');
    bob.probe.daveReset(bob.session);
    expect(bob.probe.daveIsReady(bob.session)).toBe(false);
    expect(bob.probe.daveVoicePrivacyCode(bob.session)).toBe('');
    expect(bob.probe.daveReinit(bob.session, 0, BOB, CHANNEL)).toMatch(/^reinit: /);
  });
});

describe('failures are false with a message, never a throw', () => {
  it('garbage for every handshake step, and frames before the group exists', () => {
    const probe = probeOf();
    const session = sessionOf(probe, ALICE);
    const garbage = Buffer.from('garbage');
    expect(probe.daveProcessCommit(session, garbage)).toMatch(/^process commit: .+/);
    expect(probe.daveProcessProposals(session, APPEND, garbage, [BOB])).toMatch(/^process proposals: .+/);
    expect(probe.daveSetExternalSender(session, garbage)).toMatch(/^set external sender: .+/);
    expect(probe.daveSetExternalSender(session, Buffer.alloc(0))).toMatch(/^set external sender: .+/);
    expect(probe.daveSetExternalSender(session, new TestExternalSender().externalSender())).toBe(true);
    expect(probe.daveProcessWelcome(session, garbage)).toMatch(/^process welcome: .+/);
    expect(probe.daveProcessCommit(session, garbage)).toMatch(/^process commit: .+/);
    expect(probe.daveProcessProposals(session, APPEND, garbage, [BOB])).toMatch(/^process proposals: .+/);
    expect(probe.daveProcessProposals(session, 1, garbage, [BOB])).toMatch(/^process proposals: .+/);
    expect(probe.daveEncryptOpus(session, Buffer.from('opus'))).toBeNull();
    expect(probe.daveDecrypt(session, BOB, garbage)).toBeNull();
    expect(probe.daveDecrypt(session, BOB, Buffer.alloc(1500))).toBeNull();
    expect(probe.daveEncryptOpus(session, Buffer.alloc(1501)), 'over a datagram').toBeNull();
    expect(probe.daveEncryptOpus(session, Buffer.alloc(0))).toBeNull();
    expect(probe.daveIsReady(session)).toBe(false);
    expect((probe.daveCreateKeyPackage(session) as Buffer).length).toBeGreaterThan(300); // still usable
  });

  it('a host that throws, lacks the methods or answers nonsense gives false and a message', () => {
    const throwing = probeOf({ daveMaxProtocolVersion: () => 1, daveCreateSession: () => { throw new Error('boom'); } });
    expect(throwing.createDaveSession(1, ALICE, CHANNEL)).toMatch(/^create session: /);
    binding.RunCallbacks();
    expect(throwing.logLines().some((line) => line.includes('daveCreateSession threw: boom'))).toBe(true);
    expect(probeOf({}).daveMaxProtocolVersion()).toBe(0);
    expect(probeOf({}).createDaveSession(1, ALICE, CHANNEL)).toMatch(/DAVE is unavailable: the platform host does not say why/);
    const nonsense = probeOf({
      daveMaxProtocolVersion: () => 1,
      daveCreateSession: () => true,
      daveCreateKeyPackage: () => 'no key package today',
      daveProcessProposals: () => ({ commit: 'not bytes' }),
      daveProcessCommit: () => 1,
      useDaveScratch: () => true,
      daveEncryptOpus: () => 1e9,
      daveSetUserSlot: () => true,
      daveDecrypt: () => -1,
    });
    const session = sessionOf(nonsense, ALICE);
    expect(nonsense.daveCreateKeyPackage(session)).toBe('create key package: no key package today');
    expect(nonsense.daveProcessProposals(session, APPEND, Buffer.alloc(1), [])).toMatch(/malformed/);
    expect(nonsense.daveProcessCommit(session, Buffer.alloc(1))).toBe('process commit: the platform host gave no answer');
    expect(nonsense.daveEncryptOpus(session, Buffer.alloc(10))).toBeNull();
    expect(nonsense.daveDecrypt(session, BOB, Buffer.alloc(10))).toBeNull();
  });
});

describe('the frame boundary', () => {
  it('hands the scratch views over once per platform and passes only small numbers per frame', () => {
    const inner = new NodePlatformHost();
    const frameCalls: unknown[][] = [];
    let scratchHandovers = 0;
    const host = new Proxy(inner, {
      get(target, name: string) {
        const method = Reflect.get(target, name) as unknown;
        if (typeof method !== 'function') return method;
        return (...args: unknown[]) => {
          if (name === 'useDaveScratch') scratchHandovers++;
          if (name === 'daveEncryptOpus' || name === 'daveDecrypt') frameCalls.push(args);
          return (method as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const probe = probeOf(host);
    const { alice, bob } = readyGroup([probe, probe]);
    for (let i = 0; i < 5; i++) {
      const frame = Buffer.alloc(100, i);
      const sealed = alice.probe.daveEncryptOpus(alice.session, frame)!;
      expect(bob.probe.daveDecrypt(bob.session, ALICE, sealed)?.equals(frame)).toBe(true);
    }
    expect(frameCalls.length).toBe(10);
    for (const args of frameCalls) expect(args.every((arg) => typeof arg === 'number'), JSON.stringify(args)).toBe(true);
    expect(scratchHandovers).toBe(1);
  });

  // Young-generation bytes allocated per frame (encrypt + decrypt), the median of 10 batches of
  // 1,000 frames each run natively by benchDave right after a full GC (new space empty, so the
  // delta of its used size is what the batch allocated).
  function allocatedPerFrame(run: (frames: number) => void): number {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
    run(200); // warm up (slots, views, inline caches)
    const perFrame: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      gc();
      const before = newSpace();
      run(1000);
      perFrame.push((newSpace() - before) / 1000);
    }
    return perFrame.sort((a, b) => a - b)[5];
  }

  it('the boundary itself allocates nothing per frame (a host that answers sizes only)', () => {
    const host = {
      daveMaxProtocolVersion: () => 1,
      daveCreateSession: () => true,
      daveDestroySession: () => {},
      useDaveScratch: () => true,
      daveSetUserSlot: () => true,
      daveEncryptOpus: (_session: number, size: number) => size + 12,
      daveDecrypt: (_session: number, _slot: number, size: number) => size - 12,
    };
    const probe = probeOf(host);
    const sender = sessionOf(probe, ALICE);
    const receiver = sessionOf(probe, BOB);
    const bytes = allocatedPerFrame((frames) => probe.benchDave(sender, receiver, ALICE, 120, frames));
    console.log(`DAVE frame boundary without davey: ${bytes.toFixed(1)} B allocated per frame (encrypt + decrypt)`);
    expect(bytes).toBeLessThan(16); // a Buffer or a view per frame would be ≥ 80 B
  });

  it('10,000 frames each way through davey: every one round-trips, davey\'s Buffers are the only allocation', () => {
    const probe = probeOf();
    const { alice, bob } = readyGroup([probe, probe]);
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    probe.benchDave(alice.session, bob.session, ALICE, 120, 200);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const bench = probe.benchDave(alice.session, bob.session, ALICE, 120, 10_000);
    gc();
    const retained = process.memoryUsage().heapUsed - heapBefore;
    expect(bench.roundTrips).toBe(10_000);
    expect(retained, 'nothing of the 10,000 frames stays after a GC').toBeLessThan(256 * 1024);
    const throughPlatform = allocatedPerFrame((frames) => probe.benchDave(alice.session, bob.session, ALICE, 120, frames));

    // The same frames with davey called directly from JS, for comparison.
    const sender = new TestExternalSender();
    const direct = [new Davey.DAVESession(1, '1', '77'), new Davey.DAVESession(1, '2', '77')];
    for (const session of direct) session.setExternalSender(sender.externalSender());
    direct[0].getSerializedKeyPackage();
    const { commit, welcome } = direct[0].processProposals(0, sender.appendProposals(77n, 0n, [direct[1].getSerializedKeyPackage()]), ['2']);
    direct[0].processCommit(commit!);
    direct[1].processWelcome(welcome!);
    const frame = Buffer.alloc(120, 5);
    const davey = allocatedPerFrame((frames) => {
      for (let i = 0; i < frames; i++) {
        frame[0] = i;
        direct[1].decrypt('1', 0, direct[0].encryptOpus(frame));
      }
    });
    console.log(
      `DAVE through NodePlatform, 120-byte Opus frames: encrypt ${bench.encryptMicros.toFixed(1)} µs, decrypt ${bench.decryptMicros.toFixed(1)} µs; ` +
        `JS heap allocated per frame (encrypt + decrypt): ${throughPlatform.toFixed(0)} B through the platform, ${davey.toFixed(0)} B calling davey directly; ` +
        `retained after 10,000 frames and a GC: ${retained} B`,
    );
    expect(throughPlatform).toBeLessThan(davey + 16);
  });
});
