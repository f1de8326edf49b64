// RTP framing of the rtpsize modes (docs/protocols/voice-media.md) and the IP discovery / keep-alive datagrams
// (§2.5). The unencrypted header — the AAD — is 12 + 4·CC bytes, plus the 4-byte extension
// preamble when X is set; the extension body is inside the ciphertext.
import { DISCOVERY_BYTES, RTP_PAYLOAD_TYPE, type TransportMode } from './protocol';
import { NONCE_SUFFIX_BYTES, seal, TAG_BYTES } from './transport_crypto';

export interface RtpView {
  ssrc: number;
  /** Bytes of the unencrypted header (the AAD). */
  headerBytes: number;
}

export type RtpRejection = 'version' | 'payloadType' | 'truncated';

/** The header's shape, or why the datagram is not a media packet of the rtpsize modes. */
export function parseRtp(packet: Buffer): RtpView | RtpRejection {
  if (packet.length < 12) return 'truncated';
  if (packet[0] >> 6 !== 2) return 'version';
  if ((packet[1] & 0x7f) !== RTP_PAYLOAD_TYPE) return 'payloadType';
  const csrcCount = packet[0] & 0x0f;
  const extension = (packet[0] & 0x10) !== 0;
  const headerBytes = 12 + 4 * csrcCount + (extension ? 4 : 0);
  if (packet.length < headerBytes + TAG_BYTES + NONCE_SUFFIX_BYTES) return 'truncated';
  return { ssrc: packet.readUInt32BE(8), headerBytes };
}

export interface RtpFields {
  ssrc: number;
  sequence: number;
  timestamp: number;
  /** The sender's nonce counter for this packet. */
  nonce: number;
}

/** A media packet as a client sends it: 12-byte header (no CSRC, no extension), sealed payload, nonce. */
export function sealedRtpPacket(mode: TransportMode, key: Uint8Array, fields: RtpFields, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = RTP_PAYLOAD_TYPE;
  header.writeUInt16BE(fields.sequence & 0xffff, 2);
  header.writeUInt32BE(fields.timestamp >>> 0, 4);
  header.writeUInt32BE(fields.ssrc >>> 0, 8);
  const suffix = Buffer.alloc(NONCE_SUFFIX_BYTES);
  suffix.writeUInt32BE(fields.nonce >>> 0, 0);
  return Buffer.concat([header, seal(mode, key, suffix, header, payload), suffix]);
}

export interface DiscoveryRequest {
  ssrc: number;
}

/** A 74-byte IP discovery request (type 1, length 70), or null. */
export function parseDiscoveryRequest(packet: Buffer): DiscoveryRequest | null {
  if (packet.length !== DISCOVERY_BYTES) return null;
  if (packet.readUInt16BE(0) !== 1 || packet.readUInt16BE(2) !== 70) return null;
  return { ssrc: packet.readUInt32BE(4) };
}

/** The 74-byte response: type 2, length 70, SSRC, the NUL-terminated address, the port. */
export function discoveryResponse(ssrc: number, address: string, port: number): Buffer {
  const out = Buffer.alloc(DISCOVERY_BYTES);
  out.writeUInt16BE(2, 0);
  out.writeUInt16BE(70, 2);
  out.writeUInt32BE(ssrc >>> 0, 4);
  out.write(address.slice(0, 63), 8, 'ascii');
  out.writeUInt16BE(port, 72);
  return out;
}

/** A 74-byte discovery request, as clients send it (tests and the bench use it). */
export function discoveryRequest(ssrc: number): Buffer {
  const out = Buffer.alloc(DISCOVERY_BYTES);
  out.writeUInt16BE(1, 0);
  out.writeUInt16BE(70, 2);
  out.writeUInt32BE(ssrc >>> 0, 4);
  return out;
}

/** Parses a discovery response into the address and port it reports. */
export function parseDiscoveryResponse(packet: Buffer): { ssrc: number; address: string; port: number } | null {
  if (packet.length !== DISCOVERY_BYTES || packet.readUInt16BE(0) !== 2) return null;
  const end = packet.indexOf(0, 8);
  return { ssrc: packet.readUInt32BE(4), address: packet.toString('ascii', 8, end < 0 || end > 72 ? 72 : end), port: packet.readUInt16BE(72) };
}
