// The façade's convention: every method whose C++ form ends in a callback takes that callback,
// or, when it is omitted, returns a Promise that resolves with the callback's values and
// rejects with an SdkError when the ClientResult is not successful. Argument errors throw
// synchronously in both forms.
import type { ClientResult } from './binding';
import { SdkError } from './errors';

export function callbackOrPromise<Args extends [ClientResult, ...unknown[]], Value>(
  operation: string,
  callback: ((...args: Args) => void) | undefined,
  start: (callback: (...args: Args) => void) => void,
  toValue: (...args: Args) => Value,
): Promise<Value> | undefined {
  if (startedWithCallback(operation, callback, start)) return undefined;
  let resolve!: (value: Value) => void;
  let reject!: (error: SdkError) => void;
  const promise = new Promise<Value>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  start((...args: Args) => {
    const result = args[0];
    if (result.Successful()) resolve(toValue(...args));
    else reject(new SdkError(operation, result));
  });
  return promise;
}

/** The Promise value of a method whose callback takes only the ClientResult. */
export const resultOnly = (result: ClientResult): ClientResult => result;

/**
 * The same convention for callbacks without a ClientResult (EndCall, GetInputDevices, ...): the
 * Promise resolves with the callback's single value; the native layer answers every callback,
 * also with defaults after Dispose, so it always settles.
 */
export function callbackOrValue<Value>(
  operation: string,
  callback: ((value: Value) => void) | undefined,
  start: (callback: (value: Value) => void) => void,
): Promise<Value> | undefined {
  if (startedWithCallback(operation, callback, start)) return undefined;
  return new Promise<Value>((resolve) => start(resolve));
}

/** The callback form: false when `callback` is omitted; else, once it is checked to be a
 * function (a TypeError naming the operation otherwise), the operation starts with it. */
function startedWithCallback<Callback>(operation: string, callback: Callback | undefined, start: (callback: Callback) => void): boolean {
  if (callback === undefined) return false;
  if (typeof callback !== 'function') {
    throw new TypeError(`Client.${operation}: callback must be a function (got ${typeof callback})`);
  }
  start(callback);
  return true;
}
