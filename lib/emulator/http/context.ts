// What a route handler gets: the request, its params and query, typed body readers that check
// the content type, and the caller's identity.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasScope } from '../auth/scopes';
import { accessToken } from '../domain/authorizations';
import type { Emulator } from '../emulator';
import type { Application, TokenRecord, User } from '../model/types';
import { contentType, maxMultipartBodyBytes, parseJsonBody, readBody } from './body';
import { defaultUploadLimit, type UploadedFile } from '../domain/attachments';
import { multipartBoundary, parseMultipart } from './multipart';
import { ApiError, Errors } from '../domain/errors';
import type { BucketRule } from '../rate_limits';

export type Caller =
  | { kind: 'bearer'; token: TokenRecord; app: Application; user: User | null }
  | { kind: 'bot'; app: Application; user: User };

export class RequestContext {
  params: Record<string, string> = {};
  readonly headers: Record<string, string> = {};
  #raw: Promise<Buffer> | undefined;
  #caller: Caller | null | undefined;

  constructor(
    readonly emu: Emulator,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    readonly path: string,
    readonly query: URLSearchParams,
  ) {}

  /**
   * Counts this request against `rule`'s bucket for `key`: its headers join the answer's, and a
   * request over an enforced bucket is refused with the service's 429.
   */
  rateLimit(rule: BucketRule, key: string): void {
    const count = this.emu.limiter.take(rule, key);
    if (count.retryAfter !== undefined) throw Errors.rateLimited(count.headers, count.retryAfter);
    Object.assign(this.headers, count.headers);
  }

  raw(): Promise<Buffer> {
    this.#raw ??= readBody(this.req);
    return this.#raw;
  }

  /** The JSON body; only application/json is accepted. */
  async json(): Promise<unknown> {
    if (contentType(this.req) !== 'application/json') {
      await this.raw().catch(() => undefined);
      throw Errors.unsupportedMediaType('application/json');
    }
    return parseJsonBody(await this.raw());
  }

  /** A JSON object body (an array or a scalar is 50035). */
  async jsonObject(): Promise<Record<string, unknown>> {
    const body = await this.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw Errors.invalidForm({ _root: [{ code: 'DICT_TYPE_CONVERT', message: 'The body must be a JSON object.' }] });
    }
    return body as Record<string, unknown>;
  }

  /**
   * A message route's body: a JSON object, or multipart/form-data with the JSON object in
   * `payload_json` and files (the upload routes; a larger, still bounded, body limit).
   */
  async jsonOrMultipart(): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
    if (contentType(this.req) !== 'multipart/form-data') return { body: await this.jsonObject(), files: [] };
    const boundary = multipartBoundary(String(this.req.headers['content-type']));
    this.#raw ??= readBody(this.req, maxMultipartBodyBytes(defaultUploadLimit(this.emu.now())));
    const parts = parseMultipart(await this.#raw, boundary);
    const payload = parts.fields.get('payload_json');
    let body: unknown = {};
    if (payload !== undefined) body = parseJsonBody(Buffer.from(payload));
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw Errors.invalidForm({ payload_json: [{ code: 'DICT_TYPE_CONVERT', message: 'payload_json must be a JSON object.' }] });
    }
    return { body: body as Record<string, unknown>, files: parts.files };
  }

  /** A form body; only application/x-www-form-urlencoded is accepted. */
  async form(): Promise<URLSearchParams> {
    if (contentType(this.req) !== 'application/x-www-form-urlencoded') {
      await this.raw().catch(() => undefined);
      throw Errors.unsupportedMediaType('application/x-www-form-urlencoded');
    }
    return new URLSearchParams((await this.raw()).toString('utf8'));
  }

  /** The public API's X-Audit-Log-Reason header (URL-encoded; at most 512 characters kept), or null. */
  auditLogReason(): string | null {
    const raw = this.req.headers['x-audit-log-reason'];
    if (typeof raw !== 'string' || raw === '') return null;
    try {
      return decodeURIComponent(raw).slice(0, 512);
    } catch {
      return raw.slice(0, 512);
    }
  }

  caller(): Caller | null {
    if (this.#caller !== undefined) return this.#caller;
    this.#caller = null;
    const header = String(this.req.headers.authorization ?? '');
    const space = header.indexOf(' ');
    const scheme = space > 0 ? header.slice(0, space) : '';
    const credential = space > 0 ? header.slice(space + 1).trim() : '';
    if (scheme === 'Bearer' && credential) {
      const token = accessToken(this.emu, credential);
      const app = token && this.emu.app(token.applicationId);
      if (token && app) {
        this.#caller = { kind: 'bearer', token, app, user: token.userId ? (this.emu.user(token.userId) ?? null) : null };
      }
    } else if (scheme === 'Bot' && credential) {
      for (const app of this.emu.state.applications.values()) {
        if (app.botToken === credential) {
          const user = this.emu.user(app.botUserId);
          if (user) this.#caller = { kind: 'bot', app, user };
        }
      }
    }
    return this.#caller;
  }

  /** A user's bearer token, with every scope in `scopes`. */
  bearer(...scopes: string[]): { token: TokenRecord; app: Application; user: User } {
    const caller = this.caller();
    if (!caller) throw Errors.unauthorized();
    if (caller.kind !== 'bearer' || !caller.user) throw new ApiError(403, 50001, 'Missing Access: a user token is required');
    for (const scope of scopes) {
      if (!hasScope(caller.token.scopes, scope)) {
        throw new ApiError(403, 50001, `Missing Access: the token lacks the ${scope} scope`);
      }
    }
    return { token: caller.token, app: caller.app, user: caller.user };
  }

  bot(): { app: Application; user: User } {
    const caller = this.caller();
    if (!caller) throw Errors.unauthorized();
    if (caller.kind !== 'bot') throw new ApiError(403, 50001, 'Missing Access: a bot token is required');
    return { app: caller.app, user: caller.user };
  }

  anyCaller(): Caller {
    const caller = this.caller();
    if (!caller) throw Errors.unauthorized();
    return caller;
  }
}
