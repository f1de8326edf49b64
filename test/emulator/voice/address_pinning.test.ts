// A member's UDP address (docs/protocols/voice-media.md): the relay pins it at the member's own IP discovery and
// moves it only on evidence that the member itself now sends from elsewhere — a media packet that
// opens under that member's transport key from the new address (a NAT rebind). Every member
// learns every other member's SSRC (Speaking), so a discovery request naming someone else's SSRC,
// or a packet with their SSRC that does not open under their key, must not redirect their audio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA } from '../../../lib/emulator/voice/protocol';
import { discoveryRequest, parseDiscoveryResponse } from '../../../lib/emulator/voice/rtp';
import { SEED, start, type Started } from '../helpers';
import { callOf, closeOpened, connectMedia, identify, joinCall, lobbyOf, mainSession, MediaClient, opIs, until, VoiceClient, type Connected, type Opened } from './helpers';

let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice, bob } = SEED.users;
const frame = (i: number) => Buffer.from([0xfc, 0xff, 0xfe, i & 0xff, ...Array.from({ length: 40 }, (_v, k) => (k + i) & 0xff)]);
const stats = () => s.emu.control.voice!.voiceStats();

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

/** `from` sends `count` frames; resolves once `to` has them all (or throws naming what was missing). */
async function flows(from: Connected | MediaClient, to: MediaClient, count = 3, what = 'audio'): Promise<void> {
  const media = from instanceof MediaClient ? from : from.media;
  const before = to.received.length;
  for (let i = 0; i < count; i++) media.sendOpus(frame(i));
  await until(() => to.received.length >= before + count, 2000, what);
}

/** A second socket of the same member (a NAT rebind): its key, mode and counters, a new port. */
async function rebound(member: Connected): Promise<MediaClient> {
  const moved = new MediaClient({ port: s.emu.voice.port }, member.ssrc);
  await moved.bind();
  moved.key = member.media.key;
  moved.mode = member.media.mode;
  moved.nonce = member.media.nonce;
  moved.sequence = member.media.sequence;
  moved.timestamp = member.media.timestamp;
  return moved;
}

describe('a forged IP discovery', () => {
  it('from another member\'s socket does not move the victim\'s pin: the victim\'s audio keeps flowing both ways', async () => {
    const { members } = await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_XCHACHA], [bob, MODE_AES_GCM]], opened);
    const [victim, listener, hostile] = members;
    await flows(victim, listener.media, 3, 'before the forgery');
    const dropsBefore = stats().members[nelly].dropped.wrongAddress ?? 0;

    // The hostile member asks discovery for the victim's SSRC from its own socket. It is answered
    // (the answer only tells the asker its own address), but the pin stays where it is.
    hostile.media.ssrc = victim.ssrc;
    const answer = await hostile.media.discover();
    hostile.media.ssrc = hostile.ssrc;
    expect(answer.port).toBe(hostile.media.socket.address().port);

    await flows(victim, listener.media, 5, 'the victim\'s audio to the others after the forgery');
    expect(stats().members[nelly].dropped.wrongAddress ?? 0).toBe(dropsBefore);
    // What the others say still reaches the victim's own socket: none of the victim's copies
    // (sealed with the victim's key, which the hostile member cannot open) go to the hostile one.
    await flows(listener, victim.media, 4, 'the others\' audio to the victim after the forgery');
    await until(() => hostile.media.received.filter((r) => r.ssrc === listener.ssrc).length >= 4, 2000, 'the hostile member\'s own copies');
    expect(hostile.media.undecryptable).toEqual([]);
  });

  it('from a stranger\'s socket, before the victim\'s own discovery, is undone by the victim\'s first authenticated packet', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const listenerMain = await mainSession(s.emu, alice);
    opened.gateways.push(listenerMain.gateway);
    const listener = await connectMedia(s.emu, await joinCall(listenerMain.gateway, alice, lobbyId), MODE_AES_GCM);
    opened.connected.push(listener);
    const victimMain = await mainSession(s.emu, nelly);
    opened.gateways.push(victimMain.gateway);
    const join = await joinCall(victimMain.gateway, nelly, lobbyId);
    const voice = await VoiceClient.connect(s.emu);
    identify(voice, join);
    const ready = (await voice.waitFor(opIs(2))).d;
    // The stranger wins the race to the victim's first discovery.
    const stranger = new MediaClient({ port: s.emu.voice.port }, ready.ssrc);
    await stranger.bind();
    await stranger.discover();
    const media = new MediaClient({ port: ready.port }, ready.ssrc);
    await media.bind();
    const seen = await media.discover();
    const from = voice.mark();
    voice.send({ op: 1, d: { protocol: 'udp', data: { address: seen.address, port: seen.port, mode: MODE_AES_GCM } } });
    const description = (await voice.waitFor(opIs(4), { from })).d;
    media.key = Buffer.from(description.secret_key);
    const victim: Connected = { voice, media, ssrc: ready.ssrc, ready };
    opened.connected.push(victim);
    // The victim's first packet opens under its key from its own address: the pin is its own again.
    await flows(victim, listener.media, 3, 'the victim\'s audio after a stranger\'s discovery');
    await flows(listener, victim.media, 3, 'the others\' audio reaches the victim, not the stranger');
    expect(stranger.received).toEqual([]);
    expect(stranger.undecryptable).toEqual([]);
    stranger.close();
  });
});

