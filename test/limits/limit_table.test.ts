// The limits table as a table of tests (limit_table.ts) covers every row of limits.h: a row added
// to the header (and so to lib/limits.generated.ts) without an entry fails here, and so does an
// entry without cases, reason or the files it names. The runners check that they drive every
// path an entry lists (limit_table_sdk.test.ts, limit_table_emulator.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Call, Client, VADThresholdSettings } from '../../lib/index';
import { Limits } from '../../lib/limits.generated';
import { limitTable, type LimitName } from './limit_table';

const root = join(__dirname, '..', '..');

describe('the limits table as a table of tests', () => {
  it('has exactly one entry per row of lib/limits.generated.ts', () => {
    expect(Object.keys(limitTable).sort()).toEqual(Object.keys(Limits).sort());
  });

  it('has a row for every constant of limits.h (the generated copy is current: generated_table.test.ts)', () => {
    const header = readFileSync(join(root, 'native', 'core', 'include', 'sdkpp', 'limits.h'), 'utf8');
    const rows = [...header.matchAll(/^inline constexpr u?int64_t k(\w+) =/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual(Object.keys(limitTable).sort());
  });

  for (const name of Object.keys(limitTable) as LimitName[]) {
    const entry = limitTable[name];
    it(`${name}: ${entry.kind === 'rule' ? `cases at the limit and one past it on ${entry.paths.join(', ')}` : entry.kind === 'wire' ? 'a wire bound with its tests' : 'unreachable from outside, with the reason'}`, () => {
      if (entry.kind === 'rule') {
        expect(entry.paths.length).toBeGreaterThan(0);
        expect(entry.cases.some((c) => c.accepted)).toBe(true);
        expect(entry.cases.some((c) => !c.accepted)).toBe(true);
        // The limit itself is among the values: at it, or a text / record of that many characters.
        const limit = Limits[name];
        const sizes = entry.cases.map((c) => (typeof c.value === 'number' ? c.value : typeof c.value === 'string' ? [...c.value].length : Object.entries(c.value).reduce((n, [k, v]) => n + [...k].length + [...v].length, 0)));
        expect(sizes).toContain(limit);
        for (const file of entry.pinnedNatively ?? []) expect(readFileSync(join(root, file), 'utf8'), `${file} names k${name}`).toContain(`k${name}`);
        return;
      }
      const tests = entry.tests;
      expect(tests.length).toBeGreaterThan(0);
      for (const file of tests) {
        expect(existsSync(join(root, file)), file).toBe(true);
        if (file !== 'test/limits/limit_table.test.ts' && file !== 'test/limits/limit_table_sdk.test.ts') {
          expect(readFileSync(join(root, file), 'utf8'), `${file} names the row`).toMatch(new RegExp(`${name}|${name.replace(/[A-Z]/g, (ch, i) => (i ? '_' : '') + ch).toUpperCase()}`));
        }
      }
      if (entry.kind === 'wire') expect(entry.enforcedBy.length).toBeGreaterThan(20);
      else expect(entry.why.length).toBeGreaterThan(20);
    });
  }
});

describe('the defaults of the table (rows that are not bounds)', () => {
  it('DefaultVadThresholdDb: a new VADThresholdSettings starts at it, inside the VAD range', () => {
    expect(new VADThresholdSettings().VadThreshold()).toBe(Limits.DefaultVadThresholdDb);
    expect(Limits.DefaultVadThresholdDb).toBeGreaterThanOrEqual(Limits.MinVadThresholdDb);
    expect(Limits.DefaultVadThresholdDb).toBeLessThanOrEqual(Limits.MaxVadThresholdDb);
  });

  it('UnityVolume: both devices of a new Client start at it, and a participant of no call reads it', () => {
    const client = new Client();
    try {
      expect(client.GetInputVolume()).toBe(Limits.UnityVolume);
      expect(client.GetOutputVolume()).toBe(Limits.UnityVolume);
      expect(Call.nullobj.GetParticipantVolume(1n)).toBe(Limits.UnityVolume);
      expect(Limits.UnityVolume).toBeLessThanOrEqual(Limits.MaxDeviceVolume);
      expect(Limits.UnityVolume).toBeLessThanOrEqual(Limits.MaxParticipantVolume);
    } finally {
      client.Dispose();
    }
  });
});
