// The service's error bodies (docs/protocols/http.md): {code, message, errors?}, with form errors
// nested as {"field": {"_errors": [{code, message}]}} under code 50035.
export interface FieldError {
  code: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
    /** Extra top-level fields (a 429's retry_after and global). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { ...this.extra, message: this.message, code: this.code };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** An OAuth2 error body ({error, error_description}), as the token endpoint answers. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const Errors = {
  notFound: () => new ApiError(404, 0, '404: Not Found'),
  methodNotAllowed: () => new ApiError(405, 0, '405: Method Not Allowed'),
  unauthorized: () => new ApiError(401, 0, '401: Unauthorized'),
  missingAccess: () => new ApiError(403, 50001, 'Missing Access'),
  missingPermissions: () => new ApiError(403, 50013, 'Missing Permissions'),
  unknownUser: () => new ApiError(404, 10013, 'Unknown User'),
  unknownLobby: () => new ApiError(404, 10031, 'Unknown Lobby'),
  unknownMessage: () => new ApiError(404, 10008, 'Unknown Message'),
  unknownChannel: () => new ApiError(404, 10003, 'Unknown Channel'),
  unknownGuild: () => new ApiError(404, 10004, 'Unknown Guild'),
  unknownApplication: () => new ApiError(404, 10002, 'Unknown Application'),
  invalidJson: () => new ApiError(400, 50109, 'The request body contains invalid JSON.'),
  payloadTooLarge: (limit: number) => new ApiError(413, 40005, `Request entity too large (limit ${limit} bytes)`),
  unsupportedMediaType: (expected: string) => new ApiError(415, 0, `Unsupported content type: expected ${expected}`),
  /** 50035 with the field paths that failed. */
  invalidForm: (fields: Record<string, FieldError[]>) => {
    const errors: Record<string, unknown> = {};
    for (const [path, list] of Object.entries(fields)) {
      let node = errors;
      const parts = path.split('.');
      parts.forEach((part, index) => {
        if (index === parts.length - 1) {
          node[part] = { ...(node[part] as object), _errors: list };
        } else {
          node[part] = (node[part] as Record<string, unknown>) ?? {};
          node = node[part] as Record<string, unknown>;
        }
      });
    }
    return new ApiError(400, 50035, 'Invalid Form Body', errors);
  },
  /**
   * A request over its rate-limit bucket: the bucket's headers (as the limiter counted them),
   * with none remaining, and `retryAfter` seconds in Retry-After (rounded up) and the body.
   */
  rateLimited: (bucketHeaders: Record<string, string>, retryAfter: number) =>
    new ApiError(429, 0, 'You are being rate limited.', undefined, {
      ...bucketHeaders,
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Scope': 'user',
      // No X-RateLimit-Global: the public API sends it only on a global limit, and clients
      // (discord.js) take its mere presence, even "false", as one and stop every route.
      'Retry-After': String(Math.ceil(retryAfter)),
    }, { retry_after: retryAfter, global: false }),
};

export function fieldError(path: string, code: string, message: string): ApiError {
  return Errors.invalidForm({ [path]: [{ code, message }] });
}
