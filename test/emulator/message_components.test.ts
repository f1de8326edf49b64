// Components on the bot side's messages (limits as errors, never truncation), and the modal
// component rules through validateModalComponents (the interactions routes call it). Embeds:
// embeds.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateModalComponents } from '../../lib/emulator/domain/components';
import { Validator } from '../../lib/emulator/domain/validate';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const IS_COMPONENTS_V2 = 1 << 15;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = at(12);
const SEASON_PASS = at(100);

let t: TestEmulator;
const send = (body: unknown) => api(t.emu, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(t.emu), body });

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  await t.close();
});

const button = (id: string) => ({ type: 2, style: 1, label: id, custom_id: id });
const row = (...components: unknown[]) => ({ type: 1, components });
const text = (content: string) => ({ type: 10, content });

describe('message components', () => {
  it('legacy messages: at most 5 action rows of up to 5 buttons or one select; custom ids unique', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`r${r}b${b}`))));
    const ok = await send({ content: 'buttons', components: rows(5) });
    expect(ok.status).toBe(200);
    expect(ok.body.components).toHaveLength(5);
    expect((await send({ content: 'x', components: rows(6) })).body.errors.components._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send({ content: 'x', components: [row(...Array.from({ length: 6 }, (_, b) => button(`b${b}`)))] })).body.code).toBe(50035);
    const select = { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] };
    expect((await send({ content: 'x', components: [row(select)] })).status).toBe(200);
    expect((await send({ content: 'x', components: [row(select, button('b'))] })).body.errors.components['0'].components._errors[0].code).toBe('COMPONENT_LAYOUT_WIDTH_EXCEEDED');
    expect((await send({ content: 'x', components: [row(button('same'), button('same'))] })).body.errors.components['0'].components['1'].custom_id._errors[0].code).toBe('COMPONENT_CUSTOM_ID_DUPLICATED');
    expect((await send({ content: 'x', components: [row({ type: 2, style: 1, label: 'x', custom_id: 'c'.repeat(101) })] })).body.code).toBe(50035);
    expect((await send({ content: 'x', components: [text('needs V2')] })).body.errors.components['0'].type._errors[0].code).toBe('UNION_TYPE_CHOICES');
    expect((await send({ content: 'x', components: [row({ type: 2, style: 5, label: 'site', url: 'https://example.com' })] })).status).toBe(200);
    expect((await send({ content: 'x', components: [row({ type: 2, style: 5, label: 'site', url: 'https://example.com', custom_id: 'no' })] })).body.code).toBe(50035);
  });

  it('IS_COMPONENTS_V2: 40 components in all (nested count), no top-level or Container limit; no content or embeds', async () => {
    const texts = (n: number) => Array.from({ length: n }, (_, i) => text(`line ${i}`));
    expect((await send({ flags: IS_COMPONENTS_V2, components: texts(40) })).status).toBe(200);
    expect((await send({ flags: IS_COMPONENTS_V2, components: texts(41) })).body.errors.components._errors[0].code).toBe('COMPONENT_MAX_TOTAL_EXCEEDED');
    // A Container with 39 children: 40 in all; its children have no limit of their own.
    const container = (n: number) => ({ type: 17, accent_color: 0x5865f2, components: texts(n) });
    const ok = await send({ flags: IS_COMPONENTS_V2, components: [container(39)] });
    expect(ok.status).toBe(200);
    expect(ok.body.flags & IS_COMPONENTS_V2).toBe(IS_COMPONENTS_V2);
    expect((await send({ flags: IS_COMPONENTS_V2, components: [container(40)] })).body.errors.components._errors[0].code).toBe('COMPONENT_MAX_TOTAL_EXCEEDED');
    // More than the old limits (10 top-level, 30 total) is fine now.
    expect((await send({ flags: IS_COMPONENTS_V2, components: [...texts(12), container(20)] })).status).toBe(200);
    const layout = [
      { type: 9, components: [text('section')], accessory: { type: 11, media: { url: 'https://example.com/a.png' } } },
      { type: 14, divider: true, spacing: 2 },
      { type: 12, items: [{ media: { url: 'https://example.com/b.png' } }] },
      { type: 13, file: { url: 'attachment://notes.txt' } },
      row(button('v2-button')),
    ];
    expect((await send({ flags: IS_COMPONENTS_V2, components: layout })).status).toBe(200);
    expect((await send({ flags: IS_COMPONENTS_V2, content: 'no', components: texts(1) })).body.errors.content._errors[0].code).toBe('MESSAGE_CONTENT_NOT_ALLOWED_WITH_COMPONENTS_V2');
    expect((await send({ flags: IS_COMPONENTS_V2, embeds: [{ title: 'no' }], components: texts(1) })).body.errors.embeds._errors[0].code).toBe('MESSAGE_EMBEDS_NOT_ALLOWED_WITH_COMPONENTS_V2');
    expect((await send({ flags: IS_COMPONENTS_V2, components: [{ type: 9, components: texts(4), accessory: button('a') }] })).body.code).toBe(50035);
    expect((await send({ flags: IS_COMPONENTS_V2, components: [{ type: 17, components: [container(1)] }] })).body.code).toBe(50035); // no Container in a Container
  });

  it('a premium button (style 6) needs the sku_id of an SKU of the application, and nothing else', async () => {
    expect((await send({ content: 'buy', components: [row({ type: 2, style: 6, sku_id: SEASON_PASS })] })).status).toBe(200);
    expect((await send({ content: 'buy', components: [row({ type: 2, style: 6, sku_id: '1' })] })).body.errors.components['0'].components['0'].sku_id._errors[0].code).toBe('BUTTON_COMPONENT_INVALID_SKU');
    expect((await send({ content: 'buy', components: [row({ type: 2, style: 6 })] })).body.code).toBe(50035);
    expect((await send({ content: 'buy', components: [row({ type: 2, style: 6, sku_id: SEASON_PASS, label: 'no' })] })).body.code).toBe(50035);
  });
});

