// List queries by snowflake (the public API's before / after / limit): every bad parameter is a
// 50035 naming it, checked before anything is read.
import { Errors, type FieldError } from './errors';
import { isSnowflake } from '../snowflake';

export interface Page {
  before: bigint | null;
  after: bigint | null;
  limit: number;
}

/** The snowflake query parameter `name`, or null when absent; a bad one is recorded in `errors`. */
export function snowflakeParam(query: URLSearchParams, name: string, errors: Record<string, FieldError[]>): string | null {
  const value = query.get(name);
  if (value === null) return null;
  if (!isSnowflake(value)) {
    errors[name] = [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${String(value).slice(0, 32)}" is not snowflake.` }];
    return null;
  }
  return value;
}

/** `?before=&after=&limit=` with limit 1..max (default `fallback`). */
export function pageQuery(query: URLSearchParams, max: number, fallback: number, errors: Record<string, FieldError[]>): Page {
  const before = snowflakeParam(query, 'before', errors);
  const after = snowflakeParam(query, 'after', errors);
  const raw = query.get('limit');
  const limit = raw === null ? fallback : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    errors.limit = [{ code: 'NUMBER_TYPE_MAX', message: `Must be between 1 and ${max}.` }];
  }
  return { before: before === null ? null : BigInt(before), after: after === null ? null : BigInt(after), limit };
}

export function failOn(errors: Record<string, FieldError[]>): void {
  if (Object.keys(errors).length > 0) throw Errors.invalidForm(errors);
}

/**
 * One page of `items` (any order in), oldest first out: ids after `after` and before `before`;
 * with only `before`, the `limit` newest of those (the ones right before it), else the oldest.
 */
export function applyPage<T extends { id: string }>(items: T[], page: Page): T[] {
  const inRange = items
    .filter((item) => (page.after === null || BigInt(item.id) > page.after) && (page.before === null || BigInt(item.id) < page.before))
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  return page.before !== null && page.after === null ? inRange.slice(-page.limit) : inRange.slice(0, page.limit);
}
