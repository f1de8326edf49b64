// The voice server's MLS pieces against davey 0.1.12 (the MLS client members run), with no
// network: davey accepts the ExternalSender and the signed external Adds, the ProposalRefs the
// server computes are the ones its commits name, and op 28 splits into the exact commit and
// Welcome davey produced, for a new group and for a newcomer to an existing one.
import { randomInt } from 'node:crypto';
import davey from '@snazzah/davey';
import { describe, expect, it } from 'vitest';
import { splitCommitWelcome } from '../../../lib/emulator/voice/dave/commit_welcome';
import { ExternalSender } from '../../../lib/emulator/voice/dave/external_sender';
import { appendProposals, externalAdd, groupIdOf } from '../../../lib/emulator/voice/dave/external_proposals';
import { MlsReader, varint, vector } from '../../../lib/emulator/voice/dave/mls_codec';

const channel = '1234567890123456789';

describe('MLS codec', () => {
  it('varint lengths take 1, 2 or 4 bytes and read back', () => {
    for (const [n, bytes] of [[0, 1], [63, 1], [64, 2], [16383, 2], [16384, 4], [2 ** 30 - 1, 4]] as const) {
      const encoded = varint(n);
      expect(encoded.length).toBe(bytes);
      expect(new MlsReader(encoded).varint('n')).toBe(n);
    }
    expect(() => varint(2 ** 30)).toThrow(RangeError);
    expect(() => new MlsReader(Buffer.from([0xc0, 0, 0, 0, 0, 0, 0, 1])).varint('n')).toThrow(/8-byte/);
    expect(() => new MlsReader(vector(Buffer.alloc(10)).subarray(0, 5)).vector('v')).toThrow(/needs 10 bytes/);
  });
});

describe('external sender, external Adds and op 28 splitting with davey', () => {
  it('two members build a group from the server\'s proposals; a third is added by reference and welcomed', () => {
    const sender = new ExternalSender();
    const a = new davey.DAVESession(1, '111', channel);
    const b = new davey.DAVESession(1, '222', channel);
    for (const s of [a, b]) s.setExternalSender(sender.serialize());
    const addB = externalAdd(sender, groupIdOf(channel), 0n, b.getSerializedKeyPackage());
    const addA = externalAdd(sender, groupIdOf(channel), 0n, a.getSerializedKeyPackage());
    const fromA = a.processProposals(0, appendProposals([addB.message]).subarray(1), ['222']);
    b.processProposals(0, appendProposals([addA.message]).subarray(1), ['111']);
    expect(fromA.commit && fromA.welcome).toBeTruthy();
    const split = splitCommitWelcome(Buffer.concat([fromA.commit!, fromA.welcome!]));
    if (typeof split === 'string') throw new Error(split);
    expect(split.epoch).toBe(0n);
    expect(split.groupId).toEqual(groupIdOf(channel));
    expect(split.proposalRefs).toEqual([addB.ref]);
    expect(split.commit).toEqual(fromA.commit);
    expect(split.welcome).toEqual(fromA.welcome);
    a.processCommit(split.commit);
    b.processWelcome(split.welcome!);
    expect(a.epoch).toBe(1n);
    expect(b.epoch).toBe(1n);
    expect(a.voicePrivacyCode).not.toBe('');
    expect(b.voicePrivacyCode).toBe(a.voicePrivacyCode);

    const c = new davey.DAVESession(1, '333', channel);
    c.setExternalSender(sender.serialize());
    const addC = externalAdd(sender, groupIdOf(channel), 1n, c.getSerializedKeyPackage());
    // Every member takes the proposals (else it cannot apply the commit); B's commit wins.
    a.processProposals(0, appendProposals([addC.message]).subarray(1), ['222', '333']);
    const fromB = b.processProposals(0, appendProposals([addC.message]).subarray(1), ['111', '333']);
    const second = splitCommitWelcome(Buffer.concat([fromB.commit!, fromB.welcome!]));
    if (typeof second === 'string') throw new Error(second);
    expect(second.epoch).toBe(1n);
    expect(second.proposalRefs).toEqual([addC.ref]);
    a.processCommit(second.commit);
    b.processCommit(second.commit);
    c.processWelcome(second.welcome!);
    expect(new Set([a.voicePrivacyCode, b.voicePrivacyCode, c.voicePrivacyCode]).size).toBe(1);
    const frame = a.encryptOpus(Buffer.from([0xfc, 1, 2, 3, 4, 5]));
    expect(frame.subarray(-2)).toEqual(Buffer.from([0xfa, 0xfa]));
    expect(c.decrypt('111', 0, frame)).toEqual(Buffer.from([0xfc, 1, 2, 3, 4, 5]));
  });

  it('a proposal signed by another key is refused by davey', () => {
    const trusted = new ExternalSender();
    const impostor = new ExternalSender();
    const a = new davey.DAVESession(1, '111', channel);
    const b = new davey.DAVESession(1, '222', channel);
    a.setExternalSender(trusted.serialize());
    const forged = externalAdd(impostor, groupIdOf(channel), 0n, b.getSerializedKeyPackage());
    expect(() => a.processProposals(0, appendProposals([forged.message]).subarray(1), ['222'])).toThrow();
  });

  it('garbage, a truncated commit and trailing bytes that are no Welcome do not split', () => {
    expect(typeof splitCommitWelcome(Buffer.from('not mls at all'))).toBe('string');
    expect(typeof splitCommitWelcome(Buffer.alloc(0))).toBe('string');
    const sender = new ExternalSender();
    const a = new davey.DAVESession(1, '111', channel);
    const b = new davey.DAVESession(1, '222', channel);
    a.setExternalSender(sender.serialize());
    const { commit } = a.processProposals(0, appendProposals([externalAdd(sender, groupIdOf(channel), 0n, b.getSerializedKeyPackage()).message]).subarray(1), ['222']);
    for (let cut = 1; cut < commit!.length; cut += 7) expect(typeof splitCommitWelcome(commit!.subarray(0, cut))).toBe('string');
    expect(splitCommitWelcome(Buffer.concat([commit!, Buffer.from([9, 9, 9, 9])]))).toMatch(/not a Welcome/);
    expect(splitCommitWelcome(Buffer.concat([commit!, Buffer.from([0, 2, 1, 0, 0, 7])]))).toMatch(/bytes after/);
    // Mutated commits either split or say why; nothing throws.
    for (let i = 0; i < 3000; i++) {
      const mutated = Buffer.from(commit!);
      for (let k = 0; k < 1 + (i % 4); k++) mutated[randomInt(mutated.length)] = randomInt(256);
      const result = splitCommitWelcome(i % 2 ? mutated : mutated.subarray(0, randomInt(mutated.length)));
      expect(typeof result === 'string' || result.commit.length > 0).toBe(true);
    };
  });
});
