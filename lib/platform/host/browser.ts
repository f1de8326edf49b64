// The host's browser: opens the authorize page (the app's openUrl, else the system browser).
import { openInSystemBrowser } from '../open_url';

export class HostBrowser {
  readonly #openUrl: ((url: string) => boolean | void) | undefined;

  constructor(openUrl: ((url: string) => boolean | void) | undefined) {
    this.#openUrl = openUrl;
  }

  openUrl(url: string): boolean {
    if (this.#openUrl) {
      try {
        return this.#openUrl(url) !== false;
      } catch {
        return false;
      }
    }
    return openInSystemBrowser(url);
  }
}
