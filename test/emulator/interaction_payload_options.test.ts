// A CHAT_INPUT invocation's options checked against the command, rule by rule, and what the
// payload resolves (lib/emulator/domain/interaction_payload.ts): each bad option is refused
// (400 50035) at its own path, each good one at a bound passes; subcommands and groups; ROLE,
// MENTIONABLE, CHANNEL, USER (and its member), ATTACHMENT (sizes, name length) resolved; the
// DM channel's recipient is the other person, whichever of the two invokes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const APP = SEED.applicationId;
const { nelly, alice, bob, erin } = SEED.users;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = at(12);
const MODERATORS = at(1);
const MiB = 1024 * 1024;
const seen: BusEvent[] = [];
let otherGuild: { id: string; channelIds: string[] };

const OPTIONS = [
  { type: 3, name: 's', description: 'd', min_length: 2, max_length: 4 },
  { type: 3, name: 'plain', description: 'd' },
  { type: 4, name: 'i', description: 'd', min_value: 1, max_value: 10 },
  { type: 10, name: 'num', description: 'd' },
  { type: 5, name: 'b', description: 'd' },
  { type: 8, name: 'r', description: 'd' },
  { type: 9, name: 'm', description: 'd' },
  { type: 7, name: 'c', description: 'd' },
  { type: 6, name: 'u', description: 'd' },
  { type: 3, name: 'pick', description: 'd', choices: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] },
  { type: 3, name: 'nochoice', description: 'd', choices: [] },
  { type: 3, name: 'auto', description: 'd', autocomplete: true, min_length: 3 },
  { type: 4, name: 'iauto', description: 'd', autocomplete: true, min_value: 1, max_value: 10 },
  { type: 11, name: 'file', description: 'd' },
];

async function command(body: Record<string, unknown>): Promise<void> {
  const reply = await api.post(`/applications/${APP}/commands`, body, api.bot);
  expect(reply.status, reply.text).toBe(201);
}

/** The paths an ApiError's `errors` tree names (`a.0.b` for errors.a['0'].b._errors). */
function errorPaths(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    key === '_errors' ? [prefix] : errorPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Invokes `name` with `options` as nelly in #general: the payload, or the refused paths. */
async function invoke(name: string, options: unknown, userId = nelly): Promise<{ payload?: any; refused?: string[] }> {
  try {
    const { id } = await s.emu.control.invokeCommand({ userId, channelId: GENERAL, name, options });
    return { payload: seen.find((e) => e.type === 'INTERACTION_CREATE' && e.data.id === id)!.data };
  } catch (error) {
    const e = error as { status?: number; code?: number; errors?: unknown };
    expect([e.status, e.code], String(error)).toEqual([400, 50035]);
    return { refused: errorPaths(e.errors) };
  }
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => seen.push(e));
  await command({ name: 'opts', description: 'every option type', options: OPTIONS });
  await command({
    name: 'sub', description: 'subcommands', options: [
      { type: 1, name: 'one', description: 'd', options: [{ type: 3, name: 'x', description: 'd' }] },
      { type: 1, name: 'two', description: 'd' },
    ],
  });
  await command({ name: 'grouped', description: 'a group only', options: [{ type: 2, name: 'g', description: 'd', options: [{ type: 1, name: 'leaf', description: 'd' }] }] });
  await command({ name: 'userapp', description: 'user app', integration_types: [1], contexts: [0, 1, 2] });
  otherGuild = s.emu.control.createGuild('elsewhere', [nelly]);
});
afterAll(async () => s.emu.close());

