// Request bodies: bounded in size, checked for nesting depth before parsing, and decoded only
// from the content type the route accepts.
import type { IncomingMessage } from 'node:http';
import { ApiError, Errors } from '../domain/errors';
import { MAX_BODY_BYTES } from '../domain/limits';

export const MAX_JSON_DEPTH = 32;
/**
 * multipart/form-data bodies of the message upload routes: 10 attachments of the default upload
 * limit in force (`uploadLimit`: 10 MiB, 25 MiB before 16 January 2025) plus 1 MiB for the
 * payload; still bounded (an attachment one byte over its limit is the domain's 40005, the body
 * over this one is a 413 here).
 */
export function maxMultipartBodyBytes(uploadLimit: number): number {
  return 10 * uploadLimit + 1024 * 1024;
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      reject(Errors.payloadTooLarge(limit));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(Errors.payloadTooLarge(limit));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Deepest nesting of objects/arrays in `text`, ignoring brackets inside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') throw Errors.invalidJson();
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError(400, 50109, `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw Errors.invalidJson();
  }
}

export function contentType(req: IncomingMessage): string {
  return String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
