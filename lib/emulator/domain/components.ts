// Message components and modal components: one validator per tree (spec: legacy messages at most
// 5 action rows; IS_COMPONENTS_V2 messages at most 40 components in all, no top-level limit, no
// limit inside a Container; the modal rules of Label, selects, Radio Group, Checkbox Group,
// Checkbox and File Upload with its optional file types; the two component errors). Other bounds follow the public API.
// Both validators report through a Validator (50035 with the component's field path).
import type { Emulator } from '../emulator';
import type { Validator } from './validate';
import { validateFileTypes } from './file_types';

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
  FileUpload: 19,
  RadioGroup: 21,
  CheckboxGroup: 22,
  Checkbox: 23,
} as const;

export const ComponentLimits = {
  /** Legacy messages (spec). */
  legacyActionRows: 5,
  /** IS_COMPONENTS_V2 messages: every component counts, nested ones included (spec). */
  v2Total: 40,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectValues: 25,
  placeholder: 150,
  modalTopLevel: 5,
  labelText: 45,
  labelDescription: 100,
  textInputLength: 4000,
  sectionTexts: 3,
  galleryItems: 10,
  radioOptions: 10,
  checkboxOptions: 10,
  /** File Upload: min and max file counts between 0 and 10 (spec). */
  fileUploadFiles: 10,
} as const;

export const IS_COMPONENTS_V2 = 1 << 15;
const BUTTON_STYLE_LINK = 5;
const BUTTON_STYLE_PREMIUM = 6;
const SELECT_TYPES = new Set<number>([ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect]);
const V2_TOP_LEVEL = new Set<number>([ComponentType.ActionRow, ComponentType.Section, ComponentType.TextDisplay, ComponentType.MediaGallery, ComponentType.File, ComponentType.Separator, ComponentType.Container]);
const CONTAINER_CHILDREN = new Set<number>([ComponentType.ActionRow, ComponentType.Section, ComponentType.TextDisplay, ComponentType.MediaGallery, ComponentType.File, ComponentType.Separator]);
const LABEL_CHILDREN = new Set<number>([
  ComponentType.TextInput, ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect,
  ComponentType.ChannelSelect, ComponentType.FileUpload, ComponentType.RadioGroup, ComponentType.CheckboxGroup, ComponentType.Checkbox,
]);

type Json = Record<string, unknown>;

/** What a tree's checks share: the validator, the custom ids seen (unique per tree) and a count. */
class Walk {
  count = 0;
  readonly customIds = new Set<string>();
  constructor(
    readonly v: Validator,
    readonly where: 'message' | 'modal',
    readonly emu: Emulator | null,
    readonly applicationId: string | null,
  ) {}

  component(path: string, value: unknown): Json | undefined {
    const c = this.v.object(path, value);
    if (!c) return undefined;
    this.count++;
    if (typeof c.type !== 'number') {
      this.v.fail(`${path}.type`, 'BASE_TYPE_REQUIRED', 'This field is required');
      return undefined;
    }
    return c;
  }

