// Random frames for the emulator's socket protocols: the gateway (JSON over WebSocket), the local
// client's IPC (8-byte header + JSON) and the voice gateway (JSON and binary DAVE messages, plus
// UDP datagrams). Valid-shaped frames with fields of any type, wrong opcodes, frames out of order,
// bytes that are not JSON, huge frames and unicode.
import fc from 'fast-check';

const strings = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom('', '\0', '1349146942634065970', '-1', '😀'.repeat(300), 'x'.repeat(5000)),
);
const scalar = fc.oneof(strings, fc.integer(), fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e308, 2 ** 31, 2 ** 32), fc.boolean(), fc.constant(null));
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
})).value;
/** An object with the given field names, each holding anything. */
const shaped = (...fields: string[]) => fc.dictionary(fc.constantFrom(...fields), fc.oneof({ weight: 2, arbitrary: scalar }, { weight: 1, arbitrary: anyJson }), { maxKeys: fields.length });
const wait = fc.integer({ min: 0, max: 30 });

// --- gateway

export type GatewayFrame =
  | { t: 'identify'; token: 'user' | 'bot' | 'garbage' | 'none'; extra: unknown }
  | { t: 'heartbeat'; seq: unknown }
  | { t: 'resume'; session: 'own' | 'other'; seq: unknown; token: 'user' | 'garbage' }
  | { t: 'op'; op: number; d: unknown }
  | { t: 'voice'; lobby: boolean; d: unknown }
  | { t: 'text'; text: string }
  | { t: 'binary'; bytes: number[] }
  | { t: 'huge' }
  | { t: 'wait'; ms: number };

export const gatewayFrame: fc.Arbitrary<GatewayFrame> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ token: fc.constantFrom<'user' | 'bot' | 'garbage' | 'none'>('user', 'user', 'bot', 'garbage', 'none'), extra: shaped('intents', 'properties', 'presence', 'capabilities', 'shard', 'compress', 'large_threshold') }).map((f): GatewayFrame => ({ t: 'identify', ...f })) },
  { weight: 2, arbitrary: fc.oneof(fc.constant<unknown>(null), fc.integer({ min: -1, max: 50 }), scalar).map((seq): GatewayFrame => ({ t: 'heartbeat', seq })) },
  { weight: 1, arbitrary: fc.record({ session: fc.constantFrom<'own' | 'other'>('own', 'other'), seq: fc.oneof(fc.integer({ min: -1, max: 20 }), scalar), token: fc.constantFrom<'user' | 'garbage'>('user', 'garbage') }).map((f): GatewayFrame => ({ t: 'resume', ...f })) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 31, 37, 43, 99, -1, 2 ** 31), d: fc.oneof(anyJson, shaped('status', 'activities', 'afk', 'since', 'guild_id', 'query', 'limit', 'user_ids', 'presences', 'nonce', 'channel_id', 'fields')) }).map((f): GatewayFrame => ({ t: 'op', ...f })) },
  { weight: 2, arbitrary: fc.record({ lobby: fc.boolean(), d: shaped('guild_id', 'channel_id', 'self_mute', 'self_deaf', 'self_video') }).map((f): GatewayFrame => ({ t: 'voice', ...f })) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{"op":1,"d":', '[]', '{}', 'null', '{"op":"1"}', '{"op":1.5,"d":null}', '\uFEFF{"op":1}')).map((text): GatewayFrame => ({ t: 'text', text })) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }).map((bytes): GatewayFrame => ({ t: 'binary', bytes })) },
  { weight: 1, arbitrary: fc.constant<GatewayFrame>({ t: 'huge' }) },
  { weight: 2, arbitrary: wait.map((ms): GatewayFrame => ({ t: 'wait', ms })) },
);

export const gatewayQuery = fc.oneof(
  { weight: 8, arbitrary: fc.constant('v=10&encoding=json') },
  { weight: 1, arbitrary: fc.constantFrom('v=9&encoding=json', 'v=10&encoding=etf', 'v=10&encoding=json&compress=zlib-stream', '', 'v=abc', 'v=10&v=10&encoding=json', `v=10&encoding=${'j'.repeat(3000)}`) },
);

// --- IPC

export type IpcFrame =
  | { t: 'handshake'; v: unknown; clientId: 'app' | 'other' | 'garbage' }
  | { t: 'command'; cmd: string; args: unknown; nonce: unknown; evt: unknown }
  | { t: 'authenticate'; token: 'user' | 'garbage' }
  | { t: 'ping'; payload: string }
  | { t: 'raw'; opcode: number; declared: number; payload: string }
  | { t: 'huge' }
  | { t: 'close' }
  | { t: 'wait'; ms: number };

const COMMANDS = ['AUTHORIZE', 'AUTHENTICATE', 'SET_ACTIVITY', 'SUBSCRIBE', 'UNSUBSCRIBE', 'SEND_ACTIVITY_JOIN_INVITE', 'CLOSE_ACTIVITY_REQUEST', 'GET_USER', 'GET_RELATIONSHIPS', 'DISPATCH', 'NOPE', ''];

export const ipcFrame: fc.Arbitrary<IpcFrame> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ v: fc.oneof(fc.constant<unknown>(1), scalar), clientId: fc.constantFrom<'app' | 'other' | 'garbage'>('app', 'app', 'other', 'garbage') }).map((f): IpcFrame => ({ t: 'handshake', ...f })) },
  {
    weight: 5,
    arbitrary: fc.record({
      cmd: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...COMMANDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }),
      args: fc.oneof(shaped('pid', 'activity', 'client_id', 'scopes', 'access_token', 'user_id', 'secret', 'code_challenge', 'prompt', 'evt'), anyJson),
      nonce: fc.oneof(fc.constant<unknown>('n-1'), scalar),
      evt: fc.oneof(fc.constant<unknown>(undefined), fc.constantFrom('ACTIVITY_JOIN', 'ACTIVITY_JOIN_REQUEST', 'ACTIVITY_INVITE', 'NOPE')),
    }).map((f): IpcFrame => ({ t: 'command', ...f })),
  },
  { weight: 1, arbitrary: fc.constantFrom<'user' | 'garbage'>('user', 'garbage').map((token): IpcFrame => ({ t: 'authenticate', token })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((payload): IpcFrame => ({ t: 'ping', payload })) },
  {
    weight: 2,
    arbitrary: fc.record({
      opcode: fc.constantFrom(0, 1, 2, 3, 4, 5, 99, 2 ** 31, 2 ** 32 - 1),
      declared: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 40 }), fc.constantFrom(64 * 1024 + 1, 2 ** 32 - 1)),
      payload: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{"cmd":', '{}', '[]', 'null')),
    }).map((f): IpcFrame => ({ t: 'raw', ...f })),
  },
  { weight: 1, arbitrary: fc.constantFrom<IpcFrame>({ t: 'huge' }, { t: 'close' }) },
  { weight: 2, arbitrary: wait.map((ms): IpcFrame => ({ t: 'wait', ms })) },
);

