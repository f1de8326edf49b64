// Rich presence through the gateway and through the local client, invites accepted for the
// join secret, the local client restarting, and a gateway socket dropped in the middle of a
// message burst (nothing lost, nothing doubled).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Activity,
  ActivityTypes,
  AuthorizationTokenType,
  Client,
  ErrorType,
  LoggingSeverity,
  SdkError,
  StatusType,
  type ActivityInvite,
} from '../../lib/index';
import { partyActivity as partyActivity_, readyClient, startHarness, tick, until, type Harness } from './helpers';
import { onMainThread } from '../main_thread';

let h: Harness;

const connected = (index: number, ipc = false): Promise<Client> => readyClient(h, h.emu.users[index].id, { ipc });
const partyActivity = (partyId: string, secret: string) => partyActivity_(h.watch, partyId, secret);
/** A client of user `index` that holds a token but never Connects (no gateway session). */
async function withToken(index: number, ipc: boolean): Promise<Client> {
  const client = h.newClient({ ipc });
  const { accessToken } = h.emu.control.issueToken(h.emu.users[index].id);
  h.watch.remember(accessToken);
  await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
  return client;
}
/** The party id of the activity the service shows for `userId`, if any. */
const partyOf = (userId: string) => (h.emu.core.state.presences.get(userId)?.activities[0]?.party as { id?: string } | undefined)?.id;
/** The SDK's Warning when the chat client closed a ready connection. */
const localClientClosed = (line: string) => line.includes('local client:') && line.includes('closed the connection');

beforeAll(async () => {
  h = await startHarness({ ipc: true });
});
afterAll(async () => h.close());

describe('rich presence', () => {
  it('through the gateway: friends see the activity on the user handle', async () => {
    const nelly = await connected(0);
    const alice = await connected(1);
    await nelly.UpdateRichPresence(partyActivity('party-1', 'join-secret-1'));
    h.watch.remember('join-secret-1');
    const nellyId = h.emu.users[0].id;
    await until(() => alice.GetUser(nellyId)?.GameActivity()?.State() === 'In a match');
    const activity = alice.GetUser(nellyId)!.GameActivity()!;
    expect(activity.Details()).toBe('Ranked');
    expect(activity.Party()?.MaxSize()).toBe(4);
    expect(alice.GetUser(nellyId)!.Status()).toBe(StatusType.Online);
  });

  it('refuses what SET_ACTIVITY would refuse, before sending anything', async () => {
    const nelly = await connected(0);
    const streaming = new Activity();
    streaming.SetType(ActivityTypes.Streaming);
    const error: SdkError = await nelly.UpdateRichPresence(streaming).catch((e) => e);
    expect(error.result.Type()).toBe(ErrorType.ValidationError);
    expect(error.result.Error()).toMatch(/Type/);
  });

  it('through the local client (SET_ACTIVITY with the pid) when it runs, as the player the token names', async () => {
    // A token but no gateway session: the update can only have gone through the local client.
    const bob = await withToken(2, true);
    bob.SetGameWindowPid(4242);
    await bob.UpdateRichPresence(partyActivity('party-ipc', 'join-secret-ipc'));
    // The chat client is logged in as nelly; the game AUTHENTICATEd as bob, so bob shows it
    // (SET_ACTIVITY went out before AUTHENTICATE on a fresh connection, and nelly showed it).
    await until(() => partyOf(h.emu.users[2].id) === 'party-ipc');
    expect(partyOf(h.emu.users[0].id)).not.toBe('party-ipc');
  });

  it('through the local client without a token: the chat client\'s user shows it (the classic flow)', async () => {
    const game = h.newClient({ ipc: true });
    await game.UpdateRichPresence(partyActivity('party-classic', 'join-secret-classic'));
    await until(() => partyOf(h.emu.users[0].id) === 'party-classic');
  });

  it('SetOnlineStatus reaches friends', async () => {
    const nelly = await connected(0);
    const alice = await connected(1);
    await nelly.SetOnlineStatus(StatusType.Dnd);
    await until(() => alice.GetUser(h.emu.users[0].id)?.Status() === StatusType.Dnd);
  });
});

