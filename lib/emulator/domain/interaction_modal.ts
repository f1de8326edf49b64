// Modals: the MODAL response's checks (custom_id, title, 1-5 top-level components: Label,
// Text Display, or the deprecated Action Row holding one Text Input), and a person's submit
// checked against the modal that was shown — every value for a component of it, required ones
// present, select values among the options and within min/max, Text Input lengths, and File
// Upload counts (0..10, within its min/max) with the files as attachments in resolved.attachments.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from '../http/errors';
import type { Validator } from '../http/validate';

export const Component = {
  ACTION_ROW: 1, BUTTON: 2, STRING_SELECT: 3, TEXT_INPUT: 4, USER_SELECT: 5, ROLE_SELECT: 6, MENTIONABLE_SELECT: 7, CHANNEL_SELECT: 8,
  TEXT_DISPLAY: 10, LABEL: 18, FILE_UPLOAD: 19, RADIO_GROUP: 21, CHECKBOX_GROUP: 22, CHECKBOX: 23,
} as const;
export const MAX_MODAL_COMPONENTS = 5;
/** The spec: a File Upload's min and max file counts are between 0 and 10. */
export const MAX_UPLOAD_FILES = 10;
const SELECTS: readonly number[] = [Component.STRING_SELECT, Component.USER_SELECT, Component.ROLE_SELECT, Component.MENTIONABLE_SELECT, Component.CHANNEL_SELECT];
const IN_LABEL: readonly number[] = [Component.TEXT_INPUT, ...SELECTS, Component.FILE_UPLOAD, Component.RADIO_GROUP, Component.CHECKBOX_GROUP, Component.CHECKBOX];

