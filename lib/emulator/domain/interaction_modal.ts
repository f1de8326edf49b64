// Modals: the MODAL response's checks (custom_id, title, and the components by
// domain/components' validateModalComponents), and a person's submit
// checked against the modal that was shown — every value for a component of it, required ones
// present, select values among the options and within min/max, Text Input lengths, and File
// Upload counts (0..10, within its min/max) and file types (its file_types, when it has them), with
// the files as attachments in resolved.attachments.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Validator } from './validate';
import { personUploadJson } from './interaction_payload';
import { ComponentType, modalSelectRequired, validateModalComponents } from './components';
import { fileTypeAllowed } from './file_types';


/**
 * The MODAL response's data, checked: custom_id (1-100), title (1-45) and the components by the
 * one modal validator (domain/components: 1-5 Labels, Text Displays or deprecated action rows,
 * the spec's component errors, custom_ids unique in the modal, which the submit names them by).
 */
export function checkModal(v: Validator, data: Record<string, unknown>): Record<string, unknown> {
  const customId = v.string('data.custom_id', data.custom_id, { min: 1, max: 100 });
  const title = v.string('data.title', data.title, { min: 1, max: 45 });
  validateModalComponents(v, data.components, 'data.components');
  return { custom_id: customId, title, components: data.components };
}

/** A file a person gives a File Upload in a modal ({@link Submission.files}); only its description, no bytes. */
export interface UploadedFile {
  /** The file's name. */
  filename: string;
  /** Its size in bytes (checked against the upload limit). */
  size: number;
  /** Its MIME type (default: none). */
  contentType?: string;
}

/** What a person enters in a modal, for `control.submitModal`. */
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
    // Modal inputs are required unless they say otherwise (the spec: String Select's default in modals is true).
    const required = type === ComponentType.StringSelect ? modalSelectRequired(c) : c.required !== false;
    const given = type === ComponentType.FileUpload ? files[customId] : values[customId];
    if (given !== undefined) used.add(customId);
    const out: Record<string, unknown> = { type, id: c.id ?? 0, custom_id: customId };
    switch (type) {
      case ComponentType.TextInput: {
        const text = given ?? '';
        if (typeof text !== 'string') throw bad(customId, 'a Text Input takes a string');
        const length = [...text].length;
        if (required && length === 0) throw bad(customId, 'this field is required');
        if (length > 0 && (length < ((c.min_length as number) ?? 0) || length > ((c.max_length as number) ?? 4000))) throw bad(customId, 'the text is out of the input\'s bounds');
        out.value = text;
        break;
      }
      case ComponentType.Checkbox:
        if (given !== undefined && typeof given !== 'boolean') throw bad(customId, 'a Checkbox takes a boolean');
        out.value = given ?? false;
        break;
      case ComponentType.RadioGroup: {
        if (given !== undefined && given !== null && (typeof given !== 'string' || !(c.options as Array<{ value: string }>).some((o) => o.value === given))) throw bad(customId, 'not one of the options');
        if (required && (given === undefined || given === null)) throw bad(customId, 'this field is required');
        out.value = given ?? null;
        break;
      }
      case ComponentType.FileUpload: {
        const list = (given ?? []) as UploadedFile[];
        if (!Array.isArray(list)) throw bad(customId, 'a File Upload takes a list of files');
        const min = (c.min_values as number) ?? 1;
        const max = (c.max_values as number) ?? 1;
        if (list.length > max || (list.length < min && (required || list.length > 0))) throw bad(customId, `between ${min} and ${max} files`);
        out.values = list.map((file) => {
          if (typeof file?.filename !== 'string' || !file.filename || !Number.isInteger(file.size) || file.size < 0) throw bad(customId, 'a file is {filename, size}');
          if (file.size > sizeLimit) throw bad(customId, `a file is larger than the upload limit (${sizeLimit} bytes)`);
          const types = c.file_types as string[] | undefined;
          if (types && !fileTypeAllowed(types, file.filename, typeof file.contentType === 'string' ? file.contentType : undefined)) {
            throw bad(customId, `a file is not of the File Upload's types (${types.join(', ')})`);
          }
          const id = emu.ids.next();
          attachments[id] = personUploadJson(id, file.filename, file.size, file.contentType);
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
    if (top.type === ComponentType.Label) return { type: ComponentType.Label, id: top.id ?? 0, component: answer(top.component as Record<string, unknown>) };
    if (top.type === ComponentType.ActionRow) return { type: ComponentType.ActionRow, id: top.id ?? 0, components: [answer((top.components as Array<Record<string, unknown>>)[0])] };
    return { type: top.type, id: top.id ?? 0 };
  });
  for (const key of [...Object.keys(values), ...Object.keys(files)]) {
    if (!used.has(key)) throw new ApiError(400, 50035, `values.${key.slice(0, 100)}: the modal has no such input`);
  }
  return { components, attachments };
}
