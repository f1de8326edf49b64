// The option rules of CHAT_INPUT commands, one table row per rule and bound (each limit
// accepted, one past it refused with the public API's 50035 code at the option's field path):
// option names, subcommand nesting, required flags, choices and autocomplete, value / length /
// channel-type bounds, localizations. The broad cases live in commands.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Api, type Reply, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const GLOBAL = `/applications/${SEED.applicationId}/commands`;

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  for (const command of s.emu.core.state.applicationCommands.values()) s.emu.core.state.applicationCommands.delete(command.id);
});

type Option = Record<string, unknown>;
const str = (name: string, extra: Option = {}): Option => ({ type: 3, name, description: name, ...extra });
const int = (extra: Option = {}): Option => ({ type: 4, name: 'n', description: 'n', ...extra });
const num = (extra: Option = {}): Option => ({ type: 10, name: 'x', description: 'x', ...extra });
const channel = (extra: Option = {}): Option => ({ type: 7, name: 'where', description: 'where', ...extra });
const sub = (name: string, extra: Option = {}): Option => ({ type: 1, name, description: name, ...extra });
const group = (name: string, extra: Option = {}): Option => ({ type: 2, name, description: name, ...extra });

const create = (options: unknown) => api.post(GLOBAL, { name: 'opts', description: 'options', options }, api.bot);
/** A body the JSON encoder cannot make (e.g. 1e999, which parses to Infinity). */
const createRaw = (optionsJson: string) =>
  api.call('POST', GLOBAL, { body: `{"name":"opts","description":"options","options":${optionsJson}}`, contentType: 'application/json', auth: api.bot });

function codesAt(reply: Reply, path: string): string[] {
  let node = (reply.body as any)?.errors;
  for (const part of path.split('.')) node = node?.[part];
  return ((node?._errors ?? []) as Array<{ code: string }>).map((e) => e.code);
}

async function expectRefused(reply: Reply, path: string, code: string) {
  expect(reply.status, reply.text).toBe(400);
  expect((reply.body as any).code).toBe(50035);
  expect(codesAt(reply, path), `${path}: ${reply.text}`).toContain(code);
  expect((await api.get(GLOBAL, api.bot)).body).toHaveLength(0);
}

function expectCreated(reply: Reply): any[] {
  expect(reply.status, reply.text).toBe(201);
  return (reply.body as any).options ?? [];
}

describe('option names: 1-32 of lowercase letters, digits, - _ \'', () => {
  it.each([
    ['an uppercase letter (the pattern alone would take it)', 'Bad'],
    ['a space (lowercase, but outside the pattern)', 'two words'],
    ['punctuation', 'what?'],
  ])('refuses %s', async (_label, name) => {
    await expectRefused(await create([str(name)]), 'options.0.name', 'APPLICATION_COMMAND_INVALID_NAME');
  });

  it('takes lowercase letters of any script, digits, - _ \' at 32 characters', async () => {
    const options = expectCreated(await create([str("ok-name_1'"), str('ünïcode'), str('a'.repeat(32))]));
    expect(options.map((o) => o.name)).toEqual(["ok-name_1'", 'ünïcode', 'a'.repeat(32)]);
  });
});

describe('subcommands and groups', () => {
  it.each([
    ['a subcommand in a subcommand', [sub('outer', { options: [sub('inner')] })], 'options.0.options.0.type', 'APPLICATION_COMMAND_OPTION_TYPE_INVALID'],
    ['a group in a subcommand', [sub('outer', { options: [group('inner', { options: [sub('leaf')] })] })], 'options.0.options.0.type', 'APPLICATION_COMMAND_OPTION_TYPE_INVALID'],
    ['a group without options', [group('g')], 'options.0.options', 'BASE_TYPE_REQUIRED'],
    ['a group with an empty option list', [group('g', { options: [] })], 'options.0.options', 'BASE_TYPE_REQUIRED'],
    ['a group whose options are not a list', [group('g', { options: 'sub' })], 'options.0.options', 'BASE_TYPE_REQUIRED'],
    ['a required subcommand', [sub('s', { required: true })], 'options.0.required', 'APPLICATION_COMMAND_OPTION_REQUIRED_INVALID'],
    ['a required group', [group('g', { required: true, options: [sub('s')] })], 'options.0.required', 'APPLICATION_COMMAND_OPTION_REQUIRED_INVALID'],
    ['options under a value option', [str('text', { options: [str('inner')] })], 'options.0.options', 'APPLICATION_COMMAND_OPTION_TYPE_INVALID'],
  ] as Array<[string, unknown[], string, string]>)('refuses %s', async (_label, options, path, code) => {
    await expectRefused(await create(options), path, code);
  });

  it('a subcommand needs no options; a group with one subcommand and required: false subcommands are fine', async () => {
    const options = expectCreated(await create([sub('plain'), sub('optional', { required: false }), group('g', { options: [sub('leaf')] })]));
    expect(options.map((o) => o.name)).toEqual(['plain', 'optional', 'g']);
    expect(options[0].options).toBeUndefined();
    expect(options[1].required).toBeUndefined();
  });
});

