// IPC frames (docs/protocols/ipc.md): little-endian uint32 opcode, uint32 length, UTF-8 JSON, at most
// 64 KiB (Limits.MaxIpcFrameBytes, the bound the SDK applies too).
import { Limits } from '../domain/limits';

export const Opcode = { Handshake: 0, Frame: 1, Close: 2, Ping: 3, Pong: 4 } as const;
export const MAX_PAYLOAD = Limits.MaxIpcFrameBytes;
const HEADER = 8;

export function encodeFrame(opcode: number, payload: unknown): Buffer {
  const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload), 'utf8');
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(opcode, 0);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export type DecodeResult = { frames: Array<{ opcode: number; payload: string }>; error?: 'too_large' | 'unknown_opcode' | 'invalid_utf8' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class FrameReader {
  #buffer: Buffer = Buffer.alloc(0);

  /** Bytes waiting for the rest of a frame (a truncated header or a length that lies). */
  get pending(): number {
    return this.#buffer.length;
  }

  push(chunk: Buffer): DecodeResult {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const frames: DecodeResult['frames'] = [];
    while (this.#buffer.length >= HEADER) {
      const opcode = this.#buffer.readUInt32LE(0);
      const length = this.#buffer.readUInt32LE(4);
      if (opcode > Opcode.Pong) return { frames, error: 'unknown_opcode' };
      if (length > MAX_PAYLOAD) return { frames, error: 'too_large' };
      if (this.#buffer.length < HEADER + length) break;
      let payload: string;
      try {
        payload = utf8.decode(this.#buffer.subarray(HEADER, HEADER + length));
      } catch {
        return { frames, error: 'invalid_utf8' };
      }
      frames.push({ opcode, payload });
      this.#buffer = this.#buffer.subarray(HEADER + length);
    }
    return { frames };
  }
}
