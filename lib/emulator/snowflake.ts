// Snowflake ids (64-bit: ms since the service epoch << 22 | sequence), made from the emulator
// clock so they sort by creation time like the real service's.
export const SERVICE_EPOCH = 1420070400000n;

export class SnowflakeFactory {
  #lastMs = 0n;
  #sequence = 0n;

  constructor(private readonly now: () => number) {}

  /**
   * Every id made from now on sorts after every id made up to `time` (ms since the Unix epoch),
   * whatever the clock says: a state saved at `time` and restarted on an earlier clock (an
   * explicit start time) must not hand out ids an `after=` cursor at an old id would skip.
   */
  continueAfter(time: number): void {
    const ms = BigInt(Math.floor(time)) - SERVICE_EPOCH;
    if (ms < this.#lastMs) return;
    // The last sequence of that millisecond: the next id moves to the millisecond after it.
    this.#lastMs = ms;
    this.#sequence = 0x3fffffn;
  }

  next(): string {
    let ms = BigInt(Math.floor(this.now())) - SERVICE_EPOCH;
    if (ms < this.#lastMs) ms = this.#lastMs; // never go backwards
    if (ms === this.#lastMs) {
      this.#sequence += 1n;
      if (this.#sequence > 0x3fffffn) {
        ms += 1n;
        this.#sequence = 0n;
      }
    } else {
      this.#sequence = 0n;
    }
    this.#lastMs = ms;
    return ((ms << 22n) | this.#sequence).toString();
  }
}

const SNOWFLAKE = /^\d{1,20}$/;

export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && SNOWFLAKE.test(value) && BigInt(value) < 2n ** 64n && BigInt(value) > 0n;
}

export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + SERVICE_EPOCH);
}
