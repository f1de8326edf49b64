// Privileged intents per application (spec "Limits": toggled on in the portal below 10,000 users
// across all servers; at or above, only with an approved application, and an approved app keeps
// them while it grows). The gateway closes an Identify asking for one that is off with 4014;
// List Guild Members needs GUILD_MEMBERS on; the message view and search need MESSAGE_CONTENT.
// The switches live in the application's flags (GATEWAY_* and GATEWAY_*_LIMITED, as the public
// API shows them), so the Application object, READY and these rules read one state.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Application } from '../model/types';
import { applicationFlags, PRIVILEGED_INTENT_FLAGS } from './application_flags';

/** The gateway intent bits that are privileged (docs/protocols/gateway.md). */
export const PrivilegedIntent = {
  GUILD_MEMBERS: 1 << 1,
  GUILD_PRESENCES: 1 << 8,
  MESSAGE_CONTENT: 1 << 15,
} as const;
export const PRIVILEGED_INTENTS = PrivilegedIntent.GUILD_MEMBERS | PrivilegedIntent.GUILD_PRESENCES | PrivilegedIntent.MESSAGE_CONTENT;

/** At this many users an app needs an approved application to switch a privileged intent on (spec). */
export const PRIVILEGED_INTENTS_USER_THRESHOLD = 10_000;

const INTENT_FLAGS: Array<[number, { full: bigint; limited: bigint }]> = [
  [PrivilegedIntent.GUILD_MEMBERS, PRIVILEGED_INTENT_FLAGS.GUILD_MEMBERS],
  [PrivilegedIntent.GUILD_PRESENCES, PRIVILEGED_INTENT_FLAGS.GUILD_PRESENCES],
  [PrivilegedIntent.MESSAGE_CONTENT, PRIVILEGED_INTENT_FLAGS.MESSAGE_CONTENT],
];

function intentsFromFlags(flags: bigint): number {
  let bits = 0;
  for (const [intent, flag] of INTENT_FLAGS) if ((flags & (flag.full | flag.limited)) !== 0n) bits |= intent;
  return bits;
}

/** The portal's privileged intent toggles, for `control.setPrivilegedIntents`; a switch left out stays as it is. */
export interface PrivilegedIntentSwitches {
  /** GUILD_MEMBERS. */
  guildMembers?: boolean;
  /** GUILD_PRESENCES. */
  guildPresences?: boolean;
  /** MESSAGE_CONTENT. */
  messageContent?: boolean;
}

function findApp(emu: Emulator, appId: string): Application {
  const app = emu.app(appId);
  if (!app) throw Errors.unknownApplication();
  return app;
}

/** The privileged intent bits switched on for this application. */
export function appPrivilegedIntents(app: Application): number {
  return intentsFromFlags(applicationFlags(app));
}

/** The privileged intent bits switched on for the application (0 for an unknown one). */
export function privilegedIntentsOf(emu: Emulator, appId: string): number {
  const app = emu.app(appId);
  return app ? appPrivilegedIntents(app) : 0;
}

export function hasPrivilegedIntent(emu: Emulator, appId: string, intent: number): boolean {
  return (privilegedIntentsOf(emu, appId) & intent) === intent;
}

/**
 * The app's users, the number the threshold is about: the users who installed it to their
 * account (a control-settable number) plus the distinct people in the guilds its bot is in.
 * (The spec says "users across all servers"; the emulator's choice, documented in the README.)
 */
export function applicationUserCount(emu: Emulator, appId: string): number {
  const app = findApp(emu, appId);
  const reach = new Set<string>();
  for (const guild of emu.state.guilds.values()) {
    if (!guild.members.some((m) => m.userId === app.botUserId)) continue;
    for (const member of guild.members) if (!emu.user(member.userId)?.bot) reach.add(member.userId);
  }
  return (app.userInstallCount ?? 0) + reach.size;
}

/**
 * The portal's toggles. Switching an intent off always works; switching one on needs the app
 * below the threshold or approved, else 403 50013 (the portal's refusal is not shown) and
 * nothing changes. Intents already on stay on as the app grows.
 */
export function setPrivilegedIntents(emu: Emulator, appId: string, switches: PrivilegedIntentSwitches): number {
  const app = findApp(emu, appId);
  if (typeof switches !== 'object' || switches === null) throw new ApiError(400, 50035, 'switches: an object of booleans');
  const current = privilegedIntentsOf(emu, appId);
  let next = current;
  const entries: Array<[keyof PrivilegedIntentSwitches, number]> = [
    ['guildMembers', PrivilegedIntent.GUILD_MEMBERS],
    ['guildPresences', PrivilegedIntent.GUILD_PRESENCES],
    ['messageContent', PrivilegedIntent.MESSAGE_CONTENT],
  ];
  for (const key of Object.keys(switches)) {
    if (!entries.some(([name]) => name === key)) throw new ApiError(400, 50035, `${key}: not a privileged intent (guildMembers, guildPresences, messageContent)`);
  }
  for (const [name, bit] of entries) {
    const value = switches[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new ApiError(400, 50035, `${name}: a boolean`);
    next = value ? next | bit : next & ~bit;
  }
  const turnedOn = next & ~current;
  if (turnedOn !== 0 && !app.privilegedIntentsApproved && applicationUserCount(emu, appId) >= PRIVILEGED_INTENTS_USER_THRESHOLD) {
    throw new ApiError(403, 50013, `Privileged intents need an approved application at ${PRIVILEGED_INTENTS_USER_THRESHOLD} users or more`);
  }
  let flags = applicationFlags(app);
  for (const [intent, flag] of INTENT_FLAGS) {
    const on = (next & intent) !== 0;
    const wasOn = (current & intent) !== 0;
    if (on === wasOn) continue; // an intent kept on keeps the flag it was granted with
    flags &= ~(flag.full | flag.limited);
    if (on) flags |= app.privilegedIntentsApproved ? flag.full : flag.limited;
  }
  app.flags = flags;
  emu.changed();
  return next;
}

/** The review's outcome: an approved app may switch privileged intents on at any size. */
export function setPrivilegedIntentsApproval(emu: Emulator, appId: string, approved: boolean): void {
  if (typeof approved !== 'boolean') throw new ApiError(400, 50035, 'approved: a boolean');
  findApp(emu, appId).privilegedIntentsApproved = approved;
  emu.changed();
}

/** Users who installed the app to their account (approximate_user_install_count's number). */
export function setUserInstallCount(emu: Emulator, appId: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) throw new ApiError(400, 50035, 'count: an integer >= 0');
  findApp(emu, appId).userInstallCount = count;
  emu.changed();
}

/** The portal's view: which intents are on, the user count and the approval. */
export function privilegedIntentsReport(emu: Emulator, appId: string): Record<string, unknown> {
  const app = findApp(emu, appId);
  const bits = privilegedIntentsOf(emu, appId);
  return {
    guildMembers: (bits & PrivilegedIntent.GUILD_MEMBERS) !== 0,
    guildPresences: (bits & PrivilegedIntent.GUILD_PRESENCES) !== 0,
    messageContent: (bits & PrivilegedIntent.MESSAGE_CONTENT) !== 0,
    approved: app.privilegedIntentsApproved ?? false,
    userCount: applicationUserCount(emu, appId),
    threshold: PRIVILEGED_INTENTS_USER_THRESHOLD,
  };
}
