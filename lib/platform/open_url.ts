// Opens a URL in the user's browser with the operating system's opener. Only http(s) URLs are
// passed on, as a single argument (never through a shell), so a URL cannot inject a command.
// Whether the page really opened is often known only later (the opener is missing, or exits
// with an error: xdg-open without a graphical session): `onFailure` then gets the reason.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The opener's command line for this operating system. */
function openerFor(url: string): [command: string, args: string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

function onPath(command: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/**
 * Why the system opener cannot work here, found before trying (Linux and the BSDs only: macOS
 * and Windows always have theirs), or undefined.
 */
function knownFailure(command: string): string | undefined {
  if (process.platform === 'darwin' || process.platform === 'win32') return undefined;
  if (!onPath(command)) return `${command} is not installed; it comes with the xdg-utils package`;
  const env = process.env;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY && !env.BROWSER) {
    return 'no graphical session: DISPLAY, WAYLAND_DISPLAY and BROWSER are all unset';
  }
  return undefined;
}

/**
 * Starts the system opener for `url`. False when the URL is not http(s) (nothing is started);
 * true otherwise, and `onFailure(reason)` runs once, later, if the page could not be opened.
 */
export function openInSystemBrowser(url: string, onFailure: (reason: string) => void): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  const [command, args] = openerFor(url);
  let reported = false;
  const fail = (reason: string) => {
    if (reported) return;
    reported = true;
    onFailure(reason);
  };
  const known = knownFailure(command);
  if (known) {
    setImmediate(() => fail(known));
    return true;
  }
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error: NodeJS.ErrnoException) => {
      fail(error.code === 'ENOENT' ? `${command} was not found` : `${command} could not start: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      if (code !== 0) fail(code === null ? `${command} was ended by ${signal}` : `${command} exited with code ${code}`);
    });
    child.unref();
  } catch (error) {
    setImmediate(() => fail(`${command} could not start: ${(error as Error).message}`));
  }
  return true;
}
