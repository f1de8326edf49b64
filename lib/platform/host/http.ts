// The host's HTTP: fetch (so nock can intercept it), no redirects followed, bounded responses.
import { MAX_HTTP_BODY_BYTES, shorten, type HostEvents } from './events';

export class HostHttp {
  readonly #events: HostEvents;
  readonly #requests = new Map<number, AbortController>();

  constructor(events: HostEvents) {
    this.#events = events;
  }

  sendHttp(id: number, method: string, url: string, headers: string[], body: string): void {
    const controller = new AbortController();
    this.#requests.set(id, controller);
    const headerPairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < headers.length; i += 2) headerPairs.push([headers[i], headers[i + 1]]);
    const init: RequestInit = { method, headers: headerPairs, signal: controller.signal, redirect: 'manual' };
    if (body.length > 0 && method !== 'GET' && method !== 'HEAD') init.body = body;
    void (async () => {
      try {
        const response = await fetch(url, init);
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > MAX_HTTP_BODY_BYTES) throw new Error(`response larger than ${MAX_HTTP_BODY_BYTES} bytes`);
        const text = await response.text();
        if (text.length > MAX_HTTP_BODY_BYTES) throw new Error(`response larger than ${MAX_HTTP_BODY_BYTES} bytes`);
        const flat: string[] = [];
        response.headers.forEach((value, name) => flat.push(name.toLowerCase(), value));
        if (!this.#requests.delete(id)) return; // cancelled meanwhile
        this.#events.deliver(
          (sink) => sink._OnHttpResponse(id, response.status, flat, text),
          () => this.#events.deliver((sink) => sink._OnHttpError(id, 'the response could not be read (a header or the body is too large)')),
        );
      } catch (error) {
        if (!this.#requests.delete(id)) return; // cancelled: the core already moved on
        this.#events.deliver((sink) => sink._OnHttpError(id, describeFetchError(error)));
      }
    })();
  }

  cancelHttp(id: number): void {
    const controller = this.#requests.get(id);
    this.#requests.delete(id);
    controller?.abort();
  }

  close(): void {
    for (const controller of this.#requests.values()) controller.abort();
    this.#requests.clear();
  }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return shorten(`${cause.code}: ${cause.message ?? 'connection failed'}`);
  return shorten(error instanceof Error ? error.message : String(error));
}
