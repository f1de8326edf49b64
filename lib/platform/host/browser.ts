// The host's browser: opens the authorize page (the app's openUrl, else the system browser).
import { openInSystemBrowser } from '../open_url';
import type { HostEvents } from './events';

export class HostBrowser {
  readonly #events: HostEvents;

  constructor(events: HostEvents) {
    this.#events = events;
  }

  openUrl(url: string): boolean {
    const options = this.#events.options();
    if (!options) return false; // the Client is gone
    if (options.openUrl) {
      try {
        return options.openUrl(url) !== false;
      } catch {
        return false;
      }
    }
    return openInSystemBrowser(url);
  }
}
