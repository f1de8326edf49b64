// What the voice room needs from the rest of the emulator, and nothing more: who may join which
// call, how to reach users on the main gateway, the emulator clock and the log. The emulator
// builds one (emulator_port.ts); tests can build their own.

export interface CallScope {
  /** The application whose sessions hear about the call. */
  applicationId: string;
  /** Users who hear the call's voice states (the lobby's members, or the guild's). */
  audienceIds: string[];
}

/** A call member's own mute and deafen (op 4's self_mute and self_deaf). */
export interface SelfVoiceFlags {
  selfMute: boolean;
  selfDeaf: boolean;
}

export interface VoiceCaller {
  userId: string;
  /** The main gateway session that sent op 4; its end leaves the call. */
  sessionId: string;
  applicationId: string;
  bot: boolean;
}

export interface VoicePort {
  now(): number;
  /** Runs `run` once the emulator clock reaches now + ms; returns a cancel function. */
  after(ms: number, run: () => void): () => void;
  log(line: string): void;
  /** The lobby call `lobbyId`, if it exists and `caller` may join it. */
  lobbyCall(lobbyId: string, caller: VoiceCaller): { scope: CallScope } | 'forbidden' | 'unknown';
  /** The lobby's current audience, or null once the lobby is gone. */
  lobbyScope(lobbyId: string): CallScope | null;
  /** A bot joining a voice channel of a guild it is in: the scope, or why not. */
  guildVoiceChannel(guildId: string, channelId: string, caller: VoiceCaller): { scope: CallScope } | 'forbidden' | 'unknown';
  /** Records the bot's presence in a guild voice channel (status and start-time events) and its own mute and deafen. */
  setGuildVoiceChannel(userId: string, channelId: string | null, self?: SelfVoiceFlags): void;
  /** A dispatch on the main gateway to these users' sessions of `applicationId`. */
  dispatch(userIds: Iterable<string>, applicationId: string, type: 'VOICE_STATE_UPDATE' | 'VOICE_SERVER_UPDATE', data: Record<string, unknown>): void;
}
