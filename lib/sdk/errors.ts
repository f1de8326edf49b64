// The Error a Promise form rejects with: it carries the operation's ClientResult.
import type { ClientResult } from './binding';
import { ErrorType } from './enums.generated';
import { EnumToString } from './enum_to_string';

export class SdkError extends Error {
  /** The full outcome: Type, Error, ErrorCode, Status, ResponseBody, Retryable, RetryAfter. */
  readonly result: ClientResult;

  constructor(operation: string, result: ClientResult) {
    const type = EnumToString(ErrorType, result.Type());
    const code = result.ErrorCode() ? ` (code ${result.ErrorCode()})` : '';
    super(`${operation} failed: ${type}: ${result.Error() || 'no details'}${code}`);
    this.name = 'SdkError';
    this.result = result;
  }
}
