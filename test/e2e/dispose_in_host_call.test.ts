// Dispose() from inside a host call the core made. The core calls some of the app's own
// functions synchronously, through the Node host: the `now` option when it reads the clock,
// `openUrl` when Authorize opens the browser. If such a function disposes the Client, the
// core's frames are still running on it below: the Client must go only once they have returned
// (it threw a C++ `unordered_map::at` out of the SDK call, from a destroyed message cache,
// before). Each case then checks that the call on the stack settles, the Client reads as
// disposed, and nothing escapes as an uncaught exception or an unhandled rejection.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthorizationArgs, Client, ErrorType, SdkError } from '../../lib/index';
import { readyClient, startHarness, until, type Harness } from './helpers';

let h: Harness;
const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setRateLimits(false);
});
afterAll(async () => h.close());
beforeEach(() => {
  escaped.length = 0;
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
});
afterEach(() => {
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
});

const settled = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('Dispose from inside a host call', () => {
  it('from the app clock, read by the core inside an SDK call', async () => {
    let disposeOnRead = false;
    let client: Client | undefined;
    const clock = () => {
      if (disposeOnRead) {
        disposeOnRead = false;
        client!.Dispose();
      }
      return Date.now();
    };
    client = await readyClient(h, h.emu.users[0].id, { now: clock });
    const { lobbyId } = await client.CreateOrJoinLobby('dispose-in-clock');
    const { messageId } = await client.SendLobbyMessage(lobbyId, 'cached');
    await until(() => client!.GetMessageHandle(messageId) !== undefined);
    await client.GetLobbyMessagesWithLimit(lobbyId, 10); // the page is cached now

    // A lobby history read from the cache asks the clock for its 72-hour window, inside the call.
    disposeOnRead = true;
    let call: Promise<unknown> | undefined;
    expect(() => (call = client.GetLobbyMessagesWithLimit(lobbyId, 10))).not.toThrow();
    const outcome = await settled(call!);
    expect(disposeOnRead).toBe(false); // the clock was read, and disposed
    if ('error' in outcome) expect((outcome.error as SdkError).result.Type()).toBe(ErrorType.ClientDestroyed);
    expect(client.valid).toBe(false);
    await expect(client.GetLobbyMessagesWithLimit(lobbyId, 10)).rejects.toThrow(/ClientDestroyed/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(escaped).toEqual([]);
  });

  it('from openUrl, called by the core while Authorize starts', async () => {
    let client: Client | undefined;
    let opened = 0;
    client = h.newClient({
      openUrl: () => {
        opened++;
        client!.Dispose();
        return true;
      },
    });
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    const outcome = await settled(client.Authorize(args));
    expect(opened).toBe(1);
    expect('error' in outcome && (outcome.error as SdkError).result.Type()).toBe(ErrorType.ClientDestroyed);
    expect(client.valid).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(escaped).toEqual([]);
  });
});
