// Whether an IPC socket path may receive the player's bearer token. The fallback paths
// (/tmp/sdkpp-ipc-{n}) can be created first by any local user, so before connecting the host
// checks what it can see: the path is a socket itself (not a link to one), owned by the user
// this process runs as, and not writable by group or others. Windows named pipes are not
// checked here: Node cannot read a pipe's owner (that needs the Win32 security API).
import { lstat } from 'node:fs/promises';

/** Why `path` must not be used, `undefined` when it may, or 'absent' when nothing is there. */
export async function untrustedIpcSocket(path: string, platform = process.platform): Promise<string | undefined | 'absent'> {
  if (platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  let stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : 'its owner cannot be checked';
  }
  if (!stats.isSocket()) return 'it is not a socket';
  if (stats.uid !== process.getuid()) return `it is owned by uid ${stats.uid}, not by this user`;
  if ((stats.mode & 0o022) !== 0) return `group or others may write to it (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}
