// Guild set-up for the bot-side tests: a role with given permissions at a given position, put
// straight into the emulator's state (the control API has no role creation), and given to a
// member through control.updateGuildMember (so the member events go out as usual).
import type { RunningEmulator } from '../../../lib/emulator/index';

export const PERM = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  VIEW_AUDIT_LOG: 1n << 7n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MANAGE_ROLES: 1n << 28n,
  MODERATE_MEMBERS: 1n << 40n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  PIN_MESSAGES: 1n << 51n,
} as const;

let next = 500;

/** Adds a role to the guild (returns its id). */
export function addRole(emu: RunningEmulator, guildId: string, name: string, permissions: bigint, position: number): string {
  const guild = emu.core.state.guilds.get(guildId)!;
  const id = (BigInt(guildId) + BigInt(next++)).toString();
  guild.roles.push({ id, name, permissions, position, color: 0 });
  return id;
}

/** Gives `userId` these roles on top of what it has. */
export function giveRoles(emu: RunningEmulator, guildId: string, userId: string, roleIds: string[]): void {
  const member = emu.core.state.guilds.get(guildId)!.members.find((m) => m.userId === userId)!;
  emu.control.updateGuildMember(guildId, userId, { roles: [...member.roles, ...roleIds] });
}

/** Sets `userId`'s roles to exactly these. */
export function setRoles(emu: RunningEmulator, guildId: string, userId: string, roleIds: string[]): void {
  emu.control.updateGuildMember(guildId, userId, { roles: roleIds });
}

/** Collects the bus events of these types from now on. */
export function collect(emu: RunningEmulator, ...types: string[]): { events: Array<{ type: string; data: any; guildId?: string }>; stop: () => void } {
  const events: Array<{ type: string; data: any; guildId?: string }> = [];
  const stop = emu.core.bus.subscribe((event) => {
    if (types.includes(event.type)) events.push({ type: event.type, data: event.data, guildId: event.guildId });
  });
  return { events, stop };
}
