// The UDP media relay (voice.md §2.5, §2.6, §8): IP discovery answered with the observed address
// (which pins the SSRC to it), keep-alives echoed to pinned addresses, and RTP checked (size,
// V=2, PT 0x78, known SSRC from its pinned address, rate, replay window), opened with the
// sender's key and re-sealed for each receiver with the receiver's key and nonce counter. The
// header (SSRC, sequence, timestamp) is kept; the Opus payload is never decoded, and a DAVE
// frame (ending in FA FA) goes through opaque: the relay only counts which kind each frame is.
import type dgram from 'node:dgram';
import type { VoicePort } from './port';
import { KEEPALIVE_BYTES, MAX_PACKETS_PER_SECOND, MAX_RTP_BYTES, MIN_RTP_BYTES } from './protocol';
import { discoveryResponse, parseDiscoveryRequest, parseRtp } from './rtp';
import type { VoiceSession } from './session';
import type { MemberStats, VoiceStats } from './stats';
import { NONCE_SUFFIX_BYTES, open, seal } from './transport_crypto';

export interface MediaDirectory {
  bySsrc(ssrc: number): VoiceSession | undefined;
  peersOf(session: VoiceSession): Iterable<VoiceSession>;
  /** Sessions pinned to this address (keep-alives are echoed only to them). */
  sessions(): Iterable<VoiceSession>;
}

const SILENCE_FRAME = Buffer.from([0xf8, 0xff, 0xfe]);

/** DAVE frames end in the magic marker FA FA (voice.md §2.8); silence frames stay plain. */
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
    if (!sender.udp || sender.udp.address !== from.address || sender.udp.port !== from.port) return this.stats.drop('wrongAddress', sender.userId);
    counters.packetsIn++;
    if (this.#blocked(sender)) return this.stats.drop('blocked', sender.userId);
    if (packet.length < MIN_RTP_BYTES) return this.stats.drop('truncated', sender.userId);
    if (!sender.key || !sender.mode) return this.stats.drop('noSession', sender.userId);
    if (!this.#withinRate(sender)) return this.stats.drop('rate', sender.userId);
    const suffix = packet.subarray(packet.length - NONCE_SUFFIX_BYTES);
    const counter = suffix.readUInt32BE(0);
    if (!sender.inWindow.fresh(counter)) return this.stats.drop('replay', sender.userId);
    const header = packet.subarray(0, rtp.headerBytes);
    const plaintext = open(sender.mode, sender.key, suffix, header, packet.subarray(rtp.headerBytes, packet.length - NONCE_SUFFIX_BYTES));
    if (!plaintext) return this.stats.drop('badTag', sender.userId);
    sender.inWindow.accept(counter);
    countFrameKind(counters, plaintext);
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

  #discover(ssrc: number, from: dgram.RemoteInfo): void {
    const session = this.directory.bySsrc(ssrc);
    if (!session) return this.stats.drop('unknownSsrc');
    if (this.#blocked(session)) return this.stats.drop('blocked', session.userId);
    // The address that asks is the one the SSRC's media must come from (a new one after a move).
    session.udp = { address: from.address, port: from.port };
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
