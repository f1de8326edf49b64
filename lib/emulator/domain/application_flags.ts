// Application flags (spec, "Application"): `flags` is a 32-bit integer that request payloads keep
// using; `flags_new` holds every bit, those beyond bit 30 included, as a decimal string. The one
// place that splits the full set into the two fields.
import type { Application } from '../model/types';

/** `flags` carries bits 0..30: a signed 32-bit integer without its sign bit. */
export const FLAGS_32_MASK = (1n << 31n) - 1n;

/**
 * The only flags an application may change itself (the public API's Edit Current Application):
 * the "limited" gateway intent flags. Any other bit in a PATCH must stay as it is.
 */
export const EDITABLE_FLAGS = {
  GATEWAY_PRESENCE_LIMITED: 1n << 13n,
  GATEWAY_GUILD_MEMBERS_LIMITED: 1n << 15n,
  GATEWAY_MESSAGE_CONTENT_LIMITED: 1n << 19n,
} as const;
export const EDITABLE_MASK = Object.values(EDITABLE_FLAGS).reduce((all, bit) => all | bit, 0n);

/**
 * A flag past bit 30, seeded so `flags` and `flags_new` differ. Neither the spec nor the public
 * types name one (the spec: "bits beyond bit 30" exist), so it has no public name here.
 */
export const FLAG_BEYOND_BIT_30 = 1n << 33n;

/** Every flag bit; older data files stored a number. */
export function applicationFlags(app: Application): bigint {
  return BigInt(app.flags as bigint | number);
}

/** `flags`: the low 31 bits, as request payloads carry them. */
export function flags32(app: Application): number {
  return Number(applicationFlags(app) & FLAGS_32_MASK);
}

/**
 * The portal switches of the privileged gateway intents are application flags (public API): the
 * full flag for an app approved through review, the LIMITED one for an app switching it on
 * itself. domain/privileged_intents reads and writes them; nothing else keeps that state.
 */
export const PRIVILEGED_INTENT_FLAGS = {
  GUILD_PRESENCES: { full: 1n << 12n, limited: EDITABLE_FLAGS.GATEWAY_PRESENCE_LIMITED },
  GUILD_MEMBERS: { full: 1n << 14n, limited: EDITABLE_FLAGS.GATEWAY_GUILD_MEMBERS_LIMITED },
  MESSAGE_CONTENT: { full: 1n << 18n, limited: EDITABLE_FLAGS.GATEWAY_MESSAGE_CONTENT_LIMITED },
} as const;

