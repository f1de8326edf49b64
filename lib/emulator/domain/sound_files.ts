// Sound data for soundboard sounds (public API "Create Guild Soundboard Sound"): a data URI of an
// MP3 or Ogg file, at most 512 KiB and 5.2 s long. As with images (domain/images.ts) the format
// is told by the bytes, not the label. The length is read from the container without decoding:
// an MP3's frames are walked and their samples counted; an Ogg stream's last page carries the
// stream's sample position (Opus always counts at 48 kHz, minus its pre-skip; Vorbis at the rate
// of its identification header).

/** The largest sound file (public API: 512 KB). */
export const MAX_SOUND_BYTES = 512 * 1024;
/** The longest sound (public API: 5.2 seconds). */
export const MAX_SOUND_MS = 5200;

export interface SoundData {
  format: 'mp3' | 'ogg';
  bytes: Buffer;
  /** The length in milliseconds, read from the container. */
  durationMs: number;
}

/** Why a value is not sound data, with the public API's code for a 50035 on the field. */
export interface SoundDataError {
  error: string;
  code: 'SOUND_INVALID' | 'BINARY_TYPE_MAX_SIZE' | 'SOUND_DURATION_MAX';
}

/** The sound in `value` (a data URI), or why it is none or breaks a limit. */
export function parseSoundData(value: unknown): SoundData | SoundDataError {
  const invalid = (error: string): SoundDataError => ({ error, code: 'SOUND_INVALID' });
  if (typeof value !== 'string') return invalid('Must be a sound data URI string.');
  const match = /^data:audio\/(mpeg|mp3|ogg);base64,([A-Za-z0-9+/]*={0,2})$/.exec(value);
  if (!match) return invalid('Must be data:audio/(mpeg|ogg);base64,<data>.');
  // Checked on the text first, so an oversized one is never decoded.
  const tooLarge: SoundDataError = { error: `Must be at most ${MAX_SOUND_BYTES} bytes.`, code: 'BINARY_TYPE_MAX_SIZE' };
  if (match[2].length > Math.ceil(MAX_SOUND_BYTES / 3) * 4) return tooLarge;
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_SOUND_BYTES) return tooLarge;
  const measured = isOgg(bytes) ? oggDurationMs(bytes) : mp3DurationMs(bytes);
  if (measured === null) return invalid('The data is not an MP3 or Ogg (Opus or Vorbis) sound.');
  if (measured.durationMs > MAX_SOUND_MS) return { error: `Must be at most ${MAX_SOUND_MS / 1000} seconds long.`, code: 'SOUND_DURATION_MAX' };
  return { format: measured.format, bytes, durationMs: measured.durationMs };
}

const isOgg = (b: Buffer) => b.length >= 4 && b.toString('latin1', 0, 4) === 'OggS';

// MPEG audio frame headers: bit rates (kbit/s) of Layer III by version, sample rates (Hz).
const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** An ID3v2 tag's whole length at `offset` (its size is four 7-bit bytes), or 0 when none is there. */
function id3Length(b: Buffer, offset: number): number {
  if (b.length < offset + 10 || b.toString('latin1', offset, offset + 3) !== 'ID3') return 0;
  const size = (b[offset + 6] << 21) | (b[offset + 7] << 14) | (b[offset + 8] << 7) | b[offset + 9];
  const footer = (b[offset + 5] & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * An MP3's length from its Layer III frames (the samples of each, at its sample rate), or null
 * when the data does not start (after an ID3v2 tag) with a run of valid frames ending at the end
 * of the data or at an ID3v1 tag.
 */
function mp3DurationMs(b: Buffer): { format: 'mp3'; durationMs: number } | null {
  let offset = id3Length(b, 0);
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= b.length) {
    if (b.length - offset === 128 && b.toString('latin1', offset, offset + 3) === 'TAG') break; // ID3v1
    const h = b.readUInt32BE(offset);
    if ((h & 0xffe00000) >>> 0 !== 0xffe00000) return null; // no frame sync
    const version = (h >>> 19) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
    const layer = (h >>> 17) & 3; // 1: Layer III
    const bitrateIndex = (h >>> 12) & 15;
    const rateIndex = (h >>> 10) & 3;
    const padding = (h >>> 9) & 1;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
    const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex];
    const rate = SAMPLE_RATES[version][rateIndex];
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
    if (offset + length > b.length) return null; // a frame cut short
    seconds += samples / rate;
    frames++;
    offset += length;
  }
  if (frames === 0 || (offset < b.length && b.length - offset !== 128)) return null;
  return { format: 'mp3', durationMs: Math.round(seconds * 1000) };
}

/**
 * An Ogg stream's length: the granule position of its last page, in the codec's samples (Opus at
 * 48 kHz minus the pre-skip of its OpusHead; Vorbis at the identification header's rate). Null
 * when the pages do not chain to the end or the first page is neither codec's header.
 */
function oggDurationMs(b: Buffer): { format: 'ogg'; durationMs: number } | null {
  let offset = 0;
  let lastGranule = -1n;
  let first: Buffer | null = null;
  while (offset < b.length) {
    if (offset + 27 > b.length || b.toString('latin1', offset, offset + 4) !== 'OggS') return null;
    const segments = b[offset + 26];
    if (offset + 27 + segments > b.length) return null;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[offset + 27 + i];
    const start = offset + 27 + segments;
    if (start + body > b.length) return null;
    if (first === null) first = b.subarray(start, start + body);
    const granule = b.readBigInt64LE(offset + 6);
    if (granule >= 0n) lastGranule = granule; // -1: no packet ends on this page
    offset = start + body;
  }
  if (first === null || lastGranule < 0n) return null;
  if (first.length >= 19 && first.toString('latin1', 0, 8) === 'OpusHead') {
    const preSkip = BigInt(first.readUInt16LE(10));
    const samples = lastGranule > preSkip ? lastGranule - preSkip : 0n;
    return { format: 'ogg', durationMs: Number((samples * 1000n) / 48000n) };
  }
  if (first.length >= 16 && first[0] === 1 && first.toString('latin1', 1, 7) === 'vorbis') {
    const rate = first.readUInt32LE(12);
    if (rate === 0) return null;
    return { format: 'ogg', durationMs: Number((lastGranule * 1000n) / BigInt(rate)) };
  }
  return null;
}
