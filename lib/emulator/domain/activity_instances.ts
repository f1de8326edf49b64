// Embedded activities as the chat client (the dashboard) runs them: a launched activity instance
// (an entry point's LAUNCH_ACTIVITY, or the service's own launch: interactions.ts) has the person
// who launched it as its first participant, and people join and leave it. The embedded SDK's
// commands land here: authorize (the person's consent, then a code without a redirect URI, which
// the app's backend exchanges with its client secret at /oauth2/token), authenticate (a token of
// the app → the person), the participants, and shareLink. The spec's silent failure is kept:
// shareLink with referrer_id succeeds and the referrer is dropped; custom_id is what a link carries.
// Joined participants and shared links live in memory only (the data file keeps the launch).
import { parseScopes } from '../auth/scopes';
import type { Emulator } from '../emulator';
import type { Interaction, User } from '../model/types';
import { userJson } from './accounts';
import { accessToken, approver, consentScopes, issueCode } from './authorizations';
import { ApiError } from './errors';

/** What the emulator keeps per instance beyond its launch. */
interface InstanceExtras {
  joined: string[];
  links: SharedLink[];
}

/** A link a participant shared (shareLink). */
export interface SharedLink {
  /** Who shared it. */
  userId: string;
  /** The message shared with it. */
  message: string;
  /** The custom_id it carries, or null. */
  customId: string | null;
  /** The link (the web base's `/activities/<applicationId>`, with `?custom_id=`). */
  link: string;
  /** When, on the emulator clock (ms). */
  at: number;
}

/** authorizeActivity's answer. */
export interface ActivityAuthorization {
  /** The authorization code (no redirect URI, no PKCE: redeemed with the client secret). */
  code: string;
}

/** shareActivityLink's answer. */
export interface ActivityLinkShared {
  /** Always true: a shareLink that is accepted succeeds (a referrer_id is dropped silently). */
  success: true;
  /** The link shared. */
  link: string;
}

/** An activity instance as the control API and the dashboard show it. */
export interface ActivityInstanceView {
  /** The activity instance id. */
  id: string;
  /** Its application. */
  applicationId: string;
  /** The channel it was launched in. */
  channelId: string;
  /** The guild, or null (a DM). */
  guildId: string | null;
  /** The user who launched it. */
  launchedBy: string;
  /** The participants' user objects, the launcher first. */
  participants: Record<string, unknown>[];
  /** The links shared from it, the last 20. */
  sharedLinks: SharedLink[];
}

/** Per instance, at most this many people join and this many links are kept (the oldest go). */
const MAX_PARTICIPANTS = 100;
const MAX_LINKS = 20;
const MAX_MESSAGE = 1000;
const MAX_CUSTOM_ID = 1000;

const extrasOf = new WeakMap<Emulator, Map<string, InstanceExtras>>();

function extras(emu: Emulator, instanceId: string): InstanceExtras {
  let map = extrasOf.get(emu);
  if (!map) extrasOf.set(emu, (map = new Map()));
  let entry = map.get(instanceId);
  if (!entry) map.set(instanceId, (entry = { joined: [], links: [] }));
  return entry;
}

function launchOf(emu: Emulator, instanceId: string): Interaction {
  for (const interaction of emu.state.interactions.values()) {
    if (interaction.activityInstanceId === instanceId) return interaction;
  }
  throw new ApiError(404, 0, 'Unknown activity instance');
}

function participantIds(emu: Emulator, launch: Interaction): string[] {
  return [launch.userId, ...extras(emu, launch.activityInstanceId!).joined.filter((id) => id !== launch.userId)];
}

function view(emu: Emulator, launch: Interaction): ActivityInstanceView {
  const app = emu.app(launch.applicationId);
  return {
    id: launch.activityInstanceId!,
    applicationId: launch.applicationId,
    channelId: launch.channelId,
    guildId: launch.guildId,
    launchedBy: launch.userId,
    participants: participantIds(emu, launch).flatMap((id) => {
      const user = emu.user(id);
      return user ? [userJson(user, app)] : [];
    }),
    sharedLinks: extras(emu, launch.activityInstanceId!).links.map((l) => ({ ...l })),
  };
}

/** The instance, or 404 (10106). */
export function activityInstance(emu: Emulator, instanceId: string): ActivityInstanceView {
  return view(emu, launchOf(emu, instanceId));
}

/** Every launched instance, newest first (the dashboard's list), at most `limit`. */
export function activityInstances(emu: Emulator, limit = 20): ActivityInstanceView[] {
  const launches = [...emu.state.interactions.values()].filter((i) => i.activityInstanceId !== null);
  return launches.slice(-limit).reverse().map((launch) => view(emu, launch));
}

