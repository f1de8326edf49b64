// The few ASN.1 DER encodings an X.509 certificate needs (X.690 §8, §10; RFC 5280 §4.1.2.5 for
// the time forms), so the voice listener's certificate is made with node:crypto alone. Every
// value is built bottom-up from already-encoded children: nothing here parses.

/** A tag byte (universal class unless built with `contextTag`), then the DER length and content. */
export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (bytes: Buffer): Buffer => tlv(0x04, bytes);
export const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));

/** A BIT STRING of whole bytes, or of `unusedBits` fewer bits in its last byte (named bit lists). */
export const bitString = (bytes: Buffer, unusedBits = 0): Buffer => tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));

/** `[n]` EXPLICIT (constructed: wraps an encoded value) or IMPLICIT (primitive: replaces the tag). */
export const explicit = (n: number, encoded: Buffer): Buffer => tlv(0xa0 | n, encoded);
export const implicit = (n: number, content: Buffer): Buffer => tlv(0x80 | n, content);

/** A non-negative INTEGER from its big-endian bytes: minimal, with a 0 byte where the top bit is set. */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return tlv(0x02, minimal[0] & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

export function objectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const body = [40 * arcs[0] + arcs[1], ...arcs.slice(2)].flatMap((arc) => {
    const base128 = [arc & 0x7f];
    for (let rest = Math.floor(arc / 128); rest > 0; rest = Math.floor(rest / 128)) base128.unshift(0x80 | (rest & 0x7f));
    return base128;
  });
  return tlv(0x06, Buffer.from(body));
}

/** RFC 5280: UTCTime through 2049, GeneralizedTime from 2050; always UTC, whole seconds, 'Z'. */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '') + 'Z';
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(digits.slice(2), 'ascii')) : tlv(0x18, Buffer.from(digits, 'ascii'));
}