// --- voice gateway and UDP

export type VoiceFrame =
  | { t: 'identify'; override: Record<string, unknown> }
  | { t: 'select'; d: unknown; real: boolean }
  | { t: 'heartbeat'; d: unknown }
  | { t: 'resume'; override: Record<string, unknown> }
  | { t: 'op'; op: number; d: unknown }
  | { t: 'dave'; op: number; bytes: number[] }
  | { t: 'text'; text: string }
  | { t: 'udp'; bytes: number[]; length: number }
  | { t: 'wait'; ms: number };

export const voiceFrame: fc.Arbitrary<VoiceFrame> = fc.oneof(
  { weight: 3, arbitrary: fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: shaped('server_id', 'user_id', 'session_id', 'token', 'max_dave_protocol_version', 'video') }).map((override): VoiceFrame => ({ t: 'identify', override: override as Record<string, unknown> })) },
  { weight: 2, arbitrary: fc.record({ d: fc.oneof(shaped('protocol', 'data', 'codecs'), anyJson), real: fc.boolean() }).map((f): VoiceFrame => ({ t: 'select', ...f })) },
  { weight: 2, arbitrary: fc.oneof(shaped('t', 'seq_ack'), anyJson).map((d): VoiceFrame => ({ t: 'heartbeat', d })) },
  { weight: 1, arbitrary: shaped('server_id', 'session_id', 'token', 'seq_ack').map((override): VoiceFrame => ({ t: 'resume', override: override as Record<string, unknown> })) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 99, -1), d: fc.oneof(anyJson, shaped('speaking', 'delay', 'ssrc', 'transition_id', 'protocol_version', 'epoch')) }).map((f): VoiceFrame => ({ t: 'op', ...f })) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom(21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 255), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }) }).map((f): VoiceFrame => ({ t: 'dave', ...f })) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{"op":0,"d":', '[]', 'null')).map((text): VoiceFrame => ({ t: 'text', text })) },
  { weight: 2, arbitrary: fc.record({ bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 32 }), length: fc.constantFrom(0, 8, 12, 20, 74, 100, 1500, 9000) }).map((f): VoiceFrame => ({ t: 'udp', ...f })) },
  { weight: 2, arbitrary: wait.map((ms): VoiceFrame => ({ t: 'wait', ms })) },
);
