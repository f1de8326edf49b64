// Request Guild Members (op 8), Request Soundboard Sounds (op 31) and Request Channel Info (op 43).
import { voiceStartTimeJson } from '../domain/channels';
import { memberFields } from '../domain/guilds';
import { guildSoundsJson } from '../domain/soundboard';
import { isSnowflake } from '../snowflake';
import type { Emulator } from '../emulator';
import type { Session } from './session';
import { ALL_MEMBERS_COOLDOWN_MS, ALL_MEMBERS_LIMIT_FROM, Close, Intent, MEMBER_CHUNK_SIZE } from './protocol';

// bot user id + guild id -> last "all members" request (emulator clock)
const lastAllMembersRequest = new WeakMap<Emulator, Map<string, number>>();

export function handleRequestGuildMembers(emu: Emulator, session: Session, d: unknown): void {
  const identity = session.identity!;
  const body = (typeof d === 'object' && d !== null ? d : null) as Record<string, unknown> | null;
  if (!body || typeof body.guild_id !== 'string') return session.close(Close.DecodeError, 'guild_id is required');
  if (identity.kind !== 'bot' || (identity.intents & Intent.GUILD_MEMBERS) === 0) {
    return session.close(Close.DisallowedIntents, 'Requesting members needs the GUILD_MEMBERS intent');
  }
  const guild = emu.state.guilds.get(body.guild_id);
  if (!guild || !guild.members.some((m) => m.userId === identity.user.id)) return;
  const nonce = typeof body.nonce === 'string' && Buffer.byteLength(body.nonce) <= 32 ? body.nonce : undefined;
  const query = typeof body.query === 'string' ? body.query : undefined;
  const limit = typeof body.limit === 'number' && Number.isInteger(body.limit) && body.limit >= 0 ? body.limit : 0;
  const userIds = Array.isArray(body.user_ids) ? body.user_ids.filter((id): id is string => typeof id === 'string').slice(0, 100) : undefined;

  if (!userIds && limit === 0 && (query === '' || query === undefined)) {
    // The spec's limit: one all-members request per guild per bot per 30 s, rolled out to all
    // servers on 1 October 2025 (emulator clock); before that, every request is answered.
    let last = lastAllMembersRequest.get(emu);
    if (!last) lastAllMembersRequest.set(emu, (last = new Map()));
    const key = `${identity.user.id}:${guild.id}`;
    const previous = last.get(key);
    const now = emu.now();
    if (now >= ALL_MEMBERS_LIMIT_FROM && previous !== undefined && now - previous < ALL_MEMBERS_COOLDOWN_MS) {
      const retryAfter = (ALL_MEMBERS_COOLDOWN_MS - (now - previous)) / 1000;
      session.dispatch('RATE_LIMITED', JSON.stringify({ opcode: 8, retry_after: Number(retryAfter.toFixed(3)), meta: { guild_id: guild.id, nonce } }));
      return;
    }
    last.set(key, now);
  }

  let members = guild.members;
  const notFound: string[] = [];
  if (userIds) {
    members = members.filter((m) => userIds.includes(m.userId));
    for (const id of userIds) if (!guild.members.some((m) => m.userId === id)) notFound.push(id);
  } else {
    if (query) members = members.filter((m) => emu.user(m.userId)?.username.startsWith(query.toLowerCase()));
    // An empty query with a limit asks for that many members (only limit 0 means all).
    if (limit > 0) members = members.slice(0, limit);
  }
  const chunkCount = Math.max(1, Math.ceil(members.length / MEMBER_CHUNK_SIZE));
  for (let index = 0; index < chunkCount; index++) {
    const slice = members.slice(index * MEMBER_CHUNK_SIZE, (index + 1) * MEMBER_CHUNK_SIZE);
    const chunk: Record<string, unknown> = {
      guild_id: guild.id,
      // Whole member objects (avatar, banner, mutes, flags, timeout), as GUILD_MEMBER_* carry them.
      members: slice.map((m) => memberFields(emu, m)),
      chunk_index: index,
      chunk_count: chunkCount,
    };
    if (nonce !== undefined) chunk.nonce = nonce;
    if (index === 0 && notFound.length > 0) chunk.not_found = notFound;
    session.dispatch('GUILD_MEMBERS_CHUNK', JSON.stringify(chunk));
  }
}

export function handleRequestChannelInfo(emu: Emulator, session: Session, d: unknown): void {
  const body = (typeof d === 'object' && d !== null ? d : null) as Record<string, unknown> | null;
  if (!body || typeof body.guild_id !== 'string') return session.close(Close.DecodeError, 'guild_id is required');
  const guild = emu.state.guilds.get(body.guild_id);
  if (!guild || !guild.members.some((m) => m.userId === session.identity!.user.id)) return;
  const fields = Array.isArray(body.fields) ? body.fields : ['status', 'voice_start_time'];
  const channels = guild.channels
    .filter((c) => c.type === 2 || c.type === 13)
    .map((c) => {
      const info: Record<string, unknown> = { id: c.id };
      if (fields.includes('status')) info.status = c.voiceStatus;
      if (fields.includes('voice_start_time')) info.voice_start_time = voiceStartTimeJson(c.voiceStartTime);
      return info;
    });
  session.dispatch('CHANNEL_INFO', JSON.stringify({ guild_id: guild.id, channels }));
}

/**
 * Op 31: `guild_ids`, a list of guild ids; one SOUNDBOARD_SOUNDS per guild the session's user is
 * a member of (others are left out, as for op 8), with the sounds as that member sees them.
 */
export function handleRequestSoundboardSounds(emu: Emulator, session: Session, d: unknown): void {
  const body = (typeof d === 'object' && d !== null ? d : null) as Record<string, unknown> | null;
  const ids = body?.guild_ids;
  if (!Array.isArray(ids) || !ids.every(isSnowflake)) return session.close(Close.DecodeError, 'guild_ids must be a list of guild ids');
  const userId = session.identity!.user.id;
  for (const guildId of new Set(ids as string[])) {
    const guild = emu.state.guilds.get(guildId);
    if (!guild || !guild.members.some((m) => m.userId === userId)) continue;
    session.dispatch('SOUNDBOARD_SOUNDS', JSON.stringify({ guild_id: guild.id, soundboard_sounds: guildSoundsJson(emu, guild, userId) }));
  }
}
