// Finds the machine's Chromium for the browser tests (Debian's `chromium` package; nothing here
// downloads a browser) and opens pages that fail the test on any console error or page error.
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

/** The Chromium executable on PATH (or SDKPP_CHROMIUM), or a sentence saying why there is none and how to get one. */
export function chromiumPath(): string | { skip: string } {
  const configured = process.env.SDKPP_CHROMIUM;
  if (configured) return existsSync(configured) ? configured : { skip: `SDKPP_CHROMIUM=${configured} does not exist` };
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) if (existsSync(join(dir, name))) return join(dir, name);
  }
  return { skip: 'no Chromium on PATH (Debian: apt-get install chromium; or set SDKPP_CHROMIUM to a Chromium executable)' };
}

/** Where the browser tests keep their screenshots (git ignores reports/). */
export const ARTIFACTS = join(process.cwd(), 'reports', 'browser');

export async function launch(executablePath: string): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A page that records console errors and uncaught page errors into `errors`. */
export async function watchedPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return page;
}
