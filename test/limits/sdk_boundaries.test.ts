// Every row of the boundary table (boundary_cases.ts) against the SDK, with a connected client
// on the emulator. A case is accepted when the SDK neither throws nor answers ValidationError
// (the service may still answer: that is its side of the table); it is refused when the SDK
// throws a RangeError or TypeError at the boundary or answers ValidationError, and a refused
// case must not have sent a single request to the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationTokenType, Client, ErrorType, SdkError } from '../../lib/index';
import { startHarness, until, type Harness } from '../e2e/helpers';
import { boundaryCases, type BoundaryCase } from './boundary_cases';

let h: Harness;
let client: Client;
let lobbyId = 0n;
let requests = 0;
const realFetch = globalThis.fetch;

interface Outcome {
  accepted: boolean;
  requests: number;
  detail: string;
}

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  requests = 0;
  try {
    await run();
    return { accepted: true, requests, detail: 'answered successfully' };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { accepted: false, requests, detail: `threw ${error.name}: ${error.message}` };
    if (error instanceof SdkError && error.result.Type() === ErrorType.ValidationError) {
      return { accepted: false, requests, detail: `answered ValidationError: ${error.result.Error()}` };
    }
    // Another answer (the service refused, the network failed): the SDK let the value through.
    return { accepted: true, requests, detail: `answered ${error instanceof Error ? error.message : String(error)}` };
  }
}

let secrets = 0;
async function runCase(row: BoundaryCase): Promise<Outcome> {
  switch (row.rule) {
    case 'messageContent':
      return outcome(() => client.SendLobbyMessage(lobbyId, row.value as string));
    case 'messageMetadata':
      return outcome(() => client.SendLobbyMessageWithMetadata(lobbyId, 'metadata case', row.value as Record<string, string>));
    case 'historyLimit':
      return outcome(() => client.GetLobbyMessagesWithLimit(lobbyId, row.value as number));
    case 'lobbySecret':
    case 'lobbyMetadata': {
      const secret = row.rule === 'lobbySecret' ? (row.value as string) : `boundary-metadata-${++secrets}`;
      const metadata = row.rule === 'lobbyMetadata' ? (row.value as Record<string, string>) : {};
      const result = await outcome(async () => {
        const joined = await client.CreateOrJoinLobbyWithMetadata(secret, metadata, {});
        // Leave again, so the rows do not pile up lobbies for one user.
        await client.LeaveLobby(joined.lobbyId);
      });
      return result;
    }
  }
}

beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setRateLimits(false);
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    requests++;
    return realFetch(...args);
  };
  client = h.newClient();
  const { accessToken } = h.emu.control.issueToken(h.emu.users[0].id);
  h.watch.remember(accessToken);
  await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready);
  ({ lobbyId } = await client.CreateOrJoinLobby('boundary-cases'));
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await h.close();
});

describe('the SDK against the boundary table', () => {
  it.each(boundaryCases.map((row) => [`${row.rule}: ${row.name}`, row] as const))('%s', async (_name, row) => {
    const result = await runCase(row);
    expect({ accepted: result.accepted, detail: result.detail }).toEqual({ accepted: row.accepted, detail: expect.any(String) });
    if (!row.accepted) expect(result.requests, `a refused case reached the service (${result.detail})`).toBe(0);
  });
});
