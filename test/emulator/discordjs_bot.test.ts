// A bot written with a mainstream bot library, discord.js 14.28.1 (REST through @discordjs/rest,
// the gateway through @discordjs/ws), runs against the emulator over loopback: it logs in, sees
// its guild available with its own member, fetches members over the gateway, survives a dropped
// connection and a reconnect request, reads the emulator's rate-limit headers, follows guilds it
// joins and leaves, receives a person's message and replies in the channel, and registers and
// answers a slash command a person invokes. Every check goes through the library's own objects
// and events, so a payload or header the library cannot read fails here, not in someone's bot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, MessageFlags, RateLimitError, type Guild, type GuildMember, type ChatInputCommandInteraction, type DMChannel, type Interaction, type Message, type PartialMessage, type TextChannel } from 'discord.js';
import type { GatewayDispatchPayload } from 'discord-api-types/v10';
import { SEED, startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { MEMBER, shapeProblems } from './helpers/public_shapes';
import { loggedIn as loggedInWith, nextMessageFrom, STEP_MS, within } from './helpers/discordjs';

const DISCORD_JS = '14.28.1';

/** The next raw gateway dispatch `client` receives that matches. */
function nextDispatch(client: Client, type: string, match: (d: any) => boolean = () => true): Promise<any> {
  return new Promise((resolve) => {
    const listener = (packet: GatewayDispatchPayload) => {
      if (packet.t !== type || !match(packet.d)) return;
      client.off(Events.Raw, listener);
      resolve(packet.d);
    };
    client.on(Events.Raw, listener);
  });
}

let emu: RunningEmulator;
const loggedIn = (client: Client) => loggedInWith(client, emu.application.botToken);
const clients: Client[] = [];

/** A discord.js client pointed at the emulator: REST at apiBase (it adds /v10 itself), the
 * gateway from GET /gateway/bot as it would on the real service. */
function newClient(intents: GatewayIntentBits[], rest: Record<string, unknown> = {}): Client {
  const client = new Client({ intents, rest: { api: emu.apiBase, ...rest } });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, heartbeatIntervalMs: 300 });
});

afterAll(async () => {
  for (const client of clients) await client.destroy();
  await emu?.close();
});

