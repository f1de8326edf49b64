// Message attachments: the upload rules (the default limit per attachment, 10 MiB from 16 January
// 2025 on the emulator clock and 25 MiB before; at most 10 per message; the emulator's own bound
// on the bytes it keeps in all), the request's attachment objects (`description`, `is_spoiler`,
// both editable), the IS_SPOILER flag (from is_spoiler or the legacy SPOILER_ filename prefix)
// and the URL the emulator serves the bytes at. The bytes live in the emulator's BlobStore
// (blob_store.ts), apart from the state, which names them by hash.
import type { APIAttachment, AttachmentFlags } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { Validator } from './validate';
import type { StoredAttachment } from '../model/types';

/** The default upload size, checked per attachment (spec: 10 MiB since 16 January 2025). */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/** The default upload size before that date (spec: previously 25 MiB). */
export const PREVIOUS_DEFAULT_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;
/** The day the default upload size became 10 MiB (spec: effective 16 January 2025). */
export const UPLOAD_LIMIT_LOWERED_AT = Date.UTC(2025, 0, 16);

/** The default upload size per attachment at `now` on the emulator clock: 25 MiB before 16 January 2025, 10 MiB from it. */
export function defaultUploadLimit(now: number): number {
  return now >= UPLOAD_LIMIT_LOWERED_AT ? DEFAULT_UPLOAD_LIMIT_BYTES : PREVIOUS_DEFAULT_UPLOAD_LIMIT_BYTES;
}
/** Attachments on one message (public API). */
export const MAX_ATTACHMENTS = 10;
/** An attachment's description (alt text), in characters (public API). */
export const MAX_ATTACHMENT_DESCRIPTION = 1024;
export const ATTACHMENT_FLAG_IS_SPOILER = 1 << 3;
const SPOILER_PREFIX = 'SPOILER_';

/** One uploaded file of a request, as an adapter hands it to the domain. */
export interface UploadedFile {
  /** The part's name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string | null;
  data: Buffer;
}
const MAX_FILENAME = 1024;

/** One entry of the request's `attachments` array, validated. */
export interface AttachmentRequest {
  /** A new upload: the index n of its `files[n]` part; a kept attachment: its id. */
  id: string;
  filename?: string;
  description?: string | null;
  isSpoiler?: boolean;
}

/** Validates the request's `attachments` array (at most 10 objects with an id). */
export function parseAttachmentRequests(v: Validator, value: unknown): AttachmentRequest[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    v.fail('attachments', 'LIST_TYPE_CONVERT', 'Must be an array.');
    return undefined;
  }
  if (value.length > MAX_ATTACHMENTS) {
    v.fail('attachments', 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_ATTACHMENTS} or fewer in length.`);
    return undefined;
  }
  const out: AttachmentRequest[] = [];
  value.forEach((item, index) => {
    const path = `attachments.${index}`;
    const entry = v.object(path, item);
    if (!entry) return;
    const id = typeof entry.id === 'number' && Number.isSafeInteger(entry.id) && entry.id >= 0 ? String(entry.id) : entry.id;
    if (typeof id !== 'string' || !/^\d{1,20}$/.test(id)) {
      v.fail(`${path}.id`, 'NUMBER_TYPE_COERCE', 'Must be a file index or an attachment id.');
      return;
    }
    const filename = v.string(`${path}.filename`, entry.filename, { optional: true, min: 1, max: MAX_FILENAME });
    const description = entry.description === null ? null : v.string(`${path}.description`, entry.description, { optional: true, max: MAX_ATTACHMENT_DESCRIPTION });
    const isSpoiler = v.bool(`${path}.is_spoiler`, entry.is_spoiler, { optional: true });
    out.push({ id, filename, description, isSpoiler });
  });
  return out;
}

function spoilerFlag(filename: string, isSpoiler: boolean | undefined, previous: number): number {
  if (isSpoiler === true || filename.startsWith(SPOILER_PREFIX)) return previous | ATTACHMENT_FLAG_IS_SPOILER;
  if (isSpoiler === false) return previous & ~ATTACHMENT_FLAG_IS_SPOILER;
  return previous;
}

/**
 * The message's attachments after this request: kept ones (by id, from `existing`, with their
 * description and spoiler state edited) and new uploads (`files[n]`, described by the entry
 * whose id is n, or as they are when no entry names them). Throws before storing anything.
 */
export function resolveAttachments(
  emu: Emulator,
  requests: AttachmentRequest[] | undefined,
  files: UploadedFile[],
  existing: StoredAttachment[],
  uploadLimit = defaultUploadLimit(emu.now()),
): { attachments: StoredAttachment[]; uploads: Map<string, Buffer> } {
  const byIndex = new Map<string, UploadedFile>();
  files.forEach((file, position) => {
    const named = /^files\[(\d{1,2})\]$/.exec(file.field) ?? /^file(\d{0,2})$/.exec(file.field);
    const index = named ? String(Number(named[1] || 0)) : String(position);
    if (byIndex.has(index)) throw new ApiError(400, 50035, `The file part ${file.field.slice(0, 40)} appears twice.`);
    byIndex.set(index, file);
  });
  if (files.length > MAX_ATTACHMENTS) throw new ApiError(400, 50035, `At most ${MAX_ATTACHMENTS} files per message.`);
  for (const file of files) {
    if (file.data.length > uploadLimit) {
      throw new ApiError(413, 40005, `Request entity too large: ${file.filename.slice(0, 80)} is over the ${uploadLimit}-byte upload limit`);
    }
  }
  if (!emu.blobs.fits(emu.blobs.addedBytes(files.map((file) => file.data)))) {
    const mib = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MiB`;
    throw new ApiError(413, 40005, `Request entity too large: the emulator keeps at most ${mib(emu.blobs.limitBytes)} of uploads in all and holds ${mib(emu.blobs.bytes)}; delete messages with attachments to make room`);
  }
  const attachments: StoredAttachment[] = [];
  const uploads = new Map<string, Buffer>();
  const used = new Set<string>();
  const add = (file: UploadedFile, request: AttachmentRequest | undefined) => {
    const filename = (request?.filename ?? file.filename).slice(0, MAX_FILENAME) || 'file';
    const stored: StoredAttachment = {
      id: emu.ids.next(),
      filename,
      description: request?.description ?? null,
      contentType: file.contentType,
      size: file.data.length,
      flags: spoilerFlag(filename, request?.isSpoiler, 0),
    };
    attachments.push(stored);
    uploads.set(stored.id, file.data);
  };
  if (requests === undefined) {
    // No attachments array: an edit keeps what the message had; every file is a new attachment.
    attachments.push(...existing);
    for (const [index, file] of byIndex) {
      used.add(index);
      add(file, undefined);
    }
  } else {
    for (const request of requests) {
      const upload = byIndex.get(request.id);
      const kept = existing.find((a) => a.id === request.id);
      if (upload && !used.has(request.id)) {
        used.add(request.id);
        add(upload, request);
      } else if (kept) {
        attachments.push({
          ...kept,
          description: request.description === undefined ? kept.description : request.description,
          flags: spoilerFlag(kept.filename, request.isSpoiler, kept.flags),
        });
      } else {
        throw new ApiError(400, 50035, `attachments: ${request.id} names neither an uploaded file nor an attachment of the message`);
      }
    }
    // Uploads no entry described are attached as they are.
    for (const [index, file] of byIndex) if (!used.has(index)) add(file, undefined);
  }
  if (attachments.length > MAX_ATTACHMENTS) throw new ApiError(400, 50035, `At most ${MAX_ATTACHMENTS} attachments per message.`);
  return { attachments, uploads };
}

