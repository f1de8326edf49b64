// One table of boundary cases for the limits of native/core/include/sdkpp/limits.h, run against
// the SDK (test/limits/sdk_boundaries.test.ts) and against the emulator
// (test/limits/emulator_boundaries.test.ts): both sides must give the same answer for every row.
// Cases sit exactly at a limit and one over it, counted in code points, with one-byte, two-byte,
// three-byte and astral (four-byte, two UTF-16 units) characters, so that a layer counting bytes
// or UTF-16 units instead of code points fails a row.
import { Limits } from '../../lib/limits.generated';

export type BoundaryRule = 'messageContent' | 'lobbySecret' | 'lobbyMetadata' | 'messageMetadata' | 'historyLimit';

export interface BoundaryCase {
  rule: BoundaryRule;
  name: string;
  /** A string for the text rules, a record for metadata, a number for the history limit. */
  value: string | Record<string, string> | number;
  accepted: boolean;
}

// Characters of each UTF-8 width: 'a' 1 byte, 'é' 2, '€' 3, '😀' 4 (astral: a surrogate pair in JS).
const widths = [
  ['ascii', 'a'],
  ['two-byte', 'é'],
  ['three-byte', '€'],
  ['astral', '😀'],
] as const;

function textCases(rule: BoundaryRule, max: number): BoundaryCase[] {
  const cases: BoundaryCase[] = [
    { rule, name: 'empty', value: '', accepted: false },
    { rule, name: 'one character', value: 'x', accepted: true },
  ];
  for (const [width, ch] of widths) {
    cases.push({ rule, name: `${max} ${width} characters (at the limit)`, value: ch.repeat(max), accepted: true });
    cases.push({ rule, name: `${max + 1} ${width} characters (one over)`, value: ch.repeat(max + 1), accepted: false });
  }
  // The case that showed the bug: more than max/4 emoji is more than `max` bytes, yet well under
  // `max` characters.
  const overBytes = Math.floor(max / 4) + 1;
  cases.push({ rule, name: `${overBytes} emoji (over ${max} bytes, under ${max} characters)`, value: '😀'.repeat(overBytes), accepted: true });
  return cases;
}

// Metadata counts the characters of keys and values together.
function metadataCases(rule: BoundaryRule, max: number): BoundaryCase[] {
  const cases: BoundaryCase[] = [{ rule, name: 'empty record', value: {}, accepted: true }];
  for (const [width, ch] of widths) {
    cases.push({ rule, name: `key + value = ${max} ${width} characters`, value: { k: ch.repeat(max - 1) }, accepted: true });
    cases.push({ rule, name: `key + value = ${max + 1} ${width} characters`, value: { k: ch.repeat(max) }, accepted: false });
  }
  return cases;
}

export const boundaryCases: readonly BoundaryCase[] = [
  ...textCases('messageContent', Limits.MaxMessageContentCodePoints),
  ...textCases('lobbySecret', Limits.MaxLobbySecretCodePoints),
  ...metadataCases('lobbyMetadata', Limits.MaxMetadataCodePoints),
  ...metadataCases('messageMetadata', Limits.MaxMetadataCodePoints),
  { rule: 'historyLimit', name: '0 messages', value: 0, accepted: false },
  { rule: 'historyLimit', name: '1 message', value: 1, accepted: true },
  { rule: 'historyLimit', name: `${Limits.MaxHistoryMessagesCount} messages`, value: Limits.MaxHistoryMessagesCount, accepted: true },
  { rule: 'historyLimit', name: `${Limits.MaxHistoryMessagesCount + 1} messages`, value: Limits.MaxHistoryMessagesCount + 1, accepted: false },
];
