// Options of CHAT_INPUT commands, as the public API checks them: at most 25 per level, unique
// lowercase names, descriptions of 1-100, subcommand groups holding subcommands only and
// subcommands holding no subcommands, required options first, choices (at most 25, of the
// option's value type) or autocomplete, the numeric / length / channel-type bounds, and an
// ATTACHMENT option's optional file types (domain/file_types).
import type { Validator } from './validate';
import { validateFileTypes } from './file_types';

export const OptionType = {
  SUB_COMMAND: 1,
  SUB_COMMAND_GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
} as const;

export const MAX_OPTIONS = 25;
export const MAX_CHOICES = 25;
const MAX_STRING_OPTION_LENGTH = 6000;
const OPTION_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CHOICE_TYPES: readonly number[] = [OptionType.STRING, OptionType.INTEGER, OptionType.NUMBER];

/** The options at `path`, or undefined with every failing field recorded in `v`. */
export function validateCommandOptions(v: Validator, path: string, raw: unknown, parentType: number | null = null): Array<Record<string, unknown>> | undefined {
  if (!Array.isArray(raw)) {
    v.fail(path, 'LIST_TYPE_CONVERT', 'Must be a list of options.');
    return undefined;
  }
  if (raw.length > MAX_OPTIONS) {
    v.fail(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_OPTIONS} or fewer in length.`);
    return undefined;
  }
  const out: Array<Record<string, unknown>> = [];
  const names = new Set<string>();
  let sawOptional = false;
  let sawSubcommand = false;
  let sawValue = false;
  raw.forEach((item, index) => {
    const at = `${path}.${index}`;
    const option = v.object(at, item);
    if (!option) return;
    const type = v.int(`${at}.type`, option.type, { min: 1, max: 11 });
    const name = v.string(`${at}.name`, option.name, { min: 1, max: 32 });
    if (name !== undefined && (!OPTION_NAME.test(name) || name !== name.toLowerCase())) {
      v.fail(`${at}.name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Option name is invalid: lowercase letters, digits, "-", "_" or "\'" only.');
    }
    if (name !== undefined) {
      if (names.has(name)) v.fail(`${at}.name`, 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', 'Option names must be unique.');
      names.add(name);
    }
    const description = v.string(`${at}.description`, option.description, { min: 1, max: 100 });
    if (type === undefined) return;
    const isSub = type === OptionType.SUB_COMMAND || type === OptionType.SUB_COMMAND_GROUP;
    if (isSub) sawSubcommand = true;
    else sawValue = true;
    if (parentType === OptionType.SUB_COMMAND_GROUP && type !== OptionType.SUB_COMMAND) {
      v.fail(`${at}.type`, 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'A subcommand group holds subcommands only.');
    }
    if (parentType === OptionType.SUB_COMMAND && isSub) {
      v.fail(`${at}.type`, 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'A subcommand cannot hold subcommands.');
    }
    const result: Record<string, unknown> = { type, name, description };
    for (const key of ['name_localizations', 'description_localizations'] as const) {
      if (option[key] !== undefined && option[key] !== null) result[key] = v.dict(`${at}.${key}`, option[key], { maxKeys: 40 });
    }
    if (option.required !== undefined) {
      const required = v.bool(`${at}.required`, option.required);
      if (isSub && required) v.fail(`${at}.required`, 'APPLICATION_COMMAND_OPTION_REQUIRED_INVALID', 'Subcommands cannot be required.');
      if (required) {
        if (sawOptional) v.fail(`${at}.required`, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options.');
        result.required = true;
      } else {
        sawOptional = true;
      }
    } else {
      sawOptional = true;
    }
    if (isSub) {
      if (option.options !== undefined) result.options = validateCommandOptions(v, `${at}.options`, option.options, type);
      if (type === OptionType.SUB_COMMAND_GROUP && !(Array.isArray(option.options) && option.options.length > 0)) {
        v.fail(`${at}.options`, 'BASE_TYPE_REQUIRED', 'A subcommand group needs at least one subcommand.');
      }
    } else if (option.options !== undefined) {
      v.fail(`${at}.options`, 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Only subcommands and groups hold options.');
    }
    if (option.choices !== undefined && option.choices !== null) {
      if (!CHOICE_TYPES.includes(type)) v.fail(`${at}.choices`, 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID', 'Only STRING, INTEGER and NUMBER options have choices.');
      else result.choices = readChoices(v, `${at}.choices`, option.choices, type);
    }
    if (option.autocomplete !== undefined) {
      const autocomplete = v.bool(`${at}.autocomplete`, option.autocomplete);
      if (autocomplete && !CHOICE_TYPES.includes(type)) v.fail(`${at}.autocomplete`, 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID', 'Only STRING, INTEGER and NUMBER options autocomplete.');
      if (autocomplete && Array.isArray(option.choices) && option.choices.length > 0) {
        v.fail(`${at}.autocomplete`, 'APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES', 'Autocomplete cannot be used with choices.');
      }
      if (autocomplete) result.autocomplete = true;
    }
    for (const key of ['min_value', 'max_value'] as const) {
      if (option[key] === undefined) continue;
      if (type !== OptionType.INTEGER && type !== OptionType.NUMBER) v.fail(`${at}.${key}`, 'APPLICATION_COMMAND_OPTION_BOUND_INVALID', 'Only INTEGER and NUMBER options have value bounds.');
      else if (typeof option[key] !== 'number' || !Number.isFinite(option[key]) || (type === OptionType.INTEGER && !Number.isInteger(option[key]))) {
        v.fail(`${at}.${key}`, 'NUMBER_TYPE_COERCE', 'Must be a number of the option type.');
      } else result[key] = option[key];
    }
    for (const key of ['min_length', 'max_length'] as const) {
      if (option[key] === undefined) continue;
      if (type !== OptionType.STRING) v.fail(`${at}.${key}`, 'APPLICATION_COMMAND_OPTION_BOUND_INVALID', 'Only STRING options have length bounds.');
      else {
        const bound = v.int(`${at}.${key}`, option[key], { min: key === 'min_length' ? 0 : 1, max: MAX_STRING_OPTION_LENGTH });
        if (bound !== undefined) result[key] = bound;
      }
    }
    if (typeof result.min_value === 'number' && typeof result.max_value === 'number' && result.min_value > result.max_value) {
      v.fail(`${at}.min_value`, 'APPLICATION_COMMAND_OPTION_BOUND_INVALID', 'min_value must not exceed max_value.');
    }
    if (typeof result.min_length === 'number' && typeof result.max_length === 'number' && result.min_length > result.max_length) {
      v.fail(`${at}.min_length`, 'APPLICATION_COMMAND_OPTION_BOUND_INVALID', 'min_length must not exceed max_length.');
    }
    if (option.channel_types !== undefined) {
      if (type !== OptionType.CHANNEL) v.fail(`${at}.channel_types`, 'APPLICATION_COMMAND_OPTION_CHANNEL_TYPES_INVALID', 'Only CHANNEL options have channel types.');
      else if (!Array.isArray(option.channel_types) || option.channel_types.some((t) => !Number.isInteger(t) || (t as number) < 0 || (t as number) > 16)) {
        v.fail(`${at}.channel_types`, 'ENUM_TYPE_COERCE', 'Must be a list of channel types.');
      } else result.channel_types = option.channel_types;
    }
    if (option.file_types !== undefined) {
      if (type !== OptionType.ATTACHMENT) v.fail(`${at}.file_types`, 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Only ATTACHMENT options restrict file types.');
      else {
        const fileTypes = validateFileTypes(v, `${at}.file_types`, option.file_types);
        if (fileTypes) result.file_types = fileTypes;
      }
    }
    if (name === undefined || description === undefined) return;
    out.push(result);
  });
  if (sawSubcommand && sawValue) v.fail(path, 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands and groups cannot be mixed with other options.');
  return out;
}

function readChoices(v: Validator, path: string, raw: unknown, type: number): Array<Record<string, unknown>> | undefined {
  if (!Array.isArray(raw)) {
    v.fail(path, 'LIST_TYPE_CONVERT', 'Must be a list of choices.');
    return undefined;
  }
  if (raw.length > MAX_CHOICES) {
    v.fail(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CHOICES} or fewer in length.`);
    return undefined;
  }
  return raw.map((item, index) => {
    const at = `${path}.${index}`;
    const choice = v.object(at, item) ?? {};
    const name = v.string(`${at}.name`, choice.name, { min: 1, max: 100 });
    let value: unknown;
    if (type === OptionType.STRING) value = v.string(`${at}.value`, choice.value, { min: 1, max: 100 });
    else if (typeof choice.value === 'number' && Number.isFinite(choice.value) && (type === OptionType.NUMBER || Number.isInteger(choice.value))) value = choice.value;
    else v.fail(`${at}.value`, 'NUMBER_TYPE_COERCE', 'Must be a number of the option type.');
    return { name, value };
  });
}

/** The option definition named `name` at one level, for an interaction's options to be checked against. */
export function optionDefinition(options: Array<Record<string, unknown>>, name: unknown): Record<string, unknown> | undefined {
  return options.find((o) => o.name === name);
}
