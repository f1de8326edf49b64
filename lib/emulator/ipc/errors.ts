// RPC error and close codes (docs/protocols/ipc.md).
export const RpcError = {
  Unknown: 1000,
  InvalidPayload: 4000,
  InvalidCommand: 4002,
  InvalidGuild: 4003,
  InvalidEvent: 4004,
  InvalidChannel: 4005,
  InvalidPermissions: 4006,
  InvalidClientId: 4007,
  InvalidOrigin: 4008,
  InvalidToken: 4009,
  InvalidUser: 4010,
  OAuth2Error: 5000,
} as const;

export const RpcClose = {
  Normal: 1000,
  Unsupported: 1003,
  Abnormal: 1006,
  InvalidClientId: 4000,
  InvalidOrigin: 4001,
  RateLimited: 4002,
  TokenRevoked: 4003,
  InvalidVersion: 4004,
  InvalidEncoding: 4005,
} as const;
