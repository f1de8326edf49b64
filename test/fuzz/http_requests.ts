// Random HTTP requests to the emulator: each registered route (api, web and control routers,
// as test/fuzz/fixtures/emulator_host.cjs recorded them) or a made-up path, with its method or
// another, path parameters that name real things or nonsense, random queries, credentials and
// bodies (JSON with the fields requests carry, holding values of any type; JSON that is not an
// object; bytes that are not JSON; a form; a megabyte).
import fc from 'fast-check';

export interface RequestSpec {
  route: number; // index into the host's route list; -1: a made-up path
  madeUpPath: string;
  method: string | null; // null: the route's own
  params: ParamValue[];
  query: Array<[string, string]>;
  auth: 'user' | 'bot' | 'none' | 'garbage' | 'basic';
  body: Body;
}

export type ParamValue = { ref: 'user' | 'otherUser' | 'guild' | 'channel' | 'lobby' | 'message' | 'app' | 'me' } | { raw: string };

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; value: string; contentType: string }
  | { kind: 'form'; fields: Array<[string, string]> }
  | { kind: 'huge'; bytes: number };

const FIELDS = [
  'content', 'name', 'secret', 'metadata', 'type', 'flags', 'nonce', 'enforce_nonce', 'embeds', 'components', 'message_reference',
  'attachments', 'lobby_metadata', 'member_metadata', 'recipient_id', 'user_id', 'channel_id', 'guild_id', 'roles', 'nick', 'permissions',
  'code', 'grant_type', 'client_id', 'client_secret', 'redirect_uri', 'code_verifier', 'scope', 'token', 'refresh_token', 'limit', 'before',
  'after', 'around', 'max_uses', 'max_age', 'target_user_id', 'data', 'options', 'status', 'activities', 'idle_timeout_seconds', 'custom_id',
  'values', 'ms', 'userId', 'guildId', 'channelId', 'lobbyId', 'messageId', 'modes', 'required', 'enabled', 'username', 'applicationId',
  'skuId', 'seconds', 'ready', 'features', 'tag', 'allow', 'deny', 'id', 'external_auth_type', 'external_auth_token', 'poll', 'sticker_ids',
  'locale', 'title', 'description', 'topic', 'position', 'parent_id', 'rate_limit_per_user', 'delete_message_seconds', 'trigger_type',
];

const strings = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '\0', '1349146942634065970', '-1', '0', '18446744073709551616', '@me', '%', '..', '😀'.repeat(2100), 'x'.repeat(4001)),
);

const scalar = fc.oneof(
  strings,
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);

const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
})).value;

const shapedObject = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: anyJson }), { maxKeys: 6 });

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  { weight: 6, arbitrary: shapedObject.map((value): Body => ({ kind: 'json', value })) },
  { weight: 2, arbitrary: anyJson.map((value): Body => ({ kind: 'json', value })) },
  {
    weight: 1,
    arbitrary: fc.record({
      value: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{"content":', '{}}', '\uFEFF{}', '[' .repeat(5000), '{"a":1e999999}')),
      contentType: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16'),
    }).map((t): Body => ({ kind: 'text', ...t })),
  },
  { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), { maxLength: 6 }).map((fields): Body => ({ kind: 'form', fields })) },
  { weight: 1, arbitrary: fc.constantFrom(17 * 1024 * 1024, 1024 * 1024, 9 * 1024 * 1024).map((bytes): Body => ({ kind: 'huge', bytes })) },
);

const param: fc.Arbitrary<ParamValue> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<ParamValue>({ ref: 'user' }, { ref: 'otherUser' }, { ref: 'guild' }, { ref: 'channel' }, { ref: 'lobby' }, { ref: 'message' }, { ref: 'app' }, { ref: 'me' }) },
  { weight: 1, arbitrary: strings.filter((s) => s.length > 0).map((raw): ParamValue => ({ raw })) },
);

export function requestSpec(routeCount: number): fc.Arbitrary<RequestSpec> {
  return fc.record({
    route: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: routeCount - 1 }) }, { weight: 1, arbitrary: fc.constant(-1) }),
    madeUpPath: fc.array(fc.oneof(fc.constantFrom('api', 'users', '@me', 'lobbies', 'v10', '_sdkpp', 'control', '..', '%2e%2e', ''), fc.string({ maxLength: 6 })), { maxLength: 5 }).map((parts) => `/${parts.map(encodeURIComponent).join('/')}`),
    method: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') }),
    params: fc.array(param, { minLength: 4, maxLength: 4 }),
    query: fc.array(fc.tuple(fc.constantFrom('limit', 'before', 'after', 'around', 'with_counts', 'q', 'user_id', 'guild_id', 'v', 'encoding', 'state', 'code', 'scope', 'client_id', 'redirect_uri', 'response_type', 'code_challenge', 'prompt'), strings), { maxLength: 3 }),
    auth: fc.constantFrom('user', 'user', 'user', 'bot', 'none', 'garbage', 'basic'),
    body,
  });
}
