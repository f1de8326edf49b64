// The Error a Promise form rejects with: it carries the operation's ClientResult.
import type { ClientResult } from './binding';
import { ErrorType } from './enums.generated';
import { EnumToString } from './enum_to_string';

/**
 * What a Client method's Promise rejects with when its ClientResult is not successful. The message
 * is `<method> failed: <ErrorType>: <result.Error()>` (with ` (code N)` when the service gave an
 * error code); no secret is in it.
 * @example
 * ```ts
 * try {
 *   await client.SendLobbyMessage(lobbyId, text);
 * } catch (error) {
 *   if (error instanceof SdkError && error.result.Type() === ErrorType.ValidationError) showTooLong();
 *   else throw error;
 * }
 * ```
 */
export class SdkError extends Error {
  /** The full outcome: Type, Error, ErrorCode, Status, ResponseBody, Retryable, RetryAfter. */
  readonly result: ClientResult;

  /**
   * @param operation the method's name ('SendLobbyMessage').
   * @param result the failed outcome.
   */
  constructor(operation: string, result: ClientResult) {
    const type = EnumToString(ErrorType, result.Type());
    const code = result.ErrorCode() ? ` (code ${result.ErrorCode()})` : '';
    super(`${operation} failed: ${type}: ${result.Error() || 'no details'}${code}`);
    this.name = 'SdkError';
    this.result = result;
  }
}
