// The UDP media relay (docs/protocols/voice-media.md, §2.6, §8): IP discovery answered with the observed address,
// keep-alives echoed to pinned addresses, and RTP checked (size, V=2, PT 0x78, known SSRC from its
// pinned address, rate, replay window), opened with the sender's key and re-sealed for each
// receiver with the receiver's key and nonce counter. The header (SSRC, sequence, timestamp) is
// kept; the Opus payload is never decoded, and a DAVE frame (ending in FA FA) goes through opaque:
// the relay only counts which kind each frame is.
//
// Address pinning: every member learns every other member's SSRC (Speaking), and discovery is
// unauthenticated, so a discovery request is no evidence of who sent it. A member's address is
// pinned by the first discovery for its session, and moved only on the member's own word: its
// Select Protocol (on its authenticated voice WebSocket) naming an address that asked discovery
// for its SSRC — a new socket after a resume, or the member's own address when someone else's
// discovery came first — or a media packet that opens under the member's transport key, fresh in
// its replay window, from a new address (the member behind a new NAT mapping). A discovery from
// elsewhere is still answered — the answer only tells the asker its own address — but redirects
// nothing.
import type dgram from 'node:dgram';
import type { VoicePort } from './port';
import { KEEPALIVE_BYTES, MAX_PACKETS_PER_SECOND, MAX_RTP_BYTES, MIN_RTP_BYTES } from './protocol';
import { discoveryResponse, parseDiscoveryRequest, parseRtp, type RtpView } from './rtp';
import type { VoiceSession } from './session';
import type { DropReason, MemberStats } from '../ports';
import type { VoiceStats } from './stats';
import { NONCE_SUFFIX_BYTES, open, seal } from './transport_crypto';

export interface MediaDirectory {
  bySsrc(ssrc: number): VoiceSession | undefined;
  peersOf(session: VoiceSession): Iterable<VoiceSession>;
  /** Sessions pinned to this address (keep-alives are echoed only to them). */
  sessions(): Iterable<VoiceSession>;
}

/** Discovery sources remembered per session (a forger's among them cannot push the member's own out for long). */
const MAX_REMEMBERED_DISCOVERIES = 8;

interface Opened {
  plaintext: Buffer;
  counter: number;
}

const SILENCE_FRAME = Buffer.from([0xf8, 0xff, 0xfe]);

/** DAVE frames end in the magic marker FA FA (docs/protocols/dave.md); silence frames stay plain. */
function countFrameKind(counters: MemberStats, frame: Buffer): void {
  if (frame.length >= 2 && frame[frame.length - 1] === 0xfa && frame[frame.length - 2] === 0xfa) counters.e2eeFrames++;
  else if (frame.equals(SILENCE_FRAME)) counters.silenceFrames++;
  else counters.plainFrames++;
}

export class MediaRelay {
  /** Until this emulator time every datagram in or out is dropped (blockVoiceUdp for all). */
  blockedUntil = 0;

  constructor(
    private readonly socket: dgram.Socket,
    private readonly directory: MediaDirectory,
    private readonly stats: VoiceStats,
    private readonly port: VoicePort,
  ) {
    socket.on('message', (packet, from) => this.#receive(packet, from));
  }

  #blocked(session: VoiceSession | undefined): boolean {
    const now = this.port.now();
    return now < this.blockedUntil || (session !== undefined && now < session.udpBlockedUntil);
  }

