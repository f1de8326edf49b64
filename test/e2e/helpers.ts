// Shared set-up of the end-to-end tests: an emulator on loopback, SDK clients pointed at it,
// a scripted "browser", and a collector of every log line (SDK and emulator) with every secret
// the tests saw, so each file can prove that no secret was ever logged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Activity, ActivityParty, ActivitySecrets, ActivityTypes, AuthorizationTokenType, Client, LoggingSeverity, type NodeAudioOptions } from '../../lib/index';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../lib/emulator/index';
import { ipcCandidates } from '../emulator/helpers/harness';

export class SecretWatch {
  readonly lines: string[] = [];
  readonly secrets = new Set<string>();

  log = (line: string) => {
    this.lines.push(line);
  };

  remember(...values: Array<string | undefined | null>): void {
    for (const value of values) if (value && value.length >= 6) this.secrets.add(value);
  }

  /**
   * Every secret that appears in some log line (should be none). Run under the debug addon
   * (test/e2e/debug_addon_logs.test.ts sets SDKPP_E2E_EXPECT_DEBUG_ADDON), the lines include Info
   * and Verbose ones, which a release build never delivers; a run that did not load the debug
   * addon is reported here too, so it cannot pass unseen.
   */
  leaks(): string[] {
    const hits: string[] = [];
    if (process.env.SDKPP_E2E_EXPECT_DEBUG_ADDON === '1' && !this.lines.some((line) => line.includes('DEBUG BUILD'))) {
      hits.push('(the debug addon was expected but no DEBUG BUILD line was logged)');
    }
    for (const secret of this.secrets) {
      if (this.lines.some((line) => line.includes(secret))) hits.push(`${secret.slice(0, 6)}… (${secret.length} chars)`);
    }
    return hits;
  }
}

export interface ClientOptions {
  ipc?: boolean;
  openUrl?: (url: string) => boolean;
  audio?: NodeAudioOptions;
  /** The Client's clock (NodePlatformOptions.now). */
  now?: () => number;
}

export interface Harness {
  emu: RunningEmulator;
  watch: SecretWatch;
  ipcDir: string;
  ipcPaths: string[];
  /** `audio`: the device backend; the suite runs with SDKPP_AUDIO_BACKEND=virtual (vitest.config.mts). */
  newClient(options?: ClientOptions): Client;
  close(): Promise<void>;
}

export async function startHarness(options: StartEmulatorOptions = {}): Promise<Harness> {
  const watch = new SecretWatch();
  const ipcDir = mkdtempSync(join(tmpdir(), 'sdkpp-e2e-'));
  const ipcPaths = ipcCandidates(ipcDir);
  const emu = await startEmulator({ port: 0, log: watch.log, ipcPaths, ...options });
  watch.remember(emu.application.clientSecret, emu.application.botToken);
  const clients: Client[] = [];
  return {
    emu,
    watch,
    ipcDir,
    ipcPaths,
    newClient({ ipc = false, openUrl, audio, now } = {}) {
      const client = new Client(emu.apiBase, emu.webBase, {
        ipcPaths: () => (ipc ? ipcPaths : []),
        openUrl: openUrl ?? browserFollowingRedirects,
        audio,
        now,
      });
      client.SetApplicationId(BigInt(emu.application.id));
      client.AddLogCallback((message) => watch.log(message), LoggingSeverity.Verbose);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.Dispose();
      await emu.close();
      rmSync(ipcDir, { recursive: true, force: true });
    },
  };
}

/**
 * A "browser": loads the authorize URL and follows the emulator's redirect to the SDK's
 * loopback listener (the emulator auto-approves when told to).
 */
export function browserFollowingRedirects(url: string): boolean {
  void (async () => {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (location?.startsWith('http://127.0.0.1')) await fetch(location).catch(() => undefined);
  })();
  return true;
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean, timeoutMs = 5000, stepMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await tick(stepMs);
  }
}

/** A client of the harness for `userId` (a token from the control API), connected and Ready. */
export async function readyClient(h: Harness, userId: string, options: ClientOptions = {}): Promise<Client> {
  const client = h.newClient(options);
  const { accessToken } = h.emu.control.issueToken(userId);
  h.watch.remember(accessToken);
  await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready);
  return client;
}

// rawMicrophone(client): a test tone's microphone with no processing; one definition for the
// tests and their child processes.
export { rawMicrophone } from './fixtures/tone_measure.cjs';

/** "Demo Game", playing in a party of 1 of 4 with a join secret (remembered as a secret). */
export function partyActivity(watch: SecretWatch, partyId: string, joinSecret: string): Activity {
  const activity = new Activity();
  activity.SetName('Demo Game');
  activity.SetType(ActivityTypes.Playing);
  activity.SetState('In a match');
  activity.SetDetails('Ranked');
  const party = new ActivityParty();
  party.SetId(partyId);
  party.SetCurrentSize(1);
  party.SetMaxSize(4);
  activity.SetParty(party);
  const secrets = new ActivitySecrets();
  secrets.SetJoin(joinSecret);
  activity.SetSecrets(secrets);
  watch.remember(joinSecret);
  return activity;
}
