// Large bytes the state refers to (attachment uploads), kept apart from the state's JSON: in
// memory without `dataFile`, else as files in a folder next to it (`<dataFile>.blobs/`, the
// owner's only, like the state file), named by the SHA-256 of their content — so the same upload
// twice is one file, and the state holds 64 hex digits per attachment instead of its base64.
// The state file used to carry every upload's base64: every change rewrote all of it (seconds
// after each 100 MiB message), and past ~512 MiB of text the write threw and the emulator died.
//
// Order on disk, which is what keeps an acknowledged upload: a blob's file is written (temp file
// + rename) before any state file that names it (Persistence awaits `settle()` first), and a
// file no state names any more is deleted only after a state file without it was written
// (`releasedBefore()` at the snapshot, `sweep()` after the rename). Files no state names at start
// (a crash between the two writes) are deleted then.
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { readFile, rename, writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';

/** The bytes the emulator keeps in all, whatever the per-upload limits: its own bound (1 GiB). */
export const MAX_KEPT_BLOB_BYTES = 1024 * 1024 * 1024;

const HASH = /^[0-9a-f]{64}$/;

export class BlobStore {
  /** Bytes of the distinct blobs kept now. */
  bytes = 0;
  /** The most `bytes` may reach; past it `fits()` is false and uploads are refused. Tests lower it. */
  limitBytes = MAX_KEPT_BLOB_BYTES;
  readonly #refs = new Map<string, number>();
  readonly #sizes = new Map<string, number>();
  /** Every blob without a folder; with one, those whose file is not written yet. */
  readonly #memory = new Map<string, Buffer>();
  readonly #onDisk = new Set<string>();
  readonly #writes = new Map<string, Promise<void>>();
  /** No attachment names these any more; their files go once a state without them is on disk. */
  readonly #released = new Set<string>();

  /** `folder`: where the files live (created on the first write), or null to keep bytes in memory. */
  constructor(readonly folder: string | null) {}

  /**
   * The hash of `data`. Remembered per upload buffer (an upload is hashed to check room, then
   * again to store it: a 100 MiB file's SHA-256 is a tenth of a second); uploads are not
   * written after they are parsed, and a buffer's entry goes with the buffer.
   */
  static hashOf(data: Buffer): string {
    let hash = BlobStore.#hashes.get(data);
    if (hash === undefined) {
      hash = createHash('sha256').update(data).digest('hex');
      BlobStore.#hashes.set(data, hash);
    }
    return hash;
  }
  static readonly #hashes = new WeakMap<Buffer, string>();

  /** Whether `incoming` more bytes stay within the limit. */
  fits(incoming: number): boolean {
    return this.bytes + incoming <= this.limitBytes;
  }

  /**
   * The bytes keeping all of `uploads` would add: a content already kept, or twice among them, is
   * one blob (`put` adds a reference, not bytes), so it counts once or not at all — an upload of
   * bytes the emulator holds is not refused for want of room it does not take.
   */
  addedBytes(uploads: Iterable<Buffer>): number {
    const counted = new Set<string>();
    let added = 0;
    for (const data of uploads) {
      const hash = BlobStore.hashOf(data);
      if (this.#refs.has(hash) || counted.has(hash)) continue;
      counted.add(hash);
      added += data.length;
    }
    return added;
  }

  /**
   * Takes the references a loaded state holds (hash per attachment) and the files the folder
   * has: files nothing refers to, and temp files, are deleted; references without a file are
   * returned (their bytes are lost: the caller logs them).
   */
  adopt(references: Iterable<string>): string[] {
    for (const hash of references) this.#refs.set(hash, (this.#refs.get(hash) ?? 0) + 1);
    if (this.folder === null) return [];
    let names: string[] = [];
    try {
      names = readdirSync(this.folder);
    } catch {
      // No folder yet: nothing written so far.
    }
    for (const name of names) {
      const path = join(this.folder, name);
      try {
        if (HASH.test(name) && this.#refs.has(name)) {
          this.#sizes.set(name, statSync(path).size);
          this.#onDisk.add(name);
        } else if (HASH.test(name) || name.endsWith('.tmp')) {
          unlinkSync(path);
        }
      } catch {
        // Unreadable, or not ours to delete: a referenced one counts as missing below.
      }
    }
    const missing = [...this.#refs.keys()].filter((hash) => !this.#onDisk.has(hash) && !this.#memory.has(hash));
    for (const hash of missing) this.#refs.delete(hash);
    this.bytes = [...this.#sizes.values()].reduce((a, b) => a + b, 0);
    return missing;
  }

  /** Keeps `data` (one more reference to it); returns its hash. The caller checked `fits`. */
  put(data: Buffer): string {
    const hash = BlobStore.hashOf(data);
    const refs = this.#refs.get(hash) ?? 0;
    this.#refs.set(hash, refs + 1);
    this.#released.delete(hash);
    if (refs > 0) return hash;
    this.#sizes.set(hash, data.length);
    this.bytes += data.length;
    if (this.#onDisk.has(hash)) return hash;
    // A view into a larger buffer (a request body) would keep all of it alive: keep a copy.
    this.#memory.set(hash, data.byteLength === data.buffer.byteLength ? data : Buffer.from(data));
    if (this.folder !== null) this.#startWrite(hash);
    return hash;
  }

  /** One reference fewer; at none the bytes are forgotten (their file goes at the next `sweep`). */
  release(hash: string): void {
    const refs = this.#refs.get(hash);
    if (refs === undefined) return;
    if (refs > 1) {
      this.#refs.set(hash, refs - 1);
      return;
    }
    this.#refs.delete(hash);
    this.bytes -= this.#sizes.get(hash) ?? 0;
    this.#sizes.delete(hash);
    if (this.folder === null) this.#memory.delete(hash);
    else this.#released.add(hash);
  }

  /** The bytes, or undefined for an unknown (or lost) blob. */
  async read(hash: string): Promise<Buffer | undefined> {
    if (!this.#refs.has(hash)) return undefined;
    const inMemory = this.#memory.get(hash);
    if (inMemory) return inMemory;
    if (this.folder === null || !this.#onDisk.has(hash)) return undefined;
    try {
      return await readFile(join(this.folder, hash));
    } catch {
      return undefined;
    }
  }

  /** Resolves once every blob kept so far is on disk; rejects with the first write that failed (retried next time). */
  async settle(): Promise<void> {
    if (this.folder === null) return;
    for (const hash of this.#memory.keys()) if (!this.#writes.has(hash)) this.#startWrite(hash);
    const writes = [...this.#writes.values()];
    const results = await Promise.allSettled(writes);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** The blobs released so far: `sweep` may delete these once a state written after this call is on disk. */
  releasedBefore(): string[] {
    return [...this.#released];
  }

  /** Deletes the files of `released` blobs that are still unreferenced (a state without them is on disk). */
  sweep(released: string[]): void {
    if (this.folder === null) return;
    for (const hash of released) {
      // Referenced again since (the same content uploaded anew): its file stays.
      if (this.#refs.has(hash) || !this.#released.delete(hash)) continue;
      this.#memory.delete(hash);
      if (!this.#onDisk.delete(hash)) continue;
      try {
        unlinkSync(join(this.folder, hash));
      } catch {
        // Already gone: nothing to free.
      }
    }
  }

  /** Counts, for the data file's status. */
  summary(): { blobs: number; bytes: number; unwritten: number } {
    return { blobs: this.#refs.size, bytes: this.bytes, unwritten: this.folder === null ? 0 : this.#memory.size };
  }

  #startWrite(hash: string): void {
    const folder = this.folder!;
    const write = (async () => {
      const data = this.#memory.get(hash);
      if (!data) return;
      ensurePrivateFolder(folder);
      const temp = join(folder, `${hash}.${process.pid}.tmp`);
      await writeFile(temp, data, { mode: 0o600 });
      await chmod(temp, 0o600);
      await rename(temp, join(folder, hash));
      this.#onDisk.add(hash);
      // Written: the bytes are read from the file from now on. Released meanwhile, it goes at a
      // sweep after the next state write (which cannot name it any more).
      this.#memory.delete(hash);
      if (!this.#refs.has(hash)) this.#released.add(hash);
    })();
    this.#writes.set(hash, write);
    void write.then(
      () => this.#writes.delete(hash),
      () => this.#writes.delete(hash),
    );
  }
}

/** Makes `folder` (the owner's only) if it is not there. */
export function ensurePrivateFolder(folder: string): void {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(folder, 0o700);
}
