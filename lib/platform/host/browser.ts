// The host's browser: opens the authorize page (the app's openUrl, else the system browser).
// When the system browser cannot be opened, the SDK's log says so with the address
// (_OnUrlNotOpened); when no log callback of the app takes Warnings, a process warning does: a
// script with no log callback and no browser (over SSH, in a container) must not wait for the
// flow's timeout in silence.
import { openInSystemBrowser } from '../open_url';
import { shorten, type HostEvents } from './events';

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
    return openInSystemBrowser(url, (reason) => {
      let told = false;
      this.#events.deliver((sink) => {
        told = sink._OnUrlNotOpened(url, shorten(reason)) === true;
      });
      if (told) return; // the app's log callback has the address already
      process.emitWarning(`sdkpp: no browser could be opened (${reason}). Open this address in a browser to continue: ${url}`, {
        type: 'SdkppWarning',
        code: 'SDKPP_BROWSER_NOT_OPENED',
      });
    });
  }
}
