// Collects every invalid field of a request body before anything changes, then fails once
// with 50035 and the field paths — so a bad request never half-applies.
import { codePoints, Limits } from './limits';
import { isSnowflake } from '../snowflake';
import { Errors, type FieldError } from './errors';

interface Bounds {
  optional?: boolean;
  min?: number;
  max?: number;
}

export class Validator {
  readonly #errors: Record<string, FieldError[]> = {};

  fail(path: string, code: string, message: string): void {
    (this.#errors[path] ??= []).push({ code, message });
  }

  #missing(path: string, value: unknown, optional?: boolean): boolean {
    if (value === undefined || value === null) {
      if (!optional) this.fail(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return true;
    }
    return false;
  }

  string(path: string, value: unknown, bounds: Bounds = {}): string | undefined {
    if (this.#missing(path, value, bounds.optional)) return undefined;
    if (typeof value !== 'string') {
      this.fail(path, 'STRING_TYPE_CONVERT', 'Must be a string.');
      return undefined;
    }
    const length = codePoints(value);
    if ((bounds.min !== undefined && length < bounds.min) || (bounds.max !== undefined && length > bounds.max)) {
      this.fail(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${bounds.min ?? 0} and ${bounds.max ?? '∞'} in length.`);
      return undefined;
    }
    if (value.includes('\0')) {
      this.fail(path, 'STRING_TYPE_INVALID', 'Must not contain NUL characters.');
      return undefined;
    }
    return value;
  }

  snowflake(path: string, value: unknown, bounds: Bounds = {}): string | undefined {
    if (this.#missing(path, value, bounds.optional)) return undefined;
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (!isSnowflake(text)) {
      this.fail(path, 'NUMBER_TYPE_COERCE', `Value "${String(value).slice(0, 32)}" is not snowflake.`);
      return undefined;
    }
    return text;
  }

  int(path: string, value: unknown, bounds: Bounds = {}): number | undefined {
    if (this.#missing(path, value, bounds.optional)) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.fail(path, 'NUMBER_TYPE_COERCE', 'Must be an integer.');
      return undefined;
    }
    if ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max)) {
      this.fail(path, 'NUMBER_TYPE_MAX', `Must be between ${bounds.min} and ${bounds.max}.`);
      return undefined;
    }
    return value;
  }

  bool(path: string, value: unknown, bounds: Bounds = {}): boolean | undefined {
    if (this.#missing(path, value, bounds.optional)) return undefined;
    if (typeof value !== 'boolean') {
      this.fail(path, 'BOOLEAN_TYPE_COERCE', 'Must be a boolean.');
      return undefined;
    }
    return value;
  }

  /** A string-to-string map: at most `maxKeys` keys, `maxTotal` characters (code points) of keys and values. */
  dict(path: string, value: unknown, limits: { maxKeys?: number; maxTotal?: number; optional?: boolean }): Record<string, string> | undefined {
    if (this.#missing(path, value, limits.optional ?? true)) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'DICT_TYPE_CONVERT', 'Must be an object of strings.');
      return undefined;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    if (limits.maxKeys !== undefined && entries.length > limits.maxKeys) {
      this.fail(path, 'DICT_TOO_MANY_KEYS', `Must have at most ${limits.maxKeys} keys.`);
      return undefined;
    }
    let total = 0;
    const kept: Array<[string, string]> = [];
    for (const [key, v] of entries) {
      if (typeof v !== 'string') {
        this.fail(`${path}.${key}`, 'STRING_TYPE_CONVERT', 'Must be a string.');
        continue;
      }
      total += codePoints(key) + codePoints(v);
      kept.push([key, v]);
    }
    // fromEntries defines own properties, so a key such as "__proto__" is kept as data instead
    // of silently vanishing into the object's prototype slot.
    const out: Record<string, string> = Object.fromEntries(kept);
    if (limits.maxTotal !== undefined && total > limits.maxTotal) {
      this.fail(path, 'BASE_TYPE_BAD_LENGTH', `Keys and values must total at most ${limits.maxTotal} characters.`);
      return undefined;
    }
    return out;
  }

  /** An optional list of at most `maxCount` items (the items are the caller's to check), or undefined. */
  list(path: string, value: unknown, maxCount: number): unknown[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.fail(path, 'LIST_TYPE_CONVERT', 'Must be an array.');
      return undefined;
    }
    if (value.length > maxCount) {
      this.fail(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${maxCount} or fewer in length.`);
      return undefined;
    }
    return value;
  }

  object(path: string, value: unknown, optional = false): Record<string, unknown> | undefined {
    if (this.#missing(path, value, optional)) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'DICT_TYPE_CONVERT', 'Must be an object.');
      return undefined;
    }
    return value as Record<string, unknown>;
  }

  /** Throws the collected 50035, if any. */
  check(): void {
    if (Object.keys(this.#errors).length > 0) throw Errors.invalidForm(this.#errors);
  }
}

/** A history request's ?limit: 1 to 200 messages (default 50), else 50035 naming `limit`. */
export function historyLimit(query: URLSearchParams): number {
  const raw = query.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > Limits.MaxHistoryMessagesCount) {
    throw Errors.invalidForm({ limit: [{ code: 'NUMBER_TYPE_MAX', message: `Must be between 1 and ${Limits.MaxHistoryMessagesCount}.` }] });
  }
  return limit;
}
