// Guild prune (public API "Get Guild Prune Count" / "Begin Guild Prune"; spec: MANAGE_GUILD in
// addition to KICK_MEMBERS): members inactive for `days` days who have no role, or only roles
// the request includes. "Inactive" on the emulator: no activity (joining, a gateway connection
// of the user; see members.recordActivity) on the emulator clock for `days` days.
import type { Emulator } from '../emulator';
import type { Guild, GuildMember } from '../model/types';
import { removeGuildMember } from './guilds';
import { lastActivity } from './members';
import { Permission } from './permissions';
import { requireMember, requirePermissions } from './roles';

export const PRUNE_DAYS_MIN = 1;
export const PRUNE_DAYS_MAX = 30;
export const PRUNE_DAYS_DEFAULT = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneRequest {
  days: number;
  includeRoles: string[];
}

function prunable(emu: Emulator, guild: Guild, request: PruneRequest): GuildMember[] {
  const cutoff = emu.now() - request.days * DAY_MS;
  const included = new Set(request.includeRoles);
  return guild.members.filter((m) =>
    m.userId !== guild.ownerId &&
    m.roles.every((r) => included.has(r)) &&
    lastActivity(m) <= cutoff,
  );
}

/** Both permissions: either alone is 50013 (spec). */
function requirePrune(guild: Guild, actorId: string): void {
  requireMember(guild, actorId);
  requirePermissions(guild, actorId, Permission.MANAGE_GUILD | Permission.KICK_MEMBERS);
}

/** Get Guild Prune Count: {pruned: n}. */
export function pruneCount(emu: Emulator, guild: Guild, actorId: string, request: PruneRequest): { pruned: number } {
  requirePrune(guild, actorId);
  return { pruned: prunable(emu, guild, request).length };
}

/** Begin Guild Prune: removes them (GUILD_MEMBER_REMOVE each); {pruned: n}, or null unless asked to count. */
export function beginPrune(emu: Emulator, guild: Guild, actorId: string, request: PruneRequest, computeCount: boolean): { pruned: number | null } {
  requirePrune(guild, actorId);
  const members = prunable(emu, guild, request);
  for (const member of members) removeGuildMember(emu, guild.id, member.userId);
  return { pruned: computeCount ? members.length : null };
}
