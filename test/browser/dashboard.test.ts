// The emulator's dashboard in a real browser (Debian's Chromium through playwright-core; skipped
// with the reason where there is none): it loads with no console error, shows a lobby message
// and a call member's speaking indicator as they happen, and its actions work — advance the
// clock, approve a pending consent, copy the bot token from its masked form. A screenshot is kept
// in reports/browser/.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Api, SEED, start, type Started } from '../emulator/helpers';
import { callOf, closeOpened, type Opened } from '../emulator/voice/helpers';
import { MODE_AES_GCM } from '../../lib/emulator/voice/protocol';
import { ARTIFACTS, chromiumPath, launch, watchedPage } from './chromium';

const executable = chromiumPath();
if (typeof executable !== 'string') console.warn(`[browser tests skipped] ${executable.skip}`);

describe.skipIf(typeof executable !== 'string')('the dashboard in Chromium', () => {
  let s: Started;
  let api: Api;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const opened: Opened = { gateways: [], connected: [] };

  beforeAll(async () => {
    s = await start();
    api = s.api;
    s.emu.control.setRateLimits(false);
    browser = await launch(executable as string);
    page = await watchedPage(browser, errors);
    await page.goto(`${s.emu.webBase}/`);
    await page.waitForFunction(() => document.getElementById('clock')?.textContent !== '…', undefined, { timeout: 10_000 });
  }, 60_000);

  afterAll(async () => {
    closeOpened(opened);
    await browser?.close();
    await s?.emu.close();
  });

  it('loads with the people, the applications (credentials masked) and a live feed, and no console error', async () => {
    await page.waitForSelector('#connection:text("live")', { timeout: 10_000 });
    const users = await page.textContent('#users');
    expect(users).toContain('@nelly');
    const applications = (await page.textContent('#applications'))!;
    expect(applications).toContain(SEED.applicationId);
    expect(applications).not.toContain(s.emu.application.botToken);
    expect(errors).toEqual([]);
  });

  it('shows a lobby message as it is sent', async () => {
    const token = api.token(SEED.users.nelly);
    const lobby = (await api.put('/lobbies', { secret: 'browser' }, `Bearer ${token}`)).body;
    await api.post(`/lobbies/${lobby.id}/messages`, { content: 'hello from the test' }, `Bearer ${token}`);
    await page.waitForSelector(`[data-lobby="${lobby.id}"] .message:text("hello from the test")`, { timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  it("shows a call member's speaking indicator when it speaks, and its transport mode", async () => {
    // The test's voice client speaks no DAVE: the call runs without it, as before the date rule.
    s.emu.control.voice!.setDaveRequired(false);
    const { lobbyId, members } = await callOf(s.emu, [[SEED.users.alice, MODE_AES_GCM]], opened);
    await page.waitForSelector(`[data-channel="${lobbyId}"] [data-speaking="0"]`, { timeout: 10_000 });
    members[0].voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: members[0].ssrc } });
    await page.waitForSelector(`[data-channel="${lobbyId}"] [data-speaking="1"]`, { timeout: 10_000 });
    expect(await page.textContent(`[data-channel="${lobbyId}"]`)).toContain(MODE_AES_GCM);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('advances the clock from the page; the event log shows the action', async () => {
    const before = s.emu.control.now();
    await page.fill('#advance-minutes', '60');
    await page.click('#advance');
    await page.waitForFunction((at) => {
      const text = document.getElementById('clock')?.textContent ?? '';
      return Date.parse(text.replace(' ', 'T')) >= at;
    }, before + 60 * 60_000, { timeout: 10_000 });
    expect(s.emu.control.now()).toBeGreaterThanOrEqual(before + 60 * 60_000);
    await page.waitForSelector('.log-entry.kind-control:text("advanceClock")', { timeout: 10_000 });
    await page.fill('#log-filter', 'advanceClock');
    expect(await page.locator('.log-entry').count()).toBeGreaterThan(0);
    expect(await page.locator('.log-entry.kind-dispatch').count()).toBe(0);
    await page.fill('#log-filter', '');
    expect(errors).toEqual([]);
  });

  it('approves a pending consent from the page', async () => {
    await api.control('setAutoApprove', { userId: null });
    await api.authorize({ response_type: 'code', client_id: SEED.applicationId, scope: 'openid', redirect_uri: 'http://127.0.0.1:5000/callback', state: 'from-the-dashboard' });
    const [pending] = s.emu.control.listPendingAuthorizations().filter((p) => p.state === 'from-the-dashboard');
    await page.waitForSelector(`#approve-as-${pending.id}`, { timeout: 10_000 });
    await page.selectOption(`#approve-as-${pending.id}`, SEED.users.dave);
    await page.click(`#consents button:text("Approve")`);
    await page.waitForFunction(() => document.getElementById('consents')?.textContent?.includes('None waiting'), undefined, { timeout: 10_000 });
    expect(s.emu.control.listPendingAuthorizations().some((p) => p.id === pending.id)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('copies the bot token (shown masked) on click', async () => {
    await page.click('#applications button:text("Copy") >> nth=0');
    await page.waitForSelector('#connection:text("botToken copied")', { timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(s.emu.application.botToken);
    expect(errors).toEqual([]);
  });
});
