// The calls as the dashboard shows them: each call's members, joined with their voice connection
// (connected or not, speaking flags, transport mode) and the call's DAVE state. The server follows
// the DAVE group from outside (it is the MLS external sender, never a member), so it knows the
// protocol version and the epoch but not the privacy code, which only the members can compute.
import type { CallRegistry } from './calls';
import type { VoiceGateway } from './gateway';

export interface LiveCallMember {
  userId: string;
  selfMute: boolean;
  selfDeaf: boolean;
  /** Whether its voice WebSocket is open. */
  connected: boolean;
  /** The Speaking flags it last sent (0: silent). */
  speaking: number;
  /** The transport (AEAD) mode it selected, null before Select Protocol. */
  mode: string | null;
}

export interface LiveCall {
  /** The lobby id, or the guild voice channel's id. */
  channelId: string;
  guildId: string | null;
  members: LiveCallMember[];
  /** The DAVE protocol version of the call (0: no end-to-end encryption). */
  daveVersion: number;
  /** The MLS group's epoch (decimal), null while none is established. */
  daveEpoch: string | null;
}

export function liveCalls(calls: CallRegistry, gateway: VoiceGateway): LiveCall[] {
  const sessions = gateway.sessions();
  return [...calls.all()].map((call) => {
    const group = gateway.daveGroup(call.channelId);
    const members = [...call.members.values()].map((member) => {
      const session = sessions.find((s) => s.userId === member.userId && s.call.channelId === call.channelId);
      return {
        userId: member.userId,
        selfMute: member.selfMute,
        selfDeaf: member.selfDeaf,
        connected: session?.socket != null,
        speaking: session?.speaking ?? 0,
        mode: session?.mode ?? null,
      };
    });
    return { channelId: call.channelId, guildId: call.guildId, members, daveVersion: group?.version ?? 0, daveEpoch: group?.epoch?.toString() ?? null };
  });
}
