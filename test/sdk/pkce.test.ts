import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthenticationCodeChallengeMethod, Client } from '../../lib/index';
import { binding } from '../../lib/sdk/binding';

const unreserved = /^[A-Za-z0-9\-._~]{43,128}$/;

describe('CreateAuthorizationCodeVerifier', () => {
  it('RFC 7636 appendix B: the verifier of the 32 octets gives the published challenge', () => {
    expect(binding.internal.codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('agrees with node:crypto on arbitrary verifiers', () => {
    for (const verifier of ['dBjftJeZ4CVP-mJ92K9qpgVkI0N2bWqApJvZj4QFzsU', 'a'.repeat(43), 'Z~'.repeat(64)]) {
      expect(binding.internal.codeChallengeS256(verifier)).toBe(
        createHash('sha256').update(verifier).digest('base64url'),
      );
    }
  });

  it('10,000 generated pairs are all distinct, valid and consistent', () => {
    const client = new Client();
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const pair = client.CreateAuthorizationCodeVerifier();
      const verifier = pair.Verifier();
      expect(unreserved.test(verifier)).toBe(true);
      expect(seen.has(verifier)).toBe(false);
      seen.add(verifier);
      if (i % 500 === 0) {
        const challenge = pair.Challenge();
        expect(challenge.Method()).toBe(AuthenticationCodeChallengeMethod.S256);
        expect(challenge.Challenge()).toBe(createHash('sha256').update(verifier).digest('base64url'));
        expect(challenge.Challenge()).not.toContain('=');
      }
    }
    expect(seen.size).toBe(10_000);
  });

  it('default scopes are exactly the spec strings', () => {
    expect(Client.GetDefaultCommunicationScopes()).toBe('openid sdk.social_layer');
    expect(Client.GetDefaultPresenceScopes()).toBe('openid sdk.social_layer_presence');
  });
});
