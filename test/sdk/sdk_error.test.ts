// The Error a Promise form rejects with (lib/sdk/errors.ts): its message names the operation, the
// error type, the SDK's text — or "no details" when there is none — and the service's code when
// there is one; the full ClientResult rides along.
import { describe, expect, it } from 'vitest';
import type { ClientResult } from '../../lib/sdk/binding';
import { ErrorType } from '../../lib/sdk/enums.generated';
import { SdkError } from '../../lib/sdk/errors';

function result(type: ErrorType, text: string, code: number): ClientResult {
  return { Type: () => type, Error: () => text, ErrorCode: () => code } as unknown as ClientResult;
}

describe('SdkError', () => {
  it('says what failed, how, and the service code when there is one', () => {
    const error = new SdkError('SendLobbyMessage', result(ErrorType.HTTPError, 'POST /lobbies/1/messages: Invalid Form Body', 50035));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SdkError');
    expect(error.message).toBe('SendLobbyMessage failed: HTTPError: POST /lobbies/1/messages: Invalid Form Body (code 50035)');
    expect(error.result.ErrorCode()).toBe(50035);
  });

  it('says "no details" for an empty text, and no code for code 0', () => {
    expect(new SdkError('Connect', result(ErrorType.NetworkError, '', 0)).message).toBe('Connect failed: NetworkError: no details');
  });
});