describe(`discord.js ${DISCORD_JS} bot: login and guild`, () => {
  let bot: Client<true>;
  let guild: Guild;

  beforeAll(async () => {
    bot = await loggedIn(newClient([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMembers]));
    guild = bot.guilds.cache.get(SEED.guildId)!;
  });

  it('logs in with the bot token: the library reads READY (its bot user, the application) and the seeded guild arrives available', () => {
    expect(bot.user.id).toBe(SEED.botUserId);
    expect(bot.user.bot).toBe(true);
    expect(bot.application.id).toBe(emu.application.id);
    expect(guild, 'the seeded guild in the cache').toBeDefined();
    expect(guild.available).toBe(true);
    expect(guild.name).toBe(emu.guild.name);
    expect(guild.ownerId).toBe(SEED.users.alice);
  });

  it('uploads an application emoji from a PNG Buffer (the library labels it image/jpg)', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await within(bot.application.fetch(), 'application.fetch');
    const emoji = await within(bot.application.emojis.create({ attachment: png, name: 'tiny_png' }), 'emojis.create');
    expect(emoji.name).toBe('tiny_png');
    expect(emoji.animated).toBe(false);
    await within(emoji.delete(), 'emoji.delete');
  });

  it('fetches its guild past the cache (Get Guild, with counts) through the library', async () => {
    const fetched = await within(bot.guilds.fetch({ guild: SEED.guildId, force: true, withCounts: true }), 'guilds.fetch');
    expect(fetched.id).toBe(SEED.guildId);
    expect(fetched.name).toBe('sdkpp Test Guild');
    expect(fetched.approximateMemberCount).toBeGreaterThan(1);
    expect((await within(fetched.fetch(), 'guild.fetch')).ownerId).toBe(SEED.users.alice);
  });

  it('sees its own member with its role, and its channels and roles as the library classes', () => {
    const me = guild.members.me;
    expect(me?.id).toBe(SEED.botUserId);
    expect(me!.roles.cache.map((r) => r.name).sort()).toEqual(['@everyone', 'Demo Bot']);
    expect(guild.channels.cache.get((BigInt(SEED.guildId) + 12n).toString())?.name).toBe('general');
    expect(guild.channels.cache.get((BigInt(SEED.guildId) + 12n).toString())?.isTextBased()).toBe(true);
    // The bot may not view staff-only (only Moderators may), and the library computes that.
    const staffOnly = guild.channels.cache.get((BigInt(SEED.guildId) + 18n).toString())!;
    expect(me!.permissionsIn(staffOnly).has('ViewChannel')).toBe(false);
    expect(me!.permissionsIn(guild.channels.cache.get((BigInt(SEED.guildId) + 12n).toString())!).has('SendMessages')).toBe(true);
  });

  it('fetches every member over the gateway (Request Guild Members), each chunk member with the public API member fields', async () => {
    const chunk = nextDispatch(bot, 'GUILD_MEMBERS_CHUNK');
    const members = await within(guild.members.fetch({ time: STEP_MS }), 'members.fetch()');
    expect(members.size).toBe(emu.users.length + 1);
    expect(members.get(SEED.users.bob)?.user.username).toBe('bob');
    expect(members.get(SEED.botUserId)?.user.bot).toBe(true);
    for (const member of (await within(chunk, 'GUILD_MEMBERS_CHUNK')).members) {
      expect(shapeProblems(member, MEMBER), `chunk member ${member.user?.id}`).toEqual([]);
      expect(member).toMatchObject({ deaf: false, mute: false, flags: 0, pending: false });
    }
    const some = await within(guild.members.fetch({ user: [SEED.users.alice, SEED.users.bob], time: STEP_MS }), 'members.fetch({user})');
    expect([...some.keys()].sort()).toEqual([SEED.users.alice, SEED.users.bob]);
  });

  it('resumes its session after the connection drops and after op 7 Reconnect, without a new READY', async () => {
    let readies = 0;
    bot.on(Events.Raw, (packet: GatewayDispatchPayload) => {
      if (packet.t === 'READY') readies++;
    });
    const resumed = nextDispatch(bot, 'RESUMED');
    expect(emu.control.dropGatewayConnections(SEED.botUserId)).toBeGreaterThanOrEqual(1);
    await within(resumed, 'RESUMED after the drop');
    const resumedAgain = nextDispatch(bot, 'RESUMED');
    emu.control.reconnectGateway(SEED.botUserId);
    await within(resumedAgain, 'RESUMED after op 7');
    expect(readies).toBe(0);
    // Heartbeats are acknowledged on the resumed connection (the library measures a ping).
    await within(
      new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (bot.ws.ping >= 0) {
            clearInterval(poll);
            resolve();
          }
        }, 20);
      }),
      'a heartbeat ACK',
    );
  });

  it("computes channel permissions past bit 31 from the overwrites as the emulator does (SET_VOICE_CHANNEL_STATUS, bit 48)", async () => {
    const lobbyVoice = (BigInt(SEED.guildId) + 15n).toString();
    const botRole = (BigInt(SEED.guildId) + 2n).toString();
    emu.control.setVoiceChannel(SEED.botUserId, lobbyVoice);
    const channel = guild.channels.cache.get(lobbyVoice)!;
    expect(guild.members.me!.permissionsIn(channel).has('SetVoiceChannelStatus')).toBe(true);
    await within(bot.rest.put(`/channels/${lobbyVoice}/voice-status`, { body: { status: 'raid at 9' } }), 'voice-status allowed');

    const updated = nextDispatch(bot, 'CHANNEL_UPDATE', (d) => d.id === lobbyVoice);
    emu.control.setChannelOverwrite(lobbyVoice, botRole, 0, '0', (1n << 48n).toString());
    await within(updated, 'CHANNEL_UPDATE');
    // The library now sees the deny, and the emulator refuses: both read the same 64-bit overwrite.
    expect(guild.members.me!.permissionsIn(guild.channels.cache.get(lobbyVoice)!).has('SetVoiceChannelStatus')).toBe(false);
    await expect(within(bot.rest.put(`/channels/${lobbyVoice}/voice-status`, { body: { status: 'x' } }), 'voice-status refused')).rejects.toMatchObject({ code: 50013 });
    emu.control.setChannelOverwrite(lobbyVoice, botRole, 0, null, null);
    emu.control.setVoiceChannel(SEED.botUserId, null);
  });

  it('reads the rate-limit headers: past the bucket limit the library stops before the emulator must refuse', async () => {
    // rejectOnRateLimit turns the library's wait into an error that carries what it read.
    const limited = newClient([GatewayIntentBits.Guilds], { rejectOnRateLimit: ['/lobbies'] });
    limited.rest.setToken(emu.application.botToken);
    const results = await within(Promise.allSettled(Array.from({ length: 21 }, () => limited.rest.post('/lobbies', { body: {} }))), 'POST /lobbies x21');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RateLimitError);
    expect(refused.reason.limit).toBe(20);
    expect(refused.reason.timeToReset).toBeGreaterThan(0);
    expect(refused.reason.timeToReset).toBeLessThanOrEqual(10_100);
  });

  it('reads a 429 it could not foresee (the bucket spent by another client): Retry-After, scope user, not global', async () => {
    const limited = newClient([GatewayIntentBits.Guilds], { rejectOnRateLimit: ['/lobbies'] });
    limited.rest.setToken(emu.application.botToken);
    // Another client of the same application spends the per-application bucket first.
    let spent = 0;
    for (let i = 0; i < 25 && spent < 20; i++) {
      const reply = await fetch(`${emu.apiBase}/lobbies`, { method: 'POST', headers: { authorization: `Bot ${emu.application.botToken}`, 'content-type': 'application/json' }, body: '{}' });
      if (reply.status === 429) break;
      spent++;
    }
    const refused = await within(limited.rest.post('/lobbies', { body: {} }).then(() => null, (error: unknown) => error), 'POST /lobbies refused');
    expect(refused).toBeInstanceOf(RateLimitError);
    const error = refused as RateLimitError;
    expect(error.global).toBe(false);
    expect(error.scope).toBe('user');
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBeLessThanOrEqual(10_100);
    // Only that bucket waits: another route answers at once (a global limit would hold it).
    const me = (await within(limited.rest.get('/users/@me'), 'GET /users/@me right after the 429', 1_000)) as { id: string };
    expect(me.id).toBe(SEED.botUserId);
  });
});

