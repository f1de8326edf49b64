// The optional restriction of file types that a modal's File Upload and an ATTACHMENT command
// option may carry (spec: "optional restriction of file types"; the public API names the field
// `file_types`): 1 to 10 entries, each a category (audio, image, video) or a dot-prefixed
// extension such as ".pdf". A file passes when its extension is listed, or when its content type
// or its extension belongs to a listed category.
import type { Validator } from './validate';

export const MAX_FILE_TYPES = 10;

type Category = 'audio' | 'image' | 'video';

/** The extensions each category covers, for files whose content type says nothing. */
const CATEGORY_EXTENSIONS: Record<Category, readonly string[]> = {
  audio: ['.mp3', '.wav', '.ogg', '.oga', '.opus', '.flac', '.m4a', '.aac'],
  image: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.bmp', '.heic', '.heif', '.tif', '.tiff'],
  video: ['.mp4', '.mov', '.webm', '.mkv', '.avi', '.m4v'],
};
const EXTENSION = /^\.[a-z0-9][a-z0-9_-]{0,31}$/i;

function isCategory(value: string): value is Category {
  return value === 'audio' || value === 'image' || value === 'video';
}

/**
 * `file_types` at `path`, checked: a list of 1-10 categories or dot-prefixed extensions (kept
 * lowercase, without repeats). Undefined, with the failure recorded in `v`, when it is not.
 */
export function validateFileTypes(v: Validator, path: string, raw: unknown): string[] | undefined {
  if (!Array.isArray(raw)) {
    v.fail(path, 'LIST_TYPE_CONVERT', 'Must be a list of file types.');
    return undefined;
  }
  if (raw.length < 1 || raw.length > MAX_FILE_TYPES) {
    v.fail(path, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${MAX_FILE_TYPES} in length.`);
    return undefined;
  }
  let ok = true;
  raw.forEach((entry, i) => {
    if (typeof entry !== 'string' || !(isCategory(entry) || EXTENSION.test(entry))) {
      v.fail(`${path}.${i}`, 'ENUM_TYPE_COERCE', 'Must be audio, image, video or a dot-prefixed extension such as .pdf.');
      ok = false;
    }
  });
  return ok ? [...new Set((raw as string[]).map((entry) => entry.toLowerCase()))] : undefined;
}

/** Whether a file named `filename` (content type `contentType`, if known) is of one of `types`. */
export function fileTypeAllowed(types: readonly string[], filename: string, contentType?: string): boolean {
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot).toLowerCase() : '';
  const mainType = contentType?.split('/')[0]?.trim().toLowerCase() ?? '';
  return types.some((type) => {
    if (!isCategory(type)) return type === extension;
    return mainType === type || CATEGORY_EXTENSIONS[type].includes(extension);
  });
}
