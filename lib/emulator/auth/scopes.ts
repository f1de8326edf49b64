// The scopes the emulator grants (spec, "Authentication" 2): identify.premium only for approved
// partners, relationships.read only once the app accepted the social SDK terms; which of the
// requested ones the person may leave out (spec, AuthorizationArgs rule 3: "the user must grant
// each one"); and what a granted scope lets a token do (hasScope, used by the HTTP adapter's
// checks and by the domain's).
import type { Application } from '../model/types';

export const KNOWN_SCOPES = new Set([
  'openid',
  'identify',
  'email',
  'guilds',
  'guilds.members.read',
  'connections',
  'relationships.read',
  'sdk.social_layer',
  'sdk.social_layer_presence',
  'identify.premium',
  'application.commands',
  'applications.commands',
  'activities.read',
  'activities.write',
  'lobbies.write',
  'dm_channels.messages.write',
  'rpc',
  'bot',
  'gdm.join',
]);

/** The scope list, or the first scope that cannot be granted. */
export function parseScopes(text: string | null, app: Application): { scopes: string[] } | { invalid: string } {
  const scopes = (text ?? '').split(/[ +]/).filter(Boolean);
  if (scopes.length === 0) return { invalid: '(none)' };
  for (const scope of scopes) {
    if (!KNOWN_SCOPES.has(scope)) return { invalid: scope };
    if (scope === 'identify.premium' && !app.premiumApproved) return { invalid: scope };
    // Granted after the social SDK terms are accepted in the app's settings, no approval needed.
    if (scope === 'relationships.read' && !app.socialSdkTermsAccepted) return { invalid: scope };
  }
  return { scopes: [...new Set(scopes)] };
}

/**
 * The scopes a consent cannot go without: the sign-in itself (openid, identify) and the social
 * SDK's own scopes, which its default scope strings are made of (spec, AuthorizationArgs rule 1);
 * every other requested scope is an "additional" one the person grants or leaves out (rule 3).
 */
export const REQUIRED_SCOPES: ReadonlySet<string> = new Set(['openid', 'identify', 'sdk.social_layer', 'sdk.social_layer_presence']);

/**
 * What a consent grants of `requested`: the required ones always, the others when `granted`
 * names them (`granted` undefined: everything requested). A name in `granted` that was not
 * requested is refused, named, rather than dropped.
 */
export function grantedScopes(requested: string[], granted?: readonly string[]): { scopes: string[] } | { notRequested: string } {
  if (granted === undefined) return { scopes: [...requested] };
  for (const scope of granted) if (!requested.includes(scope)) return { notRequested: scope };
  return { scopes: requested.filter((scope) => REQUIRED_SCOPES.has(scope) || granted.includes(scope)) };
}

// sdk.social_layer and sdk.social_layer_presence expand to what the integration needs (spec,
// rule 2 of AuthorizationArgs).
const EXPANSIONS: Record<string, string[]> = {
  'sdk.social_layer': ['identify', 'email', 'guilds', 'relationships.read', 'lobbies.write', 'dm_channels.messages.write', 'activities.write', 'rpc', 'presences.write'],
  'sdk.social_layer_presence': ['identify', 'relationships.read', 'activities.write', 'rpc', 'presences.write'],
};

// One scope, two spellings: the spec (and so the default install link of a new app) writes
// application.commands, the public API applications.commands. A grant of either is the other.
const SPELLINGS: Record<string, string> = { 'application.commands': 'applications.commands' };

/** The one name a scope is compared by (its public API spelling). */
export function canonicalScope(scope: string): string {
  return SPELLINGS[scope] ?? scope;
}

/** Whether a token granted `granted` may act with `scope`, the SDK's expansions and both spellings included. */
export function hasScope(granted: string[], scope: string): boolean {
  const wanted = canonicalScope(scope);
  return granted.some((g) => canonicalScope(g) === wanted || EXPANSIONS[g]?.includes(wanted));
}
