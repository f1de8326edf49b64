// The service's limits as the emulator applies them: the numbers come from the one table
// (native/core/include/sdkpp/limits.h, generated into lib/limits.generated.ts), and text is
// counted in code points wherever the spec says characters (one emoji is one character).
import { Limits } from '../../limits.generated';

export { Limits };

/** A JSON body, the emulator's own bound: a request's, and an app's reply to an interaction. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The spec's "characters": Unicode code points, not UTF-16 units or UTF-8 bytes. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
