// A minimal MLS external sender for the DAVE tests (what the voice server is in voice.md §2.8):
// a P-256 signing key, its ExternalSender (op 25's payload), and op 27's append payload — MLS
// PublicMessages from the external sender, each an Add proposal for one member's key package
// (RFC 9420 §6, §12.1.8; DAVE: ciphersuite 2, group id = the channel id as 8 big-endian bytes,
// basic credential with identity 00). Enough to drive two sessions to a shared group without
// the emulator; the emulator's own sender is a separate piece of work.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** MLS variable-length integer (RFC 9420 §2.1.2). */
function varint(length: number): Buffer {
  if (length < 0x40) return Buffer.from([length]);
  if (length < 0x4000) return Buffer.from([0x40 | (length >> 8), length & 0xff]);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((0x80000000 | length) >>> 0);
  return out;
}

/** opaque vector<V>: varint length ‖ bytes. */
export function vec(bytes: Uint8Array): Buffer {
  return Buffer.concat([varint(bytes.length), bytes]);
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
}

function u64(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(value);
  return out;
}

const MLS10 = u16(1);
const WIRE_PUBLIC_MESSAGE = u16(1);
const SENDER_EXTERNAL = Buffer.from([2]);
const CONTENT_PROPOSAL = Buffer.from([2]);
const PROPOSAL_ADD = u16(1);
const CREDENTIAL_BASIC = u16(1);

export class TestExternalSender {
  readonly #key: KeyObject;
  /** The uncompressed P-256 point (65 bytes). */
  readonly publicKey: Buffer;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
    this.#key = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  }

  /** op 25's payload: ExternalSender { signature_key<V>, Credential { basic, identity<V> = 00 } }. */
  externalSender(): Buffer {
    return Buffer.concat([vec(this.publicKey), CREDENTIAL_BASIC, vec(Buffer.from([0]))]);
  }

  /** op 27's append payload (after its operation byte): one Add proposal per key package. */
  appendProposals(channelId: bigint, epoch: bigint, keyPackages: Uint8Array[]): Buffer {
    return vec(Buffer.concat(keyPackages.map((keyPackage) => this.#addProposal(channelId, epoch, keyPackage))));
  }

  #addProposal(channelId: bigint, epoch: bigint, keyPackage: Uint8Array): Buffer {
    const content = Buffer.concat([
      vec(u64(channelId)), // group_id
      u64(epoch),
      SENDER_EXTERNAL,
      Buffer.from([0, 0, 0, 0]), // sender_index: the first (only) external sender
      vec(Buffer.alloc(0)), // authenticated_data
      CONTENT_PROPOSAL,
      PROPOSAL_ADD,
      keyPackage,
    ]);
    // SignWithLabel(key, "FramedContentTBS", version ‖ wire_format ‖ content); no group context
    // for an external sender (§6.1).
    const tbs = Buffer.concat([MLS10, WIRE_PUBLIC_MESSAGE, content]);
    const signContent = Buffer.concat([vec(Buffer.from('MLS 1.0 FramedContentTBS')), vec(tbs)]);
    const signature = sign('sha256', signContent, this.#key); // DER, as MLS's ECDSA wants
    return Buffer.concat([MLS10, WIRE_PUBLIC_MESSAGE, content, vec(signature)]);
  }
}
