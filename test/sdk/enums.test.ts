import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sdkpp from '../../lib/index';
import { binding, packageRoot } from '../../lib/sdk/binding';
import * as generated from '../../lib/sdk/enums.generated';

const nested: Record<string, [string, string]> = {
  ClientStatus: ['Client', 'Status'],
  ClientError: ['Client', 'Error'],
  ClientThread: ['Client', 'Thread'],
  CallStatus: ['Call', 'Status'],
  CallError: ['Call', 'Error'],
  UserHandleAvatarType: ['UserHandle', 'AvatarType'],
};

describe('enums', () => {
  it('the TypeScript enums equal the addon exports, member by member', () => {
    for (const [name, tsEnum] of Object.entries(generated)) {
      const owner = nested[name];
      const nativeEnum = owner ? binding.nestedEnums[owner[0]][owner[1]] : binding[name];
      expect(nativeEnum, name).toEqual(tsEnum);
      expect(Object.isFrozen(tsEnum), name).toBe(true);
      expect(Object.isFrozen(nativeEnum), name).toBe(true);
    }
  });

  it('the generated file is current with the C++ lists', () => {
    const check = spawnSync(process.execPath, [join(packageRoot, 'scripts/build/gen-enums.mjs'), '--check']);
    expect(check.status, check.stderr.toString()).toBe(0);
  });

  it('has the exact values of the reference', () => {
    expect(sdkpp.Client.Status).toEqual({ Disconnected: 0, Connecting: 1, Connected: 2, Ready: 3, Reconnecting: 4, Disconnecting: 5, HttpWait: 6 });
    expect(sdkpp.Client.Error).toEqual({ None: 0, ConnectionFailed: 1, UnexpectedClose: 2, ConnectionCanceled: 3 });
    expect(sdkpp.Client.Thread).toEqual({ Client: 0, Voice: 1, Network: 2 });
    expect(sdkpp.Call.Status.Reconnecting).toBe(5);
    expect(sdkpp.Call.Error.Forbidden).toBe(5);
    expect(sdkpp.LoggingSeverity).toEqual({ Verbose: 1, Info: 2, Warning: 3, Error: 4, None: 5 });
    expect(sdkpp.ErrorType).toEqual({
      None: 0, NetworkError: 1, HTTPError: 2, ClientNotReady: 3, Disabled: 4, ClientDestroyed: 5,
      ValidationError: 6, Aborted: 7, AuthorizationFailed: 8, RPCError: 9,
    });
    expect(sdkpp.ActivityGamePlatforms).toEqual({ Desktop: 1, Xbox: 2, Samsung: 4, IOS: 8, Android: 16, Embedded: 32, PS4: 64, PS5: 128 });
    expect(sdkpp.ChannelType.Lobby).toBe(17);
    expect(sdkpp.ChannelType.GuildNewsThread).toBe(10);
    expect(sdkpp.AuthenticationExternalAuthType.ServiceBotIssuedAccessToken).toBe(5);
    expect(sdkpp.ExternalIdentityProviderType.None).toBe(5);
    expect(sdkpp.HttpStatusCode.TooManyRequests).toBe(429);
    expect(sdkpp.DisclosureTypes).toEqual({ MessageDataVisibleOnService: 3 });
  });

  it('EnumToString and the class helpers name the values', () => {
    expect(sdkpp.EnumToString(sdkpp.ErrorType, sdkpp.ErrorType.ValidationError)).toBe('ValidationError');
    expect(sdkpp.EnumToString(sdkpp.HttpStatusCode, 404)).toBe('NotFound');
    expect(sdkpp.EnumToString(sdkpp.ErrorType, 42)).toBe('unknown');
    expect(sdkpp.Client.StatusToString(sdkpp.Client.Status.HttpWait)).toBe('HttpWait');
    expect(sdkpp.Client.ErrorToString(sdkpp.Client.Error.UnexpectedClose)).toBe('UnexpectedClose');
    expect(sdkpp.Client.ThreadToString(sdkpp.Client.Thread.Voice)).toBe('Voice');
    expect(sdkpp.Call.StatusToString(sdkpp.Call.Status.SignalingConnected)).toBe('SignalingConnected');
    expect(() => sdkpp.Client.StatusToString(99 as never)).toThrow(RangeError);
    expect(() => sdkpp.EnumToString(null as never, 1)).toThrow(TypeError);
  });

  it('enum objects cannot be modified', () => {
    expect(() => {
      (sdkpp.ErrorType as Record<string, number>).None = 5;
    }).toThrow(TypeError);
  });
});
