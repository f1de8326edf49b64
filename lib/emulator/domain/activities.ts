// Rich presence activities as the service accepts them: types Playing 0, Listening 2,
// Watching 3, Competing 5 (spec: what SET_ACTIVITY accepts), bounded strings, http(s) links,
// and serialization without null or empty keys.
import { codePoints, Limits } from './limits';

export const ACTIVITY_TYPES = new Set([0, 2, 3, 5]);
const TEXT_MAX = Limits.MaxActivityTextCodePoints;
const URL_MAX = Limits.MaxActivityUrlCodePoints;

type Json = Record<string, unknown>;

function clean(value: unknown): unknown {
  if (Array.isArray(value)) {
    const list = value.map(clean).filter((v) => v !== undefined);
    return list.length > 0 ? list : undefined;
  }
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, v] of Object.entries(value as Json)) {
      const c = clean(v);
      if (c !== undefined) out[key] = c;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (value === null || value === '') return undefined;
  return value;
}

/** The activity, cleaned, or the reason it is refused. */
export function validateActivity(raw: unknown): { activity: Json } | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'activity must be an object' };
  const a = raw as Json;
  const type = a.type ?? 0;
  if (typeof type !== 'number' || !ACTIVITY_TYPES.has(type)) return { error: 'activity.type must be 0, 2, 3 or 5' };
  const checks: Array<[string, unknown, number]> = [
    ['name', a.name, TEXT_MAX],
    ['state', a.state, TEXT_MAX],
    ['details', a.details, TEXT_MAX],
    ['state_url', a.state_url, URL_MAX],
    ['details_url', a.details_url, URL_MAX],
  ];
  const assets = (a.assets ?? {}) as Json;
  if (typeof assets !== 'object' || Array.isArray(assets)) return { error: 'activity.assets must be an object' };
  // The asset texts are texts (hover texts), the images and links are URL-sized (limits.h).
  for (const key of ['large_text', 'small_text']) checks.push([`assets.${key}`, assets[key], TEXT_MAX]);
  for (const key of ['large_image', 'small_image', 'invite_cover_image', 'large_url', 'small_url']) checks.push([`assets.${key}`, assets[key], URL_MAX]);
  const party = a.party as Json | undefined;
  if (party !== undefined && party !== null && typeof party === 'object') checks.push(['party.id', party.id, TEXT_MAX]);
  const secrets = a.secrets as Json | undefined;
  if (secrets !== undefined && secrets !== null) {
    if (typeof secrets !== 'object' || Array.isArray(secrets)) return { error: 'activity.secrets must be an object' };
    checks.push(['secrets.join', secrets.join, TEXT_MAX]);
  }
  const buttons = a.buttons;
  if (buttons !== undefined && buttons !== null && (!Array.isArray(buttons) || buttons.length > 2)) return { error: 'activity.buttons: at most 2' };
  for (const [i, button] of ((buttons ?? []) as unknown[]).entries()) {
    if (typeof button !== 'object' || button === null || Array.isArray(button)) return { error: `activity.buttons[${i}] must be an object of label and url` };
    checks.push([`buttons[${i}].label`, (button as Json).label, TEXT_MAX], [`buttons[${i}].url`, (button as Json).url, URL_MAX]);
  }
  for (const [path, value, max] of checks) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || codePoints(value) > max) return { error: `activity.${path} must be a string of at most ${max} characters` };
    if ((path.endsWith('_url') || path.endsWith('.url')) && value !== '' && !/^https?:\/\//.test(value)) return { error: `activity.${path} must be an http(s) URL` };
  }
  if (a.status_display_type !== undefined && a.status_display_type !== null && ![0, 1, 2].includes(a.status_display_type as number)) {
    return { error: 'activity.status_display_type must be 0, 1 or 2' };
  }
  if (party !== undefined && party !== null) {
    if (typeof party !== 'object') return { error: 'activity.party must be an object' };
    const size = party.size;
    if (size !== undefined && (!Array.isArray(size) || size.length !== 2 || !size.every((n) => Number.isInteger(n) && n >= 0) || size[0] > size[1])) {
      return { error: 'activity.party.size must be [current, max] with current <= max' };
    }
  }
  return { activity: (clean(a) as Json | undefined) ?? { type } };
}
