import { describe, expect, it } from 'vitest';
import {
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  AuthenticationCodeChallengeMethod,
  DeviceAuthorizationArgs,
  Client,
  IntegrationType,
} from '../../lib/index';
import * as Sdk from '../../lib/index';

describe('AuthorizationArgs', () => {
  it('has the seven fields of the spec with getter and Set<Field>', () => {
    const args = new AuthorizationArgs();
    expect(args.valid).toBe(true);
    expect(args.ClientId()).toBe(0n);
    expect(args.Scopes()).toBe('');
    expect(args.State()).toBeUndefined();
    expect(args.Nonce()).toBeUndefined();
    expect(args.CodeChallenge()).toBeUndefined();
    expect(args.IntegrationType()).toBeUndefined();
    expect(args.CustomSchemeParam()).toBeUndefined();

    const pair = new Client().CreateAuthorizationCodeVerifier();
    args.SetClientId(1234n);
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    args.SetState('state-1');
    args.SetNonce('nonce-1');
    args.SetCodeChallenge(pair.Challenge());
    args.SetIntegrationType(IntegrationType.UserInstall);
    args.SetCustomSchemeParam('mygame');
    expect(args.ClientId()).toBe(1234n);
    expect(args.Scopes()).toBe('openid sdk.social_layer');
    expect(args.State()).toBe('state-1');
    expect(args.Nonce()).toBe('nonce-1');
    expect(args.CodeChallenge()?.Challenge()).toBe(pair.Challenge().Challenge());
    expect(args.CodeChallenge()?.Method()).toBe(AuthenticationCodeChallengeMethod.S256);
    expect(args.IntegrationType()).toBe(IntegrationType.UserInstall);
    expect(args.CustomSchemeParam()).toBe('mygame');
  });

  it('unsets optional fields with undefined or null', () => {
    const args = new AuthorizationArgs();
    args.SetState('s');
    args.SetState(undefined);
    expect(args.State()).toBeUndefined();
    args.SetNonce('n');
    args.SetNonce(null);
    expect(args.Nonce()).toBeUndefined();
    args.SetCodeChallenge(new AuthorizationCodeChallenge());
    args.SetCodeChallenge(undefined);
    expect(args.CodeChallenge()).toBeUndefined();
    args.SetIntegrationType(IntegrationType.GuildInstall);
    args.SetIntegrationType(null);
    expect(args.IntegrationType()).toBeUndefined();
  });

  it('takes ids as bigint or decimal string, up to 2^64 - 1', () => {
    const args = new AuthorizationArgs();
    args.SetClientId('18446744073709551615');
    expect(args.ClientId()).toBe(2n ** 64n - 1n);
    args.SetClientId(0n);
    expect(args.ClientId()).toBe(0n);
    args.SetClientId('000123');
    expect(args.ClientId()).toBe(123n);
  });

  it('nullobj is invalid, reads defaults and ignores setters', () => {
    const nullobj = AuthorizationArgs.nullobj;
    expect(nullobj.valid).toBe(false);
    nullobj.SetScopes('openid');
    expect(nullobj.Scopes()).toBe('');
    expect(AuthorizationArgs.nullobj).toBe(nullobj); // one shared instance
    expect(() => {
      (AuthorizationArgs as unknown as { nullobj: unknown }).nullobj = new AuthorizationArgs();
    }).toThrow(TypeError);
  });

  it('the challenge getter returns a copy (deep copies, like the C++ class)', () => {
    const args = new AuthorizationArgs();
    const challenge = new AuthorizationCodeChallenge();
    challenge.SetChallenge('a'.repeat(43));
    args.SetCodeChallenge(challenge);
    challenge.SetChallenge('b'.repeat(43));
    expect(args.CodeChallenge()?.Challenge()).toBe('a'.repeat(43));
    args.CodeChallenge()?.SetChallenge('c'.repeat(43));
    expect(args.CodeChallenge()?.Challenge()).toBe('a'.repeat(43));
  });
});

describe('string getters called on the wrong receiver', () => {
  // Scopes() runs straight on the C API (no node-addon-api wrapper): a receiver of another class,
  // a plain object or a prototype must still be refused before any C++ object is read.
  it('throw a TypeError and never read another object as AuthorizationArgs', () => {
    const scopes = AuthorizationArgs.prototype.Scopes as unknown as (this: unknown) => string;
    const args = new AuthorizationArgs();
    args.SetScopes('openid sdk.social_layer');
    expect(scopes.call(args)).toBe('openid sdk.social_layer');
    for (const receiver of [{}, new DeviceAuthorizationArgs(), Object.create(AuthorizationArgs.prototype), AuthorizationArgs.prototype, undefined, 42]) {
      expect(() => scopes.call(receiver)).toThrow(TypeError);
    }
  });

  it('hold for every string getter on the C API path (ValueWrap::StringMethod)', () => {
    const getters: Record<string, string[]> = {
      Activity: ['Name'], ActivityInvite: ['PartyId', 'SessionId'], ActivityParty: ['Id'], ActivitySecrets: ['Join'],
      ActivityButton: ['Label', 'Url'], AuthorizationCodeChallenge: ['Challenge'], AuthorizationCodeVerifier: ['Verifier'],
      ClientCreateOptions: ['WebBase', 'ApiBase'], ClientResult: ['ToString', 'Error', 'ResponseBody'], DeviceAuthorizationArgs: ['Scopes'],
    };
    const classes = Sdk as unknown as Record<string, { prototype: Record<string, (this: unknown) => string>; nullobj: Record<string, () => string> }>;
    for (const [name, methods] of Object.entries(getters)) {
      for (const method of methods) {
        expect(typeof classes[name].nullobj[method](), `${name}.${method}`).toBe('string');
        for (const receiver of [{}, new AuthorizationArgs(), Object.create(classes[name].prototype)]) {
          expect(() => classes[name].prototype[method].call(receiver), `${name}.${method}`).toThrow(TypeError);
        }
      }
    }
  });
});
