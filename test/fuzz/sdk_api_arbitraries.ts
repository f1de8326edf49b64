// Random sequences of calls on the SDK's public JS API (lib/index.ts), as JSON-safe steps that
// the runner child executes (test/fuzz/fixtures/sdk_api_runner.cjs). Arguments follow each
// method's kinds (test/fuzz/sdk_api_table.ts) most of the time, and are hostile otherwise.
import fc from 'fast-check';
import { hostile, lit, mostly, text, type Arg } from './hostile_values';
import { CLIENT_METHODS, VALUE_CLASSES, type Kind } from './sdk_api_table';

export type Form = 'promise' | 'callback' | 'callback-throw' | 'bad';

export type Step =
  | { op: 'new'; slot: number }
  | { op: 'connect'; slot: number; user: number }
  | { op: 'waitReady'; slot: number }
  | { op: 'call'; slot: number; m: string; args: Arg[]; form?: Form; badCallback?: Arg }
  | { op: 'value'; cls: string; ops: Array<{ m: string; a: Arg }> }
  | { op: 'dispose'; slot: number }
  | { op: 'drop'; slot: number }
  | { op: 'gc' }
  | { op: 'tick' }
  | { op: 'sleep'; ms: number };

const ref = (v: string): fc.Arbitrary<Arg> => fc.constantFrom<'string' | 'bigint'>('string', 'bigint').map((as) => ({ k: 'ref', v, as }));
const int = (min: number, max: number) => fc.integer({ min, max }).map(lit);
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((v): Arg => ({ k: 'big', v: v.toString() }));
const fnArg = fc.oneof({ weight: 6, arbitrary: fc.constant<Arg>({ k: 'fn', mode: 'count' }) }, { weight: 1, arbitrary: fc.constant<Arg>({ k: 'fn', mode: 'throw' }) });
const value = (cls: string, ops: fc.Arbitrary<{ m: string; a: Arg }>) =>
  fc.array(ops, { maxLength: 5 }).map((list): Arg => ({ k: 'value', cls, ops: list }));
const setter = (m: string, a: fc.Arbitrary<Arg>) => a.map((arg) => ({ m, a: arg }));

const id = fc.oneof(ref('lobby'), ref('message'), ref('self'), ref('friend'), ref('guild'), ref('channel'), u64);
const appId = fc.oneof({ weight: 4, arbitrary: ref('appId') }, { weight: 1, arbitrary: ref('childAppId') }, { weight: 1, arbitrary: u64 });
const party = value('ActivityParty', fc.oneof(setter('SetId', text), setter('SetCurrentSize', int(-1, 10)), setter('SetMaxSize', int(-1, 10)), setter('SetPrivacy', int(0, 2))));
const activity = value(
  'Activity',
  fc.oneof(
    setter('SetName', text),
    setter('SetType', int(0, 7)),
    setter('SetState', text),
    setter('SetDetails', text),
    setter('SetParty', mostly(party)),
    setter('SetSecrets', value('ActivitySecrets', setter('SetJoin', text))),
    setter('SetApplicationId', mostly(appId)),
    setter('SetSupportedPlatforms', int(0, 255)),
  ),
);
const invite = value(
  'ActivityInvite',
  fc.oneof(setter('SetSenderId', mostly(id)), setter('SetChannelId', mostly(id)), setter('SetMessageId', mostly(id)), setter('SetApplicationId', mostly(appId)), setter('SetPartyId', text), setter('SetType', int(0, 3)), setter('SetIsValid', fc.boolean().map(lit))),
);
const scopes = fc.constantFrom('openid sdk.social_layer', 'openid', 'sdk.social_layer_presence', '', 'email guilds').map(lit);
const authArgs = value('AuthorizationArgs', fc.oneof(setter('SetClientId', mostly(appId)), setter('SetScopes', mostly(scopes)), setter('SetState', text), setter('SetNonce', text)));
const deviceArgs = value('DeviceAuthorizationArgs', fc.oneof(setter('SetClientId', mostly(appId)), setter('SetScopes', mostly(scopes))));
const map = fc.array(fc.tuple(fc.string({ maxLength: 12 }), mostly(text)), { maxLength: 4 }).map((entries): Arg => ({ k: 'map', entries }));
// A log folder: the run's own, a file, or a relative name (the runner's cwd is a temporary folder).
const logDir = fc.oneof(
  fc.constantFrom<Arg>({ k: 'ref', v: 'logDir' }, { k: 'ref', v: 'logFile' }, lit('')),
  fc.string({ maxLength: 12 }).filter((s) => !s.includes('/') && !s.includes('\\') && !s.includes('..')).map((s) => lit(`./${s}`)),
);

