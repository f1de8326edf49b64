// The root of the Client's area classes (client_<area>.ts, chained in client.ts's order): the
// addon's client they all call, as one composed type (native_client.ts).
import type { NativeClient } from './native_client';

/** A snowflake id argument: a bigint, or a string of decimal digits (the addon checks both). */
export type Id = bigint | string;

export abstract class NativeClientMethods {
  protected abstract get native(): NativeClient;
}