  #receive(packet: Buffer, from: dgram.RemoteInfo): void {
    if (packet.length > MAX_RTP_BYTES) return this.stats.drop('oversized');
    const discovery = parseDiscoveryRequest(packet);
    if (discovery) return this.#discover(discovery.ssrc, from);
    if (packet.length === KEEPALIVE_BYTES) return this.#keepAlive(packet, from);
    const rtp = parseRtp(packet);
    if (typeof rtp === 'string') return this.stats.drop(rtp);
    const sender = this.directory.bySsrc(rtp.ssrc);
    if (!sender) return this.stats.drop('unknownSsrc');
    const counters = this.stats.member(sender.userId);
    let opened: Opened | undefined;
    if (!sender.udp || sender.udp.address !== from.address || sender.udp.port !== from.port) {
      // Another address: the member's own key is the only evidence that moves its pin. Nothing of
      // the member's (its rate bucket, its replay window) is touched by a packet that fails.
      const proof = this.#blocked(sender) || !this.#mayTryMove(sender) ? 'blocked' : this.#open(sender, packet, rtp);
      if (typeof proof === 'string') return this.stats.drop('wrongAddress', sender.userId);
      sender.udp = { address: from.address, port: from.port };
      counters.addressMoves++;
      opened = proof;
    }
    counters.packetsIn++;
    if (this.#blocked(sender)) return this.stats.drop('blocked', sender.userId);
    if (packet.length < MIN_RTP_BYTES) return this.stats.drop('truncated', sender.userId);
    if (!sender.key || !sender.mode) return this.stats.drop('noSession', sender.userId);
    if (!this.#withinRate(sender)) return this.stats.drop('rate', sender.userId);
    const result = opened ?? this.#open(sender, packet, rtp);
    if (typeof result === 'string') return this.stats.drop(result, sender.userId);
    sender.inWindow.accept(result.counter);
    const { plaintext } = result;
    countFrameKind(counters, plaintext);
    const header = packet.subarray(0, rtp.headerBytes);
    for (const receiver of this.directory.peersOf(sender)) {
      if (!receiver.key || !receiver.mode || !receiver.udp || this.#blocked(receiver)) continue;
      receiver.outCounter = (receiver.outCounter + 1) >>> 0;
      const nonce = Buffer.allocUnsafe(NONCE_SUFFIX_BYTES);
      nonce.writeUInt32BE(receiver.outCounter, 0);
      const sealed = seal(receiver.mode, receiver.key, nonce, header, plaintext);
      this.socket.send([header, sealed, nonce], receiver.udp.port, receiver.udp.address);
      counters.forwarded++;
      this.stats.member(receiver.userId).received++;
    }
  }

  /** The packet's plaintext under the sender's key when it is complete, fresh and authentic; else why not. */
  #open(sender: VoiceSession, packet: Buffer, rtp: RtpView): Opened | DropReason {
    if (packet.length < MIN_RTP_BYTES) return 'truncated';
    if (!sender.key || !sender.mode) return 'noSession';
    const suffix = packet.subarray(packet.length - NONCE_SUFFIX_BYTES);
    const counter = suffix.readUInt32BE(0);
    if (!sender.inWindow.fresh(counter)) return 'replay';
    const plaintext = open(sender.mode, sender.key, suffix, packet.subarray(0, rtp.headerBytes), packet.subarray(rtp.headerBytes, packet.length - NONCE_SUFFIX_BYTES));
    return plaintext ? { plaintext, counter } : 'badTag';
  }

  #discover(ssrc: number, from: dgram.RemoteInfo): void {
    const session = this.directory.bySsrc(ssrc);
    if (!session) return this.stats.drop('unknownSsrc');
    if (this.#blocked(session)) return this.stats.drop('blocked', session.userId);
    // The first discovery of the session pins it; later ones, from anywhere, move nothing, but
    // are remembered: the member's own Select Protocol may name one of them (gateway.ts).
    session.udp ??= { address: from.address, port: from.port };
    if (!session.discoveredFrom.some((a) => a.address === from.address && a.port === from.port)) {
      session.discoveredFrom.push({ address: from.address, port: from.port });
      if (session.discoveredFrom.length > MAX_REMEMBERED_DISCOVERIES) session.discoveredFrom.shift();
    }
    this.socket.send(discoveryResponse(ssrc, from.address, from.port), from.port, from.address);
  }

  #keepAlive(packet: Buffer, from: dgram.RemoteInfo): void {
    for (const session of this.directory.sessions()) {
      if (session.udp?.address === from.address && session.udp.port === from.port) {
        if (this.#blocked(session)) return this.stats.drop('blocked', session.userId);
        this.socket.send(packet, from.port, from.address);
        return;
      }
    }
    this.stats.drop('wrongAddress');
  }

  /** The off-address bucket: MAX_PACKETS_PER_SECOND attempts to open, sustained, as much burst. */
  #mayTryMove(session: VoiceSession): boolean {
    const now = this.port.now();
    session.moveTokens = Math.min(MAX_PACKETS_PER_SECOND, session.moveTokens + ((now - session.moveTokensAt) * MAX_PACKETS_PER_SECOND) / 1000);
    session.moveTokensAt = now;
    if (session.moveTokens < 1) return false;
    session.moveTokens -= 1;
    return true;
  }

  /** A token bucket: MAX_PACKETS_PER_SECOND sustained, as much burst. */
  #withinRate(session: VoiceSession): boolean {
    const now = this.port.now();
    session.tokens = Math.min(MAX_PACKETS_PER_SECOND, session.tokens + ((now - session.tokensAt) * MAX_PACKETS_PER_SECOND) / 1000);
    session.tokensAt = now;
    if (session.tokens < 1) return false;
    session.tokens -= 1;
    return true;
  }
}
