// An embedded activity in a real browser (Debian's Chromium through playwright-core; skipped with
// the reason where there is none): the dashboard launches the application's entry point as a
// person and frames the example activity (test/fixtures/activity, served by a local server here,
// with the activity SDK built from lib/activity) through the proxy host, at / and at /.proxy/.
// The activity completes authorize (the person clicks Authorize; this test's backend exchanges
// the code with the client secret), authenticate, lists the participants and follows a join,
// shares a link (its referrer_id dropped), and gets INVALID_COMMAND for an unknown command.
// Messages from a foreign origin are ignored on both sides. No console error; a screenshot goes
// to reports/browser/activity.png.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { SEED, start, type Started } from '../emulator/helpers';
import { ARTIFACTS, chromiumPath, launch, watchedPage } from './chromium';

const executable = chromiumPath();
if (typeof executable !== 'string') console.warn(`[browser tests skipped] ${executable.skip}`);

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'activity');
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();

/** sdkpp/activity as the browser gets it: the ES module build of lib/activity/index.ts (as scripts/build/build-ts.mjs makes it). */
function activitySdkModule(): string {
  const source = readFileSync(join(ROOT, 'lib', 'activity', 'index.ts'), 'utf8');
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/** The activity's dev server and backend: its page, its script, the SDK, and POST /api/token (the code exchange, with the client secret). */
async function activityServer(s: Started): Promise<{ server: http.Server; port: number; exchanges: number[] }> {
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', readFileSync(join(FIXTURE, 'index.html'), 'utf8')],
    '/main.js': ['text/javascript; charset=utf-8', readFileSync(join(FIXTURE, 'main.js'), 'utf8')],
    '/sdk.mjs': ['text/javascript; charset=utf-8', activitySdkModule()],
  };
  const exchanges: number[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'POST' && path === '/api/token') {
      let code = '';
      req.on('data', (chunk: Buffer) => (code += chunk.toString()));
      req.on('end', async () => {
        const reply = await fetch(`${s.emu.apiBase}/oauth2/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: s.emu.application.id, client_secret: s.emu.application.clientSecret }),
        });
        exchanges.push(reply.status);
        const body = (await reply.json()) as { access_token?: string };
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: body.access_token }));
      });
      return;
    }
    const file = files[path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' });
    res.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, exchanges };
}

describe.skipIf(typeof executable !== 'string')('an embedded activity in Chromium', () => {
  let s: Started;
  let site: Awaited<ReturnType<typeof activityServer>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    s = await start();
    s.emu.control.setRateLimits(false);
    s.emu.control.setActivitiesEnabled(true);
    site = await activityServer(s);
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${site.port}` }]);
    browser = await launch(executable as string);
    page = await watchedPage(browser, errors);
    await page.goto(`${s.emu.webBase}/`);
    await page.waitForSelector('#activity-launch', { timeout: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.server.close(() => resolve()) : resolve()));
    await s?.emu.close();
  });

  /** Launches the entry point as nelly in #general with the path form; returns the activity's frame once its page loaded. */
  async function launchAs(pathForm: '/' | '/.proxy/'): Promise<Frame> {
    if (await page.locator('#activity-frame').count()) {
      await page.click('#activity-title button:text("Close")');
      await page.waitForSelector('#activity-frame', { state: 'detached', timeout: 10_000 });
    }
    await page.selectOption('#activity-app', SEED.applicationId);
    await page.selectOption('#activity-as', SEED.users.nelly);
    await page.selectOption('#activity-channel', GENERAL);
    await page.selectOption('#activity-path', pathForm);
    await page.click('#activity-launch button:text("Launch")');
    const element = await page.waitForSelector('#activity-frame', { timeout: 10_000 });
    const frame = (await element.contentFrame())!;
    await frame.waitForSelector('#status:not(:text("loading…"))', { timeout: 10_000 });
    return frame;
  }

  for (const pathForm of ['/', '/.proxy/'] as const) {
    it(`runs the example activity at ${pathForm} of the proxy host: authorize, authenticate, participants, shareLink, an unknown command`, async () => {
      const frame = await launchAs(pathForm);
      expect(new URL(frame.url()).host).toBe(`${SEED.applicationId}.activities.localhost:${s.emu.port}`);
      expect(new URL(frame.url()).pathname).toBe(pathForm);
      // authorize waits for the person's consent in the client.
      await page.waitForSelector('#activity-consent button:text("Authorize")', { timeout: 10_000 });
      expect(await page.textContent('#activity-consent')).toContain('identify');
      await page.click('#activity-consent button:text("Authorize")');
      await frame.waitForSelector('#status:text("done")', { timeout: 15_000 });
      expect(await frame.textContent('#user')).toBe('nelly');
      expect(await frame.textContent('#participants')).toBe('nelly');
      expect(await frame.textContent('#shared')).toBe('true');
      expect(await frame.textContent('#unknown')).toBe('4002 Unknown command: NOT_A_COMMAND');
      expect(site.exchanges.at(-1)).toBe(200);

      const instanceId = (await frame.textContent('#instance'))!;
      const instance = s.emu.control.activityInstance(instanceId);
      expect(instance.launchedBy).toBe(SEED.users.nelly);
      expect(instance.sharedLinks.map((l) => ({ message: l.message, customId: l.customId }))).toEqual([{ message: 'Join my run', customId: 'lobby-7' }]);
      expect(instance.sharedLinks[0].link).not.toContain('1349146942634065971'); // the referrer_id went nowhere

      // A join reaches the subscribed activity.
      s.emu.control.joinActivityInstance(instanceId, SEED.users.alice);
      await frame.waitForSelector('#participants:text("nelly, alice")', { timeout: 10_000 });
      expect(errors).toEqual([]);
    });
  }

  it('ignores postMessage from a foreign origin, in the activity and in the client', async () => {
    const frame = (await (await page.waitForSelector('#activity-frame'))!.contentFrame())!;
    const before = await frame.textContent('#participants');
    // In the activity: an update "from" another origin changes nothing.
    await frame.evaluate(() => {
      const data = [1, { cmd: 'DISPATCH', evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', data: { participants: [{ id: '1', username: 'mallory' }] } }];
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://evil.example', source: window.parent }));
    });
    // In the client: a command "from" another origin asks nobody anything.
    await page.evaluate(() => {
      const source = (document.getElementById('activity-frame') as HTMLIFrameElement).contentWindow;
      window.dispatchEvent(new MessageEvent('message', { data: [1, { cmd: 'AUTHORIZE', nonce: 'x', args: { client_id: '1349146942634065960', scope: ['identify'] } }], origin: 'http://evil.example', source }));
    });
    await page.waitForTimeout(300); // a message that would be handled is handled at once; give it the chance
    expect(await frame.textContent('#participants')).toBe(before);
    expect(await page.locator('#activity-consent button').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'activity.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
