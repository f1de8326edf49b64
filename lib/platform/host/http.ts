// The host's HTTP: fetch (so nock can intercept it), no redirects followed, bounded responses.
// A body is read as it arrives and the request is aborted as soon as more than the addon's
// limit has come (or a Content-Length says it will), so a hostile or broken service cannot make
// the process buffer more than that limit (issue 11, item 11).
import { MAX_HTTP_BODY_BYTES, shorten, type HostEvents } from './events';

/** A response the SDK refuses to read: its body is larger than the addon takes. */
class ResponseTooLarge extends Error {}

const LIMIT_TEXT = `${MAX_HTTP_BODY_BYTES} bytes (${MAX_HTTP_BODY_BYTES / (1024 * 1024)} MiB), the SDK's limit`;

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
        if (declared > MAX_HTTP_BODY_BYTES) {
          throw new ResponseTooLarge(`the response declares ${declared} bytes, more than ${LIMIT_TEXT}; it was not read`);
        }
        const text = await readBounded(response.body);
        const flat: string[] = [];
        response.headers.forEach((value, name) => flat.push(name.toLowerCase(), value));
        if (!this.#requests.delete(id)) return; // cancelled meanwhile
        this.#events.deliver(
          (sink) => sink._OnHttpResponse(id, response.status, flat, text),
          () => this.#events.deliver((sink) => sink._OnHttpError(id, 'the response could not be read (a header or the body is too large)')),
        );
      } catch (error) {
        controller.abort(); // a refused body: stop the transfer (nothing to stop otherwise)
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

/** The body as text (UTF-8, as Response.text() decodes it), read up to the limit and no further. */
async function readBounded(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  // Leaving the loop early (the throw) cancels the stream, which ends the transfer.
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    received += chunk.byteLength;
    if (received > MAX_HTTP_BODY_BYTES) {
      throw new ResponseTooLarge(`the response is larger than ${LIMIT_TEXT}; reading stopped at ${received} bytes`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, received));
}

function describeFetchError(error: unknown): string {
  if (error instanceof ResponseTooLarge) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return shorten(`${cause.code}: ${cause.message ?? 'connection failed'}`);
  return shorten(error instanceof Error ? error.message : String(error));
}
