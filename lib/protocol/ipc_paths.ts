// Where the local chat client listens (docs/protocols/ipc.md): on Linux and macOS
// ${XDG_RUNTIME_DIR|TMPDIR|TMP|TEMP}/sdkpp-ipc-{0..9}, then /tmp/sdkpp-ipc-{n}; on Windows the
// named pipes \\?\pipe\sdkpp-ipc-{n}. A client tries them in order; the emulator listens on the
// first free one. Both ends read this one list: the SDK's Node host (lib/platform/host/ipc.ts)
// and the emulator's IPC server (lib/emulator/ipc/server.ts).
import path from 'node:path';

export const IPC_SLOTS = 10;

export function ipcSocketPaths(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string[] {
  if (platform === 'win32') {
    return Array.from({ length: IPC_SLOTS }, (_, n) => `\\\\?\\pipe\\sdkpp-ipc-${n}`);
  }
  const base = env.XDG_RUNTIME_DIR || env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  const paths = Array.from({ length: IPC_SLOTS }, (_, n) => path.join(base, `sdkpp-ipc-${n}`));
  if (path.resolve(base) !== '/tmp') {
    for (let n = 0; n < IPC_SLOTS; n++) paths.push(`/tmp/sdkpp-ipc-${n}`);
  }
  return paths;
}
