// Opaque credentials: random, prefixed by kind, never logged.
import { randomBytes } from 'node:crypto';

export function newSecret(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** Masks anything that looks like a credential in a log line. */
export function redact(line: string): string {
  return line
    .replace(/(Bearer|Bot)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [REDACTED]')
    .replace(/\bemu_(at|rt|code|dc|pt)_[A-Za-z0-9_-]+/g, '[REDACTED]')
    .replace(/((?:access_token|refresh_token|code|code_verifier|client_secret|token|device_code|external_auth_token|parent_access_token)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi, '$1[REDACTED]');
}
