import { createHash } from 'node:crypto';

export const VERIFIER_FORM = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636: BASE64URL(SHA-256(verifier)) must equal the stored S256 challenge. */
export function verifierMatches(verifier: string | null, challenge: string): boolean {
  if (!verifier || !VERIFIER_FORM.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
