// What the launcher reads from its environment. The service's address is not here: the SDK reads
// SDKPP_API_BASE / SDKPP_WEB_BASE itself and, without them, talks to the local emulator
// (http://127.0.0.1:8790, where `npx sdkpp-emulator` listens).

/** The emulator's seeded application; on the real service, your application's id from the portal. */
const EMULATOR_APPLICATION_ID = 1349146942634065960n;

export interface LauncherConfig {
  /** LAUNCHER_APPLICATION_ID */
  applicationId: bigint;
  /** LAUNCHER_INVITE_WAIT_S: how long the menu waits for a friend's invite before hosting a party. */
  inviteWaitMs: number;
  /** LAUNCHER_CALL_S: how long the party's voice call lasts. */
  callMs: number;
  /** LAUNCHER_INPUT_DEVICE: the microphone, by id or part of its name; unset: the system default. */
  inputDevice: string | undefined;
  /** LAUNCHER_PTT_RELEASE_MS: push-to-talk keeps sending this long after the key is let go. */
  pttReleaseDelayMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv): LauncherConfig {
  return {
    applicationId: applicationIdFrom(env.LAUNCHER_APPLICATION_ID),
    inviteWaitMs: numberFrom(env, 'LAUNCHER_INVITE_WAIT_S', 5, 0, 600) * 1000,
    callMs: numberFrom(env, 'LAUNCHER_CALL_S', 6, 2, 3600) * 1000,
    inputDevice: env.LAUNCHER_INPUT_DEVICE || undefined,
    pttReleaseDelayMs: numberFrom(env, 'LAUNCHER_PTT_RELEASE_MS', 200, 0, 2000),
  };
}

function applicationIdFrom(value: string | undefined): bigint {
  if (value === undefined || value === '') return EMULATOR_APPLICATION_ID;
  if (!/^[1-9][0-9]{0,19}$/.test(value)) {
    throw new Error(`LAUNCHER_APPLICATION_ID must be your application's id (a number of up to 20 digits); got "${value}"`);
  }
  return BigInt(value);
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}; got "${value}"`);
  }
  return parsed;
}
