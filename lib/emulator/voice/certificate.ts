// The voice listener's TLS certificate: self-signed for IP:127.0.0.1 and DNS:localhost (and the
// host the voice endpoint advertises, when that is another), made at start and valid for two
// days. Clients trust it by its PEM (`ca` in-process, or a file named by NODE_EXTRA_CA_CERTS for
// a child process).
//
// Built here with node:crypto (an ECDSA P-256 key, signed with SHA-256) and the DER encoder in
// der.ts: Node 20 can parse certificates but not create them, and a certificate library would
// be a runtime dependency of every app that installs the SDK for an emulator-only feature.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { bitString, boolean, explicit, implicit, objectIdentifier, octetString, sequence, set, time, unsignedInteger, utf8String } from './der';

export interface LoopbackCertificate {
  cert: string;
  key: string;
}

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

/** Real time, not the emulator clock: TLS clients check validity against their own clock. */
export async function loopbackCertificate(advertisedHost?: string): Promise<LoopbackCertificate> {
  const now = Date.now();
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const signatureAlgorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const name = sequence(set(sequence(objectIdentifier(OID.commonName), utf8String('localhost'))));
  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))), // v3
    unsignedInteger(serialNumber()),
    signatureAlgorithm,
    name, // issuer: itself
    sequence(time(new Date(now - 60_000)), time(new Date(now + 2 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(
      extension(OID.basicConstraints, sequence(boolean(true)), true), // cA: the client trusts it as its own root
      extension(OID.keyUsage, bitString(Buffer.from([0x84]), 2)), // digitalSignature (bit 0), keyCertSign (bit 5)
      extension(OID.extKeyUsage, sequence(objectIdentifier(OID.serverAuth))),
      extension(OID.subjectAltName, sequence(...subjectAltNames(advertisedHost))),
    )),
  );
  const certificate = sequence(tbs, signatureAlgorithm, bitString(sign('sha256', tbs, privateKey)));
  return { cert: pem('CERTIFICATE', certificate), key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

/** 16 random bytes, positive and never zero (RFC 5280 §4.1.2.2: at most 20 octets). */
function serialNumber(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return bytes;
}

function extension(oid: string, value: Buffer, critical = false): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

/** dNSName is [2] (IA5String, so a name outside ASCII goes in as punycode), iPAddress [7]. */
function subjectAltNames(advertisedHost: string | undefined): Buffer[] {
  const names = [implicit(2, Buffer.from('localhost', 'ascii')), implicit(7, ipBytes('127.0.0.1'))];
  const extra = advertisedHost?.replace(/^\[(.*)\]$/, '$1');
  if (!extra || extra === 'localhost' || extra === '127.0.0.1') return names;
  if (isIP(extra)) names.push(implicit(7, ipBytes(extra)));
  else if (domainToASCII(extra)) names.push(implicit(2, Buffer.from(domainToASCII(extra), 'ascii')));
  return names;
}

/** The 4 or 16 bytes of an address `isIP` accepts (an IPv6 zone, `%eth0`, is not part of it). */
export function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const address = ip.replace(/%.*$/, '');
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number); // an IPv4 tail: two groups
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const first = groups(head);
  const last = groups(tail);
  const all = tail === undefined ? first : [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
  const bytes = Buffer.alloc(16);
  all.forEach((group, i) => bytes.writeUInt16BE(group, 2 * i));
  return bytes;
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
