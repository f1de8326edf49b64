// Image data (public API "Image Data"): `data:image/<png|jpeg|gif|webp>;base64,<data>` whose
// bytes really are one of those formats. The format is told by the bytes, not the label, as the
// service does: discord.js labels every Buffer it uploads `image/jpg`, PNGs included. The emulator keeps no images, only the hash the service would
// give them (animated GIFs get the a_ prefix, as the public API's image hashes do).
import { createHash } from 'node:crypto';

/** The largest decoded image the emulator accepts (the public API's avatar/banner/emoji cap is not shown; 10 MiB, the default upload size). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'),
  webp: (b) => b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export interface ImageData {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  bytes: Buffer;
  /** The image hash objects carry (a_ prefix for GIFs). */
  hash: string;
}

/** Why a value is not image data, with the public API's error code for a 50035 on the field. */
export interface ImageDataError {
  error: string;
  code: 'IMAGE_INVALID' | 'BINARY_TYPE_MAX_SIZE';
}

/** The image (at most `maxBytes` decoded), or a reason it is not one. */
export function parseImageData(value: unknown, maxBytes = MAX_IMAGE_BYTES): ImageData | ImageDataError {
  const invalid = (error: string): ImageDataError => ({ error, code: 'IMAGE_INVALID' });
  if (typeof value !== 'string') return invalid('Must be an image data URI string.');
  const match = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/.exec(value);
  if (!match) return invalid('Must be data:image/(png|jpeg|gif|webp);base64,<data>.');
  // Checked on the text first, so an oversized one is never decoded.
  const tooLarge: ImageDataError = { error: `Must be at most ${maxBytes} bytes.`, code: 'BINARY_TYPE_MAX_SIZE' };
  if (match[2].length > Math.ceil(maxBytes / 3) * 4) return tooLarge;
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > maxBytes) return tooLarge;
  return imageFromBytes(bytes) ?? invalid('The data is not a PNG, JPEG, GIF or WebP image.');
}

/** An uploaded file's bytes as an image, its format told by its signature; null when none matches. */
export function imageFromBytes(bytes: Buffer): ImageData | null {
  for (const format of Object.keys(SIGNATURES) as Array<ImageData['format']>) {
    if (SIGNATURES[format](bytes)) {
      const digest = createHash('md5').update(bytes).digest('hex');
      return { format, bytes, hash: format === 'gif' ? `a_${digest}` : digest };
    }
  }
  return null;
}
