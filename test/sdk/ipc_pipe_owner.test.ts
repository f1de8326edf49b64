// Issue 31 part 4: on Windows the player's bearer token must reach only a named pipe served by a
// process of this user, as on POSIX only a socket this user owns (ipc_socket_owner.test.ts). The
// verdict's mapping is tested on every OS with an injected check; the check itself runs under
// Wine (`npm run test:cross:win32-x64`), where every process is the same user: a pipe of ours is
// accepted, and the test seam SDKPP_TEST_IPC_PIPE_SERVER_SID makes the addon see another user's
// SID, so each pipe is refused with a Warning and the next one tried, no byte sent to any.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthorizationArgs, Client } from '../../lib/index';
import { untrustedIpcSocket, type PipeServerCheck } from '../../lib/platform/host/ipc_owner';

const APP_ID = 1349146942634065960n;

describe('the Windows pipe verdict as the host reads it', () => {
  const verdict = (check: PipeServerCheck | Error) => async () => {
    if (check instanceof Error) throw check;
    return check;
  };
  const pipe = '\\\\?\\pipe\\sdkpp-ipc-0';

  it('accepts a pipe of this user, passes over an absent one, refuses the rest with the reason', async () => {
    expect(await untrustedIpcSocket(pipe, 'win32', verdict({ verdict: 'same-user', refusal: '' }))).toBeUndefined();
    expect(await untrustedIpcSocket(pipe, 'win32', verdict({ verdict: 'absent', refusal: '' }))).toBe('absent');
    expect(await untrustedIpcSocket(pipe, 'win32', verdict({ verdict: 'other-user', refusal: 'its server runs as S-1-5-18, not as this user' })))
      .toBe('its server runs as S-1-5-18, not as this user');
    expect(await untrustedIpcSocket(pipe, 'win32', verdict({ verdict: 'unchecked', refusal: 'its owner cannot be checked (OpenProcess: error 5)' })))
      .toBe('its owner cannot be checked (OpenProcess: error 5)');
    // Never a pass by default: an unchecked verdict without words, or a check that threw.
    expect(await untrustedIpcSocket(pipe, 'win32', verdict({ verdict: 'unchecked', refusal: '' }))).toBe('its owner cannot be checked');
    expect(await untrustedIpcSocket(pipe, 'win32', verdict(new Error('boom')))).toBe('its owner cannot be checked');
  });

  it('hands the test seam to the check only as given', async () => {
    const seen: (string | undefined)[] = [];
    const record = async (_path: string, pretend?: string): Promise<PipeServerCheck> => {
      seen.push(pretend);
      return { verdict: 'same-user', refusal: '' };
    };
    const saved = process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID;
    try {
      delete process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID;
      await untrustedIpcSocket(pipe, 'win32', record);
      process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID = 'S-1-5-18';
      await untrustedIpcSocket(pipe, 'win32', record);
    } finally {
      if (saved === undefined) delete process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID;
      else process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID = saved;
    }
    expect(seen).toEqual([undefined, 'S-1-5-18']);
  });
});

interface Listener {
  path: string;
  bytes: number;
  server: net.Server;
}

async function listen(path: string): Promise<Listener> {
  const listener: Listener = { path, bytes: 0, server: net.createServer() };
  listener.server.on('connection', (socket) => {
    socket.on('data', (chunk) => (listener.bytes += chunk.length));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    listener.server.once('error', reject);
    listener.server.listen(path, resolve);
  });
  return listener;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(process.platform === 'win32')('IPC pipe ownership (Windows)', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((f) => f()));
  const unique = `sdkpp-pipe-owner-${process.pid}-${Date.now()}`;

  function authorizeOver(paths: string[]): { warnings: string[] } {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    cleanup.push(() => process.off('warning', onWarning));
    const client = new Client('http://127.0.0.1:9/api', 'http://web.test', { ipcPaths: () => paths, openUrl: () => true });
    cleanup.push(() => client.Dispose());
    client.SetApplicationId(APP_ID);
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    client.Authorize(args).catch(() => {});
    return { warnings };
  }

  it('the addon accepts a pipe this user serves', async () => {
    const { binding } = await import('../../lib/sdk/binding');
    const ours = await listen(`\\\\?\\pipe\\${unique}-check`);
    cleanup.push(() => ours.server.close());
    expect(await binding.internal.checkPipeServerUser(ours.path)).toEqual({ verdict: 'same-user', refusal: '' });
    const absent = await binding.internal.checkPipeServerUser(`\\\\?\\pipe\\${unique}-absent`);
    expect(absent.verdict).toBe('absent');
  });

  it('sends the handshake to a pipe of this user', async () => {
    const ours = await listen(`\\\\?\\pipe\\${unique}-ours`);
    cleanup.push(() => ours.server.close());
    const { warnings } = authorizeOver([ours.path]);
    await until(() => ours.bytes > 0, 'the handshake on our pipe');
    expect(warnings.filter((w) => w.includes('IPC socket'))).toEqual([]);
  });

  it('skips a pipe whose server is seen as another user, with a Warning, and tries the next', async () => {
    const saved = process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID;
    process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID = 'S-1-5-18'; // LocalSystem: never the test's user
    cleanup.push(() => {
      if (saved === undefined) delete process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID;
      else process.env.SDKPP_TEST_IPC_PIPE_SERVER_SID = saved;
    });
    const first = await listen(`\\\\?\\pipe\\${unique}-first`);
    const second = await listen(`\\\\?\\pipe\\${unique}-second`);
    cleanup.push(() => {
      first.server.close();
      second.server.close();
    });
    const { warnings } = authorizeOver([first.path, second.path]);
    const refusal = (path: string) => `sdkpp: not connecting to the IPC socket ${path}: its server runs as S-1-5-18, not as this user`;
    await until(() => warnings.includes(refusal(second.path)), 'the second pipe refused');
    expect(warnings).toContain(refusal(first.path));
    expect(warnings.indexOf(refusal(first.path))).toBeLessThan(warnings.indexOf(refusal(second.path)));
    await new Promise((r) => setTimeout(r, 100));
    expect([first.bytes, second.bytes]).toEqual([0, 0]);
  });
});
