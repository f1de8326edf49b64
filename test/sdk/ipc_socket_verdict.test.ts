// What the IPC socket check (lib/platform/host/ipc_owner.ts) answers for paths that are not a
// usable socket of this user, before anything connects: nothing there is 'absent' (the next
// candidate is tried quietly), a path that cannot even be looked at is refused, and a file or a
// symbolic link — even one to a socket of this user — is not a socket. Another user's socket and
// a world-writable one need root to make: test/sdk/ipc_socket_owner.test.ts.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untrustedIpcSocket } from '../../lib/platform/host/ipc_owner';

describe.runIf(process.platform !== 'win32')('the IPC socket check on POSIX', () => {
  let dir: string;
  let server: net.Server;
  const socket = () => join(dir, 'sdkpp-ipc-0');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sdkpp-ipc-verdict-'));
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socket(), resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('trusts a socket of this user that others cannot write to', async () => {
    expect(await untrustedIpcSocket(socket())).toBeUndefined();
  });

  it("answers 'absent' when nothing is there", async () => {
    expect(await untrustedIpcSocket(join(dir, 'sdkpp-ipc-9'))).toBe('absent');
  });

  it('refuses a path it cannot look at (a file where a folder should be), as not checkable', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expect(await untrustedIpcSocket(join(file, 'sdkpp-ipc-0'))).toBe('its owner cannot be checked');
  });

  it('refuses a regular file and a symbolic link to a socket of this user: neither is a socket', async () => {
    const file = join(dir, 'sdkpp-ipc-1');
    writeFileSync(file, '');
    expect(await untrustedIpcSocket(file)).toBe('it is not a socket');
    const link = join(dir, 'sdkpp-ipc-2');
    symlinkSync(socket(), link);
    expect(await untrustedIpcSocket(link)).toBe('it is not a socket');
  });
});
