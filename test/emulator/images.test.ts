// Image data (domain/images.ts; public API "Image Data"): a data URI whose bytes really are a
// PNG, JPEG, GIF or WebP, told by the bytes' signature and not by the label, at most the cap
// decoded (10 MiB unless the caller gives another), the size judged on the text first so an
// oversized one is never decoded. The routes that take images (avatars, banners, emoji,
// stickers) call these two functions.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageFromBytes, MAX_IMAGE_BYTES, parseImageData } from '../../lib/emulator/domain/images';

const bytes = (...values: number[]) => Buffer.from(values);
const ascii = (text: string) => Buffer.from(text, 'latin1');
const uri = (data: Buffer, label = 'png') => `data:image/${label};base64,${data.toString('base64')}`;

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff);
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const WEBP = ascii('RIFF\0\0\0\0WEBP');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('imageFromBytes', () => {
  it('tells each format by its signature alone, at its shortest (PNG 8 bytes, JPEG 3, GIF 6, WebP 12)', () => {
    expect(imageFromBytes(PNG)?.format).toBe('png');
    expect(imageFromBytes(JPEG)?.format).toBe('jpeg');
    expect(imageFromBytes(GIF87)?.format).toBe('gif');
    expect(imageFromBytes(GIF89)?.format).toBe('gif');
    expect(imageFromBytes(WEBP)?.format).toBe('webp');
    // With more after the signature, too.
    expect(imageFromBytes(Buffer.concat([WEBP, bytes(1, 2, 3)]))?.format).toBe('webp');
  });

  it('a GIF hash has the a_ prefix, the others are the md5 of the bytes', () => {
    expect(imageFromBytes(GIF89)?.hash).toMatch(/^a_[0-9a-f]{32}$/);
    const png = imageFromBytes(PNG)!;
    expect(png.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(png.bytes).toEqual(PNG);
  });

  it('a signature off by one byte, or cut short, is no image', () => {
    const nearMisses: Buffer[] = [
      bytes(0x00, 0xd8, 0xff), bytes(0xff, 0x00, 0xff), bytes(0xff, 0xd8, 0x00), bytes(0xff, 0xd8),
      Buffer.concat([PNG.subarray(0, 7), bytes(0x0b)]), PNG.subarray(0, 7),
      ascii('GIF88a'), ascii('GIF89'),
      ascii('RIFX\0\0\0\0WEBP'), ascii('RIFF\0\0\0\0WAVE'), ascii('RIFF\0\0\0\0WEB'),
      Buffer.alloc(0), ascii('plain text, not an image'),
    ];
    for (const data of nearMisses) expect(imageFromBytes(data), data.toString('hex')).toBeNull();
  });
});

describe('parseImageData', () => {
  it('the label does not decide the format (discord.js labels every upload image/jpg)', () => {
    expect(parseImageData(uri(PNG, 'jpg'))).toMatchObject({ format: 'png' });
    expect(parseImageData(uri(GIF87, 'webp'))).toMatchObject({ format: 'gif' });
    expect(parseImageData(uri(ascii('RIFF\0\0\0\0WAVE'), 'webp'))).toMatchObject({ code: 'IMAGE_INVALID' });
  });

  it('at most maxBytes decoded: exactly the cap is taken, one byte more is BINARY_TYPE_MAX_SIZE', () => {
    const jpeg = (size: number) => Buffer.concat([JPEG, Buffer.alloc(size - JPEG.length)]);
    for (const cap of [3, 4, 5, 6, 100]) {
      expect(parseImageData(uri(jpeg(cap)), cap), `cap ${cap}`).toMatchObject({ format: 'jpeg' });
      expect(parseImageData(uri(jpeg(cap + 1)), cap), `cap ${cap}`).toMatchObject({ code: 'BINARY_TYPE_MAX_SIZE' });
    }
  });

  it('a text longer than any encoding of maxBytes bytes is too large without being decoded', () => {
    const from = vi.spyOn(Buffer, 'from');
    const decodes = () => from.mock.calls.filter((args: unknown[]) => args[1] === 'base64').length;
    // 4 bytes take 8 base64 characters; 12 characters are 7 to 9 bytes.
    expect(parseImageData('data:image/jpeg;base64,/9j/4AAAAAAA', 4)).toMatchObject({ code: 'BINARY_TYPE_MAX_SIZE' });
    expect(decodes()).toBe(0);
    // At the longest encoding the text is decoded and the bytes decide.
    expect(parseImageData('data:image/jpeg;base64,/9j/4A==', 4)).toMatchObject({ format: 'jpeg' });
    expect(decodes()).toBe(1);
  });

  it('the default cap is 10 MiB', () => {
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
    const image = Buffer.alloc(10 * 1024 * 1024 + 1);
    PNG.copy(image);
    expect(parseImageData(uri(image.subarray(0, 10 * 1024 * 1024)))).toMatchObject({ format: 'png' });
    expect(parseImageData(uri(image))).toMatchObject({ code: 'BINARY_TYPE_MAX_SIZE' });
  });
});