  list(path: string, value: unknown, min: number, max: number): unknown[] {
    if (!Array.isArray(value)) {
      this.v.fail(path, value === undefined ? 'BASE_TYPE_REQUIRED' : 'LIST_TYPE_CONVERT', 'Must be an array.');
      return [];
    }
    if (value.length < min || value.length > max) {
      this.v.fail(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
      return [];
    }
    return value;
  }

  customId(path: string, value: unknown): void {
    const id = this.v.string(`${path}.custom_id`, value, { min: 1, max: ComponentLimits.customId });
    if (id === undefined) return;
    if (this.customIds.has(id)) this.v.fail(`${path}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    this.customIds.add(id);
  }

  wrongType(path: string, c: Json, allowed: string): void {
    this.v.fail(`${path}.type`, 'UNION_TYPE_CHOICES', `Value of field "type" must be one of (${allowed}); got ${String(c.type).slice(0, 8)}.`);
  }

  minMax(path: string, c: Json, lowest: number, highest: number, defaultMax: number): void {
    const min = this.v.int(`${path}.min_values`, c.min_values, { optional: true, min: lowest, max: highest });
    const max = this.v.int(`${path}.max_values`, c.max_values, { optional: true, min: Math.max(1, lowest), max: highest });
    if ((min ?? lowest) > (max ?? defaultMax)) this.v.fail(`${path}.min_values`, 'BASE_TYPE_BAD_LENGTH', 'min_values must not exceed max_values.');
  }

  button(path: string, c: Json): void {
    const style = this.v.int(`${path}.style`, c.style, { min: 1, max: 6 });
    if (style === undefined) return;
    if (style === BUTTON_STYLE_PREMIUM) {
      // A premium button sells an SKU of this application: no custom_id, label, emoji or url.
      for (const key of ['custom_id', 'label', 'emoji', 'url']) {
        if (c[key] !== undefined) this.v.fail(`${path}.${key}`, 'BUTTON_COMPONENT_PREMIUM_INVALID', 'A premium button takes only sku_id.');
      }
      const skuId = this.v.string(`${path}.sku_id`, c.sku_id, { min: 1, max: 20 });
      if (skuId !== undefined && !this.activeSku(skuId)) this.v.fail(`${path}.sku_id`, 'BUTTON_COMPONENT_INVALID_SKU', 'Must be an active SKU of the application.');
      return;
    }
    if (c.sku_id !== undefined) this.v.fail(`${path}.sku_id`, 'BUTTON_COMPONENT_SKU_NOT_ALLOWED', 'Only premium buttons take sku_id.');
    this.v.string(`${path}.label`, c.label, { optional: true, max: ComponentLimits.buttonLabel });
    if (c.label === undefined && c.emoji === undefined) this.v.fail(path, 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji.');
    if (style === BUTTON_STYLE_LINK) {
      if (c.custom_id !== undefined) this.v.fail(`${path}.custom_id`, 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'A link button takes a url, not a custom_id.');
      this.v.string(`${path}.url`, c.url, { min: 1, max: 512 });
    } else {
      if (c.url !== undefined) this.v.fail(`${path}.url`, 'BUTTON_COMPONENT_URL_NOT_ALLOWED', 'Only link buttons take a url.');
      this.customId(path, c.custom_id);
    }
    this.v.bool(`${path}.disabled`, c.disabled, { optional: true });
  }

  activeSku(skuId: string): boolean {
    const sku = this.emu?.state.skus.get(skuId);
    return !!sku && (this.applicationId === null || sku.applicationId === this.applicationId);
  }

  select(path: string, c: Json): void {
    this.customId(path, c.custom_id);
    this.v.string(`${path}.placeholder`, c.placeholder, { optional: true, max: ComponentLimits.placeholder });
    this.minMax(path, c, 0, ComponentLimits.selectValues, 1);
    if (this.where === 'modal') {
      // Spec: `disabled` is not allowed on a modal select (a component error).
      if (c.disabled !== undefined) this.v.fail(`${path}.disabled`, 'COMPONENT_DISABLED_NOT_ALLOWED', 'disabled is not allowed on a select menu in a modal.');
      this.v.bool(`${path}.required`, c.required, { optional: true });
    } else {
      this.v.bool(`${path}.disabled`, c.disabled, { optional: true });
      // Spec: String Select's `required` is ignored in messages.
    }
    if (c.type === ComponentType.StringSelect) {
      const options = this.list(`${path}.options`, c.options, 1, ComponentLimits.selectOptions);
      options.forEach((item, i) => {
        const option = this.v.object(`${path}.options.${i}`, item);
        if (!option) return;
        this.v.string(`${path}.options.${i}.label`, option.label, { min: 1, max: 100 });
        this.v.string(`${path}.options.${i}.value`, option.value, { min: 1, max: 100 });
        this.v.string(`${path}.options.${i}.description`, option.description, { optional: true, max: 100 });
      });
    }
  }

  /** A message's action row: 1-5 buttons, or exactly one select menu. */
  messageRow(path: string, c: Json): void {
    const children = this.list(`${path}.components`, c.components, 1, ComponentLimits.buttonsPerRow);
    let buttons = 0;
    let selects = 0;
    children.forEach((item, i) => {
      const child = this.component(`${path}.components.${i}`, item);
      if (!child) return;
      if (child.type === ComponentType.Button) {
        buttons++;
        this.button(`${path}.components.${i}`, child);
      } else if (SELECT_TYPES.has(child.type as number)) {
        selects++;
        this.select(`${path}.components.${i}`, child);
      } else {
        this.wrongType(`${path}.components.${i}`, child, 'Button, select menus');
      }
    });
    if (selects > 1 || (selects === 1 && buttons > 0)) {
      this.v.fail(`${path}.components`, 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'An action row holds up to 5 buttons or one select menu.');
    }
  }

  textDisplay(path: string, c: Json): void {
    this.v.string(`${path}.content`, c.content, { min: 1, max: 4000 });
  }

  media(path: string, value: unknown): void {
    const media = this.v.object(path, value);
    if (media) this.v.string(`${path}.url`, media.url, { min: 1, max: 2048 });
  }

  /** A Components V2 layout or content component (top level or in a Container). */
  v2(path: string, c: Json, allowed: Set<number>): void {
    const type = c.type as number;
    if (!allowed.has(type)) return this.wrongType(path, c, 'a layout or content component');
    switch (type) {
      case ComponentType.ActionRow:
        return this.messageRow(path, c);
      case ComponentType.TextDisplay:
        return this.textDisplay(path, c);
      case ComponentType.Section: {
        const texts = this.list(`${path}.components`, c.components, 1, ComponentLimits.sectionTexts);
        texts.forEach((item, i) => {
          const child = this.component(`${path}.components.${i}`, item);
          if (child && child.type !== ComponentType.TextDisplay) this.wrongType(`${path}.components.${i}`, child, 'TextDisplay');
          else if (child) this.textDisplay(`${path}.components.${i}`, child);
        });
        const accessory = this.component(`${path}.accessory`, c.accessory);
        if (accessory?.type === ComponentType.Button) this.button(`${path}.accessory`, accessory);
        else if (accessory?.type === ComponentType.Thumbnail) this.media(`${path}.accessory.media`, accessory.media);
        else if (accessory) this.wrongType(`${path}.accessory`, accessory, 'Button, Thumbnail');
        return;
      }
      case ComponentType.MediaGallery: {
        const items = this.list(`${path}.items`, c.items, 1, ComponentLimits.galleryItems);
        items.forEach((item, i) => {
          const entry = this.v.object(`${path}.items.${i}`, item);
          if (entry) this.media(`${path}.items.${i}.media`, entry.media);
        });
        return;
      }
      case ComponentType.File: {
        const file = this.v.object(`${path}.file`, c.file);
        // A File component shows an attachment of the message: attachment://<filename>.
        if (file) this.v.string(`${path}.file.url`, file.url, { min: 14, max: 1024 });
        if (typeof file?.url === 'string' && !file.url.startsWith('attachment://')) this.v.fail(`${path}.file.url`, 'COMPONENT_FILE_URL_INVALID', 'Must be an attachment:// reference.');
        return;
      }
      case ComponentType.Separator:
        this.v.bool(`${path}.divider`, c.divider, { optional: true });
        this.v.int(`${path}.spacing`, c.spacing, { optional: true, min: 1, max: 2 });
        return;
      case ComponentType.Container: {
        if (c.accent_color !== null) this.v.int(`${path}.accent_color`, c.accent_color, { optional: true, min: 0, max: 0xffffff });
        this.v.bool(`${path}.spoiler`, c.spoiler, { optional: true });
        // No limit on a Container's children (spec): only the message's total of 40 applies.
        const children = this.list(`${path}.components`, c.components, 1, Number.MAX_SAFE_INTEGER);
        children.forEach((item, i) => {
          const child = this.component(`${path}.components.${i}`, item);
          if (child) this.v2(`${path}.components.${i}`, child, CONTAINER_CHILDREN);
        });
        return;
      }
    }
  }

  textInput(path: string, c: Json, inLabel: boolean): void {
    this.customId(path, c.custom_id);
    this.v.int(`${path}.style`, c.style, { min: 1, max: 2 });
    // Spec: a Text Input inside a Label has no label of its own (a component error); in the
    // deprecated ActionRow form it needs one.
    if (inLabel && c.label !== undefined) this.v.fail(`${path}.label`, 'COMPONENT_TEXT_INPUT_LABEL_NOT_ALLOWED', 'A text input inside a Label cannot have a label.');
    if (!inLabel) this.v.string(`${path}.label`, c.label, { min: 1, max: ComponentLimits.labelText });
    const min = this.v.int(`${path}.min_length`, c.min_length, { optional: true, min: 0, max: ComponentLimits.textInputLength });
    const max = this.v.int(`${path}.max_length`, c.max_length, { optional: true, min: 1, max: ComponentLimits.textInputLength });
    if (min !== undefined && max !== undefined && min > max) this.v.fail(`${path}.min_length`, 'BASE_TYPE_BAD_LENGTH', 'min_length must not exceed max_length.');
    this.v.bool(`${path}.required`, c.required, { optional: true });
    this.v.string(`${path}.value`, c.value, { optional: true, max: ComponentLimits.textInputLength });
    this.v.string(`${path}.placeholder`, c.placeholder, { optional: true, max: 100 });
  }

  choiceOptions(path: string, value: unknown, min: number, max: number): void {
    const options = this.list(path, value, min, max);
    options.forEach((item, i) => {
      const option = this.v.object(`${path}.${i}`, item);
      if (!option) return;
      this.v.string(`${path}.${i}.value`, option.value, { min: 1, max: 100 });
      this.v.string(`${path}.${i}.label`, option.label, { min: 1, max: 100 });
      this.v.string(`${path}.${i}.description`, option.description, { optional: true, max: 100 });
      this.v.bool(`${path}.${i}.default`, option.default, { optional: true });
    });
  }

  /** The one interactive component a Label holds. */
  labelChild(path: string, c: Json): void {
    const type = c.type as number;
    if (!LABEL_CHILDREN.has(type)) return this.wrongType(path, c, 'TextInput, select menus, FileUpload, RadioGroup, CheckboxGroup, Checkbox');
    if (type === ComponentType.TextInput) return this.textInput(path, c, true);
    if (SELECT_TYPES.has(type)) return this.select(path, c);
    this.customId(path, c.custom_id);
    switch (type) {
      case ComponentType.FileUpload:
        this.minMax(path, c, 0, ComponentLimits.fileUploadFiles, 1);
        this.v.bool(`${path}.required`, c.required, { optional: true });
        // The spec's optional restriction of file types (domain/file_types).
        if (c.file_types !== undefined) validateFileTypes(this.v, `${path}.file_types`, c.file_types);
        return;
      case ComponentType.RadioGroup:
        this.choiceOptions(`${path}.options`, c.options, 2, ComponentLimits.radioOptions);
        this.v.bool(`${path}.required`, c.required, { optional: true });
        return;
      case ComponentType.CheckboxGroup:
        this.choiceOptions(`${path}.options`, c.options, 1, ComponentLimits.checkboxOptions);
        this.minMax(path, c, 0, ComponentLimits.checkboxOptions, ComponentLimits.checkboxOptions);
        this.v.bool(`${path}.required`, c.required, { optional: true });
        return;
      case ComponentType.Checkbox:
        this.v.bool(`${path}.default`, c.default, { optional: true });
        return;
    }
  }

  modalTopLevel(path: string, c: Json): void {
    switch (c.type) {
      case ComponentType.Label: {
        this.v.string(`${path}.label`, c.label, { min: 1, max: ComponentLimits.labelText });
        this.v.string(`${path}.description`, c.description, { optional: true, max: ComponentLimits.labelDescription });
        const child = this.component(`${path}.component`, c.component);
        if (child) this.labelChild(`${path}.component`, child);
        return;
      }
      case ComponentType.TextDisplay:
        return this.textDisplay(path, c);
      case ComponentType.ActionRow: {
        // Deprecated in favour of Label, still accepted: one Text Input with its own label.
        const children = this.list(`${path}.components`, c.components, 1, 1);
        const child = children.length === 1 ? this.component(`${path}.components.0`, children[0]) : undefined;
        if (child?.type === ComponentType.TextInput) this.textInput(`${path}.components.0`, child, false);
        else if (child) this.wrongType(`${path}.components.0`, child, 'TextInput');
        return;
      }
      default:
        return this.wrongType(path, c, 'Label, TextDisplay, ActionRow');
    }
  }
}

/**
 * A message's `components`: with IS_COMPONENTS_V2 in `flags`, layout and content components, at
 * most 40 in all; otherwise at most 5 action rows of up to 5 buttons or one select. Premium
 * buttons (style 6) need an SKU of `applicationId`. Returns the components to keep.
 */
export function validateMessageComponents(
  v: Validator,
  value: unknown,
  options: { flags: number; emu?: Emulator; applicationId?: string | null; path?: string },
): Record<string, unknown>[] | undefined {
  const path = options.path ?? 'components';
  if (value === undefined || value === null) return undefined;
  const walk = new Walk(v, 'message', options.emu ?? null, options.applicationId ?? null);
  const v2 = (options.flags & IS_COMPONENTS_V2) !== 0;
  const top = walk.list(path, value, 0, v2 ? Number.MAX_SAFE_INTEGER : ComponentLimits.legacyActionRows);
  top.forEach((item, i) => {
    const c = walk.component(`${path}.${i}`, item);
    if (!c) return;
    if (v2) walk.v2(`${path}.${i}`, c, V2_TOP_LEVEL);
    else if (c.type === ComponentType.ActionRow) walk.messageRow(`${path}.${i}`, c);
    else walk.wrongType(`${path}.${i}`, c, 'ActionRow (or IS_COMPONENTS_V2 for layout components)');
  });
  if (v2 && walk.count > ComponentLimits.v2Total) {
    v.fail(path, 'COMPONENT_MAX_TOTAL_EXCEEDED', `A message holds at most ${ComponentLimits.v2Total} components in all; this one has ${walk.count}.`);
  }
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : undefined;
}

/**
 * A modal's `components` (an interaction's MODAL callback data): 1-5 top-level Labels, Text
 * Displays or (deprecated) action rows with one Text Input. Label holds one Text Input (without
 * a label of its own), select menu (no `disabled`; String Select `required` defaults to true),
 * Radio Group, Checkbox Group (min/max_values), Checkbox or File Upload (0-10 files, required,
 * optional file_types).
 * Failures go to `v` under `path` (default `data.components`, as in an interaction response).
 */
export function validateModalComponents(v: Validator, value: unknown, path = 'data.components'): void {
  const walk = new Walk(v, 'modal', null, null);
  const top = walk.list(path, value, 1, ComponentLimits.modalTopLevel);
  top.forEach((item, i) => {
    const c = walk.component(`${path}.${i}`, item);
    if (c) walk.modalTopLevel(`${path}.${i}`, c);
  });
}

/** A String Select's `required` in a modal: true unless it says false (spec). */
export function modalSelectRequired(component: Record<string, unknown>): boolean {
  return component.required !== false;
}

