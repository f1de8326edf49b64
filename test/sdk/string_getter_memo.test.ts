// The string getters of the value classes answer from a JS memo (lib/sdk/string_getter_memo.ts).
// These tests hold the memo to the C++ value: every mutator the addon has must be known to the
// façade, and a read after any change, freeze or failed call must give what the addon holds.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  Activity,
  ActivityButton,
  ActivityInvite,
  ActivityParty,
  ActivitySecrets,
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  Client,
  ClientCreateOptions,
  DeviceAuthorizationArgs,
} from '../../lib/index';
import type { ClientResult } from '../../lib/index';
import { binding } from '../../lib/sdk/binding';

/** The value classes with string getters, and those getters (the names of docs/guides/migrating-from-cpp.md). */
const STRING_GETTERS: Record<string, string[]> = {
  Activity: ['Name'],
  ActivityButton: ['Label', 'Url'],
  ActivityInvite: ['PartyId', 'SessionId'],
  ActivityParty: ['Id'],
  ActivitySecrets: ['Join'],
  AuthorizationArgs: ['Scopes'],
  AuthorizationCodeChallenge: ['Challenge'],
  AuthorizationCodeVerifier: ['Verifier'],
  ClientResult: ['ToString', 'Error', 'ResponseBody'],
  ClientCreateOptions: ['WebBase', 'ApiBase'],
  DeviceAuthorizationArgs: ['Scopes'],
};

function aClientResult(): ClientResult {
  const built = binding.internal.buildAuthorizeRequest(new AuthorizationArgs(), 0n, 'http://127.0.0.1:1');
  if (!('error' in built)) throw new Error('expected a validation error');
  return built.error;
}

type Methods = Record<string, (...args: unknown[]) => unknown>;

