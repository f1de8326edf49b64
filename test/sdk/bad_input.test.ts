// Bad input from JS: a TypeError or RangeError naming the method and the argument, the object
// unchanged afterwards, and the process still alive.
import { describe, expect, it } from 'vitest';
import {
  Activity,
  ActivityParty,
  AdditionalContent,
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  AuthorizationCodeVerifier,
  Client,
  ClientCreateOptions,
  ClientResult,
  GuildChannel,
  LobbyHandle,
  LoggingSeverity,
  MessageHandle,
  RelationshipHandle,
  UserHandle,
} from '../../lib/index';
import { binding } from '../../lib/sdk/binding';

const huge = 'x'.repeat(10 * 1024 * 1024);
const withNul = 'open\0id';

interface BadValue {
  label: string;
  value: unknown;
}

const badValues: BadValue[] = [
  { label: 'undefined', value: undefined },
  { label: 'null', value: null },
  { label: 'a number past 2^64', value: 2 ** 70 },
  { label: 'a bigint past 2^64', value: 2n ** 64n },
  { label: 'a decimal string past 2^64', value: '18446744073709551616' },
  { label: 'a negative number', value: -1 },
  { label: 'a negative bigint', value: -1n },
  { label: 'a negative decimal string', value: '-1' },
  { label: 'NaN', value: Number.NaN },
  { label: 'an object', value: { toString: () => 'openid' } },
  { label: 'an array', value: ['openid'] },
  { label: 'a function', value: () => 'openid' },
  { label: 'a symbol', value: Symbol('x') },
  { label: 'a huge string', value: huge },
  { label: 'a string with NUL', value: withNul },
  { label: 'an empty string', value: '' },
  { label: 'a hex string', value: '0x10' },
  { label: 'a boolean', value: true },
];

interface Target {
  method: string;
  arg: string;
  accepts: (value: unknown) => boolean;
  call: (value: unknown) => void;
  read: () => unknown;
}

const isU64 = (v: unknown) =>
  (typeof v === 'bigint' && v >= 0n && v < 2n ** 64n) ||
  (typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n);
const isBoundedString = (max: number) => (v: unknown) =>
  typeof v === 'string' && Buffer.byteLength(v) <= max && !v.includes('\0');
const optional = (inner: (v: unknown) => boolean) => (v: unknown) =>
  v === undefined || v === null || inner(v);

