// enforce_nonce, nonce validation, replies and forwards on the bot side's Create Message.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GUILD_MESSAGES = 1 << 9;
const GATEWAY_MESSAGE_CONTENT = 1n << 18n;
const READ_MESSAGE_HISTORY = 1n << 16n;
const HAS_SNAPSHOT = 1 << 14;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const CHANNEL = { welcome: at(10), general: at(12), staffOnly: at(18) };
const { alice, bob } = SEED.users;
const BOT_USER = '1349146942634065962';

let t: TestEmulator;
const clients: GatewayClient[] = [];
const send = (channelId: string, body: unknown) => api(t.emu, 'POST', `/channels/${channelId}/messages`, { auth: bot(t.emu), body });
const withMessageContent = async <T>(fn: () => Promise<T>): Promise<T> => {
  const app = t.emu.core.state.applications.get(t.emu.application.id)!;
  app.flags |= GATEWAY_MESSAGE_CONTENT;
  try {
    return await fn();
  } finally {
    app.flags &= ~GATEWAY_MESSAGE_CONTENT;
  }
};

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('nonce and enforce_nonce', () => {
  it('returns the earlier message for a repeat nonce within 5 minutes, with no new event; a new one after', async () => {
    const client = await GatewayClient.connect(t.gatewayUrl);
    clients.push(client);
    await client.identifyBot(t.emu.application.botToken, GUILD_MESSAGES);
    const first = await send(CHANNEL.general, { content: 'once', nonce: 'n-1', enforce_nonce: true });
    expect(first.body.nonce).toBe('n-1');
    await client.waitFor(dispatchOf('MESSAGE_CREATE', (d) => d.id === first.body.id));
    const from = client.mark();
    const again = await send(CHANNEL.general, { content: 'once', nonce: 'n-1', enforce_nonce: true });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    t.emu.control.advanceClock(4 * 60 * 1000 + 59_000);
    expect((await send(CHANNEL.general, { content: 'once', nonce: 'n-1', enforce_nonce: true })).body.id).toBe(first.body.id);
    expect(client.dispatches('MESSAGE_CREATE', from)).toEqual([]);
    t.emu.control.advanceClock(2000);
    const later = await send(CHANNEL.general, { content: 'once', nonce: 'n-1', enforce_nonce: true });
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('is per sender and needs enforce_nonce: without it, or from someone else, the same nonce makes a new message', async () => {
    const first = await send(CHANNEL.general, { content: 'a', nonce: 42, enforce_nonce: true });
    expect(first.body.nonce).toBe(42);
    expect((await send(CHANNEL.general, { content: 'a', nonce: 42 })).body.id).not.toBe(first.body.id);
    const person = t.emu.control.postChannelMessage(alice, CHANNEL.general, { content: 'a', nonce: 42, enforce_nonce: true }) as any;
    expect(person.id).not.toBe(first.body.id);
  });

  it('takes a null nonce as none; enforce_nonce without a nonce dedupes nothing; the window includes its last millisecond', async () => {
    const unnamed = await send(CHANNEL.general, { content: 'no nonce', nonce: null, enforce_nonce: true });
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.nonce).toBeUndefined();
    const second = await send(CHANNEL.general, { content: 'no nonce', enforce_nonce: true });
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(unnamed.body.id);
    // Date frozen: the emulator clock moves only by advanceClock, to the window's very edge.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await send(CHANNEL.general, { content: 'edge', nonce: 'edge-1', enforce_nonce: true });
      t.emu.control.advanceClock(5 * 60 * 1000);
      expect((await send(CHANNEL.general, { content: 'edge', nonce: 'edge-1', enforce_nonce: true })).body.id).toBe(first.body.id);
      t.emu.control.advanceClock(1);
      expect((await send(CHANNEL.general, { content: 'edge', nonce: 'edge-1', enforce_nonce: true })).body.id).not.toBe(first.body.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts an integer or a string of at most 25 characters as nonce', async () => {
    expect((await send(CHANNEL.general, { content: 'a', nonce: 'x'.repeat(25) })).status).toBe(200);
    const long = await send(CHANNEL.general, { content: 'a', nonce: 'x'.repeat(26) });
    expect(long.body.errors.nonce._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send(CHANNEL.general, { content: 'a', nonce: 1.5 })).body.code).toBe(50035);
    expect((await send(CHANNEL.general, { content: 'a', nonce: { a: 1 } })).body.code).toBe(50035);
    expect((await send(CHANNEL.general, { content: 'a', nonce: 'n', enforce_nonce: 'yes' })).body.errors.enforce_nonce._errors[0].code).toBe('BOOLEAN_TYPE_COERCE');
  });
});

describe('replies (message_reference type DEFAULT)', () => {
  it('makes a REPLY (type 19) with message_reference and referenced_message', async () => {
    const original = await send(CHANNEL.general, { content: 'question' });
    const reply = await send(CHANNEL.general, { content: 'answer', message_reference: { message_id: original.body.id } });
    expect(reply.status).toBe(200);
    expect(reply.body.type).toBe(19);
    expect(reply.body.message_reference).toEqual({ type: 0, channel_id: CHANNEL.general, message_id: original.body.id, guild_id: SEED.guildId });
    expect(reply.body.referenced_message).toMatchObject({ id: original.body.id, content: 'question' });
  });

  it('refuses an unknown or other-channel message (50035), unless fail_if_not_exists is false', async () => {
    const elsewhere = await send(CHANNEL.welcome, { content: 'other channel' });
    const unknown = await send(CHANNEL.general, { content: 'x', message_reference: { message_id: '1' } });
    expect(unknown.body.errors.message_reference._errors[0].code).toBe('MESSAGE_REFERENCE_UNKNOWN_MESSAGE');
    expect((await send(CHANNEL.general, { content: 'x', message_reference: { message_id: elsewhere.body.id } })).body.code).toBe(50035);
    const lenient = await send(CHANNEL.general, { content: 'x', message_reference: { message_id: '1', fail_if_not_exists: false } });
    expect(lenient.status).toBe(200);
    expect(lenient.body.type).toBe(0);
    expect(lenient.body.message_reference).toBeUndefined();
  });
});

describe('replies naming their channel', () => {
  it('channel_id, when given, must be the channel the reply goes to: that one works, another is 50035 even for a message of this channel', async () => {
    const original = await send(CHANNEL.general, { content: 'question with a channel' });
    const named = await send(CHANNEL.general, { content: 'answer', message_reference: { message_id: original.body.id, channel_id: CHANNEL.general } });
    expect(named.status).toBe(200);
    expect(named.body.message_reference).toMatchObject({ channel_id: CHANNEL.general, message_id: original.body.id });
    const other = await send(CHANNEL.general, { content: 'answer', message_reference: { message_id: original.body.id, channel_id: CHANNEL.welcome } });
    expect(other.status).toBe(400);
    expect(other.body.errors.message_reference._errors[0].code).toBe('MESSAGE_REFERENCE_UNKNOWN_MESSAGE');
  });
});

describe('forwards (message_reference type FORWARD)', () => {
  it('carries message_snapshots with the minimal message and no guild field; flag HAS_SNAPSHOT', async () => {
    const source = await send(CHANNEL.welcome, { content: 'forward me', embeds: [{ title: 'e' }] });
    const forward = await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: source.body.id } });
    expect(forward.status).toBe(200);
    expect(forward.body.content).toBe('');
    expect(forward.body.flags & HAS_SNAPSHOT).toBe(HAS_SNAPSHOT);
    expect(forward.body.message_reference).toMatchObject({ type: 1, channel_id: CHANNEL.welcome, message_id: source.body.id });
    expect(forward.body.message_snapshots).toHaveLength(1);
    const snapshot = forward.body.message_snapshots[0].message;
    expect(Object.keys(snapshot).sort()).toEqual(['attachments', 'components', 'content', 'edited_timestamp', 'embeds', 'flags', 'mention_roles', 'mentions', 'sticker_items', 'timestamp', 'type']);
    expect(snapshot).toMatchObject({ content: 'forward me', embeds: [{ title: 'e' }], type: 0 });
    expect(snapshot.guild_id).toBeUndefined();
    expect(forward.body.message_snapshots[0].guild).toBeUndefined();
  });

  it('160014 when the app cannot read the content: a person\'s message without MESSAGE_CONTENT; allowed with it or when it mentions the bot', async () => {
    const plain = t.emu.control.postChannelMessage(alice, CHANNEL.welcome, 'private thoughts') as any;
    const refused = await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: plain.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(160014);
    expect(refused.body.message).toMatch(/cannot be read/);
    const mention = t.emu.control.postChannelMessage(alice, CHANNEL.welcome, `<@${BOT_USER}> look`) as any;
    expect((await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: mention.id } })).status).toBe(200);
    const allowed = await withMessageContent(() => send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: plain.id } }));
    expect(allowed.status).toBe(200);
    expect(allowed.body.message_snapshots[0].message.content).toBe('private thoughts');
  });

  it('160014 from a channel the bot cannot view or read the history of', async () => {
    const hidden = t.emu.control.postChannelMessage(bob, CHANNEL.staffOnly, 'staff talk') as any;
    const refused = await withMessageContent(() => send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.staffOnly, message_id: hidden.id } }));
    expect(refused.body.code).toBe(160014);
    const own = await send(CHANNEL.welcome, { content: 'mine' });
    t.emu.control.setChannelOverwrite(CHANNEL.welcome, BOT_USER, 1, null, READ_MESSAGE_HISTORY.toString());
    try {
      expect((await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: own.body.id } })).body.code).toBe(160014);
    } finally {
      t.emu.control.setChannelOverwrite(CHANNEL.welcome, BOT_USER, 1, null, null);
    }
  });

  it('needs channel_id, an existing message, and no content of its own', async () => {
    const source = await send(CHANNEL.welcome, { content: 'src' });
    expect((await send(CHANNEL.general, { message_reference: { type: 1, message_id: source.body.id } })).body.errors.message_reference.channel_id._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    expect((await send(CHANNEL.general, { message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: '1' } })).body.code).toBe(50035);
    const withContent = await send(CHANNEL.general, { content: 'and more', message_reference: { type: 1, channel_id: CHANNEL.welcome, message_id: source.body.id } });
    expect(withContent.body.errors.message_reference._errors[0].code).toBe('MESSAGE_FORWARD_WITH_CONTENT');
    expect((await send(CHANNEL.general, { message_reference: { type: 2, channel_id: CHANNEL.welcome, message_id: source.body.id } })).body.code).toBe(50035);
  });
});