const KINDS: Record<Kind, fc.Arbitrary<Arg>> = {
  id: mostly(id),
  text: mostly(text),
  map: mostly(map),
  bool: mostly(fc.boolean().map(lit)),
  fn: mostly(fnArg),
  fnOrNull: mostly(fc.oneof(fnArg, fc.constant(lit(null)))),
  cb: fnArg,
  activity: mostly(activity),
  invite: mostly(invite),
  authArgs: mostly(authArgs),
  deviceArgs: mostly(deviceArgs),
  appId: mostly(appId),
  tokenType: mostly(int(0, 1)),
  token: mostly(fc.oneof(fc.constantFrom<Arg>({ k: 'ref', v: 'token' }, { k: 'ref', v: 'otherToken' }), text)),
  refreshToken: mostly(fc.oneof(fc.constant<Arg>({ k: 'ref', v: 'refreshToken' }), text)),
  extType: mostly(int(0, 8)),
  severity: mostly(int(0, 6)),
  thread: mostly(int(0, 3)),
  statusType: mostly(int(0, 8)),
  groupType: mostly(int(0, 3)),
  // Never hostile strings: an absolute one could name any folder of the machine.
  logDir: fc.oneof({ weight: 5, arbitrary: logDir }, { weight: 1, arbitrary: hostile.filter((a) => a.k !== 'lit' && a.k !== 'repeat') }),
  url: mostly(fc.oneof(fc.constant<Arg>({ k: 'ref', v: 'redirect' }), fc.constantFrom('http://127.0.0.1:1/callback?code=x&state=y', 'sdkpp-1://authorize?code=1', 'not a url').map(lit), text)),
  username: mostly(fc.oneof(fc.constantFrom('alice', 'bob', 'nobody', 'nelly#0').map(lit), text)),
  limit: mostly(int(-5, 300)),
  timeoutMs: mostly(int(-1, 120_000)),
  volume: mostly(fc.oneof(int(0, 200), fc.double({ min: -10, max: 250, noNaN: true }).map(lit))),
  dbfs: mostly(fc.double({ min: -150, max: 10, noNaN: true }).map(lit)),
  pid: mostly(int(-1, 2 ** 32)),
  priority: mostly(int(-20, 20)),
  command: mostly(fc.oneof(fc.constant(lit('game --join')), text)),
  userCode: mostly(fc.oneof(fc.constantFrom('ABCD-EFGH', 'ab cd').map(lit), text)),
  deviceId: mostly(fc.oneof(fc.constantFrom('default', 'virtual-microphone', '').map(lit), text)),
  code: mostly(fc.oneof(fc.constant(lit('a'.repeat(43))), text)),
};

const slot = fc.integer({ min: 0, max: 1 });
const form = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Form>('promise') },
  { weight: 4, arbitrary: fc.constant<Form>('callback') },
  { weight: 1, arbitrary: fc.constant<Form>('callback-throw') },
  { weight: 1, arbitrary: fc.constant<Form>('bad') },
);

const call: fc.Arbitrary<Step> = fc.constantFrom(...CLIENT_METHODS).chain((spec) =>
  fc.record({
    slot,
    args: fc.tuple(...spec.params.map((p) => KINDS[p.kind])),
    // Now and then one argument too few or too many.
    arity: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.constant(1) }),
    form: spec.async ? form : fc.constant(undefined),
    badCallback: hostile.filter((a) => a.k !== 'undef' && a.k !== 'fn'),
  }).map(({ slot: s, args, arity, form: f, badCallback }): Step => {
    const list = arity < 0 ? args.slice(0, -1) : arity > 0 && !spec.async ? [...args, lit(1)] : args;
    return { op: 'call', slot: s, m: spec.name, args: list, form: f, badCallback: f === 'bad' ? badCallback : undefined };
  }),
);

const valueStep: fc.Arbitrary<Step> = fc.record({
  cls: fc.constantFrom(...VALUE_CLASSES),
  // `#n`: the class's n-th method (modulo their number), as the runner lists them.
  ops: fc.array(fc.record({ m: fc.nat(99).map((n) => `#${n}`), a: fc.oneof(hostile, text) }), { minLength: 1, maxLength: 6 }),
}).map(({ cls, ops }): Step => ({ op: 'value', cls, ops }));

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 14, arbitrary: call },
  { weight: 3, arbitrary: valueStep },
  { weight: 1, arbitrary: slot.map((s): Step => ({ op: 'new', slot: s })) },
  { weight: 2, arbitrary: fc.record({ slot, user: fc.integer({ min: 0, max: 2 }) }).map(({ slot: s, user }): Step => ({ op: 'connect', slot: s, user })) },
  { weight: 2, arbitrary: slot.map((s): Step => ({ op: 'waitReady', slot: s })) },
  { weight: 1, arbitrary: slot.map((s): Step => ({ op: 'dispose', slot: s })) },
  { weight: 1, arbitrary: slot.map((s): Step => ({ op: 'drop', slot: s })) },
  { weight: 1, arbitrary: fc.constant<Step>({ op: 'gc' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ op: 'tick' }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((ms): Step => ({ op: 'sleep', ms })) },
);

/** A run: two clients of two friends, connected and Ready (most calls then reach the emulator), then random steps. */
const READY_PAIR: Step[] = [
  { op: 'new', slot: 0 },
  { op: 'connect', slot: 0, user: 0 },
  { op: 'new', slot: 1 },
  { op: 'connect', slot: 1, user: 1 },
  { op: 'waitReady', slot: 0 },
  { op: 'waitReady', slot: 1 },
];
export const run = fc.array(step, { minLength: 1, maxLength: 40 }).map((steps): Step[] => [...READY_PAIR, ...steps]);