describe('activity invites', () => {
  it('an invite arrives with the application id and is accepted for the join secret', async () => {
    const nelly = await connected(0);
    const alice = await connected(1);
    await nelly.UpdateRichPresence(partyActivity('party-2', 'join-secret-2'));
    h.watch.remember('join-secret-2');
    const invites: ActivityInvite[] = [];
    alice.SetActivityInviteCreatedCallback((invite) => invites.push(invite));
    await nelly.SendActivityInvite(h.emu.users[1].id, 'come play');
    await until(() => invites.length === 1);
    const invite = invites[0];
    expect(invite.SenderId()).toBe(BigInt(h.emu.users[0].id));
    expect(invite.ApplicationId()).toBe(BigInt(h.emu.application.id));
    expect(invite.PartyId()).toBe('party-2');
    expect(invite.IsValid()).toBe(true);
    const accepted = await alice.AcceptActivityInvite(invite);
    expect(accepted.joinSecret).toBe('join-secret-2');
  });

  it('with the gateway and the local chat client both connected an invite fires once', async () => {
    const nelly = await connected(0);
    const alice = await connected(1, true);
    await nelly.UpdateRichPresence(partyActivity('party-twice', 'join-secret-twice'));
    h.watch.remember('join-secret-twice');
    const invites: ActivityInvite[] = [];
    alice.SetActivityInviteCreatedCallback((invite) => invites.push(invite));
    // The local client is reached and its ACTIVITY_INVITE subscription in place (AUTHENTICATE,
    // then SUBSCRIBE) before the invite is sent, so both paths deliver it.
    expect(await alice.IsServiceAppInstalled()).toBe(true);
    await tick(200);
    await nelly.SendActivityInvite(h.emu.users[1].id, 'come play');
    await until(() => invites.length >= 1);
    await tick(300);
    expect(invites).toHaveLength(1);
    expect(invites[0].SenderId()).toBe(BigInt(h.emu.users[0].id));
  });

  it('without a party in the rich presence there is nothing to invite to', async () => {
    const bob = await connected(2);
    const error: SdkError = await bob.SendActivityInvite(h.emu.users[0].id, 'hi').catch((e) => e);
    expect(error.result.Type()).toBe(ErrorType.ValidationError);
  });
});

describe('joining from the chat client', () => {
  it('SetActivityJoinCallback and SetActivityJoinWithApplicationCallback both fire for one ACTIVITY_JOIN', async () => {
    const dave = await connected(3, true);
    const joins: string[] = [];
    const withApplication: Array<[bigint, string]> = [];
    dave.SetActivityJoinCallback((secret) => joins.push(secret));
    dave.SetActivityJoinWithApplicationCallback((applicationId, secret) => withApplication.push([applicationId, secret]));
    h.watch.remember('join-secret-both');
    // Both set: one subscription delivers to the game, and each callback sees the secret once.
    await until(() => h.emu.control.localClient!.activityJoin('join-secret-both') > 0);
    await until(() => joins.length === 1 && withApplication.length === 1);
    await tick(50);
    expect(joins).toEqual(['join-secret-both']);
    expect(withApplication).toEqual([[BigInt(h.emu.application.id), 'join-secret-both']]);
  });
});

describe('resilience', () => {
  it('a gateway socket dropped in the middle of a message burst loses and doubles nothing', async () => {
    const nelly = await connected(0);
    const alice = await connected(1);
    const { lobbyId } = await nelly.CreateOrJoinLobby('burst-lobby');
    await alice.CreateOrJoinLobby('burst-lobby');
    const seen: bigint[] = [];
    alice.SetMessageCreatedCallback((id) => seen.push(id));
    const sent: bigint[] = [];
    // 40 messages in a few hundred ms is past the 10-per-10-s lobby bucket; this test is about
    // the gateway, not the rate limiter.
    h.emu.control.setRateLimits(false);
    try {
      for (let i = 0; i < 40; i++) {
        sent.push((await nelly.SendLobbyMessage(lobbyId, `burst ${i}`)).messageId);
        // Cut alice's gateway socket from the service side, mid-burst, as a network failure would.
        if (i === 15) expect(h.emu.control.dropGatewayConnections(h.emu.users[1].id)).toBeGreaterThan(0);
      }
    } finally {
      h.emu.control.setRateLimits(true);
    }
    await until(() => seen.length >= 40, 10_000);
    await tick(100);
    expect(seen).toEqual(sent);
    expect(alice.GetStatus()).toBe(Client.Status.Ready);
  });

  it('the local client restarts: presence goes through it again afterwards, still as the player', async () => {
    // As in the soak: a subscription (so the SDK reconnects on its own, after 1 s) and an update
    // made while the chat client is away, which opens the connection at once.
    const carol = await withToken(3, true);
    carol.SetActivityInviteCreatedCallback(() => {});
    expect(await carol.IsServiceAppInstalled()).toBe(true);
    const closedBefore = h.watch.lines.filter(localClientClosed).length;
    await h.emu.control.restartLocalClient();
    await until(() => h.watch.lines.filter(localClientClosed).length > closedBefore);
    await carol.UpdateRichPresence(partyActivity('party-after-restart', 'join-secret-3'));
    await until(() => partyOf(h.emu.users[3].id) === 'party-after-restart');
    expect(partyOf(h.emu.users[0].id)).not.toBe('party-after-restart');
  });
});