function targets(): Target[] {
  const args = new AuthorizationArgs();
  args.SetClientId(42n);
  args.SetScopes('openid');
  args.SetState('keep');
  const challenge = new AuthorizationCodeChallenge();
  challenge.SetChallenge('keep');
  const options = new ClientCreateOptions();
  options.SetApiBase('http://127.0.0.1:1/api');
  const client = new Client();
  client.SetApplicationId(7n);
  const verifier = client.CreateAuthorizationCodeVerifier();
  const original = verifier.Verifier();
  const anyArgs = args as unknown as Record<string, (v: unknown) => void>;
  const anyClient = client as unknown as Record<string, (...v: unknown[]) => unknown>;
  return [
    { method: 'AuthorizationArgs.SetClientId', arg: 'clientId', accepts: isU64, call: (v) => anyArgs.SetClientId(v), read: () => args.ClientId() },
    { method: 'AuthorizationArgs.SetScopes', arg: 'scopes', accepts: isBoundedString(4096), call: (v) => anyArgs.SetScopes(v), read: () => args.Scopes() },
    { method: 'AuthorizationArgs.SetState', arg: 'state', accepts: optional(isBoundedString(1024)), call: (v) => anyArgs.SetState(v), read: () => args.State() },
    { method: 'AuthorizationArgs.SetIntegrationType', arg: 'integrationType', accepts: (v) => v === undefined || v === null || v === 0 || v === 1, call: (v) => anyArgs.SetIntegrationType(v), read: () => args.IntegrationType() },
    { method: 'AuthorizationArgs.SetCodeChallenge', arg: 'codeChallenge', accepts: (v) => v === undefined || v === null, call: (v) => anyArgs.SetCodeChallenge(v), read: () => args.CodeChallenge() },
    { method: 'AuthorizationCodeChallenge.SetChallenge', arg: 'challenge', accepts: isBoundedString(1024), call: (v) => (challenge as unknown as Record<string, (v: unknown) => void>).SetChallenge(v), read: () => challenge.Challenge() },
    { method: 'AuthorizationCodeVerifier.SetVerifier', arg: 'verifier', accepts: isBoundedString(1024), call: (v) => (verifier as unknown as Record<string, (v: unknown) => void>).SetVerifier(v), read: () => (verifier.Verifier() === original ? 'unchanged' : verifier.Verifier()) },
    { method: 'ClientCreateOptions.SetApiBase', arg: 'apiBase', accepts: (v) => v === '' || (typeof v === 'string' && /^https?:\/\//.test(v)), call: (v) => (options as unknown as Record<string, (v: unknown) => void>).SetApiBase(v), read: () => options.ApiBase() },
    { method: 'ClientCreateOptions.SetCpuAffinityMask', arg: 'mask', accepts: optional(isU64), call: (v) => (options as unknown as Record<string, (v: unknown) => void>).SetCpuAffinityMask(v), read: () => options.CpuAffinityMask() },
    { method: 'Client.SetApplicationId', arg: 'applicationId', accepts: isU64, call: (v) => anyClient.SetApplicationId(v), read: () => client.GetApplicationId() },
    { method: 'Client.SetLogDir', arg: 'path', accepts: () => false, call: (v) => anyClient.SetLogDir(v, 99), read: () => 'n/a' },
    { method: 'Client.AddLogCallback', arg: 'callback', accepts: (v) => typeof v === 'function', call: (v) => anyClient.AddLogCallback(v, LoggingSeverity.Error), read: () => 'n/a' },
  ];
}

describe('bad input table', () => {
  for (const target of targets()) {
    describe(target.method, () => {
      for (const bad of badValues) {
        if (target.accepts(bad.value)) continue;
        it(`refuses ${bad.label} with a named TypeError/RangeError and keeps its state`, () => {
          const before = target.read();
          let thrown: unknown;
          try {
            target.call(bad.value);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, `${target.method}(${bad.label}) must throw`).toBeInstanceOf(Error);
          const error = thrown as Error;
          expect([TypeError, RangeError]).toContain(error.constructor);
          expect(error.message).toContain(target.method);
          expect(error.message.length).toBeLessThan(400); // the huge input is never echoed back
          expect(target.read()).toEqual(before);
        });
      }
    });
  }

  it('enum arguments take only the enum values', () => {
    const args = new AuthorizationArgs();
    for (const value of [2, -1, 0.5, Number.POSITIVE_INFINITY, 2 ** 40]) {
      expect(() => args.SetIntegrationType(value as never)).toThrow(RangeError);
    }
    expect(() => args.SetIntegrationType('1' as never)).toThrow(TypeError);
    const client = new Client();
    expect(() => client.AddLogCallback(() => {}, 0 as never)).toThrow(/LoggingSeverity/);
    expect(() => client.SetLogDir('/tmp', 6 as never)).toThrow(/minSeverity/);
  });

  it('classes without a public constructor refuse construction, even with a forged argument', () => {
    const Verifier = AuthorizationCodeVerifier as unknown as new (...a: unknown[]) => unknown;
    const Result = ClientResult as unknown as new (...a: unknown[]) => unknown;
    expect(() => new Verifier()).toThrow(/no public constructor/);
    expect(() => new Verifier({})).toThrow(TypeError);
    expect(() => new Result()).toThrow(/no public constructor/);
  });

  it('an object of the wrong class is refused, even with a borrowed prototype', () => {
    const args = new AuthorizationArgs();
    const fake = Object.create(AuthorizationCodeChallenge.prototype);
    expect(() => args.SetCodeChallenge(fake)).toThrow(/must be a AuthorizationCodeChallenge/);
    expect(() => args.SetCodeChallenge(new AuthorizationArgs() as never)).toThrow(TypeError);
    expect(() => args.SetCodeChallenge({ Challenge: () => 'x' } as never)).toThrow(TypeError);
  });

  it('methods called on a foreign receiver throw instead of crashing', () => {
    const getter = new AuthorizationArgs().Scopes;
    expect(() => getter.call({})).toThrow();
    expect(() => getter.call(new AuthorizationCodeChallenge())).toThrow();
  });

  it('the valid getter borrowed onto an object of another class throws instead of crashing', () => {
    // Every class with a valid getter, each getter called on an instance of every other class
    // (a plain object, a borrowed prototype too). V8 checks method receivers but not accessor
    // receivers, so this once read one C++ object as another and crashed the process.
    const instances: Record<string, object> = {
      AuthorizationArgs: new AuthorizationArgs(),
      AuthorizationCodeChallenge: new AuthorizationCodeChallenge(),
      ClientCreateOptions: new ClientCreateOptions(),
      Activity: new Activity(),
      ActivityParty: new ActivityParty(),
      UserHandle: new Client().GetCurrentUser(),
      AdditionalContent: new AdditionalContent(),
    };
    const classes: Record<string, { prototype: object }> = {
      AuthorizationArgs, AuthorizationCodeChallenge, ClientCreateOptions, Activity, ActivityParty, UserHandle,
      MessageHandle, LobbyHandle, RelationshipHandle, GuildChannel,
      AuthorizationCodeVerifier: AuthorizationCodeVerifier as unknown as { prototype: object },
      ClientResult: ClientResult as unknown as { prototype: object },
    };
    for (const [name, cls] of Object.entries(classes)) {
      const getter = Object.getOwnPropertyDescriptor(cls.prototype, 'valid')?.get;
      expect(getter, `${name}.valid`).toBeTypeOf('function');
      for (const [other, instance] of Object.entries(instances)) {
        if (other === name) {
          expect(getter!.call(instance)).toBeTypeOf("boolean");
          continue;
        }
        expect(() => getter!.call(instance), `${name}.valid on a ${other}`).toThrow(TypeError);
      }
      expect(() => getter!.call({})).toThrow(TypeError);
      expect(() => getter!.call(Object.create(cls.prototype))).toThrow(TypeError);
      expect(() => getter!.call(undefined)).toThrow(TypeError);
    }
  });

  it('Client constructor arguments are checked', () => {
    const AnyClient = Client as unknown as new (...a: unknown[]) => Client;
    expect(() => new AnyClient('ftp://x', 'http://y')).toThrow(/apiBase/);
    expect(() => new AnyClient('http://x', 42)).toThrow(/webBase/);
    expect(() => new AnyClient({ ApiBase: () => 'x' })).toThrow(/options/);
    expect(() => new AnyClient(huge, huge)).toThrow(RangeError);
  });

  it("the message snapshot reader refuses arrays of the wrong type or too short for the ids", () => {
    const native = new binding.NativeClient() as unknown as { ReadMessages(...args: unknown[]): string };
    expect(() => native.ReadMessages()).toThrow(/ids must be a BigUint64Array/);
    expect(() => native.ReadMessages([1n], new BigUint64Array(5), new Uint32Array(3))).toThrow(/ids must be a BigUint64Array/);
    expect(() => native.ReadMessages(new BigUint64Array(1), new Float64Array(5), new Uint32Array(3))).toThrow(/numbers must be a BigUint64Array/);
    expect(() => native.ReadMessages(new BigUint64Array(1), new BigUint64Array(5), new Int32Array(3))).toThrow(/marks must be a Uint32Array/);
    expect(() => native.ReadMessages(new BigUint64Array(2), new BigUint64Array(9), new Uint32Array(6))).toThrow(RangeError);
    expect(() => native.ReadMessages(new BigUint64Array(2), new BigUint64Array(10), new Uint32Array(5))).toThrow(/marks is too short/);
    // Unknown ids: zeros and no text, not a crash.
    const numbers = new BigUint64Array(5).fill(7n);
    const marks = new Uint32Array(3).fill(7);
    expect(native.ReadMessages(new BigUint64Array([123n]), numbers, marks)).toBe('');
    expect([...numbers, ...marks].every((v) => v === 0n || v === 0)).toBe(true);
  });

  it('the host event methods take bytes as a Buffer or a string and refuse anything else, naming it', () => {
    const native = new binding.NativeClient() as unknown as Record<string, (...args: unknown[]) => void>;
    for (const wrong of [5, undefined, null, {}, [1, 2], 10n]) {
      expect(() => native._OnWebSocketMessage(1, wrong)).toThrow(/_OnWebSocketMessage: text must be a Buffer or a string/);
      expect(() => native._OnHttpResponse(1, 200, [], wrong)).toThrow(/_OnHttpResponse: body must be a Buffer or a string/);
    }
    expect(() => native._OnWebSocketMessage(1, Buffer.alloc(16 * 1024 * 1024 + 1))).toThrow(RangeError);
    // A frame for no open socket, garbage or not, is dropped: no throw, no crash.
    for (const bytes of [Buffer.from('{"op":0,"t":"MESSAGE_CREATE","d":{}}'), Buffer.from([0xff, 0xfe, 0, 0x7b]), '{"op":10}']) {
      expect(() => native._OnWebSocketMessage(1, bytes)).not.toThrow();
    }
  });
});