/** Keeps the uploads' bytes (served at the attachment's URL) and forgets removed attachments'. */
export function storeAttachmentData(emu: Emulator, uploads: Map<string, Buffer>, removed: StoredAttachment[] = []): void {
  for (const [id, data] of uploads) emu.state.attachmentBlobs.set(id, emu.blobs.put(data));
  for (const attachment of removed) {
    const hash = emu.state.attachmentBlobs.get(attachment.id);
    if (hash === undefined) continue;
    emu.state.attachmentBlobs.delete(attachment.id);
    emu.blobs.release(hash);
  }
}

/** Forgets the bytes of `attachments` that no message of `channelId` holds (an ephemeral message's). */
export function releaseUnlessInChannel(emu: Emulator, channelId: string, attachments: StoredAttachment[]): void {
  const messages = emu.state.textChannelMessages.get(channelId) ?? [];
  const orphans = attachments.filter((a) => !messages.some((m) => m.attachments.some((b) => b.id === a.id)));
  storeAttachmentData(emu, new Map(), orphans);
}

export function attachmentUrl(emu: Emulator, channelId: string, attachment: StoredAttachment): string {
  return `${emu.webBase}/attachments/${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
}

export function attachmentJson(emu: Emulator, channelId: string, attachment: StoredAttachment): APIAttachment {
  const url = attachmentUrl(emu, channelId, attachment);
  return {
    id: attachment.id,
    filename: attachment.filename,
    description: attachment.description ?? undefined,
    content_type: attachment.contentType ?? undefined,
    size: attachment.size,
    url,
    proxy_url: url,
    flags: attachment.flags === 0 ? undefined : (attachment.flags as AttachmentFlags),
  } satisfies APIAttachment;
}

/** The bytes of an attachment of a message in `channelId` (for the URL the emulator serves). */
export async function attachmentBytes(emu: Emulator, channelId: string, attachmentId: string): Promise<{ data: Buffer; contentType: string } | undefined> {
  const messages = emu.state.textChannelMessages.get(channelId) ?? [];
  for (const message of messages) {
    const attachment = message.attachments.find((a) => a.id === attachmentId);
    const hash = attachment && emu.state.attachmentBlobs.get(attachment.id);
    if (!attachment || hash === undefined) continue;
    const data = await emu.blobs.read(hash);
    return data && { data, contentType: attachment.contentType ?? 'application/octet-stream' };
  }
  return undefined;
}