/** The MODAL response's data, checked: {custom_id, title, components}. */
export function checkModal(v: Validator, data: Record<string, unknown>): Record<string, unknown> {
  const customId = v.string('data.custom_id', data.custom_id, { min: 1, max: 100 });
  const title = v.string('data.title', data.title, { min: 1, max: 45 });
  const components = data.components;
  const ids = new Set<string>();
  if (!Array.isArray(components) || components.length < 1 || components.length > MAX_MODAL_COMPONENTS) {
    v.fail('data.components', 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${MAX_MODAL_COMPONENTS} in length.`);
  } else {
    components.forEach((raw, i) => {
      const at = `data.components.${i}`;
      const top = v.object(at, raw);
      if (!top) return;
      if (top.type === Component.TEXT_DISPLAY) {
        v.string(`${at}.content`, top.content, { min: 1, max: 4000 });
      } else if (top.type === Component.LABEL) {
        v.string(`${at}.label`, top.label, { min: 1, max: 45 });
        const inner = v.object(`${at}.component`, top.component);
        if (inner) checkInput(v, `${at}.component`, inner, ids, true);
      } else if (top.type === Component.ACTION_ROW) {
        // Deprecated (Label replaces it) but still accepted: exactly one Text Input with its label.
        if (!Array.isArray(top.components) || top.components.length !== 1) v.fail(`${at}.components`, 'BASE_TYPE_BAD_LENGTH', 'A modal action row holds one Text Input.');
        else {
          const input = v.object(`${at}.components.0`, top.components[0]);
          if (input && input.type !== Component.TEXT_INPUT) v.fail(`${at}.components.0.type`, 'COMPONENT_TYPE_INVALID', 'A modal action row holds a Text Input.');
          else if (input) checkInput(v, `${at}.components.0`, input, ids, false);
        }
      } else {
        v.fail(`${at}.type`, 'COMPONENT_TYPE_INVALID', 'A modal holds Labels, Text Displays or (deprecated) Action Rows.');
      }
    });
  }
  return { custom_id: customId, title, components };
}

function checkInput(v: Validator, at: string, c: Record<string, unknown>, ids: Set<string>, inLabel: boolean): void {
  const type = c.type as number;
  if (!IN_LABEL.includes(type)) {
    v.fail(`${at}.type`, 'COMPONENT_TYPE_INVALID', 'Not a modal input component.');
    return;
  }
  const customId = v.string(`${at}.custom_id`, c.custom_id, { min: 1, max: 100 });
  if (customId !== undefined) {
    if (ids.has(customId)) v.fail(`${at}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'custom_id must be unique in the modal.');
    ids.add(customId);
  }
  if (c.required !== undefined) v.bool(`${at}.required`, c.required);
  if (type === Component.TEXT_INPUT) {
    // The spec: a label field on a Text Input inside a Label is an error (the Label carries it).
    if (inLabel && c.label !== undefined) v.fail(`${at}.label`, 'COMPONENT_LABEL_NOT_ALLOWED', 'A Text Input inside a Label has no label of its own.');
    if (!inLabel) v.string(`${at}.label`, c.label, { min: 1, max: 45 });
    v.int(`${at}.style`, c.style ?? 1, { min: 1, max: 2 });
    const min = v.int(`${at}.min_length`, c.min_length ?? 0, { min: 0, max: 4000 });
    const max = v.int(`${at}.max_length`, c.max_length ?? 4000, { min: 1, max: 4000 });
    if (min !== undefined && max !== undefined && min > max) v.fail(`${at}.min_length`, 'BASE_TYPE_BAD_LENGTH', 'min_length must not exceed max_length.');
  }
  if (SELECTS.includes(type)) {
    // The spec: disabled is not allowed on a select in a modal.
    if (c.disabled !== undefined) v.fail(`${at}.disabled`, 'COMPONENT_DISABLED_NOT_ALLOWED', 'A select in a modal cannot be disabled.');
    if (type === Component.STRING_SELECT && (!Array.isArray(c.options) || c.options.length < 1 || c.options.length > 25)) v.fail(`${at}.options`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
    checkCounts(v, at, c, 25);
  }
  if (type === Component.CHECKBOX_GROUP || type === Component.RADIO_GROUP) {
    if (!Array.isArray(c.options) || c.options.length < 1 || c.options.length > 10) v.fail(`${at}.options`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.');
    if (type === Component.CHECKBOX_GROUP) checkCounts(v, at, c, 10);
  }
  if (type === Component.FILE_UPLOAD) checkCounts(v, at, c, MAX_UPLOAD_FILES);
}

function checkCounts(v: Validator, at: string, c: Record<string, unknown>, max: number): void {
  const lo = v.int(`${at}.min_values`, c.min_values ?? 1, { min: 0, max });
  const hi = v.int(`${at}.max_values`, c.max_values ?? 1, { min: 1, max });
  if (lo !== undefined && hi !== undefined && lo > hi) v.fail(`${at}.min_values`, 'BASE_TYPE_BAD_LENGTH', 'min_values must not exceed max_values.');
}

export interface UploadedFile {
  filename: string;
  size: number;
  contentType?: string;
}

export interface Submission {
  /** custom_id -> a Text Input's or Radio Group's string, a select's or Checkbox Group's list, a Checkbox's boolean. */
  values?: Record<string, unknown>;
  /** custom_id -> the files given to a File Upload. */
  files?: Record<string, UploadedFile[]>;
}

const bad = (customId: string, message: string) => Errors.invalidForm({ [`values.${customId}`]: [{ code: 'MODAL_SUBMIT_INVALID', message }] });

/** The submit's data.components (the modal's structure with the values) and resolved.attachments. */
export function submissionComponents(emu: Emulator, modal: Record<string, unknown>, submission: Submission, sizeLimit: number): { components: unknown[]; attachments: Record<string, unknown> } {
  const values = submission.values ?? {};
  const files = submission.files ?? {};
  const attachments: Record<string, unknown> = {};
  const used = new Set<string>();
  const answer = (c: Record<string, unknown>): Record<string, unknown> => {
    const customId = c.custom_id as string;
    const type = c.type as number;
    // Modal inputs are required unless they say otherwise (String Select's default in modals: true).
    const required = c.required !== false;
    const given = type === Component.FILE_UPLOAD ? files[customId] : values[customId];
    if (given !== undefined) used.add(customId);
    const out: Record<string, unknown> = { type, id: c.id ?? 0, custom_id: customId };
    switch (type) {
      case Component.TEXT_INPUT: {
        const text = given ?? '';
        if (typeof text !== 'string') throw bad(customId, 'a Text Input takes a string');
        const length = [...text].length;
        if (required && length === 0) throw bad(customId, 'this field is required');
        if (length > 0 && (length < ((c.min_length as number) ?? 0) || length > ((c.max_length as number) ?? 4000))) throw bad(customId, 'the text is out of the input\'s bounds');
        out.value = text;
        break;
      }
      case Component.CHECKBOX:
        if (given !== undefined && typeof given !== 'boolean') throw bad(customId, 'a Checkbox takes a boolean');
        out.value = given ?? false;
        break;
      case Component.RADIO_GROUP: {
        if (given !== undefined && given !== null && (typeof given !== 'string' || !(c.options as Array<{ value: string }>).some((o) => o.value === given))) throw bad(customId, 'not one of the options');
        if (required && (given === undefined || given === null)) throw bad(customId, 'this field is required');
        out.value = given ?? null;
        break;
      }
      case Component.FILE_UPLOAD: {
        const list = (given ?? []) as UploadedFile[];
        if (!Array.isArray(list)) throw bad(customId, 'a File Upload takes a list of files');
        const min = (c.min_values as number) ?? 1;
        const max = (c.max_values as number) ?? 1;
        if (list.length > max || (list.length < min && (required || list.length > 0))) throw bad(customId, `between ${min} and ${max} files`);
        out.values = list.map((file) => {
          if (typeof file?.filename !== 'string' || !file.filename || !Number.isInteger(file.size) || file.size < 0) throw bad(customId, 'a file is {filename, size}');
          if (file.size > sizeLimit) throw bad(customId, `a file is larger than the upload limit (${sizeLimit} bytes)`);
          const id = emu.ids.next();
          attachments[id] = { id, filename: file.filename, size: file.size, url: `https://cdn.invalid/ephemeral-attachments/${id}/${encodeURIComponent(file.filename)}`, proxy_url: `https://media.invalid/ephemeral-attachments/${id}/${encodeURIComponent(file.filename)}`, content_type: file.contentType, ephemeral: true };
          return id;
        });
        break;
      }
      default: {
        // Selects and Checkbox Groups: a list within min/max; string selects and groups from their options.
        const list = (given ?? []) as unknown[];
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) throw bad(customId, 'a list of strings');
        const min = (c.min_values as number) ?? 1;
        const max = (c.max_values as number) ?? 1;
        if (list.length > max || (list.length < min && (required || list.length > 0))) throw bad(customId, `between ${min} and ${max} values`);
        if (Array.isArray(c.options) && list.some((x) => !(c.options as Array<{ value: string }>).some((o) => o.value === x))) throw bad(customId, 'not one of the options');
        out.values = list;
      }
    }
    return out;
  };
  const components = (modal.components as Array<Record<string, unknown>>).map((top) => {
    if (top.type === Component.LABEL) return { type: Component.LABEL, id: top.id ?? 0, component: answer(top.component as Record<string, unknown>) };
    if (top.type === Component.ACTION_ROW) return { type: Component.ACTION_ROW, id: top.id ?? 0, components: [answer((top.components as Array<Record<string, unknown>>)[0])] };
    return { type: top.type, id: top.id ?? 0 };
  });
  for (const key of [...Object.keys(values), ...Object.keys(files)]) {
    if (!used.has(key)) throw new ApiError(400, 50035, `values.${key.slice(0, 100)}: the modal has no such input`);
  }
  return { components, attachments };
}
