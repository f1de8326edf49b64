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

/**
 * Why fetch failed, as the core reads it (native/core/include/sdkpp/platform.h, OnHttpError):
 * the error's code first when Node names one, then what happened. fetch itself only says "fetch
 * failed"; the reason is its `cause` (a nested cause, or an AggregateError with one error per
 * address tried). The core adds the method, the URL and what to do. A URL's user info (a
 * password) is cut out of the text.
 */
export function describeFetchError(error: unknown): string {
  if (error instanceof ResponseTooLarge) return error.message;
  const causes = causesOf(error);
  const code = causes.find((cause) => cause.code)?.code;
  const messages = [...new Set(causes.map((cause) => cause.message).filter((text) => text.length > 0))];
  const what = messages.join('; ');
  const text = code ? `${code}: ${what || 'connection failed'}` : what || messageOf(error) || 'fetch failed';
  return shorten(withoutUserInfo(text));
}

interface FailureCause {
  code: string | undefined;
  message: string;
}

/** The causes below `error`, nearest first: its `cause` chain and an AggregateError's errors (bounded). */
function causesOf(error: unknown): FailureCause[] {
  const found: FailureCause[] = [];
  const queue: unknown[] = [(error as { cause?: unknown } | null)?.cause];
  for (let i = 0; i < queue.length && found.length < 8; i++) {
    const item = queue[i];
    if (item === null || typeof item !== 'object') continue;
    const { code, cause, errors } = item as { code?: unknown; cause?: unknown; errors?: unknown };
    found.push({ code: typeof code === 'string' && code.length > 0 ? code : undefined, message: messageOf(item) });
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 4));
    if (cause !== undefined) queue.push(cause);
  }
  return found;
}

function messageOf(value: unknown): string {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.trim() : '';
}

/** scheme://user:password@host -> scheme://host, wherever a URL appears in the text. */
function withoutUserInfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1');
}
