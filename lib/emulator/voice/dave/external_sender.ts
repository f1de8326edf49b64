// The voice server as the MLS external sender of every call's group (docs/protocols/dave.md, §8): one
// P-256 signing key per emulator. Op 25 carries ExternalSender {signature_key<V>, Credential}
// (RFC 9420 §12.1.8.1) with a basic credential; members accept proposals it signs.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { u16, vector } from './mls_codec';

const CREDENTIAL_BASIC = 1;
/** davey 0.1.12 accepts any identity; the real service's is not published. */
const IDENTITY = Buffer.from([0]);

export class ExternalSender {
  readonly #privateKey: KeyObject;
  /** The uncompressed point 04 ‖ X ‖ Y. */
  readonly publicKey: Buffer;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  }

  /** Op 25's payload. */
  serialize(): Buffer {
    return Buffer.concat([vector(this.publicKey), u16(CREDENTIAL_BASIC), vector(IDENTITY)]);
  }

  /** SignWithLabel (RFC 9420 §5.1.2): ECDSA-SHA256, DER, over SignContent {"MLS 1.0 " + label, content}. */
  signWithLabel(label: string, content: Buffer): Buffer {
    const signContent = Buffer.concat([vector(Buffer.from(`MLS 1.0 ${label}`, 'utf8')), vector(content)]);
    return sign('sha256', signContent, this.#privateKey);
  }
}