describe('option values, each rule at its edge', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, unknown, string | null]> = [
    // STRING bounds (min_length 2, max_length 4; none: 0 .. 6000)
    ['s 1 char', [{ name: 's', value: 'a' }], 'options.0.value'],
    ['s 2 chars', [{ name: 's', value: 'ab' }], null],
    ['s 4 chars', [{ name: 's', value: 'abcd' }], null],
    ['s 5 chars', [{ name: 's', value: 'abcde' }], 'options.0.value'],
    ['plain empty', [{ name: 'plain', value: '' }], null],
    ['plain 6000', [{ name: 'plain', value: long(6000) }], null],
    ['plain 6001', [{ name: 'plain', value: long(6001) }], 'options.0.value'],
    // INTEGER 1 .. 10, NUMBER unbounded
    ['i 0', [{ name: 'i', value: 0 }], 'options.0.value'],
    ['i 1', [{ name: 'i', value: 1 }], null],
    ['i 5', [{ name: 'i', value: 5 }], null],
    ['i 10', [{ name: 'i', value: 10 }], null],
    ['i 11', [{ name: 'i', value: 11 }], 'options.0.value'],
    ['i 1.5', [{ name: 'i', value: 1.5 }], 'options.0.value'],
    ['i "5" (a string, not focused)', [{ name: 'i', value: '5' }], 'options.0.value'],
    ['i Infinity', [{ name: 'i', value: Infinity }], 'options.0.value'],
    ['num 1.5', [{ name: 'num', value: 1.5 }], null],
    ['num -1e9', [{ name: 'num', value: -1e9 }], null],
    ['num NaN', [{ name: 'num', value: NaN }], 'options.0.value'],
    ['num -Infinity', [{ name: 'num', value: -Infinity }], 'options.0.value'],
    // BOOLEAN
    ['b true', [{ name: 'b', value: true }], null],
    ['b false', [{ name: 'b', value: false }], null],
    ['b "true"', [{ name: 'b', value: 'true' }], 'options.0.value'],
    // ROLE, MENTIONABLE, CHANNEL: of this guild
    ['r a role', [{ name: 'r', value: MODERATORS }], null],
    ['r a user', [{ name: 'r', value: bob }], 'options.0.value'],
    ['r a number', [{ name: 'r', value: 5 }], 'options.0.value'],
    ['m a role', [{ name: 'm', value: MODERATORS }], null],
    ['m a user', [{ name: 'm', value: bob }], null],
    ['m neither', [{ name: 'm', value: '1234567890123456789' }], 'options.0.value'],
    ['m a number', [{ name: 'm', value: 5 }], 'options.0.value'],
    ['c unknown', [{ name: 'c', value: '1234567890123456789' }], 'options.0.value'],
    // choices; an empty list restricts nothing
    ['pick a', [{ name: 'pick', value: 'a' }], null],
    ['pick b', [{ name: 'pick', value: 'b' }], null],
    ['pick c', [{ name: 'pick', value: 'c' }], 'options.0.value'],
    ['nochoice anything', [{ name: 'nochoice', value: 'anything' }], null],
    // the list itself
    ['an option that is a number', [5], 'options.0'],
    ['an option that is null', [null], 'options.0'],
    ['an option given twice', [{ name: 's', value: 'ab' }, { name: 's', value: 'cd' }], 'options.1.name'],
    // autocomplete: the focused value is partial (not checked against bounds), else it is
    ['auto focused, 1 char', [{ name: 'auto', value: 'a', focused: true }], null],
    ['auto not focused, 1 char', [{ name: 'auto', value: 'a' }], 'options.0.value'],
    ['iauto focused, a partial "1"', [{ name: 'iauto', value: '1', focused: true }], null],
    ['iauto focused, 11', [{ name: 'iauto', value: 11, focused: true }], 'options.0.value'],
  ];
  it.each(cases)('%s', async (_label, options, refusedAt) => {
    const { payload, refused } = await invoke('opts', options);
    if (refusedAt === null) {
      expect(refused).toBeUndefined();
      expect(payload.data.options.map((o: { name: string }) => o.name)).toEqual((options as Array<{ name: string }>).map((o) => o.name));
    } else {
      expect(refused).toEqual([refusedAt]);
    }
  });

  it('an unknown option is named in the error by its first 32 characters', async () => {
    const name = `${'n'.repeat(32)}TAIL`;
    try {
      await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'opts', options: [{ name, value: 1 }] });
      expect.unreachable();
    } catch (error) {
      const message = (error as any).errors.options['0'].name._errors[0].message as string;
      expect(message).toBe(`the command has no option ${'n'.repeat(32)}`);
    }
  });
});

