// multipart/form-data bodies (RFC 7578), as the public API takes file uploads (Create Guild
// Sticker): the parts by name, each with its filename, content type and bytes. A body that is
// not well-formed is a 50035, never a crash.
import { Errors } from './errors';

export interface FormPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** At most this many parts are read (a sticker needs four). */
const MAX_PARTS = 16;

function malformed(message: string) {
  return Errors.invalidForm({ _root: [{ code: 'MULTIPART_INVALID', message }] });
}

/** The boundary of a `multipart/form-data; boundary=...` content type, or null. */
export function multipartBoundary(contentTypeHeader: string | undefined): string | null {
  if (!contentTypeHeader) return null;
  const [type, ...params] = contentTypeHeader.split(';').map((p) => p.trim());
  if (type.toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const match = /^boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))$/i.exec(param);
    if (match) return match[1] ?? match[2];
  }
  return null;
}

export function parseMultipart(body: Buffer, boundary: string): Map<string, FormPart> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, FormPart>();
  let position = body.indexOf(delimiter);
  if (position < 0) throw malformed('No multipart boundary in the body.');
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString('latin1') === '--') return parts;
    if (body.subarray(position, position + 2).toString('latin1') !== '\r\n') throw malformed('A boundary must end its line.');
    position += 2;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), position);
    if (next < 0) throw malformed('The last part is not closed.');
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0 || headerEnd > next) throw malformed('A part has no header block.');
    const headers = body.subarray(position, headerEnd).toString('utf8').split('\r\n');
    let name: string | null = null;
    let filename: string | null = null;
    let contentType: string | null = null;
    for (const line of headers) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'content-disposition') {
        name = /(?:^|;)\s*name="([^"]*)"/i.exec(value)?.[1] ?? null;
        filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(value)?.[1] ?? null;
      } else if (key === 'content-type') {
        contentType = value.toLowerCase();
      }
    }
    if (name === null) throw malformed('A part has no name.');
    if (parts.size >= MAX_PARTS) throw malformed(`At most ${MAX_PARTS} parts.`);
    if (!parts.has(name)) parts.set(name, { name, filename, contentType, data: body.subarray(headerEnd + 4, next) });
    position = next + 2;
  }
}
