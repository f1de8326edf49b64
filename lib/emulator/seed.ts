// Deterministic seed data: the same ids, credentials and keys on every start, so tests and
// docs can name them.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { EmulatorState } from './model/state';
import type { Application, Channel, Guild, User } from './model/types';
import { Permission } from './domain/permissions';
import { defaultSettings } from './domain/application_defaults';
import { FLAG_BEYOND_BIT_30 } from './domain/application_flags';

/**
 * The seeded ids and credentials, the same on every start without a data file (docs/emulator.md,
 * "Seeded data"): tests and docs can name them. The credentials are the emulator's only and
 * public: never use them against the real service.
 * @example
 * ```ts
 * import { SEED, startEmulator } from 'sdkpp/emulator';
 * const emu = await startEmulator();
 * const { accessToken } = emu.control.issueToken(SEED.users.nelly);
 * ```
 */
export const SEED = {
  /** The seeded application (the game): its client id. */
  applicationId: '1349146942634065960',
  /** Its child application (publisher-level linking). */
  childApplicationId: '1349146942634065961',
  /** The user id of the application's bot. */
  botUserId: '1349146942634065962',
  /** The seeded guild (`sdkpp Test Guild`); its roles and channels are numbered from it. */
  guildId: '1349146942634066000',
  /** The seeded people's user ids, by username. */
  users: {
    /** nelly: friends with alice and bob. */
    nelly: '1349146942634065970',
    /** alice: owns the application and the guild; a premium subscription (`premium_type` 2). */
    alice: '1349146942634065971',
    /** bob: the guild's Moderators role and its tag `SDK`. */
    bob: '1349146942634065972',
    /** carol: a Steam connection and a legacy game connection (never returned). */
    carol: '1349146942634065973',
    /** dave: nothing special. */
    dave: '1349146942634065974',
    /** erin: nothing special. */
    erin: '1349146942634065975',
  },
  /** The application's OAuth2 client secret. */
  clientSecret: 'emu-client-secret-7f3c9a1d2b4e6f80',
  /** The child application's OAuth2 client secret. */
  childClientSecret: 'emu-child-secret-0a9b8c7d6e5f4a3b',
  /** The application's bot token (`Authorization: Bot <token>`). */
  botToken: 'MTM0OTE0Njk0MjYzNDA2NTk2Mg.emu-bot.Zm9yLWxvY2FsLWRldmVsb3BtZW50LW9ubHk',
} as const;

// A fixed Ed25519 seed (development only: the key signs webhooks of a local emulator).
const ED25519_SEED = Buffer.from('5f1b8e2c4a6d9f03b7e1c5a9d2f4680b1c3e5a7f9b2d4f6081a3c5e7092b4d6f', 'hex');
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function seedKeyPair(): { privateKeyPkcs8Base64: string; publicKeyHex: string } {
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, ED25519_SEED]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKeyPkcs8Base64: der.toString('base64'), publicKeyHex: spki.subarray(-32).toString('hex') };
}

function user(id: string, username: string, extra: Partial<User> = {}): User {
  return {
    id,
    username,
    globalName: username[0].toUpperCase() + username.slice(1),
    avatar: null,
    bot: false,
    provisional: false,
    premiumType: 0,
    primaryGuildTag: null,
    primaryGuildId: null,
    bannedUntil: null,
    identities: [],
    connections: [],
    mergedInto: null,
    restrictedFor: null,
    ...extra,
  };
}

function channel(id: string, name: string, type: number, position: number, parentId: string | null, extra: Partial<Channel> = {}): Channel {
  return {
    id,
    guildId: SEED.guildId,
    name,
    type,
    position,
    parentId,
    topic: null,
    nsfw: false,
    overwrites: [],
    voiceStatus: null,
    voiceStartTime: null,
    linkedLobbyId: null,
    ...extra,
  };
}

