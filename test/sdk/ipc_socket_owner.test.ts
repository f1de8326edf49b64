// The player's bearer token must reach only a local client this user started: IPC sockets owned
// by another user, or that group/others may write to, are skipped without a byte sent
// (issue 11 item 8). POSIX only: creating another user's socket needs root.
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthorizationArgs, Client } from '../../lib/index';

const APP_ID = 1349146942634065960n;
const isRoot = process.platform !== 'win32' && process.getuid?.() === 0;

interface Listener {
  path: string;
  connections: number;
  bytes: number;
  server: net.Server;
}

async function listen(path: string): Promise<Listener> {
  const listener: Listener = { path, connections: 0, bytes: 0, server: net.createServer() };
  listener.server.on('connection', (socket) => {
    listener.connections++;
    socket.on('data', (chunk) => (listener.bytes += chunk.length));
  });
  await new Promise<void>((resolve) => listener.server.listen(path, resolve));
  return listener;
}

describe.skipIf(!isRoot)('IPC socket ownership', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((f) => f()));

  it("skips another user's socket and a world-writable one, then connects to ours", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-ipc-owner-'));
    chmodSync(dir, 0o755);
    const foreign = await listen(join(dir, 'sdkpp-ipc-0'));
    chownSync(foreign.path, 65534, 65534);
    const open = await listen(join(dir, 'sdkpp-ipc-1'));
    chmodSync(open.path, 0o777);
    const ours = await listen(join(dir, 'sdkpp-ipc-2'));
    chmodSync(ours.path, 0o600);
    const reached = new Promise<void>((resolve) => ours.server.once('connection', () => resolve()));
    cleanup.push(() => {
      for (const l of [foreign, open, ours]) l.server.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    cleanup.push(() => process.off('warning', onWarning));

    const client = new Client('http://127.0.0.1:9/api', 'http://web.test', {
      ipcPaths: () => [foreign.path, open.path, ours.path],
      openUrl: () => true,
    });
    cleanup.push(() => client.Dispose());
    client.SetApplicationId(APP_ID);
    const args = new AuthorizationArgs();
    args.SetScopes(Client.GetDefaultCommunicationScopes());
    client.Authorize(args).catch(() => {});
    await reached;
    await new Promise((r) => setTimeout(r, 50));
    expect(ours.connections).toBe(1);
    expect(ours.bytes).toBeGreaterThan(0); // the handshake went to our socket
    expect([foreign.connections, foreign.bytes, open.connections, open.bytes]).toEqual([0, 0, 0, 0]);
    expect(warnings.join('\n')).toContain(`${foreign.path}: it is owned by uid 65534`);
    expect(warnings.join('\n')).toContain(`${open.path}: group or others may write to it`);
  });
});