describe('string getter memo', () => {
  it('knows every string getter and every method that changes a value (all Set*/Add* of those classes)', () => {
    const shapes = binding.internal.valueClassShapes();
    const described = Object.fromEntries(shapes.map((shape) => [(shape.constructor as unknown as { name: string }).name, shape]));
    expect(Object.keys(described).sort()).toEqual(Object.keys(STRING_GETTERS).sort());
    for (const [name, shape] of Object.entries(described)) {
      expect(shape.stringGetters, name).toEqual(STRING_GETTERS[name]);
      const methods = Object.getOwnPropertyNames(shape.constructor.prototype).filter((m) => m !== 'constructor' && m !== 'valid');
      const changers = methods.filter((m) => /^(Set|Add|Remove|Clear)/.test(m));
      expect([...shape.mutators].sort(), name).toEqual(changers.sort());
      const readers = methods.filter((m) => !changers.includes(m));
      expect(readers.filter((m) => shape.mutators.includes(m)), name).toEqual([]);
    }
  });

  it('answers the new string after each string setter, read before and after', () => {
    const cases: [object, string, string, unknown[]][] = [
      [new Activity(), 'Name', 'SetName', ['Game A', 'Game B']],
      [new ActivityButton(), 'Label', 'SetLabel', ['Join', 'Watch']],
      [new ActivityButton(), 'Url', 'SetUrl', ['https://example.com/a', 'https://example.com/b']],
      [new ActivityInvite(), 'PartyId', 'SetPartyId', ['party-1', 'party-2']],
      [new ActivityInvite(), 'SessionId', 'SetSessionId', ['session-1', 'session-2']],
      [new ActivityParty(), 'Id', 'SetId', ['p1', 'p2']],
      [new ActivitySecrets(), 'Join', 'SetJoin', ['j1', 'j2']],
      [new AuthorizationArgs(), 'Scopes', 'SetScopes', ['openid', 'openid sdk.social_layer']],
      [new AuthorizationCodeChallenge(), 'Challenge', 'SetChallenge', ['c'.repeat(43), 'd'.repeat(43)]],
      [new Client().CreateAuthorizationCodeVerifier(), 'Verifier', 'SetVerifier', ['v'.repeat(43), 'w'.repeat(43)]],
      [new ClientCreateOptions(), 'WebBase', 'SetWebBase', ['https://a.example', 'https://b.example']],
      [new ClientCreateOptions(), 'ApiBase', 'SetApiBase', ['https://a.example/api', 'https://b.example/api']],
      [new DeviceAuthorizationArgs(), 'Scopes', 'SetScopes', ['openid', 'openid email']],
      [aClientResult(), 'Error', 'SetError', ['first', 'second']],
      [aClientResult(), 'ResponseBody', 'SetResponseBody', ['{"a":1}', '{"b":2}']],
    ];
    for (const [object, getter, setter, values] of cases) {
      const methods = object as Methods;
      for (const value of values) {
        methods[getter]();
        methods[getter]();
        methods[setter](value);
        expect(methods[getter](), `${getter} after ${setter}(${String(value)})`).toBe(value);
      }
    }
  });

  it('answers a string that depends on other fields after any of them changes (ClientResult.ToString)', () => {
    const result = aClientResult() as unknown as Methods;
    const before = result.ToString() as string;
    result.SetStatus(503);
    expect(result.ToString()).not.toBe(before);
    expect(result.ToString()).toContain('Status: 503');
    result.SetRetryable(true);
    expect(result.ToString()).toContain('Retryable: true');
    result.SetErrorCode(40060);
    expect(result.ToString()).toContain('ErrorCode: 40060');
  });

  it('keeps the string when another field changes, and after a refused call', () => {
    const args = new AuthorizationArgs();
    args.SetScopes('openid');
    expect(args.Scopes()).toBe('openid');
    args.SetState('s');
    expect(args.Scopes()).toBe('openid');
    expect(() => args.SetScopes(42 as unknown as string)).toThrow(TypeError);
    expect(() => args.SetScopes('x'.repeat(5000))).toThrow(/scopes/);
    expect(args.Scopes()).toBe('openid');
  });

  it('stays right on frozen objects, frozen before or after the first read', () => {
    const early = new AuthorizationArgs();
    Object.freeze(early);
    early.SetScopes('a');
    expect(early.Scopes()).toBe('a');
    early.SetScopes('b');
    expect(early.Scopes()).toBe('b');

    const late = new AuthorizationArgs();
    late.SetScopes('a');
    expect(late.Scopes()).toBe('a');
    Object.freeze(late);
    late.SetScopes('b');
    expect(late.Scopes()).toBe('b');
  });

  it('is invisible: no own key, nothing in util.inspect (a verifier never shows in a log)', () => {
    const verifier = new Client().CreateAuthorizationCodeVerifier();
    const secret = verifier.Verifier();
    expect(verifier.Verifier()).toBe(secret);
    expect(Reflect.ownKeys(verifier)).toEqual([]);
    expect(inspect(verifier, { showHidden: true, depth: 5 })).not.toContain(secret);
  });

  it('never answers for an object of another class, even one with a memo of its own', () => {
    const activity = new Activity();
    activity.SetName('not scopes');
    expect(activity.Name()).toBe('not scopes');
    const scopes = AuthorizationArgs.prototype.Scopes as unknown as (this: unknown) => string;
    expect(() => scopes.call(activity)).toThrow(TypeError);
    expect(() => scopes.call({})).toThrow(TypeError);
    const setScopes = AuthorizationArgs.prototype.SetScopes as unknown as (this: unknown, s: string) => void;
    expect(() => setScopes.call(activity, 'x')).toThrow(TypeError);
    expect(activity.Name()).toBe('not scopes');
  });

  it('gives each object its own memo', () => {
    const a = new AuthorizationArgs();
    const b = new AuthorizationArgs();
    a.SetScopes('a');
    b.SetScopes('b');
    expect([a.Scopes(), b.Scopes(), a.Scopes()]).toEqual(['a', 'b', 'a']);
    b.SetScopes('c');
    expect([a.Scopes(), b.Scopes()]).toEqual(['a', 'c']);
  });
});
