// The two forms of a C++ method that ends in a callback (lib/sdk/callback_or_promise.ts): given
// a callback, the operation starts once with it and the method returns nothing; omitted, it
// returns a Promise; given anything else, a TypeError naming the method, and nothing starts.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ClientResult } from '../../lib/index';

const clients: Client[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.Dispose()));
function client(): Client {
  const made = new Client('http://127.0.0.1:1/api', 'http://127.0.0.1:1', { ipcPaths: () => [] });
  clients.push(made);
  return made;
}
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until `calls` has an entry (at most 2 s, for a loaded machine), then a little longer: a second
 * call would come right after the first. */
async function settle(calls: unknown[]): Promise<void> {
  const deadline = Date.now() + 2000;
  while (calls.length === 0 && Date.now() < deadline) await tick(5);
  await tick(50);
}

describe('a method with a value callback (GetInputDevices)', () => {
  it('with a callback: returns undefined and calls it once', async () => {
    const target = client();
    const calls: unknown[] = [];
    expect(target.GetInputDevices((devices) => calls.push(devices))).toBeUndefined();
    await settle(calls);
    expect(calls).toHaveLength(1);
  });

  it('without one: a Promise of the same value', async () => {
    const devices = await client().GetInputDevices();
    expect(Array.isArray(devices)).toBe(true);
  });

  it.each([5, 'callback', {}, null])('with %j instead of a function: a TypeError naming the method', (bad) => {
    expect(() => client().GetInputDevices(bad as never)).toThrow(new TypeError(`Client.GetInputDevices: callback must be a function (got ${typeof bad})`));
  });
});

describe('a method with a result callback (SetOutputDevice)', () => {
  it('with a callback: returns undefined and calls it once, with the result', async () => {
    const target = client();
    const results: ClientResult[] = [];
    expect(target.SetOutputDevice('no-such-device', (result) => results.push(result))).toBeUndefined();
    await settle(results);
    expect(results).toHaveLength(1);
  });

  it.each([5, 'callback', {}, null])('with %j instead of a function: a TypeError naming the method, and nothing starts', async (bad) => {
    const target = client();
    expect(() => target.SetOutputDevice('no-such-device', bad as never)).toThrow(
      new TypeError(`Client.SetOutputDevice: callback must be a function (got ${typeof bad})`),
    );
  });
});
