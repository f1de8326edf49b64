// The host's IPC to the local chat client: net sockets to the candidate paths, tried in order.
import net from 'node:net';
import { ipcSocketPaths } from '../../protocol/ipc_paths';
import { untrustedIpcSocket } from './ipc_owner';
import type { HostEvents } from './events';

// The addon reads at most 1 MiB per _OnIpcData (wrap_client_platform.cc): larger reads are split.
const MAX_IPC_CHUNK = 1024 * 1024;

export class HostIpc {
  readonly #events: HostEvents;
  readonly #ipc = new Map<number, net.Socket>();
  /** Streams still looking for a trusted path: closeIpc during the search ends it. */
  readonly #opening = new Set<number>();

  constructor(events: HostEvents) {
    this.#events = events;
  }

  openIpc(id: number): void {
    let candidates: string[];
    try {
      const options = this.#events.options();
      if (!options) candidates = []; // the Client is gone: nothing to connect for
      else candidates = options.ipcPaths ? [...options.ipcPaths()].filter((p) => typeof p === 'string') : ipcSocketPaths();
    } catch {
      candidates = []; // the app's ipcPaths threw: as if no local client were running
    }
    const refused: string[] = [];
    this.#opening.add(id);
    const tryNext = (index: number): void => {
      if (!this.#opening.has(id)) return;
      if (index >= candidates.length) {
        this.#opening.delete(id);
        const why = refused.length > 0 ? `; refused: ${refused.join('; ')}` : '';
        this.#events.later((sink) => sink._OnIpcClosed(id, `no local client is listening${why}`));
        return;
      }
      const path = candidates[index];
      void untrustedIpcSocket(path).then((why) => {
        if (why === 'absent') {
          tryNext(index + 1);
        } else if (why !== undefined) {
          // The token would go to whoever made this socket: skip it, and say so.
          refused.push(`${path} (${why})`);
          process.emitWarning(`sdkpp: not connecting to the IPC socket ${path}: ${why}`, 'SdkppSecurityWarning');
          tryNext(index + 1);
        } else if (this.#opening.has(id)) {
          connect(index);
        }
      });
    };
    const connect = (index: number): void => {
      const socket = net.createConnection(candidates[index]);
      socket.unref(); // a background link: it must not keep a finished script alive
      let connected = false;
      socket.once('connect', () => {
        if (!this.#opening.delete(id)) {
          socket.destroy(); // closed while connecting
          return;
        }
        connected = true;
        this.#ipc.set(id, socket);
        this.#events.deliver((sink) => sink._OnIpcOpen(id));
      });
      socket.on('data', (chunk: Buffer) => {
        for (let at = 0; at < chunk.length; at += MAX_IPC_CHUNK) {
          const piece = chunk.subarray(at, at + MAX_IPC_CHUNK);
          this.#events.deliver((sink) => sink._OnIpcData(id, piece));
        }
      });
      socket.on('error', () => {
        if (!connected) tryNext(index + 1);
      });
      socket.on('close', () => {
        if (!connected) return;
        if (this.#ipc.delete(id)) this.#events.deliver((sink) => sink._OnIpcClosed(id, 'the local client closed the connection'));
      });
    };
    tryNext(0);
  }

  writeIpc(id: number, bytes: Buffer): void {
    const socket = this.#ipc.get(id);
    if (socket && !socket.destroyed) socket.write(bytes);
  }

  closeIpc(id: number): void {
    this.#opening.delete(id);
    const socket = this.#ipc.get(id);
    this.#ipc.delete(id);
    socket?.end();
    socket?.destroy();
  }

  close(): void {
    this.#opening.clear();
    for (const socket of this.#ipc.values()) socket.destroy();
    this.#ipc.clear();
  }
}
