// A modal's submit checked against the modal, input by input (lib/emulator/domain/interaction_modal.ts):
// each case shows a one-input modal (the bot's MODAL response to a /ping) and submits it through
// the control API; a bad value is refused (400 50035 at values.<custom_id>) and leaves the modal
// open, a good one at a bound is delivered with the value the bot reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const APP = SEED.applicationId;
const { nelly } = SEED.users;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const seen: BusEvent[] = [];

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => seen.push(e));
  const reply = await api.post(`/applications/${APP}/commands`, { name: 'ping', description: 'ping' }, api.bot);
  expect(reply.status).toBe(201);
});
afterAll(async () => s.emu.close());

const payloadOf = (id: string): any => seen.find((e) => e.type === 'INTERACTION_CREATE' && e.data.id === id)!.data;

/** Shows a modal of `components` in answer to a fresh /ping; the interaction's id, or the MODAL response's refusal. */
async function show(components: unknown[]): Promise<{ id?: string; status: number; body: any }> {
  const { id, token } = await s.emu.control.invokeCommand({ userId: nelly, channelId: GENERAL, name: 'ping' });
  const reply = await api.post(`/interactions/${id}/${token}/callback`, { type: 9, data: { custom_id: 'm', title: 'M', components } });
  return { id: reply.status === 204 ? id : undefined, status: reply.status, body: reply.body };
}

/** Submits `submission` to a fresh one-input modal: the submitted component, or the refused error paths. */
async function submit(input: Record<string, unknown>, submission: Record<string, unknown>): Promise<{ component?: any; refused?: string }> {
  const shown = await show([{ type: 18, label: 'L', component: input }]);
  expect(shown.status, JSON.stringify(shown.body)).toBe(204);
  try {
    const { id } = await s.emu.control.submitModal(shown.id!, submission);
    return { component: payloadOf(id).data.components[0].component };
  } catch (error) {
    const e = error as { status?: number; code?: number; errors?: any; message?: string };
    expect([e.status, e.code], String(error)).toEqual([400, 50035]);
    return { refused: Object.keys(e.errors?.values ?? {}).join(',') || String(e.message) };
  }
}

const text = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: 't', style: 1, ...extra });
const upload = (extra: Record<string, unknown> = {}) => ({ type: 19, custom_id: 'f', ...extra });
const select = (extra: Record<string, unknown> = {}) => ({ type: 3, custom_id: 'sel', options: ['a', 'b', 'c', 'd'].map((v) => ({ label: v, value: v })), ...extra });
const radio = (extra: Record<string, unknown> = {}) => ({ type: 21, custom_id: 'rg', options: ['a', 'b'].map((v) => ({ label: v, value: v })), ...extra });
const file = (size: number, filename = 'a.bin', contentType?: unknown) => ({ filename, size, ...(contentType === undefined ? {} : { contentType }) });

