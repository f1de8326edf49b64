// The emulator's side of the voice room's port: lobby and guild rules read from the emulator's
// state, the clock, the log, and lobby changes from the event bus. The main gateway's dispatch
// is passed in, since the gateway starts after the voice room.
import type { Emulator } from '../emulator';
import { isMember } from '../domain/lobbies';
import { channelPermissions, Permission } from '../domain/permissions';
import type { CallRegistry } from './calls';
import type { CallScope, SelfVoiceFlags, VoicePort } from './port';

export type GatewayDispatch = (userIds: Iterable<string>, applicationId: string, type: string, data: Record<string, unknown>) => void;

const VOICE_CHANNEL_TYPES = new Set([2, 13]);

export function emulatorVoicePort(emu: Emulator, hooks: { dispatch: GatewayDispatch; setVoiceChannel(userId: string, channelId: string | null, self?: SelfVoiceFlags): void }): VoicePort {
  const lobbyScope = (lobbyId: string): CallScope | null => {
    const lobby = emu.state.lobbies.get(lobbyId);
    return lobby ? { applicationId: lobby.applicationId, audienceIds: lobby.members.map((m) => m.id) } : null;
  };
  return {
    now: () => emu.now(),
    after(ms, run) {
      const id = emu.clock.after(ms, run);
      return () => emu.clock.cancel(id);
    },
    log: (line) => emu.log(line),
    lobbyCall(lobbyId, caller) {
      const lobby = emu.state.lobbies.get(lobbyId);
      if (!lobby) return 'unknown';
      if (lobby.applicationId !== caller.applicationId) return 'forbidden';
      const member = isMember(lobby, caller.userId);
      // Members only; a bot may also join its own application's lobby calls (docs/emulator.md).
      if (!member && !caller.bot) return 'forbidden';
      return { scope: lobbyScope(lobbyId)! };
    },
    lobbyScope,
    guildVoiceChannel(guildId, channelId, caller) {
      const guild = emu.state.guilds.get(guildId);
      const channel = guild?.channels.find((c) => c.id === channelId);
      if (!guild || !channel) return 'unknown';
      if (!VOICE_CHANNEL_TYPES.has(channel.type) || !guild.members.some((m) => m.userId === caller.userId)) return 'forbidden';
      if ((channelPermissions(guild, channel, caller.userId) & Permission.CONNECT) === 0n) return 'forbidden';
      return { scope: { applicationId: caller.applicationId, audienceIds: [] } };
    },
    setGuildVoiceChannel: (userId, channelId, self) => hooks.setVoiceChannel(userId, channelId, self),
    dispatch: (userIds, applicationId, type, data) => hooks.dispatch(userIds, applicationId, type, data),
  };
}

/** Keeps calls consistent with lobby membership: a member who leaves or is removed leaves the call. */
export function watchLobbies(emu: Emulator, calls: CallRegistry): () => void {
  return emu.bus.subscribe((event) => {
    if (event.type === 'LOBBY_MEMBER_REMOVE') calls.lobbyMembershipChanged(String(event.data.lobby_id));
    else if (event.type === 'LOBBY_DELETE') calls.lobbyMembershipChanged(String(event.data.id));
  });
}