/** The error codes at a dotted path of a 50035 reply's errors (none: []). */
function codesAt(body: any, path: string): string[] {
  let node = body?.errors;
  for (const part of path.split('.')) node = node?.[part];
  return ((node?._errors ?? []) as Array<{ code: string }>).map((e) => e.code);
}

describe('message component rules, one at a time', () => {
  const B = 'components.0.components.0';
  const select = (extra: Record<string, unknown> = {}) => ({ type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }, { label: 'b', value: 'b' }], ...extra });
  const refused: Array<[string, unknown, string, string[]]> = [
    ['a component without a numeric type', [{}], 'components.0.type', ['BASE_TYPE_REQUIRED']],
    ['an action row without components', [{ type: 1 }], 'components.0.components', ['BASE_TYPE_REQUIRED']],
    ['an action row whose components are not a list', [{ type: 1, components: 'x' }], 'components.0.components', ['LIST_TYPE_CONVERT']],
    ['a select with max_values 0', [row(select({ max_values: 0 }))], `${B}.max_values`, ['NUMBER_TYPE_MAX']],
    ['a button without a style (nothing else of it is checked)', [row({ type: 2, custom_id: 'x' })], `${B}.style`, ['BASE_TYPE_REQUIRED']],
    ['sku_id on a non-premium button', [row({ ...button('b'), sku_id: SEASON_PASS })], `${B}.sku_id`, ['BUTTON_COMPONENT_SKU_NOT_ALLOWED']],
    ['a button with neither label nor emoji', [row({ type: 2, style: 1, custom_id: 'bare' })], B, ['BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED']],
    ['a url on a non-link button', [row({ ...button('b'), url: 'https://example.com' })], `${B}.url`, ['BUTTON_COMPONENT_URL_NOT_ALLOWED']],
    ['a string select without options', [row({ type: 3, custom_id: 's' })], `${B}.options`, ['BASE_TYPE_REQUIRED']],
    ['a string select with no options', [row(select({ options: [] }))], `${B}.options`, ['BASE_TYPE_BAD_LENGTH']],
    ['a string select with 26 options', [row(select({ options: Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` })) }))], `${B}.options`, ['BASE_TYPE_BAD_LENGTH']],
    ['two selects in a row', [row(select({ custom_id: 's1' }), select({ custom_id: 's2' }))], 'components.0.components', ['COMPONENT_LAYOUT_WIDTH_EXCEEDED']],
  ];
  it.each(refused)('refuses %s', async (_label, components, path, codes) => {
    const reply = await send({ content: 'x', components });
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(codesAt(reply.body, path), JSON.stringify(reply.body.errors)).toEqual(codes);
  });

  it('a button without a valid style gets no further checks (no label, emoji or custom id errors)', async () => {
    const reply = await send({ content: 'x', components: [row({ type: 2, custom_id: 'same' }, button('same'))] });
    expect(Object.keys(reply.body.errors.components['0'].components)).toEqual(['0']);
    expect(Object.keys(reply.body.errors.components['0'].components['0'])).toEqual(['style']);
  });

  it('the wrong-type error quotes at most 8 characters of the given type', async () => {
    const reply = await send({ content: 'x', components: [{ type: 123456789 }] });
    expect(reply.body.errors.components['0'].type._errors[0].message).toMatch(/; got 12345678\.$/);
  });

  it.each([
    ['an emoji-only button', [row({ type: 2, style: 1, custom_id: 'e', emoji: { name: '🎲' } })]],
    ['a select with min_values 1 (max_values defaults to 1)', [row(select({ min_values: 1 }))]],
    ['a select with min_values equal to max_values', [row(select({ min_values: 2, max_values: 2 }))]],
    ['a select with 25 options', [row(select({ options: Array.from({ length: 25 }, (_, i) => ({ label: `o${i}`, value: `o${i}` })) }))]],
    ['disabled and required on a message select (a modal-only rule refuses disabled)', [row(select({ disabled: true, required: true }))]],
  ])('accepts %s', async (_label, components) => {
    const reply = await send({ content: 'x', components });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });

  it("a premium button of another application's SKU is refused; a person's message (no application) takes any SKU", async () => {
    const OTHER_SKU = at(190);
    t.emu.core.state.skus.set(OTHER_SKU, { id: OTHER_SKU, applicationId: SEED.childApplicationId, type: 5, name: 'Other', slug: 'other', flags: 1 << 2 });
    try {
      const premium = (sku: string) => [row({ type: 2, style: 6, sku_id: sku })];
      expect(codesAt((await send({ content: 'buy', components: premium(OTHER_SKU) })).body, `${B}.sku_id`)).toEqual(['BUTTON_COMPONENT_INVALID_SKU']);
      const posted = t.emu.control.postChannelMessage(SEED.users.nelly, GENERAL, { content: 'look', components: premium(OTHER_SKU) });
      expect((posted as any).components).toHaveLength(1);
    } finally {
      t.emu.core.state.skus.delete(OTHER_SKU);
    }
  });

  it('IS_COMPONENTS_V2: a File needs an attachment:// file; Separator and Container fields are optional; accent_color is 0 to 0xffffff or null', async () => {
    const v2 = (...components: unknown[]) => send({ flags: IS_COMPONENTS_V2, components });
    expect(codesAt((await v2({ type: 13, file: { url: 'https://example.com/notes.txt' } })).body, 'components.0.file.url')).toEqual(['COMPONENT_FILE_URL_INVALID']);
    expect(codesAt((await v2({ type: 13 })).body, 'components.0.file')).toEqual(['BASE_TYPE_REQUIRED']);
    expect((await v2({ type: 14 })).status).toBe(200);
    const container = (extra: Record<string, unknown>) => ({ type: 17, components: [text('inside')], ...extra });
    for (const accent of [0x1000000, -1]) {
      expect(codesAt((await v2(container({ accent_color: accent }))).body, 'components.0.accent_color'), String(accent)).toEqual(['NUMBER_TYPE_MAX']);
    }
    for (const extra of [{}, { accent_color: null }, { accent_color: 0 }, { accent_color: 0xffffff }]) {
      expect((await v2(container(extra))).status, JSON.stringify(extra)).toBe(200);
    }
  });
});

describe('modal components (validateModalComponents)', () => {
  const check = (components: unknown): Record<string, unknown> | null => {
    const v = new Validator();
    validateModalComponents(v, components);
    try {
      v.check();
      return null;
    } catch (error) {
      return (error as { errors: Record<string, unknown> }).errors;
    }
  };
  const label = (component: unknown, extra: Record<string, unknown> = {}) => ({ type: 18, label: 'Question', component, ...extra });
  const input = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: 'answer', style: 1, ...extra });
  const stringSelect = (extra: Record<string, unknown> = {}) => ({ type: 3, custom_id: 'pick', options: [{ label: 'a', value: 'a' }], ...extra });

  it('accepts Labels with a text input, selects, radio group, checkbox group, checkbox, file upload; a Text Display; the deprecated ActionRow + TextInput', () => {
    expect(check([label(input()), { type: 10, content: 'Read this' }, label(stringSelect({ required: false }), { description: 'pick one' })])).toBeNull();
    expect(check([label({ type: 21, custom_id: 'radio', required: true, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] })])).toBeNull();
    expect(check([label({ type: 22, custom_id: 'boxes', min_values: 0, max_values: 2, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] })])).toBeNull();
    expect(check([label({ type: 23, custom_id: 'agree', default: false })])).toBeNull();
    expect(check([label({ type: 19, custom_id: 'files', min_values: 0, max_values: 10, required: false })])).toBeNull();
    expect(check([label({ type: 5, custom_id: 'users' })])).toBeNull();
    expect(check([{ type: 1, components: [input({ label: 'Old style' })] }])).toBeNull();
  });

  it('a label on a Text Input inside a Label is a component error; the ActionRow form needs one', () => {
    const errors = check([label(input({ label: 'own label' }))]) as any;
    expect(errors.data.components['0'].component.label._errors[0].code).toBe('COMPONENT_TEXT_INPUT_LABEL_NOT_ALLOWED');
    expect(check([{ type: 1, components: [input()] }])).not.toBeNull();
  });

  it('disabled on a modal select is a component error (any value)', () => {
    const errors = check([label(stringSelect({ disabled: false }))]) as any;
    expect(errors.data.components['0'].component.disabled._errors[0].code).toBe('COMPONENT_DISABLED_NOT_ALLOWED');
    expect(check([label({ type: 8, custom_id: 'ch', disabled: true })])).not.toBeNull();
  });

  it('File Upload and Checkbox Group counts stay within 0..10 with min <= max; Radio Group needs 2..10 options', () => {
    expect(check([label({ type: 19, custom_id: 'f', max_values: 11 })])).not.toBeNull();
    expect(check([label({ type: 19, custom_id: 'f', min_values: -1 })])).not.toBeNull();
    expect(check([label({ type: 19, custom_id: 'f', min_values: 5, max_values: 2 })])).not.toBeNull();
    expect(check([label({ type: 22, custom_id: 'g', options: [{ value: 'a', label: 'A' }], min_values: 2, max_values: 1 })])).not.toBeNull();
    expect(check([label({ type: 21, custom_id: 'r', options: [{ value: 'a', label: 'A' }] })])).not.toBeNull();
  });

  it('File Upload may restrict file types: 1 to 10 of audio, image, video or a dot-prefixed extension', () => {
    const upload = (file_types: unknown) => label({ type: 19, custom_id: 'f', file_types });
    expect(check([upload(['image', 'video', '.pdf'])])).toBeNull();
    expect(check([upload(Array.from({ length: 10 }, (_, i) => `.e${i}`))])).toBeNull();
    for (const bad of [['exe'], [], Array.from({ length: 11 }, (_, i) => `.e${i}`), 'image', [null], ['.'], ['documents']]) {
      const errors = check([upload(bad)]) as any;
      expect(errors?.data.components['0'].component.file_types, JSON.stringify(bad)).toBeDefined();
    }
  });

  it('1 to 5 top-level components; buttons and bare inputs are not modal components; custom ids unique', () => {
    expect(check([])).not.toBeNull();
    expect(check(Array.from({ length: 5 }, (_, i) => label(input({ custom_id: `q${i}` }))))).toBeNull();
    expect(check(Array.from({ length: 6 }, (_, i) => label(input({ custom_id: `q${i}` }))))).not.toBeNull();
    expect(check([label({ type: 2, style: 1, label: 'b', custom_id: 'b' })])).not.toBeNull();
    expect(check([input()])).not.toBeNull();
    expect(check([label(input()), label(input())])).not.toBeNull();
  });
});
