// `dataFile` with uploads (blob_store.ts, persistence.ts). The state file used to hold every
// upload's bytes as base64 and was rewritten whole at each change: requests waited seconds after
// each 100 MiB message, and past ~512 MiB of text the write threw (`Invalid string length`), the
// emulator died and an upload it had answered 200 was lost. Now upload bytes are files next to
// the state file (by SHA-256, the owner's only), the state stays small, a burst of changes is one
// write, an answered upload is on disk when the answer arrives, and what is kept in all is bounded.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, start, type Started } from './helpers';
import { postFiles } from './helpers/uploads';
import { BlobStore } from '../../lib/emulator/blob_store';

const MIB = 1024 * 1024;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** 10 MiB (the default per-attachment limit) of a content that differs by `seed`. */
const tenMiB = (seed: number) => {
  const data = Buffer.alloc(10 * MIB, seed & 0xff);
  data.writeUInt32BE(seed, 0);
  return data;
};
const served = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, data: Buffer.from(await response.arrayBuffer()) };
};

let dir: string;
const running: Started[] = [];
async function startOn(dataFile: string): Promise<Started> {
  const s = await start({ dataFile });
  s.emu.control.setRateLimits(false);
  running.push(s);
  return s;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-emu-uploads-'));
});
afterAll(async () => {
  for (const s of running) await s.emu.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('upload bytes apart from the state', () => {
  it('five messages of 2 × 10 MiB leave the state file small; the bytes are files named by their SHA-256 (0600, in a 0700 folder), the same content once', async () => {
    const sub = mkdtempSync(join(dir, 'apart-'));
    const dataFile = join(sub, 'state.json');
    const s = await startOn(dataFile);
    const sent: Array<{ url: string; data: Buffer }> = [];
    for (let m = 0; m < 5; m++) {
      // The last message repeats the first file's content: one file for both.
      const files = [{ filename: `a${m}.bin`, data: tenMiB(m === 4 ? 1 : 2 * m + 1) }, { filename: `b${m}.bin`, data: tenMiB(2 * m + 2) }];
      const started = performance.now();
      const reply = await postFiles(s.emu, GENERAL, files, `upload ${m}`);
      expect(reply.status, JSON.stringify(reply.body)?.slice(0, 200)).toBe(200);
      expect(performance.now() - started, `message ${m}`).toBeLessThan(5000);
      reply.body.attachments.forEach((a: { url: string }, i: number) => sent.push({ url: a.url, data: files[i].data }));
    }
    expect(statSync(dataFile).size).toBeLessThan(MIB);
    const blobs = `${dataFile}.blobs`;
    const names = readdirSync(blobs).sort();
    expect(names).toEqual([...new Set(sent.map((f) => sha256(f.data)))].sort());
    expect(names).toHaveLength(9);
    if (process.platform !== 'win32') {
      expect(statSync(blobs).mode & 0o777).toBe(0o700);
      for (const name of names) expect(statSync(join(blobs, name)).mode & 0o777).toBe(0o600);
    }
    for (const file of sent) {
      const got = await served(file.url);
      expect(got.status).toBe(200);
      expect(got.data.equals(file.data)).toBe(true);
    }
    expect(s.emu.control.dataFileStatus()).toMatchObject({ dataFile, failure: null, blobs: { blobs: 9, bytes: 90 * MIB, unwritten: 0 } });

    // A restart serves every upload, byte for byte.
    await s.emu.close();
    const again = await startOn(dataFile);
    for (const file of sent) {
      const got = await served(file.url.replace(s.emu.webBase, again.emu.webBase));
      expect(got.status).toBe(200);
      expect(got.data.equals(file.data)).toBe(true);
    }
    await again.emu.close();
  }, 120_000);

  it('an upload answered 200 is on disk when the answer arrives: the folder copied at that moment serves it', async () => {
    const sub = mkdtempSync(join(dir, 'durable-'));
    const dataFile = join(sub, 'state.json');
    const s = await startOn(dataFile);
    const data = Buffer.from(Array.from({ length: MIB }, (_v, i) => (i * 7) & 0xff));
    const reply = await postFiles(s.emu, GENERAL, [{ filename: 'kept.bin', data }], 'answered');
    expect(reply.status).toBe(200);
    // What a crash right now would leave behind.
    const copy = mkdtempSync(join(dir, 'durable-copy-'));
    cpSync(sub, copy, { recursive: true });
    const after = await startOn(join(copy, 'state.json'));
    const got = await served(reply.body.attachments[0].url.replace(s.emu.webBase, after.emu.webBase));
    expect(got.status).toBe(200);
    expect(got.data.equals(data)).toBe(true);
    await after.emu.close();
    await s.emu.close();
  });

  it('a deleted message\'s file goes once the deletion is written; stray files in the folder go at start', async () => {
    const sub = mkdtempSync(join(dir, 'sweep-'));
    const dataFile = join(sub, 'state.json');
    const s = await startOn(dataFile);
    const data = Buffer.alloc(64 * 1024, 9);
    const reply = await postFiles(s.emu, GENERAL, [{ filename: 'gone.bin', data }], 'to delete');
    const file = join(`${dataFile}.blobs`, sha256(data));
    expect(existsSync(file)).toBe(true);
    const deleted = await fetch(`${s.emu.apiBase}/channels/${GENERAL}/messages/${reply.body.id}`, { method: 'DELETE', headers: { authorization: `Bot ${SEED.botToken}` } });
    expect(deleted.status).toBe(204);
    expect(existsSync(file)).toBe(false);
    await s.emu.close();
    // A crash between a blob's write and the state's leaves a file nothing names.
    const stray = join(`${dataFile}.blobs`, sha256(Buffer.from('stray')));
    writeFileSync(stray, 'stray');
    const again = await startOn(dataFile);
    expect(existsSync(stray)).toBe(false);
    await again.emu.close();
  });

  it('reads a state file of older emulators (bytes as base64 inside) and moves the bytes out', async () => {
    const sub = mkdtempSync(join(dir, 'legacy-'));
    const dataFile = join(sub, 'state.json');
    const s = await startOn(dataFile);
    const data = Buffer.from('bytes from an older data file');
    const reply = await postFiles(s.emu, GENERAL, [{ filename: 'old.txt', data }], 'old');
    await s.emu.close();
    // Rewrite the file as an older emulator wrote it: attachmentData (id -> base64), no blobs.
    const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    saved.attachmentData = saved.attachmentBlobs.map(([id]: [string, string]) => [id, data.toString('base64')]);
    delete saved.attachmentBlobs;
    writeFileSync(dataFile, JSON.stringify(saved));
    rmSync(`${dataFile}.blobs`, { recursive: true });
    const again = await startOn(dataFile);
    const got = await served(reply.body.attachments[0].url.replace(s.emu.webBase, again.emu.webBase));
    expect(got.data.toString()).toBe(data.toString());
    expect(readFileSync(dataFile, 'utf8')).not.toContain('attachmentData');
    expect(readdirSync(`${dataFile}.blobs`)).toEqual([sha256(data)]);
    await again.emu.close();
  });
});

describe('writes', () => {
  it('a burst of changes is one write', async () => {
    const sub = mkdtempSync(join(dir, 'burst-'));
    const s = await startOn(join(sub, 'state.json'));
    const before = s.emu.control.dataFileStatus().writes;
    for (let i = 0; i < 100; i++) s.emu.control.createUser({ username: `burst_${i}` });
    await s.emu.core.persistence.saved();
    expect(s.emu.control.dataFileStatus().writes - before).toBe(1);
    // Concurrent requests share writes too: each is answered once its change is on disk.
    const mid = s.emu.control.dataFileStatus().writes;
    const replies = await Promise.all(Array.from({ length: 30 }, (_v, i) => s.api.control('createUser', { username: `parallel_${i}` })));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(s.emu.control.dataFileStatus().writes - mid).toBeLessThan(30);
    const saved = readFileSync(join(sub, 'state.json'), 'utf8');
    for (let i = 0; i < 30; i++) expect(saved).toContain(`parallel_${i}`);
    await s.emu.close();
  });
});

describe('what is kept is bounded', () => {
  it('past the emulator\'s bound on kept upload bytes an upload is 413 / 40005 and stores nothing; deleting makes room', async () => {
    const s = await startOn(join(mkdtempSync(join(dir, 'bound-')), 'state.json'));
    s.emu.core.blobs.limitBytes = 25 * MIB;
    const first = await postFiles(s.emu, GENERAL, [{ filename: 'one.bin', data: tenMiB(101) }, { filename: 'two.bin', data: tenMiB(102) }]);
    expect(first.status).toBe(200);
    const over = await postFiles(s.emu, GENERAL, [{ filename: 'three.bin', data: tenMiB(103) }], 'over the bound');
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(40005);
    expect(over.body.message).toMatch(/at most 25 MiB of uploads/);
    const latest = await s.api.get(`/channels/${GENERAL}/messages?limit=1`, s.api.bot);
    expect(latest.body[0].id).toBe(first.body.id);
    expect(s.emu.control.dataFileStatus().blobs.bytes).toBe(20 * MIB);
    await fetch(`${s.emu.apiBase}/channels/${GENERAL}/messages/${first.body.id}`, { method: 'DELETE', headers: { authorization: `Bot ${SEED.botToken}` } });
    expect(s.emu.control.dataFileStatus().blobs.bytes).toBe(0);
    expect((await postFiles(s.emu, GENERAL, [{ filename: 'three.bin', data: tenMiB(103) }])).status).toBe(200);
    await s.emu.close();
  }, 60_000);

  it('the bound on kept upload bytes at its edge: exactly the bound is kept, one byte over is refused, and bytes already kept take no room', async () => {
    expect(new BlobStore(null).limitBytes).toBe(1024 * MIB); // MAX_KEPT_BLOB_BYTES, the emulator's own bound
    const s = await startOn(join(mkdtempSync(join(dir, 'edge-')), 'state.json'));
    s.emu.core.blobs.limitBytes = 20 * MIB;
    const first = await postFiles(s.emu, GENERAL, [{ filename: 'one.bin', data: tenMiB(201) }, { filename: 'two.bin', data: tenMiB(202) }]);
    expect(first.status, 'exactly the bound').toBe(200);
    expect(s.emu.control.dataFileStatus().blobs.bytes).toBe(20 * MIB);
    const over = await postFiles(s.emu, GENERAL, [{ filename: 'byte.bin', data: Buffer.from([7]) }], 'one byte over');
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(40005);
    // The same content again (twice in one message, and once more) is one blob already kept: no room needed.
    const again = await postFiles(s.emu, GENERAL, [{ filename: 'one-again.bin', data: tenMiB(201) }, { filename: 'one-twice.bin', data: tenMiB(201) }], 'kept already');
    expect(again.status, JSON.stringify(again.body)?.slice(0, 200)).toBe(200);
    expect(s.emu.control.dataFileStatus().blobs.bytes).toBe(20 * MIB);
    // Within the bound, one content twice in one message counts once.
    s.emu.core.blobs.limitBytes = 30 * MIB;
    const twice = await postFiles(s.emu, GENERAL, [{ filename: 'three.bin', data: tenMiB(203) }, { filename: 'three-again.bin', data: tenMiB(203) }], 'one new content twice');
    expect(twice.status, JSON.stringify(twice.body)?.slice(0, 200)).toBe(200);
    expect(s.emu.control.dataFileStatus().blobs.bytes).toBe(30 * MIB);
    await s.emu.close();
  }, 60_000);
});
