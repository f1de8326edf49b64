// The scopes the emulator grants (spec, "Authentication" 2): identify.premium only for approved
// partners; and what a granted scope lets a token do (hasScope, used by the HTTP adapter's checks
// and by the domain's).
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
  }
  return { scopes: [...new Set(scopes)] };
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