describe('input values, each rule at its edge', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string | null]> = [
    // Text Input: 2 .. 4 characters when given; optional may be empty; unbounded up to 4000
    ['text 1 of 2..4', text({ required: false, min_length: 2, max_length: 4 }), { values: { t: 'a' } }, 't'],
    ['text 2 of 2..4', text({ required: false, min_length: 2, max_length: 4 }), { values: { t: 'ab' } }, null],
    ['text 4 of 2..4', text({ required: false, min_length: 2, max_length: 4 }), { values: { t: 'abcd' } }, null],
    ['text 5 of 2..4', text({ required: false, min_length: 2, max_length: 4 }), { values: { t: 'abcde' } }, 't'],
    ['text empty, optional, 2..4', text({ required: false, min_length: 2, max_length: 4 }), { values: { t: '' } }, null],
    ['text 4000, unbounded', text({ required: false }), { values: { t: 'x'.repeat(4000) } }, null],
    ['text 4001, unbounded', text({ required: false }), { values: { t: 'x'.repeat(4001) } }, 't'],
    // File Upload: min_values 1 unless told; optional with a minimum: none, or at least the minimum
    ['upload none, required by default', upload(), {}, 'f'],
    ['upload one, default bounds', upload(), { files: { f: [file(1)] } }, null],
    ['upload 2 of 2..3', upload({ min_values: 2, max_values: 3 }), { files: { f: [file(1), file(1)] } }, null],
    ['upload 1 of 2..3', upload({ min_values: 2, max_values: 3 }), { files: { f: [file(1)] } }, 'f'],
    ['upload 1 of 2..3, optional', upload({ min_values: 2, max_values: 3, required: false }), { files: { f: [file(1)] } }, 'f'],
    ['upload none of 2..3, optional', upload({ min_values: 2, max_values: 3, required: false }), {}, null],
    ['upload 0 bytes', upload(), { files: { f: [file(0)] } }, null],
    ['upload -1 bytes', upload(), { files: { f: [file(-1)] } }, 'f'],
    ['upload, a content type that is no string, by extension', upload({ file_types: ['image'] }), { files: { f: [file(1, 'a.png', 5)] } }, null],
    // selects: a list of strings within min/max (1 and 1 unless told), from the options
    ['select one', select(), { values: { sel: ['a'] } }, null],
    ['select two, default max 1', select(), { values: { sel: ['a', 'b'] } }, 'sel'],
    ['select 1 of 2..3', select({ min_values: 2, max_values: 3 }), { values: { sel: ['a'] } }, 'sel'],
    ['select 3 of 2..3', select({ min_values: 2, max_values: 3 }), { values: { sel: ['a', 'b', 'c'] } }, null],
    ['select 4 of 2..3', select({ min_values: 2, max_values: 3 }), { values: { sel: ['a', 'b', 'c', 'd'] } }, 'sel'],
    ['select 1 of 2..3, optional', select({ min_values: 2, max_values: 3, required: false }), { values: { sel: ['a'] } }, 'sel'],
    ['select none of 2..3, optional', select({ min_values: 2, max_values: 3, required: false }), {}, null],
    ['select one not an option', select({ max_values: 2 }), { values: { sel: ['a', 'x'] } }, 'sel'],
    ['user select, a number among ids', { type: 5, custom_id: 'us', max_values: 2 }, { values: { us: [SEED.users.bob, 5] } }, 'us'],
    ['user select, a number', { type: 5, custom_id: 'us' }, { values: { us: [5] } }, 'us'],
    // Checkbox: a boolean, false when not given; Radio Group: one of its options, required unless told
    ['checkbox true', { type: 23, custom_id: 'cb' }, { values: { cb: true } }, null],
    ['checkbox "yes"', { type: 23, custom_id: 'cb' }, { values: { cb: 'yes' } }, 'cb'],
    ['checkbox not given', { type: 23, custom_id: 'cb' }, {}, null],
    ['radio b', radio(), { values: { rg: 'b' } }, null],
    ['radio x', radio(), { values: { rg: 'x' } }, 'rg'],
    ['radio 5', radio(), { values: { rg: 5 } }, 'rg'],
    ['radio not given, required', radio(), {}, 'rg'],
    ['radio null, required', radio(), { values: { rg: null } }, 'rg'],
    ['radio not given, optional', radio({ required: false }), {}, null],
    ['radio null, optional', radio({ required: false }), { values: { rg: null } }, null],
  ];
  it.each(cases)('%s', async (_label, input, submission, refusedAt) => {
    const { component, refused } = await submit(input, submission);
    if (refusedAt === null) {
      expect(refused).toBeUndefined();
      expect(component.custom_id).toBe(input.custom_id);
      // What the bot reads: the value given, or the type's empty answer.
      if (input.type === 23) expect(component.value).toBe((submission.values as Record<string, unknown> | undefined)?.cb ?? false);
      if (input.type === 21) expect(component.value).toBe((submission.values as Record<string, unknown> | undefined)?.rg ?? null);
    } else {
      expect(refused).toBe(refusedAt);
    }
  });

  it('an unknown input is named by its first 100 characters', async () => {
    const key = `${'k'.repeat(100)}TAIL`;
    const { refused } = await submit(text({ required: false }), { values: { [key]: 'x' } });
    expect(refused).toBe(`values.${'k'.repeat(100)}: the modal has no such input`);
  });
});

describe('the submitted structure', () => {
  it('keeps the ids the modal gave its components (0 when none)', async () => {
    const shown = await show([
      { type: 10, id: 8, content: 'read me' },
      { type: 18, id: 5, label: 'L', component: text({ id: 7, required: false }) },
      { type: 1, id: 6, components: [text({ custom_id: 'legacy', label: 'Legacy', required: false })] },
      { type: 18, label: 'L2', component: text({ custom_id: 'plain', required: false }) },
    ]);
    expect(shown.status, JSON.stringify(shown.body)).toBe(204);
    const { id } = await s.emu.control.submitModal(shown.id!, { values: { t: 'x' } });
    const [display, label, row, plain] = payloadOf(id).data.components;
    expect([display.id, label.id, label.component.id, row.id, row.components[0].id, plain.id, plain.component.id]).toEqual([8, 5, 7, 6, 0, 0, 0]);
  });

  it('the MODAL response refuses a custom_id used twice, with one error (in a Label or a deprecated action row)', async () => {
    const twoLabels = await show([
      { type: 18, label: 'A', component: text({ required: false }) },
      { type: 18, label: 'B', component: text({ required: false }) },
    ]);
    expect(twoLabels.status).toBe(400);
    expect(twoLabels.body.errors.data.components['1'].component.custom_id._errors.map((e: { code: string }) => e.code)).toEqual(['COMPONENT_CUSTOM_ID_DUPLICATED']);
    const labelAndRow = await show([
      { type: 18, label: 'A', component: text({ required: false }) },
      { type: 1, components: [text({ label: 'B', required: false })] },
    ]);
    expect(labelAndRow.status).toBe(400);
    expect(labelAndRow.body.errors.data.components['1'].components['0'].custom_id._errors.map((e: { code: string }) => e.code)).toEqual(['COMPONENT_CUSTOM_ID_DUPLICATED']);
  });
});
