// examples/node-launcher, as its README tells a developer to use it: type-checked with the
// repository's TypeScript, compiled, and run against the emulator to its end. The world around
// the player (nelly) is played here: her browser approves the login at once (the emulator's
// auto-approve, as `npx sdkpp-emulator --auto-approve nelly`), and her friend alice hosts a
// party, invites her once the launcher waits for invites, starts the party's call and talks in
// it (a tone on her virtual microphone). The launcher must accept, join, chat, take part in the
// call with push-to-talk, leave and exit 0 by itself, printing no secret.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { Activity, ActivityParty, ActivityPartyPrivacy, ActivitySecrets, ActivityTypes, AuthorizationTokenType, Client, LoggingSeverity } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import { FIXTURES, type FixtureContext } from '../docs/fixtures';
import { buildOnce, exampleProject, runNode, tsc, type ExampleRun, type RunningExample } from './example_project';

const PARTY_SECRET = 'alices-party-secret-5c1e';
let project: string;

beforeAll(() => {
  project = exampleProject('node-launcher');
}, 60_000);

/** alice (nelly's friend), connected and Ready. */
async function aliceOnline(emu: RunningEmulator): Promise<Client> {
  const alice = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [], audio: { backend: 'virtual' } });
  alice.SetApplicationId(BigInt(emu.application.id));
  alice.AddLogCallback((line) => console.error(`[alice] ${line}`), LoggingSeverity.Error);
  await alice.UpdateToken(AuthorizationTokenType.Bearer, emu.control.issueToken(emu.users[1].id).accessToken);
  await new Promise<void>((resolve) => {
    alice.SetStatusChangedCallback((status) => status === Client.Status.Ready && resolve());
    alice.Connect();
  });
  return alice;
}

/** alice in her own party: a lobby whose secret her presence offers. */
async function aliceHostingAParty(emu: RunningEmulator): Promise<{ alice: Client; lobbyId: bigint }> {
  const alice = await aliceOnline(emu);
  const { lobbyId } = await alice.CreateOrJoinLobby(PARTY_SECRET);
  const activity = new Activity();
  activity.SetType(ActivityTypes.Playing);
  activity.SetState('In a party');
  const party = new ActivityParty();
  party.SetId(String(lobbyId));
  party.SetCurrentSize(1);
  party.SetMaxSize(4);
  party.SetPrivacy(ActivityPartyPrivacy.Private);
  activity.SetParty(party);
  const secrets = new ActivitySecrets();
  secrets.SetJoin(PARTY_SECRET);
  activity.SetSecrets(secrets);
  await alice.UpdateRichPresence(activity);
  return { alice, lobbyId };
}

/**
 * Runs the launcher against a fresh emulator whose consent page approves at once as nelly;
 * `world` plays the others while it runs (and may put what to stop on `cleanups`).
 */
async function runTheLauncher(env: Record<string, string>, world: (emu: RunningEmulator, launcher: RunningExample, cleanups: Array<() => void>) => Promise<void>): Promise<ExampleRun> {
  const emu = await startEmulator({ port: 0 });
  const context: FixtureContext = {
    emu,
    project,
    dir: join(project, 'dist', `run-${process.pid}`),
    env: { ...process.env, SDKPP_API_BASE: emu.apiBase, SDKPP_WEB_BASE: emu.webBase, SDKPP_AUDIO_BACKEND: 'virtual', ...env },
    cleanups: [],
  };
  context.cleanups.push(() => rmSync(context.dir, { recursive: true, force: true }));
  try {
    await FIXTURES.browser.setUp!(context, undefined);
    const launcher = runNode([join(project, 'dist', 'main.js')], { cwd: project, env: context.env, limitMs: 45_000 });
    await world(emu, launcher, context.cleanups);
    return await launcher.ended;
  } finally {
    for (const done of context.cleanups.reverse()) await done();
    await emu.close();
  }
}

