// The message fields the façade reads by id, and a batch snapshot's layout, are written twice:
// as `const enum`s in lib/sdk/message_handle.ts (inlined into each getter, no lookup at run time)
// and as C++ constants in the addon's wrap_client_message_fields.cc. Neither can include the
// other, so this test holds the two lists to each other: the same field names in the same order,
// and the same layout numbers and flag bits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../lib/sdk/binding';
import { fileBelow } from './source_files';

/** The members of the enum `header` opens, in order; C++'s closing `Count` is not a field. */
function enumMembers(text: string, header: RegExp): string[] {
  const match = new RegExp(`${header.source}\\s*\\{([^}]*)\\}`).exec(text);
  const body = (match?.[1] ?? '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return [...body.matchAll(/^\s*([A-Z]\w*)\s*(?:=\s*0\s*)?,/gm)].map((m) => m[1]).filter((name) => name !== 'Count');
}

/** A number constant: `const NAME = 5;` (TS) or `constexpr size_t NAME = 5;` (C++). */
function constant(text: string, name: string): number | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(\\d+)\\s*[;,]`).exec(text);
  return match ? Number(match[1]) : undefined;
}

export function mirrorOf(facade: string, addon: string) {
  const flagBody = /const enum Flag\s*\{([^}]*)\}/.exec(facade)?.[1] ?? '';
  return {
    facade: {
      fields: enumMembers(facade, /const enum Field/),
      numbers: constant(facade, 'NUMBERS_PER_MESSAGE'),
      marks: constant(facade, 'MARKS_PER_MESSAGE'),
      flags: [constant(flagBody, 'Valid'), constant(flagBody, 'ContentCopied'), constant(flagBody, 'SentFromGame')],
    },
    addon: {
      fields: enumMembers(addon, /enum class MessageField : int32_t/),
      numbers: constant(addon, 'kNumbersPerMessage'),
      marks: constant(addon, 'kMarksPerMessage'),
      flags: [constant(addon, 'kValid'), constant(addon, 'kContentCopied'), constant(addon, 'kSentFromGame')],
    },
  };
}

describe('the message fields mirror each other in the façade and the addon', () => {
  const seen = mirrorOf(readFileSync(join(packageRoot, 'lib/sdk/message_handle.ts'), 'utf8'), fileBelow('native/napi', 'wrap_client_message_fields.cc'));

  it('reads both lists', () => {
    expect(seen.facade.fields.length).toBeGreaterThan(10);
    expect(seen.facade.fields[0]).toBe('Author');
    expect(seen.facade.numbers).toBeGreaterThan(0);
    expect(seen.facade.flags).not.toContain(undefined);
  });

  it('has the same fields in the same order, and the same layout and flags', () => {
    expect(seen.addon).toEqual(seen.facade);
  });

  it('tells two fields swapped (self-check)', () => {
    const facade = 'const enum Field {\n  Author = 0,\n  Channel,\n}\nconst NUMBERS_PER_MESSAGE = 5;\nconst MARKS_PER_MESSAGE = 3;\nconst enum Flag {\n  Valid = 1,\n  ContentCopied = 2,\n  SentFromGame = 4,\n}';
    const addon = 'enum class MessageField : int32_t {\n  Channel = 0,\n  Author,\n  Count,\n};\nconstexpr size_t kNumbersPerMessage = 5;\nconstexpr size_t kMarksPerMessage = 3;\nconstexpr uint32_t kValid = 1;\nconstexpr uint32_t kContentCopied = 2;\nconstexpr uint32_t kSentFromGame = 4;';
    const mirror = mirrorOf(facade, addon);
    expect(mirror.facade.fields).toEqual(['Author', 'Channel']);
    expect(mirror.addon.fields).toEqual(['Channel', 'Author']);
    expect(mirror.addon).not.toEqual(mirror.facade);
  });
});
