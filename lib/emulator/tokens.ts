// Opaque credentials: random, prefixed by kind, never logged.
import { randomBytes } from 'node:crypto';

export function newSecret(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

export const ACCESS_TOKEN_LIFETIME_S = 604800; // 7 days, as the service's token responses say
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEVICE_CODE_LIFETIME_S = 300;
export const DEVICE_POLL_INTERVAL_S = 5;

/** Masks anything that looks like a credential in a log line. */
export function redact(line: string): string {
  return line
    .replace(/(Bearer|Bot)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [REDACTED]')
    .replace(/\bemu_(at|rt|code|dc|pt)_[A-Za-z0-9_-]+/g, '[REDACTED]')
    .replace(/((?:access_token|refresh_token|code|code_verifier|client_secret|token|device_code|external_auth_token|parent_access_token)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi, '$1[REDACTED]');
}
