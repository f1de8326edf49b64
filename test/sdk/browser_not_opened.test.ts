// When the authorize page cannot be opened, the player must still learn where to go: the SDK's
// log says so with the address (a Warning), or — when no log callback of the app takes
// Warnings — a process warning does (lib/platform/host/browser.ts). What counts as "could not
// open" for the app's own openUrl: returning false or throwing; returning nothing (void) or true
// is a success.
import { afterEach, describe, expect, it } from 'vitest';
import { AuthorizationArgs, Client, LoggingSeverity } from '../../lib/index';
import type { NodePlatformOptions } from '../../lib/index';

const APP_ID = 1349146942634065960n;
const NOT_OPENED = /no browser could be opened \((.*)\)\. Open this address in a browser to continue: (http\S+)/;

const clients: Client[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) {
    client.AbortAuthorize();
    client.Dispose();
  }
});

function client(openUrl?: NodePlatformOptions['openUrl']) {
  const made = new Client('http://127.0.0.1:9/api', 'http://web.test', { ipcPaths: () => [], ...(openUrl ? { openUrl } : {}) });
  made.SetApplicationId(APP_ID);
  clients.push(made);
  return made;
}

function authorize(target: Client): void {
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  target.Authorize(args).catch(() => undefined); // ended by AbortAuthorize after each test
}

/** The Warnings `target` logs within `ms` (bounded: the log callbacks run on the event loop). */
async function warningsWithin(target: Client, ms: number): Promise<string[]> {
  const lines: string[] = [];
  target.AddLogCallback((message) => lines.push(message), LoggingSeverity.Warning);
  authorize(target);
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !lines.some((line) => NOT_OPENED.test(line))) await new Promise((r) => setTimeout(r, 10));
  return lines;
}

describe("the app's openUrl", () => {
  it.each([
    ['returns nothing', () => undefined, false],
    ['returns true', () => true, false],
    ['returns false', () => false, true],
    ['throws', () => {
      throw new Error('no browser here');
    }, true],
  ] as const)('%s: a Warning with the address only when it could not open the page', async (_what, openUrl, warned) => {
    const opened: string[] = [];
    const target = client((url) => {
      opened.push(url);
      return openUrl();
    });
    const lines = await warningsWithin(target, warned ? 3000 : 300);
    expect(opened).toHaveLength(1);
    const warning = lines.map((line) => NOT_OPENED.exec(line)).find((match) => match !== null);
    if (warned) {
      expect(warning?.[1]).toBe('the platform could not open it');
      expect(warning?.[2]).toBe(opened[0]);
    } else {
      expect(warning).toBeUndefined();
    }
  });
});

describe.runIf(process.platform === 'linux')('the system browser, when it cannot be opened', () => {
  const saved = { PATH: process.env.PATH, DISPLAY: process.env.DISPLAY };
  afterEach(() => {
    process.env.PATH = saved.PATH;
    if (saved.DISPLAY === undefined) delete process.env.DISPLAY;
    else process.env.DISPLAY = saved.DISPLAY;
  });

  it("is the SDK's Warning with the reason and the address when a log callback takes Warnings, and no process warning", async () => {
    const processWarnings: Error[] = [];
    const onWarning = (warning: Error) => processWarnings.push(warning);
    process.on('warning', onWarning);
    try {
      process.env.PATH = '/nonexistent-sdkpp-path'; // no xdg-open
      const lines = await warningsWithin(client(), 3000);
      const warning = lines.map((line) => NOT_OPENED.exec(line)).find((match) => match !== null);
      expect(warning?.[1]).toBe('xdg-open is not installed; it comes with the xdg-utils package');
      expect(warning?.[2]).toMatch(/^http:\/\/web\.test\/oauth2\/authorize\?/);
      await new Promise((r) => setTimeout(r, 50)); // a process warning is emitted on a later tick
      expect(processWarnings.filter((w) => (w as NodeJS.ErrnoException).code === 'SDKPP_BROWSER_NOT_OPENED')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('is a process warning with the reason and the address when no log callback takes Warnings', async () => {
    const processWarnings: Error[] = [];
    const onWarning = (warning: Error) => processWarnings.push(warning);
    process.on('warning', onWarning);
    try {
      process.env.PATH = '/nonexistent-sdkpp-path';
      authorize(client());
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && processWarnings.length === 0) await new Promise((r) => setTimeout(r, 10));
      const warning = processWarnings.find((w) => (w as NodeJS.ErrnoException).code === 'SDKPP_BROWSER_NOT_OPENED');
      expect(warning?.name).toBe('SdkppWarning');
      expect(warning?.message).toMatch(
        /^sdkpp: no browser could be opened \(xdg-open is not installed; it comes with the xdg-utils package\)\. Open this address in a browser to continue: http:\/\/web\.test\/oauth2\/authorize\?/,
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});