export function seedState(now: number): EmulatorState {
  const state = new EmulatorState();
  const keys = seedKeyPair();
  const app: Application = {
    id: SEED.applicationId,
    name: 'sdkpp Demo Game',
    clientSecret: SEED.clientSecret,
    botToken: SEED.botToken,
    botUserId: SEED.botUserId,
    publicKeyHex: keys.publicKeyHex,
    privateKeyPkcs8Base64: keys.privateKeyPkcs8Base64,
    redirectUris: [],
    customSchemes: ['sdkppdemo'],
    premiumApproved: false,
    parentId: null,
    eventsUrl: null,
    // GATEWAY_PRESENCE_LIMITED and GATEWAY_GUILD_MEMBERS_LIMITED (bits 13 and 15: the two privileged
    // intents switched on in the portal; MESSAGE_CONTENT is off) and a flag past bit 30, so
    // flags_new differs from flags.
    flags: (1n << 13n) | (1n << 15n) | FLAG_BEYOND_BIT_30,
    provisionalAccounts: true,
    ownerId: SEED.users.alice,
    settings: defaultSettings(),
  };
  state.applications.set(app.id, app);
  state.applications.set(SEED.childApplicationId, {
    ...app,
    id: SEED.childApplicationId,
    name: 'sdkpp Demo Game: Expansion',
    clientSecret: SEED.childClientSecret,
    botToken: `${SEED.botToken}-child`,
    customSchemes: [],
    parentId: app.id,
    settings: defaultSettings(), // its own, not the parent's object
  });

  const u = SEED.users;
  for (const record of [
    user(u.nelly, 'nelly'),
    user(u.alice, 'alice', { premiumType: 2 }), // a real subscription, hidden unless approved
    user(u.bob, 'bob', { primaryGuildTag: 'SDK', primaryGuildId: SEED.guildId }),
    user(u.carol, 'carol', {
      connections: [
        { type: 'steam', id: 'steam-76561198000000001', name: 'carol_on_steam', legacyGameConnection: false },
        { type: 'legacygame', id: 'legacy-0001', name: 'carol_legacy', legacyGameConnection: true },
      ],
    }),
    user(u.dave, 'dave'),
    user(u.erin, 'erin'),
    user(SEED.botUserId, 'sdkpp-demo-bot', { bot: true, globalName: null }),
  ]) {
    state.users.set(record.id, record);
  }

  const g = BigInt(SEED.guildId);
  const id = (n: number) => (g + BigInt(n)).toString();
  const roles = {
    everyone: SEED.guildId,
    moderators: id(1),
    bot: id(2),
  };
  const guild: Guild = {
    id: SEED.guildId,
    name: 'sdkpp Test Guild',
    banner: 'a_0c0ffee0c0ffee0c0ffee0c0ffee00',
    icon: null,
    ownerId: u.alice,
    features: ['ENHANCED_ROLE_COLORS'],
    roles: [
      {
        id: roles.everyone,
        name: '@everyone',
        position: 0,
        color: 0,
        permissions:
          Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.READ_MESSAGE_HISTORY |
          Permission.CONNECT | Permission.SPEAK | Permission.USE_EXTERNAL_APPS | Permission.CREATE_INSTANT_INVITE,
      },
      {
        id: roles.moderators,
        name: 'Moderators',
        position: 2,
        color: 0x3498db,
        permissions: Permission.MANAGE_CHANNELS | Permission.MANAGE_MESSAGES | Permission.PIN_MESSAGES |
          Permission.SET_VOICE_CHANNEL_STATUS | Permission.BYPASS_SLOWMODE | Permission.CREATE_EVENTS,
      },
      { id: roles.bot, name: 'Demo Bot', position: 1, color: 0, permissions: Permission.SET_VOICE_CHANNEL_STATUS },
    ],
    members: [
      ...Object.values(u).map((userId) => ({
        userId,
        roles: userId === u.bob ? [roles.moderators] : [],
        nick: null,
        joinedAt: now,
        voiceChannelId: null,
      })),
      { userId: SEED.botUserId, roles: [roles.bot], nick: null, joinedAt: now, voiceChannelId: null },
    ],
    channels: [
      channel(id(10), 'welcome', 0, 0, null),
      channel(id(11), 'Text Channels', 4, 1, null),
      channel(id(12), 'general', 0, 0, id(11)),
      channel(id(13), 'announcements', 5, 1, id(11)),
      channel(id(14), 'Voice', 4, 2, null),
      channel(id(15), 'Lobby Voice', 2, 0, id(14)),
      channel(id(16), 'Raid Voice', 2, 1, id(14)),
      channel(id(17), 'Staff', 4, 3, null, {
        overwrites: [
          { id: roles.everyone, type: 0, allow: 0n, deny: Permission.VIEW_CHANNEL },
          { id: roles.moderators, type: 0, allow: Permission.VIEW_CHANNEL, deny: 0n },
        ],
      }),
      channel(id(18), 'staff-only', 0, 0, id(17), {
        overwrites: [
          { id: roles.everyone, type: 0, allow: 0n, deny: Permission.VIEW_CHANNEL },
          { id: roles.moderators, type: 0, allow: Permission.VIEW_CHANNEL, deny: 0n },
        ],
      }),
      channel(id(19), 'no-bots', 0, 2, id(11), {
        overwrites: [{ id: SEED.botUserId, type: 1, allow: 0n, deny: Permission.VIEW_CHANNEL }],
      }),
    ],
  };
  state.guilds.set(guild.id, guild);

  // Friends, so relationship features have something to show.
  for (const [a, b] of [
    [u.nelly, u.alice],
    [u.nelly, u.bob],
  ] as const) {
    state.relationships.push({ userId: a, otherId: b, type: 1, gameType: 1, isSpamRequest: false });
    state.relationships.push({ userId: b, otherId: a, type: 1, gameType: 1, isSpamRequest: false });
  }

  // SKU flags (public API): AVAILABLE 1 << 2, USER_SUBSCRIPTION 1 << 8.
  state.skus.set(id(100), { id: id(100), applicationId: app.id, type: 5, name: 'Season Pass', slug: 'season-pass', flags: (1 << 2) | (1 << 8) });
  state.skus.set(id(101), { id: id(101), applicationId: app.id, type: 2, name: 'Founder Pack', slug: 'founder-pack', flags: 1 << 2 });
  state.skus.set(id(102), { id: id(102), applicationId: app.id, type: 3, name: 'Gem Bundle', slug: 'gem-bundle', flags: 1 << 2 });
  // The system-made group of the subscription SKU (the public API lists it beside it).
  state.skus.set(id(103), { id: id(103), applicationId: app.id, type: 6, name: 'Season Pass', slug: 'season-pass-group', flags: 1 << 8 });
  return state;
}