describe('required options come first', () => {
  it('required: false counts as optional: a required option after it is refused', async () => {
    await expectRefused(await create([str('a', { required: false }), str('b', { required: true })]), 'options.1.required', 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID');
  });

  it('required: false is not stored as required, and options after it may be optional', async () => {
    const options = expectCreated(await create([str('a', { required: true }), str('b', { required: false }), str('c')]));
    expect(options.map((o) => o.required)).toEqual([true, undefined, undefined]);
  });
});

describe('choices and autocomplete', () => {
  it.each([
    ['choices on a BOOLEAN option', [{ type: 5, name: 'b', description: 'b', choices: [{ name: 'one', value: 1 }] }], 'options.0.choices', 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID'],
    ['autocomplete on a BOOLEAN option', [{ type: 5, name: 'b', description: 'b', autocomplete: true }], 'options.0.autocomplete', 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID'],
    ['a fractional INTEGER choice', [int({ choices: [{ name: 'half', value: 1.5 }] })], 'options.0.choices.0.value', 'NUMBER_TYPE_COERCE'],
    ['a string NUMBER choice', [num({ choices: [{ name: 'one', value: '1' }] })], 'options.0.choices.0.value', 'NUMBER_TYPE_COERCE'],
  ] as Array<[string, unknown[], string, string]>)('refuses %s', async (_label, options, path, code) => {
    await expectRefused(await create(options), path, code);
  });

  it('refuses an infinite NUMBER choice (1e999 parses to Infinity)', async () => {
    await expectRefused(await createRaw('[{"type":10,"name":"x","description":"x","choices":[{"name":"big","value":1e999}]}]'), 'options.0.choices.0.value', 'NUMBER_TYPE_COERCE');
  });

  it('keeps INTEGER and NUMBER choices of their type; null or empty choices go with autocomplete; autocomplete: false is not stored', async () => {
    const options = expectCreated(
      await create([
        int({ choices: [{ name: 'one', value: 1 }, { name: 'minus', value: -3 }] }),
        num({ choices: [{ name: 'half', value: 0.5 }, { name: 'two', value: 2 }] }),
        str('nulled', { choices: null }),
        str('searched', { autocomplete: true, choices: [] }),
        str('plain', { autocomplete: false }),
      ]),
    );
    expect(options[0].choices).toEqual([{ name: 'one', value: 1 }, { name: 'minus', value: -3 }]);
    expect(options[1].choices).toEqual([{ name: 'half', value: 0.5 }, { name: 'two', value: 2 }]);
    expect(options[2].choices).toBeUndefined();
    expect(options[3].autocomplete).toBe(true);
    expect(options[4].autocomplete).toBeUndefined();
  });
});

describe('value bounds (INTEGER and NUMBER only, of the option type, min <= max)', () => {
  it.each([
    ['min_value on a STRING option', [str('s', { min_value: 1 })], 'options.0.min_value', 'APPLICATION_COMMAND_OPTION_BOUND_INVALID'],
    ['a string INTEGER bound', [int({ min_value: '5' })], 'options.0.min_value', 'NUMBER_TYPE_COERCE'],
    ['a string NUMBER bound', [num({ max_value: '5' })], 'options.0.max_value', 'NUMBER_TYPE_COERCE'],
    ['a fractional INTEGER bound', [int({ max_value: 1.5 })], 'options.0.max_value', 'NUMBER_TYPE_COERCE'],
    ['min_value over max_value', [num({ min_value: 2.5, max_value: 2 })], 'options.0.min_value', 'APPLICATION_COMMAND_OPTION_BOUND_INVALID'],
  ] as Array<[string, unknown[], string, string]>)('refuses %s', async (_label, options, path, code) => {
    await expectRefused(await create(options), path, code);
  });

  it('refuses an infinite NUMBER bound (1e999 parses to Infinity)', async () => {
    await expectRefused(await createRaw('[{"type":10,"name":"x","description":"x","min_value":1e999}]'), 'options.0.min_value', 'NUMBER_TYPE_COERCE');
  });

  it('keeps integer INTEGER bounds, fractional NUMBER bounds, and min_value equal to max_value', async () => {
    const options = expectCreated(await create([int({ min_value: -5, max_value: 10 }), num({ min_value: 0.5, max_value: 0.5 }), { ...int({ min_value: 3, max_value: 3 }), name: 'same' }]));
    expect(options.map((o) => [o.min_value, o.max_value])).toEqual([[-5, 10], [0.5, 0.5], [3, 3]]);
  });
});

describe('length bounds (STRING only: min_length 0-6000, max_length 1-6000, min <= max)', () => {
  it.each([
    ['min_length on an INTEGER option', [int({ min_length: 1 })], 'options.0.min_length', 'APPLICATION_COMMAND_OPTION_BOUND_INVALID'],
    ['min_length -1', [str('s', { min_length: -1 })], 'options.0.min_length', 'NUMBER_TYPE_MAX'],
    ['min_length 6001', [str('s', { min_length: 6001 })], 'options.0.min_length', 'NUMBER_TYPE_MAX'],
    ['max_length 0', [str('s', { max_length: 0 })], 'options.0.max_length', 'NUMBER_TYPE_MAX'],
    ['max_length 6001', [str('s', { max_length: 6001 })], 'options.0.max_length', 'NUMBER_TYPE_MAX'],
    ['min_length over max_length', [str('s', { min_length: 5, max_length: 4 })], 'options.0.min_length', 'APPLICATION_COMMAND_OPTION_BOUND_INVALID'],
  ] as Array<[string, unknown[], string, string]>)('refuses %s', async (_label, options, path, code) => {
    await expectRefused(await create(options), path, code);
  });

  it('keeps each bound at its limits, and min_length equal to max_length', async () => {
    const options = expectCreated(await create([str('low', { min_length: 0, max_length: 1 }), str('high', { min_length: 6000, max_length: 6000 }), str('same', { min_length: 7, max_length: 7 })]));
    expect(options.map((o) => [o.min_length, o.max_length])).toEqual([[0, 1], [6000, 6000], [7, 7]]);
  });
});

describe('channel types (CHANNEL only: a list of integers 0-16)', () => {
  it.each([
    ['channel_types on a STRING option', [str('s', { channel_types: [0] })], 'APPLICATION_COMMAND_OPTION_CHANNEL_TYPES_INVALID'],
    ['a channel_types that is not a list', [channel({ channel_types: 0 })], 'ENUM_TYPE_COERCE'],
    ['channel type 17', [channel({ channel_types: [17] })], 'ENUM_TYPE_COERCE'],
    ['one bad type among good ones', [channel({ channel_types: [0, 17] })], 'ENUM_TYPE_COERCE'],
    ['channel type -1', [channel({ channel_types: [-1] })], 'ENUM_TYPE_COERCE'],
    ['a fractional channel type', [channel({ channel_types: [1.5] })], 'ENUM_TYPE_COERCE'],
    ['a string channel type', [channel({ channel_types: ['0'] })], 'ENUM_TYPE_COERCE'],
  ] as Array<[string, unknown[], string]>)('refuses %s', async (_label, options, code) => {
    await expectRefused(await create(options), 'options.0.channel_types', code);
  });

  it('keeps types 0 to 16', async () => {
    expect(expectCreated(await create([channel({ channel_types: [0, 16] })]))[0].channel_types).toEqual([0, 16]);
  });
});

describe('option localizations', () => {
  it('are kept', async () => {
    const options = expectCreated(await create([str('hello', { name_localizations: { fr: 'bonjour' }, description_localizations: { de: 'hallo' } })]));
    expect(options[0]).toMatchObject({ name_localizations: { fr: 'bonjour' }, description_localizations: { de: 'hallo' } });
  });

  it('of more than 40 locales are refused', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`l${i}`, 'x']));
    await expectRefused(await create([str('hello', { name_localizations: tooMany })]), 'options.0.name_localizations', 'DICT_TOO_MANY_KEYS');
  });
});