describe('subcommands and groups', () => {
  const cases: Array<[string, string, unknown, string | null]> = [
    ['a subcommand with its option', 'sub', [{ name: 'one', options: [{ name: 'x', value: 'y' }] }], null],
    ['a subcommand without options', 'sub', [{ name: 'two' }], null],
    ['no subcommand', 'sub', [], 'options'],
    ['two subcommands', 'sub', [{ name: 'one' }, { name: 'two' }], 'options'],
    ['a group\'s subcommand', 'grouped', [{ name: 'g', options: [{ name: 'leaf' }] }], null],
    ['no group', 'grouped', [], 'options'],
    ['a group without its subcommand', 'grouped', [{ name: 'g' }], 'options.0.options'],
    ['a plain command without options', 'opts', [], null],
  ];
  it.each(cases)('%s', async (_label, name, options, refusedAt) => {
    const { payload, refused } = await invoke(name, options);
    if (refusedAt === null) {
      expect(refused).toBeUndefined();
      expect(payload.type).toBe(2);
    } else {
      expect(refused).toEqual([refusedAt]);
    }
  });

  it('the payload nests the subcommand and its options', async () => {
    const { payload } = await invoke('sub', [{ name: 'one', options: [{ name: 'x', value: 'y' }] }]);
    expect(payload.data.options).toEqual([{ name: 'one', type: 1, options: [{ name: 'x', type: 3, value: 'y' }] }]);
  });
});

describe('resolved', () => {
  it('a ROLE option resolves the role itself', async () => {
    const roles = (await api.get(`/guilds/${SEED.guildId}/roles`, api.bot)).body as Array<{ id: string }>;
    const { payload } = await invoke('opts', [{ name: 'r', value: MODERATORS }]);
    expect(payload.data.resolved.roles).toEqual({ [MODERATORS]: roles.find((r) => r.id === MODERATORS) });
  });

  it("a USER option resolves the user and, for a member, that member's own fields; a non-member has no member entry", async () => {
    const member = (await api.get(`/guilds/${SEED.guildId}/members/${bob}`, api.bot)).body;
    const { payload } = await invoke('opts', [{ name: 'u', value: bob }]);
    expect(payload.data.resolved.users[bob].id).toBe(bob);
    const { user: _user, guild_id: _guild, ...fields } = member;
    expect(payload.data.resolved.members[bob]).toMatchObject({ ...fields, roles: [MODERATORS] });
    const outsider = s.emu.control.createUser({ username: 'not_a_member' }).id as string;
    const alone = await invoke('opts', [{ name: 'u', value: outsider }]);
    expect(alone.payload.data.resolved.users[outsider].id).toBe(outsider);
    expect(alone.payload.data.resolved.members).toBeUndefined();
  });

  it('a CHANNEL option takes a channel of this guild, not of another', async () => {
    expect((await invoke('opts', [{ name: 'c', value: GENERAL }])).payload.data.resolved.channels[GENERAL].id).toBe(GENERAL);
    expect((await invoke('opts', [{ name: 'c', value: otherGuild.channelIds[0] }])).refused).toEqual(['options.0.value']);
  });

  it('an ATTACHMENT option: an ephemeral attachment; the name up to 1024 characters, the size from 0 to the upload limit', async () => {
    const file = (filename: string, size: number) => [{ name: 'file', value: { filename, size } }];
    const accepted = await invoke('opts', file('notes.txt', 0));
    const id = accepted.payload.data.options[0].value;
    expect(accepted.payload.data.resolved.attachments[id]).toMatchObject({ id, filename: 'notes.txt', size: 0, ephemeral: true });
    expect((await invoke('opts', file(`${'a'.repeat(1020)}.txt`, 1))).refused).toBeUndefined();
    expect((await invoke('opts', file(`${'a'.repeat(1021)}.txt`, 1))).refused).toEqual(['options.0.value']);
    expect((await invoke('opts', file('big.bin', 10 * MiB))).refused).toBeUndefined();
    expect((await invoke('opts', file('big.bin', 10 * MiB + 1))).refused).toEqual(['options.0.value']);
    expect((await invoke('opts', file('minus.bin', -1))).refused).toEqual(['options.0.value']);
  });
});

describe("a DM's channel", () => {
  it('names the other person as the recipient, whichever of the two invokes', async () => {
    for (const userId of [erin, alice]) s.emu.control.issueToken(userId, ['identify', 'applications.commands']);
    for (const [userId, other] of [[erin, alice], [alice, erin]]) {
      const { id } = await s.emu.control.invokeCommand({ userId, dmWith: other, name: 'userapp' });
      const payload = seen.find((e) => e.type === 'INTERACTION_CREATE' && e.data.id === id)!.data as any;
      expect(payload.channel.recipients.map((r: { id: string }) => r.id), userId).toEqual([other]);
    }
  });
});
