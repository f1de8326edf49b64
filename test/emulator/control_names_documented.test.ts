// Every control API name the documentation gives answers over HTTP under that very name:
// POST {webBase}/_sdkpp/control/<name>, where <name> is the method's path from emu.control
// (`advanceClock`; `voice.setDaveRequired` for control.voice's hooks, which also answer to their
// bare name). The names are read out of the docs: the control API table of the emulator guide
// (docs/emulator.md, with the HTTP body fields each takes), the `control.<name>` / `voice.<name>`
// mentions of every page under docs/ and of lib/emulator/README.md, and README.md's section
// "The emulator". A documented name the server does not answer fails, and so does a documented
// required field the server does not require (an empty body must be a 400, not an action on a
// made-up value).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './helpers/harness';

const ROOT = resolve(__dirname, '..', '..');

interface Documented {
  /** The HTTP name: `advanceClock`, `voice.setDaveRequired`. */
  name: string;
  /** Where the docs say it, for the failure message. */
  where: string;
  /** The body fields the docs require (none when the docs give no signature). */
  required: string[];
}

/** The contents of every `code span` in `text` (fenced blocks left out; a span may wrap a line). */
const codeSpans = (text: string) => [...text.replace(/^```[^]*?^```/gm, '').matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\n/g, ' '));

/** The section of a markdown file from its heading to the next heading of that level or above. */
function section(file: string, heading: string): string {
  const text = readFileSync(resolve(ROOT, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The fields a signature requires: the identifiers in its parentheses without a `?` (`null` is a
 * value, not a field). `banUser(userId, durationMs?)` -> [userId]; `voiceStats()` -> [].
 */
function requiredFields(signature: string): string[] {
  const args = /\((.*)\)\s*$/.exec(signature)?.[1] ?? '';
  return [...args.matchAll(/([A-Za-z]+)(\??)/g)].filter((m) => m[2] === '' && m[1] !== 'null').map((m) => m[1]);
}

/** The markdown files under docs/, relative to the repository. */
function docsPages(dir = resolve(ROOT, 'docs')): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return docsPages(path);
      return name.endsWith('.md') ? [relative(ROOT, path)] : [];
    });
}

/**
 * docs/emulator.md's control API table (first column), and `control.x` / `voice.x` anywhere in
 * docs/ and lib/emulator/README.md.
 */
function guideNames(): Documented[] {
  const guide = 'docs/emulator.md';
  const found: Documented[] = [];
  for (const row of section(guide, '## Control API').split('\n').filter((line) => line.startsWith('| `'))) {
    for (const span of codeSpans(row.split(' | ')[0])) {
      const name = /^(?:voice\.)?[a-z][A-Za-z]*/.exec(span)?.[0];
      if (!name) throw new Error(`${guide}: control table entry \`${span}\` names no method`);
      found.push({ name, where: `${guide} control table: ${span}`, required: requiredFields(span) });
    }
  }
  for (const file of [...docsPages(), 'lib/emulator/README.md']) {
    for (const span of codeSpans(readFileSync(resolve(ROOT, file), 'utf8'))) {
      const mention = /^(?:emu\.)?control\.((?:voice\.)?[a-z][A-Za-z]*)(?:\(.*\))?$/.exec(span) ?? /^(voice\.[a-z][A-Za-z]*)(?:\(.*\))?$/.exec(span);
      // `control.voice` is the hooks' namespace, `control.ts` or `docs/voice-calls.md` a file: not a method.
      if (mention && mention[1] !== 'voice' && !/\.(ts|md|js|cjs|mjs)$/.test(span)) found.push({ name: mention[1], where: `${file}: \`${span}\``, required: [] });
    }
  }
  return found;
}

/**
 * README.md's "The emulator": every code span that is a method-like name (camelCase, or
 * voice.<name>) is a control name, except these, which the section names for other reasons.
 */
const README_NOT_CONTROL = new Set(['startEmulator', 'startEmulator()', 'voicePort', 'publicUrl']);

function readmeNames(): Documented[] {
  return codeSpans(section('README.md', '## The emulator'))
    .filter((span) => /^(?:voice\.)?[a-z]+[A-Z][A-Za-z]*(?:\(.*\))?$/.test(span) && !README_NOT_CONTROL.has(span))
    .map((span) => ({ name: /^[A-Za-z.]+/.exec(span)![0], where: `README.md "The emulator": \`${span}\``, required: [] }));
}

let t: TestEmulator;

beforeAll(async () => {
  // ipc: the local client's hooks are documented too.
  t = await startTestEmulator();
});
afterAll(() => t?.close());

/** POST /_sdkpp/control/<name> with `body` (JSON). */
async function call(name: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.emu.webBase}/_sdkpp/control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The router's own 404 (no such control name), as opposed to a method's "no such id". */
const noRoute = (reply: { status: number; body: any }) => reply.status === 404 && reply.body?.message === '404: Not Found';

describe('the documented control names', () => {
  it('are found in the emulator guide and the README (the reading is not vacuous)', () => {
    const emulator = guideNames();
    expect(new Set(emulator.map((d) => d.name)).size).toBeGreaterThan(50);
    expect(emulator.map((d) => d.name)).toEqual(expect.arrayContaining(['advanceClock', 'voice.setDaveRequired', 'createGroupDm', 'sendActivityJoinRequest', 'setWebhookUrl']));
    expect(readmeNames().map((d) => d.name)).toEqual(expect.arrayContaining(['voice.setDaveRequired', 'postChannelMessage', 'invokeCommand']));
  });

  it('every one answers over HTTP under its documented name (never the router\'s 404, never a 500)', async () => {
    const problems: string[] = [];
    for (const documented of [...guideNames(), ...readmeNames()]) {
      const reply = await call(documented.name);
      if (noRoute(reply)) problems.push(`${documented.where}: POST /_sdkpp/control/${documented.name} is not served`);
      else if (reply.status >= 500) problems.push(`${documented.where}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a documented required field is required: an empty body is a 400 naming what is missing, not an action', async () => {
    const problems: string[] = [];
    for (const documented of guideNames().filter((d) => d.required.length > 0)) {
      const reply = await call(documented.name);
      if (reply.status !== 400) problems.push(`${documented.where}: {} got ${reply.status} ${JSON.stringify(reply.body).slice(0, 120)} (requires ${documented.required.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });

  it('the voice hooks answer under voice.<name> and, as before, their bare name; an unknown name is the router\'s 404', async () => {
    const hooks = Object.keys(t.emu.control.voice!);
    expect(hooks.length).toBeGreaterThan(5);
    for (const hook of hooks) {
      expect(noRoute(await call(`voice.${hook}`)), `voice.${hook}`).toBe(false);
      expect(noRoute(await call(hook)), hook).toBe(false);
    }
    expect((await call('voice.setDaveRequired', { required: false })).body).toEqual({ ok: true });
    expect((await call('voice.setDaveRequired', { required: 'yes' })).status).toBe(400);
    expect((await call('voice.setDaveRequired', { required: null })).body).toEqual({ ok: true });
    expect(noRoute(await call('voice.noSuchHook'))).toBe(true);
    expect(noRoute(await call('voice.advanceClock'))).toBe(true);
  });
});
