// The slice of RFC 9420's TLS presentation language the voice server needs (§2.1.2): big-endian
// integers and variable-size vectors whose length is a QUIC-style varint of 1, 2 or 4 bytes
// (the 8-byte form is invalid in MLS). The reader never throws on short input: it reports it.

/** Input that does not parse; the caller turns it into a count or a rebuild, never a crash. */
export class MlsDecodeError extends Error {}

export function varint(length: number): Buffer {
  if (length < 0x40) return Buffer.from([length]);
  if (length < 0x4000) return Buffer.from([0x40 | (length >> 8), length & 0xff]);
  if (length < 0x40000000) {
    const out = Buffer.alloc(4);
    out.writeUInt32BE((0x80000000 | length) >>> 0, 0);
    return out;
  }
  throw new RangeError('An MLS vector is shorter than 2^30 bytes');
}

/** `opaque data<V>`: the varint length, then the bytes. */
export function vector(...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([varint(body.length), body]);
}

export function u8(value: number): Buffer {
  return Buffer.from([value]);
}

export function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value, 0);
  return out;
}

export function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0, 0);
  return out;
}

export function u64(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(value, 0);
  return out;
}

export class MlsReader {
  #offset = 0;

  constructor(readonly bytes: Buffer) {}

  get offset(): number {
    return this.#offset;
  }

  get remaining(): number {
    return this.bytes.length - this.#offset;
  }

  #take(count: number, what: string): Buffer {
    if (count > this.remaining) throw new MlsDecodeError(`${what}: needs ${count} bytes, ${this.remaining} left at offset ${this.#offset}`);
    const out = this.bytes.subarray(this.#offset, this.#offset + count);
    this.#offset += count;
    return out;
  }

  u8(what: string): number {
    return this.#take(1, what)[0];
  }

  u16(what: string): number {
    return this.#take(2, what).readUInt16BE(0);
  }

  u32(what: string): number {
    return this.#take(4, what).readUInt32BE(0);
  }

  u64(what: string): bigint {
    return this.#take(8, what).readBigUInt64BE(0);
  }

  varint(what: string): number {
    const first = this.u8(what);
    const prefix = first >> 6;
    if (prefix === 0) return first;
    if (prefix === 1) return ((first & 0x3f) << 8) | this.u8(what);
    if (prefix === 2) return ((first & 0x3f) * 0x1000000) + this.#take(3, what).readUIntBE(0, 3);
    throw new MlsDecodeError(`${what}: the 8-byte varint is not valid in MLS`);
  }

  /** `opaque data<V>`: the bytes without their length. */
  vector(what: string): Buffer {
    return this.#take(this.varint(what), what);
  }

  /** Skips `count` bytes. */
  skip(count: number, what: string): void {
    this.#take(count, what);
  }
}
