// Opens a URL in the user's browser with the operating system's opener. Only http(s) URLs are
// passed on, as a single argument (never through a shell), so a URL cannot inject a command.
import { spawn } from 'node:child_process';

export function openInSystemBrowser(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => {
      // No opener installed: the Authorize flow's timeout or AbortAuthorize ends the wait.
    });
    child.unref();
    return true;
  } catch {
    return false;
  }
}
