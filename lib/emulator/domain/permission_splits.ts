// The permission splits of 23 February 2026 (spec "Versioning"), on the emulator clock: from
// then on creating guild emoji and stickers needs CREATE_GUILD_EXPRESSIONS and creating scheduled
// events CREATE_EVENTS; before, the MANAGE_ permission (or the CREATE_ one) was enough. Changing
// or deleting needs the CREATE_ or MANAGE_ permission for the caller's own, MANAGE_ for others'.
import type { Emulator } from '../emulator';
import { Errors } from './errors';
import type { Guild } from '../model/types';
import { Permission } from './permissions';
import { hasPermissions } from './roles';

export const PERMISSION_SPLIT_AT = Date.UTC(2026, 1, 23);

export interface SplitPermission {
  create: bigint;
  manage: bigint;
}

export const EXPRESSIONS: SplitPermission = { create: Permission.CREATE_GUILD_EXPRESSIONS, manage: Permission.MANAGE_GUILD_EXPRESSIONS };
export const EVENTS: SplitPermission = { create: Permission.CREATE_EVENTS, manage: Permission.MANAGE_EVENTS };

export function requireCreate(emu: Emulator, guild: Guild, actorId: string, split: SplitPermission): void {
  if (hasPermissions(guild, actorId, split.create)) return;
  if (emu.now() < PERMISSION_SPLIT_AT && hasPermissions(guild, actorId, split.manage)) return;
  throw Errors.missingPermissions();
}

/** Change or delete something `creatorId` made. */
export function requireManage(guild: Guild, actorId: string, creatorId: string, split: SplitPermission): void {
  if (hasPermissions(guild, actorId, split.manage)) return;
  if (creatorId === actorId && hasPermissions(guild, actorId, split.create)) return;
  throw Errors.missingPermissions();
}
