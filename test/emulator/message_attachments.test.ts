// Uploads on the message routes: multipart/form-data with payload_json and files[n], the
// attachment request objects (description, is_spoiler), the IS_SPOILER flag, edits that keep
// attachments by id, the 10 MiB per-attachment limit (40005), the URL serving the bytes, and
// malformed multipart bodies (400, never 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import { multipartBody as multipart, type UploadPart as Part } from './helpers/uploads';

const IS_SPOILER = 1 << 3;
const MIB = 1024 * 1024;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const GENERAL = at(12);

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  await t.close();
});

async function upload(method: string, path: string, parts: Part[]): Promise<{ status: number; body: any }> {
  const { body, contentType } = multipart(parts);
  const response = await fetch(`${t.emu.apiBase}${path}`, { method, headers: { authorization: bot(t.emu), 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function raw(body: string | Buffer, contentType: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.emu.apiBase}/channels/${GENERAL}/messages`, { method: 'POST', headers: { authorization: bot(t.emu), 'content-type': contentType }, body });
  return { status: response.status, body: await response.json() };
}

const json = (value: unknown): Part => ({ name: 'payload_json', contentType: 'application/json', data: JSON.stringify(value) });

describe('multipart uploads', () => {
  it('attaches files[n] as described by attachments[], and serves the bytes at the attachment url', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    const reply = await upload('POST', `/channels/${GENERAL}/messages`, [
      json({ content: 'two files', attachments: [{ id: 0, description: 'a tiny image' }, { id: 1, filename: 'renamed.txt', is_spoiler: true }] }),
      { name: 'files[0]', filename: 'tiny.png', contentType: 'image/png', data: png },
      { name: 'files[1]', filename: 'notes.txt', contentType: 'text/plain', data: 'hello' },
    ]);
    expect(reply.status).toBe(200);
    const [image, notes] = reply.body.attachments;
    expect(image).toMatchObject({ filename: 'tiny.png', description: 'a tiny image', content_type: 'image/png', size: png.length });
    expect(image.flags ?? 0).toBe(0);
    expect(notes).toMatchObject({ filename: 'renamed.txt', size: 5, flags: IS_SPOILER });
    // Spec: is_spoiler does not rename the file (not every spoiler has the SPOILER_ prefix).
    expect(notes.filename.startsWith('SPOILER_')).toBe(false);
    expect(image.url.startsWith(`${t.emu.webBase}/attachments/${GENERAL}/${image.id}/`)).toBe(true);
    const served = await fetch(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await fetch(`${t.emu.webBase}/attachments/${GENERAL}/1/x.png`)).status).toBe(404);
  });

  it('marks a SPOILER_ filename as a spoiler; a file without an attachments entry is attached as is', async () => {
    const reply = await upload('POST', `/channels/${GENERAL}/messages`, [
      json({ content: 'legacy spoiler' }),
      { name: 'files[0]', filename: 'SPOILER_plot.txt', data: 'twist' },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.attachments[0]).toMatchObject({ filename: 'SPOILER_plot.txt', flags: IS_SPOILER });
  });

  it('edits description and is_spoiler of kept attachments by id, drops the ones left out, adds new files', async () => {
    const created = await upload('POST', `/channels/${GENERAL}/messages`, [
      json({ attachments: [{ id: 0, description: 'first' }, { id: 1, description: 'second' }] }),
      { name: 'files[0]', filename: 'a.txt', data: 'aaa' },
      { name: 'files[1]', filename: 'b.txt', data: 'bbb' },
    ]);
    const [a, b] = created.body.attachments;
    const edited = await upload('PATCH', `/channels/${GENERAL}/messages/${created.body.id}`, [
      json({ attachments: [{ id: a.id, description: 'first, described again', is_spoiler: true }, { id: 0, description: 'new one' }] }),
      { name: 'files[0]', filename: 'c.txt', data: 'ccc' },
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.attachments).toHaveLength(2);
    expect(edited.body.attachments[0]).toMatchObject({ id: a.id, description: 'first, described again', flags: IS_SPOILER });
    expect(edited.body.attachments[1]).toMatchObject({ filename: 'c.txt', description: 'new one' });
    expect((await fetch(b.url)).status).toBe(404);
    // A JSON edit without attachments keeps them; is_spoiler false clears the flag.
    const res = await fetch(`${t.emu.apiBase}/channels/${GENERAL}/messages/${created.body.id}`, {
      method: 'PATCH', headers: { authorization: bot(t.emu), 'content-type': 'application/json' },
      body: JSON.stringify({ attachments: [{ id: a.id, is_spoiler: false }] }),
    });
    const unspoiled: any = await res.json();
    expect(unspoiled.attachments).toHaveLength(1);
    expect(unspoiled.attachments[0].flags ?? 0).toBe(0);
    expect(unspoiled.attachments[0].description).toBe('first, described again');
  });

  it('a message of files only, or of attachment entries only, is not empty', async () => {
    const reply = await upload('POST', `/channels/${GENERAL}/messages`, [json({}), { name: 'files[0]', filename: 'only.txt', data: 'just a file' }]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.content).toBe('');
    expect(reply.body.attachments[0]).toMatchObject({ filename: 'only.txt', size: 11 });
    // An attachments entry is something to send: one without its file is named (50035), not called empty (50006).
    const missing = await upload('POST', `/channels/${GENERAL}/messages`, [json({ attachments: [{ id: 0, description: 'where is it' }] })]);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(50035);
    expect(missing.body.message).toMatch(/attachments: 0 names neither/);
  });

  it('an edit that drops one of three attachments releases its bytes only: the two kept still serve theirs', async () => {
    const blobBytes = () => t.emu.control.dataFileStatus().blobs.bytes;
    const unique = (n: number) => `${'x'.repeat(n)}-${Date.now()}-${Math.random()}`;
    const data = [unique(100), unique(200), unique(300)];
    const before = blobBytes();
    const created = await upload('POST', `/channels/${GENERAL}/messages`, data.map((d, i) => ({ name: `files[${i}]`, filename: `f${i}.txt`, data: d })));
    expect(created.status).toBe(200);
    expect(blobBytes() - before).toBe(data[0].length + data[1].length + data[2].length);
    const [a, b, c] = created.body.attachments;
    const res = await fetch(`${t.emu.apiBase}/channels/${GENERAL}/messages/${created.body.id}`, {
      method: 'PATCH', headers: { authorization: bot(t.emu), 'content-type': 'application/json' },
      body: JSON.stringify({ attachments: [{ id: a.id }, { id: c.id }] }),
    });
    expect(res.status).toBe(200);
    expect(blobBytes() - before).toBe(data[0].length + data[2].length);
    for (const [attachment, bytes] of [[a, data[0]], [c, data[2]]] as const) {
      const served = await fetch(attachment.url);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(bytes);
    }
    expect((await fetch(b.url)).status).toBe(404);
  });

  it('takes 10 MiB per attachment; one byte more is 413 with code 40005, and nothing is stored', async () => {
    const exact = await upload('POST', `/channels/${GENERAL}/messages`, [json({}), { name: 'files[0]', filename: 'big.bin', data: Buffer.alloc(10 * MIB, 1) }]);
    expect(exact.status).toBe(200);
    expect(exact.body.attachments[0].size).toBe(10 * MIB);
    const over = await upload('POST', `/channels/${GENERAL}/messages`, [json({ content: 'too big' }), { name: 'files[0]', filename: 'bigger.bin', data: Buffer.alloc(10 * MIB + 1, 1) }]);
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(40005);
    expect(over.body.message).toMatch(/Request entity too large/);
    const latest = await fetch(`${t.emu.apiBase}/channels/${GENERAL}/messages?limit=1`, { headers: { authorization: bot(t.emu) } });
    expect(((await latest.json()) as any)[0].id).toBe(exact.body.id);
  }, 30_000);

  it('takes at most 10 attachments and a description of at most 1024 characters', async () => {
    const files = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: `files[${i}]`, filename: `f${i}.txt`, data: 'x' }));
    expect((await upload('POST', `/channels/${GENERAL}/messages`, [json({}), ...files(10)])).status).toBe(200);
    expect((await upload('POST', `/channels/${GENERAL}/messages`, [json({}), ...files(11)])).status).toBe(400);
    const long = await upload('POST', `/channels/${GENERAL}/messages`, [json({ attachments: [{ id: 0, description: 'd'.repeat(1025) }] }), ...files(1)]);
    expect(long.body.errors.attachments['0'].description._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    const unknown = await upload('POST', `/channels/${GENERAL}/messages`, [json({ attachments: [{ id: 5 }] }), ...files(1)]);
    expect(unknown.status).toBe(400);
  });

  it('answers malformed multipart bodies with 400, never 500', async () => {
    const type = 'multipart/form-data; boundary=b';
    const cases: Array<[string | Buffer, string]> = [
      ['', type],
      ['garbage without a boundary', type],
      ['--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content":"x"}', type], // never closed
      ['--b\r\nno-colon-header\r\n\r\nx\r\n--b--', type],
      ['--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--', type], // no name
      ['--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{bad json\r\n--b--', type],
      ['--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n[1]\r\n--b--', type],
      ['--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n2\r\n--b--', type],
      ['--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--', 'multipart/form-data'], // no boundary
      [`--${'b'.repeat(71)}\r\n`, `multipart/form-data; boundary=${'b'.repeat(71)}`],
      [Array.from({ length: 17 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('') + '--b--', type],
    ];
    for (const [body, contentType] of cases) {
      const reply = await raw(body, contentType);
      expect(reply.status, String(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(reply.status, String(body).slice(0, 60)).toBeLessThan(500);
    }
    expect((await raw('--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content":"fine"}\r\n--b--', type)).status).toBe(200);
  });
});