/** Every pattern matches a line of `out`, in this order. */
function expectInOrder(run: ExampleRun, patterns: RegExp[]): void {
  let from = 0;
  for (const pattern of patterns) {
    const at = run.stdout.slice(from).search(pattern);
    expect(at, `${pattern} after offset ${from} in:\n${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(0);
    from += at;
  }
}

describe('examples/node-launcher', () => {
  it('type-checks with the repository TypeScript (tsc --noEmit)', () => {
    const check = tsc(project, '--noEmit');
    expect(check.status, check.output).toBe(0);
  }, 60_000);

  it('joins a friend’s party from her invite, chats and talks push-to-talk in its call, then exits by itself', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    const run = await runTheLauncher({ LAUNCHER_INVITE_WAIT_S: '15', LAUNCHER_CALL_S: '4' }, async (emu, launcher, cleanups) => {
      // alice sits in her party before nelly starts; she invites her once the menu waits.
      const { alice, lobbyId } = await aliceHostingAParty(emu);
      cleanups.push(() => alice.Dispose());
      await launcher.line(/^waiting up to \d+ s for an invite$/);
      await alice.SendActivityInvite(BigInt(emu.users[0].id), 'Join my party!');
      // She starts the party's call and talks once the player is in the lobby.
      await launcher.line(/^joined .* party/);
      (alice as unknown as { native: NativeClient }).native._VirtualAudio('sine', 440, -20);
      alice.StartCall(lobbyId);
    });
    const out = run.stdout;
    expect(run.code, `${out}\n${run.stderr}`).toBe(0);
    expectInOrder(run, [
      /^account linked \(OAuth2 with PKCE\)/m,
      /^connected as Nelly$/m,
      /^friends: .*Alice \(online, playing: In a party\)/m,
      /^invite from Alice to their party$/m,
      /^accepted the invite from Alice$/m,
      /^joined Alice's party \(2 members\)$/m,
      /^presence: In a party \(2\/4\), joinable$/m,
      /^invited Bob to the party$/m,
      /^microphone: /m,
      /^call: Connected$/m,
      /^push-to-talk: released$/m,
      /^left the call$/m,
      /^left the party$/m,
      /^signed out: Client disposed$/m,
    ]);
    // Callbacks: their lines come when the service's events do, in no set order with the steps.
    expect(out).toMatch(/^\[party\] Nelly: hi, Nelly here$/m);
    expect(out).toMatch(/^Alice is speaking$/m);
    // The join secret is the party's key: never printed.
    expect(out + run.stderr).not.toContain(PARTY_SECRET);
  }, 60_000);

  it('with no invite it hosts a party; a friend accepts its invite, gets the join secret and joins it', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    let joinedLobby: bigint | undefined;
    let nellyThere = false;
    let secretSeen = '';
    const run = await runTheLauncher({ LAUNCHER_INVITE_WAIT_S: '1', LAUNCHER_CALL_S: '5' }, async (emu, launcher, cleanups) => {
      const alice = await aliceOnline(emu);
      cleanups.push(() => alice.Dispose());
      // alice accepts the first invite: its join secret is the secret of nelly's party lobby.
      alice.SetActivityInviteCreatedCallback((invite) => {
        void (async () => {
          const { joinSecret } = await alice.AcceptActivityInvite(invite);
          secretSeen = joinSecret;
          const { lobbyId } = await alice.CreateOrJoinLobby(joinSecret);
          joinedLobby = lobbyId;
          nellyThere = (alice.GetLobbyHandle(lobbyId)?.LobbyMemberIds() ?? []).includes(BigInt(emu.users[0].id));
        })().catch((error: Error) => console.error(`[alice] ${error.message}`));
      });
      await launcher.line(/^no invite came: hosting a party$/);
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expectInOrder(run, [
      /^no invite came: hosting a party$/m,
      /^presence: In a party \(1\/4\), joinable$/m,
      // She may join while the launcher is still inviting Bob: the two lines come in either order.
      /^Alice joined the party$/m,
      /^left the party$/m,
      /^signed out: Client disposed$/m,
    ]);
    expect(run.stdout).toMatch(/^invited Alice, Bob to the party$/m);
    expect(run.stdout).toMatch(/^presence: In a party \(2\/4\), joinable$/m);
    expect(joinedLobby).toBeDefined();
    expect(nellyThere).toBe(true);
    expect(secretSeen).toMatch(/^party-[0-9a-f]{32}$/);
    expect(run.stdout + run.stderr).not.toContain(secretSeen);
  }, 60_000);
});
