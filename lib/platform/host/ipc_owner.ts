// Whether an IPC socket path may receive the player's bearer token. The fallback paths
// (/tmp/sdkpp-ipc-{n}) can be created first by any local user, so before connecting the host
// checks what it can see: the path is a socket itself (not a link to one), owned by the user
// this process runs as, and not writable by group or others. On Windows the pipes
// (\\?\pipe\sdkpp-ipc-{n}) can likewise be created first by any user: the addon asks which
// process serves the pipe and compares that process's user with this one's
// (native/core/src/os/pipe_server_user.h).
import { lstat } from 'node:fs/promises';

export interface PipeServerCheck {
  verdict: 'same-user' | 'other-user' | 'absent' | 'unchecked';
  /** Why the pipe must not be used; empty when it may. */
  refusal: string;
}

export type CheckPipeServerUser = (path: string, pretendServerSid?: string) => Promise<PipeServerCheck>;

// The addon's check, handed in by the SDK when it loads (lib/sdk/client.ts): the platform room
// does not import the SDK's. Until then a pipe cannot be checked, so none is trusted.
let checkWithAddon: CheckPipeServerUser = async () => ({ verdict: 'unchecked', refusal: 'its owner cannot be checked (the native addon is not loaded)' });

/** The SDK gives the platform the addon's pipe-owner check (once, when it loads). */
export function usePipeServerCheck(check: CheckPipeServerUser): void {
  checkWithAddon = check;
}

// A test seam, read here and passed to the addon: under Wine every process runs as the same user,
// so the refusal of another user's pipe can only be exercised by making the check see another
// SID for the server. The addon ignores it when it names this user, so it can only ever refuse a
// pipe that would have passed, never let another user's pipe through.
const PRETEND_SERVER_SID_VARIABLE = 'SDKPP_TEST_IPC_PIPE_SERVER_SID';

/** Why `path` must not be used, `undefined` when it may, or 'absent' when nothing is there. */
export async function untrustedIpcSocket(
  path: string,
  platform = process.platform,
  checkPipe: CheckPipeServerUser = (path, sid) => checkWithAddon(path, sid),
): Promise<string | undefined | 'absent'> {
  if (platform === 'win32') return untrustedPipe(path, checkPipe);
  if (typeof process.getuid !== 'function') return undefined;
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

async function untrustedPipe(path: string, checkPipe: CheckPipeServerUser): Promise<string | undefined | 'absent'> {
  let check: PipeServerCheck;
  try {
    check = await checkPipe(path, process.env[PRETEND_SERVER_SID_VARIABLE] || undefined);
  } catch {
    return 'its owner cannot be checked';
  }
  if (check.verdict === 'absent') return 'absent';
  if (check.verdict === 'same-user') return undefined;
  return check.refusal || 'its owner cannot be checked';
}
