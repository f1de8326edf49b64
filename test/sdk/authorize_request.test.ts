import { describe, expect, it } from 'vitest';
import { AuthorizationArgs, Client, ErrorType, IntegrationType } from '../../lib/index';
import { binding } from '../../lib/sdk/binding';

function build(args: AuthorizationArgs, appId: bigint, loopback?: string) {
  return binding.internal.buildAuthorizeRequest(args, appId, 'http://127.0.0.1:8790', loopback);
}

describe('authorize request (core, through the addon)', () => {
  it('builds the spec URL with a random state and the default redirect', () => {
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    const first = build(args, 1234n);
    const second = build(args, 1234n);
    if ('error' in first || 'error' in second) throw new Error('unexpected error');
    const url = new URL(first.url);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8790/oauth2/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('1234');
    expect(url.searchParams.get('scope')).toBe('openid sdk.social_layer');
    expect(url.searchParams.get('redirect_uri')).toBe('sdkpp-1234:/authorize/callback');
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.state).not.toBe(second.state);
  });

  it('carries the challenge, integration type, nonce and custom scheme', () => {
    const args = new AuthorizationArgs();
    args.SetScopes('openid sdk.social_layer guilds');
    const pair = new Client().CreateAuthorizationCodeVerifier();
    args.SetCodeChallenge(pair.Challenge());
    args.SetIntegrationType(IntegrationType.GuildInstall);
    args.SetNonce('n1');
    args.SetCustomSchemeParam('com.example.game');
    const request = build(args, 99n);
    if ('error' in request) throw new Error(request.error.ToString());
    const query = new URL(request.url).searchParams;
    expect(query.get('code_challenge')).toBe(pair.Challenge().Challenge());
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('integration_type')).toBe('0');
    expect(query.get('nonce')).toBe('n1');
    expect(query.get('redirect_uri')).toBe('com.example.game:/authorize/callback');
  });

  it('bad arguments are ValidationError results, not malformed URLs', () => {
    const cases: Array<[string, (a: AuthorizationArgs) => void, bigint]> = [
      ['Scopes', (a) => a.SetScopes(''), 1n],
      ['ClientId', (a) => a.SetScopes('openid'), 0n],
      ['CustomSchemeParam', (a) => { a.SetScopes('openid'); a.SetCustomSchemeParam('not a scheme'); }, 1n],
    ];
    for (const [field, mutate, appId] of cases) {
      const args = new AuthorizationArgs();
      mutate(args);
      const request = build(args, appId);
      expect('error' in request, field).toBe(true);
      if (!('error' in request)) continue;
      expect(request.error.Type()).toBe(ErrorType.ValidationError);
      expect(request.error.Successful()).toBe(false);
      expect(request.error.Error().startsWith(field)).toBe(true);
    }
  });
});
