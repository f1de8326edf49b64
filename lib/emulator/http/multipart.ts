// multipart/form-data bodies, as the message routes take them (the public API's uploads): a
// `payload_json` part with the JSON body and `files[n]` parts with the bytes. Bounded in every
// dimension (parts, header size, field size); anything malformed is a 400 (50035), never a 500.
import type { UploadedFile } from '../domain/attachments';
import { Errors } from '../domain/errors';

/** Parts in one body: payload_json, 10 files and some slack for extra fields. */
export const MAX_MULTIPART_PARTS = 16;
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** A text field (payload_json included) is at most the JSON body limit. */
export const MAX_MULTIPART_FIELD_BYTES = 1024 * 1024;
const MAX_BOUNDARY_LENGTH = 70; // RFC 2046

export interface MultipartBody {
  fields: Map<string, string>;
  files: UploadedFile[];
}

function invalid(message: string): Error {
  return Errors.invalidForm({ _root: [{ code: 'MULTIPART_INVALID', message }] });
}

/** The boundary of a `multipart/form-data; boundary=...` content type, or an error. */
export function multipartBoundary(contentTypeHeader: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH) throw invalid('A multipart body needs a boundary of 1 to 70 characters.');
  return boundary;
}

interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string | null;
}

function parsePartHeaders(text: string): PartHeaders {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw invalid('A part header line has no name.');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value.slice(0, 255);
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw invalid('Every part needs Content-Disposition: form-data.');
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition!) ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i').exec(disposition!);
    return m ? m[1].replace(/\\(.)/g, '$1') : null;
  };
  const name = param('name');
  if (name === null || name === '') throw invalid('Every part needs a name.');
  return { name, filename: param('filename'), contentType };
}

/** Splits a whole multipart body into its text fields and files. */
export function parseMultipart(raw: Buffer, boundary: string): MultipartBody {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let position = raw.indexOf(delimiter);
  if (position < 0) throw invalid('The body does not contain its boundary.');
  let parts = 0;
  for (;;) {
    position += delimiter.length;
    // "--" after a delimiter closes the body.
    if (raw[position] === 0x2d && raw[position + 1] === 0x2d) break;
    if (raw[position] !== 0x0d || raw[position + 1] !== 0x0a) throw invalid('A boundary must be followed by CRLF.');
    position += 2;
    if (++parts > MAX_MULTIPART_PARTS) throw invalid(`At most ${MAX_MULTIPART_PARTS} parts.`);
    const headerEnd = raw.indexOf('\r\n\r\n', position);
    if (headerEnd < 0 || headerEnd - position > MAX_PART_HEADER_BYTES) throw invalid('A part has no end of headers (or over 8 KiB of them).');
    const headers = parsePartHeaders(raw.subarray(position, headerEnd).toString('utf8'));
    const bodyStart = headerEnd + 4;
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), bodyStart);
    if (next < 0) throw invalid('A part is not closed by the boundary.');
    const data = raw.subarray(bodyStart, next);
    if (headers.filename !== null) {
      files.push({ field: headers.name, filename: headers.filename, contentType: headers.contentType, data: Buffer.from(data) });
    } else {
      if (data.length > MAX_MULTIPART_FIELD_BYTES) throw invalid(`A text field is at most ${MAX_MULTIPART_FIELD_BYTES} bytes.`);
      if (fields.has(headers.name)) throw invalid(`The field ${headers.name.slice(0, 40)} appears twice.`);
      fields.set(headers.name, data.toString('utf8'));
    }
    position = next + 2;
  }
  return { fields, files };
}
