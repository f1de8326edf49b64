// The scopes the emulator grants (spec, "Authentication" 2): identify.premium only for approved
// partners.
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