describe(`discord.js ${DISCORD_JS} bot: joining and leaving guilds`, () => {
  let bot: Client<true>;

  beforeAll(async () => {
    bot = await loggedIn(newClient([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers]));
  });

  it('drops a guild it is removed from (GUILD_DELETE), and gets one it is added to (GUILD_CREATE) with its own member', async () => {
    const created = new Promise<Guild>((resolve) => bot.once(Events.GuildCreate, resolve));
    const { id } = emu.control.createGuild('second guild', [SEED.users.nelly]);
    expect((await within(created, 'guildCreate on creation')).id).toBe(id);

    const deleted = new Promise<Guild>((resolve) => bot.once(Events.GuildDelete, resolve));
    emu.control.removeGuildMember(id, SEED.botUserId);
    expect((await within(deleted, 'guildDelete')).id).toBe(id);
    expect(bot.guilds.cache.has(id)).toBe(false);

    const joined = new Promise<Guild>((resolve) => bot.once(Events.GuildCreate, resolve));
    expect(emu.control.addGuildMembers(id, [SEED.botUserId])).toBe(1);
    const guild = await within(joined, 'guildCreate on joining');
    expect(guild.id).toBe(id);
    expect(guild.available).toBe(true);
    expect(guild.members.me?.id).toBe(SEED.botUserId);
    expect(guild.channels.cache.size).toBeGreaterThan(0);
  });

  it('reads a person who joins through a lobby channel invite as a whole member (joined_at, deaf, mute, flags)', async () => {
    const zed = emu.control.createUser({ username: 'zed_joins' }) as { id: string };
    const token = emu.control.issueToken(zed.id).accessToken;
    const botAuth = `Bot ${emu.application.botToken}`;
    const call = async (method: string, path: string, auth: string, body?: unknown): Promise<any> => {
      const reply = await fetch(`${emu.apiBase}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
      return reply.status === 204 ? null : reply.json();
    };
    const lobby = await call('PUT', '/lobbies', `Bearer ${token}`, { secret: 'discordjs-join' });
    const welcome = (BigInt(SEED.guildId) + 10n).toString();
    await call('PATCH', `/lobbies/${lobby.id}/channel-linking`, botAuth, { channel_id: welcome });
    const invite = await call('POST', `/lobbies/${lobby.id}/members/${zed.id}/invites`, botAuth);

    const raw = nextDispatch(bot, 'GUILD_MEMBER_ADD', (d) => d.user?.id === zed.id);
    const added = new Promise<GuildMember>((resolve) => bot.once(Events.GuildMemberAdd, resolve));
    await call('POST', `/invites/${invite.code}`, `Bearer ${token}`);
    expect(shapeProblems(await within(raw, 'GUILD_MEMBER_ADD'), MEMBER)).toEqual([]);
    const member = await within(added, 'guildMemberAdd');
    expect(member.guild.id).toBe(SEED.guildId);
    // joined_at is the emulator clock at the join (null when the event lacks it).
    expect(member.joinedTimestamp).toBeGreaterThan(emu.control.now() - STEP_MS);
    expect(member.joinedTimestamp).toBeLessThanOrEqual(emu.control.now());
    await call('PATCH', `/lobbies/${lobby.id}/channel-linking`, botAuth, {});
  });
});


// The bot asks for no MESSAGE_CONTENT intent: the seeded application has it switched off in the
// portal. Without it the public API's rule shows content only in messages that mention the bot
// (and DMs, its own); the describe after this one switches it on.
describe(`discord.js ${DISCORD_JS} bot: a conversation in a guild channel`, () => {
  const general = (BigInt(SEED.guildId) + 12n).toString();
  let bot: Client<true>;

  beforeAll(async () => {
    bot = await loggedIn(newClient([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMembers]));
  });

  it("receives a person's message (messageCreate, with its content when it mentions the bot) and replies in the channel; the person sees the reply", async () => {
    const received = nextMessageFrom(bot, SEED.users.nelly);
    const posted = emu.control.postChannelMessage(SEED.users.nelly, general, `<@${SEED.botUserId}> hello bot`) as { id: string };
    const message = await within(received, 'messageCreate');
    expect(message.id).toBe(posted.id);
    expect(message.content).toBe(`<@${SEED.botUserId}> hello bot`);
    expect(message.channelId).toBe(general);
    expect(message.guildId).toBe(SEED.guildId);
    expect(message.author.username).toBe('nelly');
    expect(message.member?.id).toBe(SEED.users.nelly);
    expect(message.mentions.users.has(SEED.botUserId)).toBe(true);
    expect(message.inGuild()).toBe(true);

    const reply = await within(message.reply('hello nelly'), 'message.reply');
    expect(reply.content).toBe('hello nelly');
    expect(reply.author.id).toBe(SEED.botUserId);
    expect(reply.reference?.messageId).toBe(message.id);

    // What the person sees: the channel's history through the API, newest first.
    const history = await within(fetch(`${emu.apiBase}/v10/channels/${general}/messages?limit=2`, { headers: { authorization: `Bot ${emu.application.botToken}` } }).then((r) => r.json() as Promise<any[]>), 'history');
    expect(history.map((m: any) => m.id)).toEqual([reply.id, message.id]);
    expect(history[0]).toMatchObject({ content: 'hello nelly', author: { id: SEED.botUserId }, message_reference: { message_id: message.id } });

    const sent = await within((message.channel as TextChannel).send('and a plain message'), 'channel.send');
    expect(sent.channelId).toBe(general);
  });

  it('edits, fetches and deletes its message, sends an embed and a file, and opens a DM with a person, all through the library', async () => {
    const channel = bot.channels.cache.get(general) as TextChannel;
    const first = await within(channel.send('first'), 'send');
    const updated = new Promise<Message | PartialMessage>((resolve) => bot.once(Events.MessageUpdate, (_old, now) => resolve(now)));
    expect((await within(first.edit('first, edited'), 'edit')).content).toBe('first, edited');
    expect((await within(updated, 'messageUpdate')).content).toBe('first, edited');
    expect((await within(channel.messages.fetch({ message: first.id, force: true }), 'fetch one')).editedTimestamp).not.toBeNull();
    expect((await within(channel.messages.fetch({ limit: 10 }), 'fetch page')).has(first.id)).toBe(true);

    const embed = await within(channel.send({ embeds: [{ title: 'Score', fields: [{ name: 'nelly', value: '3' }] }] }), 'send an embed');
    expect(embed.embeds[0]?.title).toBe('Score');
    const file = await within(channel.send({ content: 'a file', files: [{ attachment: Buffer.from('hello'), name: 'hello.txt', description: 'greeting' }] }), 'send a file');
    const attachment = file.attachments.first()!;
    expect([attachment.name, attachment.size, attachment.description]).toEqual(['hello.txt', 5, 'greeting']);
    expect(await within(fetch(attachment.url).then((r) => r.text()), 'attachment bytes')).toBe('hello');

    const deleted = new Promise<string>((resolve) => bot.once(Events.MessageDelete, (message) => resolve(message.id)));
    await within(first.delete(), 'delete');
    expect(await within(deleted, 'messageDelete')).toBe(first.id);

    const person = await within(bot.users.fetch(SEED.users.nelly), 'users.fetch');
    const dm = await within(person.send('hi in a DM'), 'user.send');
    expect(dm.channel.isDMBased()).toBe(true);
    expect(dm.content).toBe('hi in a DM');
  });

  it('fetches a channel past its cache (Get Channel): a guild text channel and its DM; a channel it cannot view is 50001, an unknown one 10003', async () => {
    const fetched = await within(bot.channels.fetch(general, { force: true }), 'channels.fetch(general)');
    expect(fetched?.isTextBased() && !fetched.isDMBased() && fetched.name).toBe('general');
    const dm = await within(bot.users.createDM(SEED.users.nelly), 'createDM');
    bot.channels.cache.delete(dm.id);
    const again = await within(bot.channels.fetch(dm.id), 'channels.fetch(dm)');
    expect(again?.isDMBased() && (again as DMChannel).recipientId).toBe(SEED.users.nelly);
    const staffOnly = (BigInt(SEED.guildId) + 18n).toString();
    await expect(within(bot.channels.fetch(staffOnly, { force: true }), 'staff-only')).rejects.toMatchObject({ status: 403, code: 50001 });
    await expect(within(bot.channels.fetch('1', { force: true }), 'unknown')).rejects.toMatchObject({ status: 404, code: 10003 });
  });

  it('gets a message that does not mention it with empty content (no MESSAGE_CONTENT intent), the rest of it intact', async () => {
    const received = nextMessageFrom(bot, SEED.users.bob);
    const posted = emu.control.postChannelMessage(SEED.users.bob, general, 'just chatting') as { id: string };
    const message = await within(received, 'messageCreate');
    expect(message.id).toBe(posted.id);
    expect(message.content).toBe('');
    expect(message.member?.roles.cache.has((BigInt(SEED.guildId) + 1n).toString())).toBe(true); // Moderators
  });
});

describe(`discord.js ${DISCORD_JS} bot: the MESSAGE_CONTENT intent`, () => {
  const general = (BigInt(SEED.guildId) + 12n).toString();
  const intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent];

  afterAll(() => {
    emu.control.setPrivilegedIntents(SEED.applicationId, { messageContent: false });
  });

  it('cannot log in asking for it while the portal switch is off (4014, "disallowed intents")', async () => {
    await expect(within(newClient(intents).login(emu.application.botToken), 'login')).rejects.toThrow(/disallowed intents/i);
  });

  it('with the switch on, logs in with it and reads a message that does not mention it', async () => {
    emu.control.setPrivilegedIntents(SEED.applicationId, { messageContent: true });
    const bot = await loggedIn(newClient(intents));
    const received = nextMessageFrom(bot, SEED.users.carol);
    emu.control.postChannelMessage(SEED.users.carol, general, 'no mention, all content');
    expect((await within(received, 'messageCreate')).content).toBe('no mention, all content');
  });
});

describe(`discord.js ${DISCORD_JS} bot: a slash command`, () => {
  const general = (BigInt(SEED.guildId) + 12n).toString();
  let bot: Client<true>;

  beforeAll(async () => {
    bot = await loggedIn(newClient([GatewayIntentBits.Guilds]));
  });

  it("registers /ping with application.commands.create, a person invokes it, interaction.reply('pong'), and the person sees pong", async () => {
    const command = await within(bot.application.commands.create({ name: 'ping', description: 'Replies with pong' }), 'commands.create');
    expect(command.name).toBe('ping');
    expect((await within(bot.application.commands.fetch(), 'commands.fetch')).has(command.id)).toBe(true);

    const answered = new Promise<ChatInputCommandInteraction>((resolve, reject) => {
      const listener = (interaction: Interaction) => {
        if (!interaction.isChatInputCommand() || interaction.commandName !== 'ping') return;
        bot.off(Events.InteractionCreate, listener);
        expect(interaction.user.id).toBe(SEED.users.nelly);
        expect(interaction.guildId).toBe(SEED.guildId);
        expect(interaction.channelId).toBe(general);
        expect(interaction.commandId).toBe(command.id);
        interaction.reply('pong').then(() => resolve(interaction), reject);
      };
      bot.on(Events.InteractionCreate, listener);
    });
    const invoked = await within(emu.control.invokeCommand({ userId: SEED.users.nelly, channelId: general, name: 'ping' }), 'invokeCommand');
    const interaction = await within(answered, 'interactionCreate and reply');
    expect(interaction.id).toBe(invoked.id);

    // What the person saw: the original response, which the library reads back too.
    const result = emu.control.interactionResult(invoked.id) as { responseType: number; original: { content: string; id: string; author: { id: string } } | null };
    expect(result.responseType).toBe(4); // CHANNEL_MESSAGE_WITH_SOURCE
    expect(result.original).toMatchObject({ content: 'pong', author: { id: SEED.botUserId } });
    const fetched = await within(interaction.fetchReply(), 'interaction.fetchReply');
    expect(fetched.id).toBe(result.original!.id);
    expect(fetched.content).toBe('pong');
    // And the channel: the response is its newest message, made through the interaction.
    const [newest] = await within(fetch(`${emu.apiBase}/v10/channels/${general}/messages?limit=1`, { headers: { authorization: `Bot ${emu.application.botToken}` } }).then((r) => r.json() as Promise<any[]>), 'history');
    expect(newest).toMatchObject({ id: fetched.id, content: 'pong', author: { id: SEED.botUserId }, interaction_metadata: { id: invoked.id } });
  });

  it('interaction.editReply({ flags: SuppressEmbeds }): the channel and MESSAGE_UPDATE show the flag too, not only the reply', async () => {
    const watcher = await loggedIn(newClient([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]));
    await within(bot.application.commands.create({ name: 'card', description: 'Replies with a card' }), 'commands.create');
    const edited = new Promise<Message>((resolve, reject) => {
      const listener = (interaction: Interaction) => {
        if (!interaction.isChatInputCommand() || interaction.commandName !== 'card') return;
        bot.off(Events.InteractionCreate, listener);
        interaction
          .reply({ content: 'a card', embeds: [{ title: 'card', description: 'with an embed' }] })
          .then(() => interaction.editReply({ flags: MessageFlags.SuppressEmbeds }))
          .then(resolve, reject);
      };
      bot.on(Events.InteractionCreate, listener);
    });
    const updated = new Promise<number>((resolve) => {
      watcher.on(Events.MessageUpdate, (_old, message) => {
        if (message.flags?.has(MessageFlags.SuppressEmbeds)) resolve(message.flags.bitfield);
      });
    });
    await within(emu.control.invokeCommand({ userId: SEED.users.nelly, channelId: general, name: 'card' }), 'invokeCommand');
    const reply = await within(edited, 'reply and editReply');
    expect(reply.flags.has(MessageFlags.SuppressEmbeds)).toBe(true);
    const channel = (await within(watcher.channels.fetch(general), 'channels.fetch')) as TextChannel;
    const fetched = await within(channel.messages.fetch({ message: reply.id, force: true }), 'messages.fetch');
    expect(fetched.flags.has(MessageFlags.SuppressEmbeds)).toBe(true);
    expect(await within(updated, 'MESSAGE_UPDATE with the flag')).toBe(MessageFlags.SuppressEmbeds);
  });
});