describe('the local chat client\'s user', () => {
  it('GetServiceClientConnectedUser answers the user the chat client is logged in as, without a token', async () => {
    const client = h.newClient({ ipc: true });
    const { result, user } = await client.GetServiceClientConnectedUser(h.emu.application.id);
    expect(result.Successful()).toBe(true);
    expect(user?.Id()).toBe(BigInt(h.emu.users[0].id));
    expect(user?.Username()).toBe('nelly');
    expect(client.GetUser(h.emu.users[0].id)?.Username()).toBe('nelly');
  });

  it('with no chat client running it is an RPCError; a bad applicationId throws before any I/O', async () => {
    const client = h.newClient({ ipc: false });
    const error: SdkError = await client.GetServiceClientConnectedUser(h.emu.application.id).catch((e) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error.result.Type()).toBe(ErrorType.RPCError);
    expect(() => client.GetServiceClientConnectedUser('not-a-number')).toThrow(/applicationId/);
    const zero: SdkError = await client.GetServiceClientConnectedUser(0n).catch((e) => e);
    expect(zero.result.Type()).toBe(ErrorType.ValidationError);
  });
});

describe('launch registration', () => {
  // Linux: XDG; Windows: the registry; macOS: not written, and it must say it did nothing.
  it.skipIf(process.platform !== 'linux' || !onMainThread)('RegisterLaunchCommand writes a .desktop entry and the MIME default under a temporary home', () => {
    const home = mkdtempSync(join(tmpdir(), 'sdkpp-home-'));
    const saved = { data: process.env.XDG_DATA_HOME, config: process.env.XDG_CONFIG_HOME };
    process.env.XDG_DATA_HOME = join(home, 'data');
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    try {
      const client = h.newClient();
      expect(client.RegisterLaunchCommand(h.emu.application.id, '/opt/game/launch --from-invite')).toBe(true);
      const scheme = `sdkpp-${h.emu.application.id}`;
      const desktop = readFileSync(join(home, 'data', 'applications', `${scheme}.desktop`), 'utf8');
      expect(desktop).toContain('Exec=/opt/game/launch --from-invite %u');
      expect(desktop).toContain(`MimeType=x-scheme-handler/${scheme};`);
      const mime = readFileSync(join(home, 'config', 'mimeapps.list'), 'utf8');
      expect(mime).toContain(`x-scheme-handler/${scheme}=${scheme}.desktop`);
      expect(client.RegisterLaunchCommand(h.emu.application.id, 'evil\ncommand')).toBe(false);
    } finally {
      process.env.XDG_DATA_HOME = saved.data;
      process.env.XDG_CONFIG_HOME = saved.config;
      if (saved.data === undefined) delete process.env.XDG_DATA_HOME;
      if (saved.config === undefined) delete process.env.XDG_CONFIG_HOME;
      rmSync(home, { recursive: true, force: true });
    }
  });

  // Windows: read back with reg.exe (Wine's, under `npm run test:cross:win32-x64`).
  it.runIf(process.platform === 'win32')('RegisterLaunchCommand writes the URL protocol keys under HKEY_CURRENT_USER and says when it replaces another command', async () => {
    const key = `HKCU\\Software\\Classes\\sdkpp-${h.emu.application.id}`;
    const reg = (...args: string[]) => execFileSync('reg', args, { encoding: 'utf8', windowsHide: true });
    const deleteKey = () => {
      try {
        reg('delete', key, '/f');
      } catch {
        // absent
      }
    };
    deleteKey();
    try {
      reg('add', `${key}\\shell\\open\\command`, '/ve', '/d', 'C:\\Other\\other.exe %1', '/f');
      const client = h.newClient();
      const warnings: string[] = [];
      client.AddLogCallback((message) => warnings.push(message), LoggingSeverity.Warning);
      expect(client.RegisterLaunchCommand(h.emu.application.id, 'C:\\Program Files\\Game\\game.exe --from-invite')).toBe(true);
      expect(reg('query', `${key}\\shell\\open\\command`, '/ve')).toContain('"C:\\Program Files\\Game\\game.exe" --from-invite "%1"');
      expect(reg('query', key, '/ve')).toContain(`URL:sdkpp-${h.emu.application.id} Protocol`);
      expect(reg('query', key, '/v', 'URL Protocol')).toContain('URL Protocol');
      await until(() => warnings.some((line) => line.includes(`the URL scheme sdkpp-${h.emu.application.id} was registered to run C:\\Other\\other.exe %1; replacing it`)));
      expect(client.RegisterLaunchCommand(h.emu.application.id, 'evil\ncommand')).toBe(false);
    } finally {
      deleteKey();
    }
  });

  it.runIf(process.platform === 'darwin')('RegisterLaunchCommand on macOS returns false: nothing is registered', () => {
    const client = h.newClient();
    expect(client.RegisterLaunchCommand(h.emu.application.id, '/Applications/Game.app/Contents/MacOS/game --from-invite')).toBe(false);
    expect(client.RegisterLaunchCommand(h.emu.application.id, 'evil\ncommand')).toBe(false);
  });
});

describe('secrets', () => {
  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