function person(emu: Emulator, userId: string): User {
  const user = approver(emu, userId);
  if (!user) throw new ApiError(404, 10013, 'Unknown User');
  return user;
}

/** A person joins the instance (again: nothing changes). */
export function joinActivityInstance(emu: Emulator, instanceId: string, userId: string): ActivityInstanceView {
  const launch = launchOf(emu, instanceId);
  person(emu, userId);
  const entry = extras(emu, instanceId);
  if (userId !== launch.userId && !entry.joined.includes(userId)) {
    if (entry.joined.length >= MAX_PARTICIPANTS) throw new ApiError(400, 50035, `an activity instance has at most ${MAX_PARTICIPANTS + 1} participants`);
    entry.joined.push(userId);
  }
  return view(emu, launch);
}

/** A person leaves the instance (the launcher too: the instance stays, the launch is its record). */
export function leaveActivityInstance(emu: Emulator, instanceId: string, userId: string): ActivityInstanceView {
  const launch = launchOf(emu, instanceId);
  const entry = extras(emu, instanceId);
  entry.joined = entry.joined.filter((id) => id !== userId);
  return view(emu, launch);
}

function participant(emu: Emulator, instanceId: string, userId: string): { launch: Interaction; user: User } {
  const launch = launchOf(emu, instanceId);
  const user = person(emu, userId);
  if (!participantIds(emu, launch).includes(user.id)) throw new ApiError(403, 50001, 'Not a participant of this activity instance');
  return { launch, user };
}

/**
 * The embedded SDK's authorize, once the participant consented (the dashboard's prompt, or the
 * emulator's auto-approve): a code for the app with the scopes asked (`scope`, space-separated
 * or a list), no redirect URI and no PKCE, so the app's backend redeems it with its client secret.
 */
export function authorizeActivity(emu: Emulator, instanceId: string, userId: string, scope: string | string[]): ActivityAuthorization {
  const { launch, user } = participant(emu, instanceId, userId);
  const app = emu.app(launch.applicationId)!;
  const parsed = parseScopes(Array.isArray(scope) ? scope.join(' ') : scope, app);
  if ('invalid' in parsed) throw new ApiError(400, 50035, `scope: ${parsed.invalid.slice(0, 64)} cannot be granted`);
  const code = issueCode(emu, {
    applicationId: app.id,
    scopes: consentScopes(parsed.scopes),
    redirectUri: '',
    challenge: null,
    challengeMethod: null,
    integrationType: null,
    nonce: null,
  }, user);
  return { code: code.code };
}

/**
 * The embedded SDK's authenticate: the token must be a live access token of the instance's
 * application for a person; returns what the SDK gets (the token echoed, the user, scopes,
 * expiry, the application). Anything else is one 401 whatever was wrong.
 */
export function authenticateActivity(emu: Emulator, applicationId: string, token: string): Record<string, unknown> {
  const record = typeof token === 'string' ? accessToken(emu, token) : undefined;
  const app = emu.app(applicationId);
  const user = record?.userId ? emu.user(record.userId) : undefined;
  if (!record || !app || record.applicationId !== app.id || !user) throw new ApiError(401, 4009, 'Invalid access token');
  return {
    access_token: token,
    user: userJson(user, app),
    scopes: [...record.scopes],
    expires: emu.iso(record.expiresAt ?? emu.now()),
    application: { id: app.id, name: app.name, description: app.settings?.description ?? '', icon: null },
  };
}

/**
 * The embedded SDK's shareLink: the participant shares a link to the activity with a message.
 * `custom_id` rides on the link; a `referrer_id` is accepted and dropped without an error, as the
 * service does (spec: passing it fails silently).
 */
export function shareActivityLink(emu: Emulator, instanceId: string, userId: string, message: unknown, customId: unknown): ActivityLinkShared {
  const { launch } = participant(emu, instanceId, userId);
  if (typeof message !== 'string' || message.length === 0 || message.length > MAX_MESSAGE) throw new ApiError(400, 50035, `message: a string of 1 to ${MAX_MESSAGE} characters`);
  if (customId !== undefined && customId !== null && (typeof customId !== 'string' || customId.length > MAX_CUSTOM_ID)) throw new ApiError(400, 50035, `custom_id: a string of at most ${MAX_CUSTOM_ID} characters`);
  const id = typeof customId === 'string' && customId !== '' ? customId : null;
  const link = `${emu.webBase}/activities/${launch.applicationId}${id !== null ? `?custom_id=${encodeURIComponent(id)}` : ''}`;
  const entry = extras(emu, instanceId);
  entry.links.push({ userId, message, customId: id, link, at: emu.now() });
  if (entry.links.length > MAX_LINKS) entry.links.splice(0, entry.links.length - MAX_LINKS);
  return { success: true, link };
}
