// What the guild routes share: the guild named in the path (10004 when unknown or not an id),
// and query numbers checked the way the body's are (50035 with the parameter's name).
import type { RequestContext } from './context';
import { Errors, fieldError } from '../domain/errors';
import type { Guild } from '../model/types';
import { isSnowflake } from '../snowflake';

export function pathGuild(ctx: RequestContext): Guild {
  if (!isSnowflake(ctx.params.guild_id)) throw Errors.unknownGuild();
  const guild = ctx.emu.state.guilds.get(ctx.params.guild_id);
  if (!guild) throw Errors.unknownGuild();
  return guild;
}

/** An integer query parameter in [min, max], `fallback` when absent. */
export function queryInt(ctx: RequestContext, name: string, min: number, max: number, fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null) return fallback;
  const value = /^-?\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw fieldError(name, 'NUMBER_TYPE_MAX', `Must be an integer between ${min} and ${max}.`);
  return value;
}

/** A snowflake query parameter, `fallback` when absent. */
export function querySnowflake(ctx: RequestContext, name: string, fallback: string): string {
  const raw = ctx.query.get(name);
  if (raw === null) return fallback;
  if (raw !== '0' && !isSnowflake(raw)) throw fieldError(name, 'NUMBER_TYPE_COERCE', `Value "${String(raw).slice(0, 32)}" is not snowflake.`);
  return raw;
}

/** An ISO 8601 timestamp field as ms, null for null, undefined (and a recorded failure) when bad. */
export function parseTimestamp(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