describe('a packet with the victim\'s SSRC from another address', () => {
  it('that does not open under the victim\'s key is dropped as wrongAddress and moves nothing; neither does a replayed genuine one', async () => {
    const { members } = await callOf(s.emu, [[nelly, MODE_XCHACHA], [alice, MODE_AES_GCM], [bob, MODE_AES_GCM]], opened);
    const [victim, listener, hostile] = members;
    const before = stats().members[nelly].dropped.wrongAddress ?? 0;
    const movesBefore = stats().members[nelly].addressMoves;
    // A forgery: the victim's SSRC, sealed with the hostile member's own key.
    const forged = hostile.media.packet(frame(9));
    forged.writeUInt32BE(victim.ssrc, 8);
    hostile.media.sendRaw(forged);
    // A genuine packet of the victim, captured and replayed from the hostile socket after the victim sent it.
    const genuine = victim.media.sendOpus(frame(1));
    await until(() => listener.media.received.length >= 1, 2000, 'genuine packet forwarded');
    hostile.media.sendRaw(genuine);
    await until(() => (stats().members[nelly].dropped.wrongAddress ?? 0) === before + 2, 2000, 'both counted as wrongAddress');
    await flows(victim, listener.media, 3, 'the victim\'s audio after the forgeries');
    await flows(listener, victim.media, 3, 'the others\' audio to the victim after the forgeries');
    expect(stats().members[nelly].addressMoves).toBe(movesBefore);
  });

  it('that opens under the victim\'s key is the victim behind a new NAT mapping: the pin moves there, both ways', async () => {
    const { members } = await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_XCHACHA]], opened);
    const [victim, listener] = members;
    await flows(victim, listener.media, 2, 'before the rebind');
    const movesBefore = stats().members[nelly].addressMoves ?? 0;
    const moved = await rebound(victim);
    try {
      await flows(moved, listener.media, 3, 'audio from the new port');
      expect(stats().members[nelly].addressMoves).toBe(movesBefore + 1);
      // The others' audio now goes to the new port, and the old one gets nothing more.
      const oldBefore = victim.media.received.length;
      await flows(listener, moved, 3, 'audio to the new port');
      expect(victim.media.received.length).toBe(oldBefore);
      // The old port is now just another address: its packets do not move the pin back unless they open.
      const stale = Buffer.from(victim.media.packet(frame(7)));
      stale[stale.length - 5] ^= 0xff;
      victim.media.sendRaw(stale);
      await flows(listener, moved, 2, 'audio still to the new port');
      expect(stats().members[nelly].addressMoves).toBe(movesBefore + 1);
    } finally {
      moved.close();
    }
  });
});

describe('the member\'s own Select Protocol', () => {
  it('naming an address that asked discovery (a new socket after a resume) moves the pin there before the member sends anything', async () => {
    const { members } = await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_AES_GCM], [bob, MODE_AES_GCM]], opened);
    const [listenerOnly, speaker, hostile] = members;
    // A new socket, discovery from it, Select Protocol naming it: what a client does after a
    // resume that lost its UDP path. The member only listens: it never sends a packet.
    const fresh = new MediaClient({ port: s.emu.voice.port }, listenerOnly.ssrc);
    await fresh.bind();
    try {
      const seen = await fresh.discover();
      // The hostile member's discovery for the same SSRC, from its own socket, changes nothing.
      hostile.media.ssrc = listenerOnly.ssrc;
      await hostile.media.discover();
      hostile.media.ssrc = hostile.ssrc;
      const from = listenerOnly.voice.mark();
      listenerOnly.voice.send({ op: 1, d: { protocol: 'udp', data: { address: seen.address, port: seen.port, mode: MODE_AES_GCM } } });
      const description = (await listenerOnly.voice.waitFor(opIs(4), { from })).d;
      fresh.key = Buffer.from(description.secret_key);
      await flows(speaker, fresh, 3, 'audio to the new socket of a member that only listens');
      // Keep-alives of the new socket are echoed (it is the member's address now).
      fresh.sendRaw(Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]));
      await until(() => fresh.echoes.length === 1, 2000, 'keep-alive echo on the new socket');
      expect(hostile.media.undecryptable).toEqual([]);
    } finally {
      fresh.close();
    }
  });
});

describe('the discoveries remembered per member (MAX_REMEMBERED_DISCOVERIES, 8), at the bound and one over', () => {
  /**
   * The member's pinned socket, then a fresh socket of its own, then `others` more sockets all ask
   * discovery for its SSRC; then its Select Protocol names the fresh one. Resolves with the
   * member, the fresh socket, and whether the pin moved there (the speaker's audio reaches it).
   */
  async function selectAfter(others: number): Promise<{ member: Connected; fresh: MediaClient; moved: boolean }> {
    const { members } = await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_AES_GCM]], opened);
    const [member, speaker] = members;
    const fresh = new MediaClient({ port: s.emu.voice.port }, member.ssrc);
    await fresh.bind();
    const seen = await fresh.discover();
    for (let i = 0; i < others; i++) {
      const other = new MediaClient({ port: s.emu.voice.port }, member.ssrc);
      await other.bind();
      try {
        await other.discover();
      } finally {
        other.close();
      }
    }
    const from = member.voice.mark();
    member.voice.send({ op: 1, d: { protocol: 'udp', data: { address: seen.address, port: seen.port, mode: MODE_AES_GCM } } });
    const description = (await member.voice.waitFor(opIs(4), { from })).d;
    fresh.key = Buffer.from(description.secret_key);
    member.media.key = Buffer.from(description.secret_key);
    const before = { fresh: fresh.received.length, pinned: member.media.received.length };
    for (let i = 0; i < 3; i++) speaker.media.sendOpus(frame(i));
    await until(() => fresh.received.length >= before.fresh + 3 || member.media.received.length >= before.pinned + 3, 2000, 'the speaker\'s audio somewhere');
    return { member, fresh, moved: fresh.received.length >= before.fresh + 3 };
  }

  it('the fresh socket the oldest of exactly 8 remembered (the pinned one pushed out): Select Protocol moves the pin to it', async () => {
    const { fresh, moved } = await selectAfter(7);
    try {
      expect(moved).toBe(true);
    } finally {
      fresh.close();
    }
  });

  it('one more discovery after it: the fresh socket is forgotten, Select Protocol naming it moves nothing', async () => {
    const { member, fresh, moved } = await selectAfter(8);
    try {
      expect(moved).toBe(false);
      expect(member.media.received.length).toBeGreaterThanOrEqual(3);
      expect(fresh.received).toEqual([]);
    } finally {
      fresh.close();
    }
  });
});

describe('keep-alives and discovery of a pinned member', () => {
  it('a keep-alive from the hostile socket is not echoed as the victim\'s; the victim\'s own discovery again is answered and changes nothing', async () => {
    const { members } = await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_AES_GCM]], opened);
    const [victim, listener] = members;
    const seen = await victim.media.discover();
    expect(seen.port).toBe(victim.media.socket.address().port);
    await flows(victim, listener.media, 2, 'after a repeated discovery');
    await flows(listener, victim.media, 2, 'to the victim after a repeated discovery');
  });
});
