// Issue 11 item 7: the public methods that had no test of their own, each against the emulator
// with an effect someone else can observe (the emulator's state, another player's client, a
// file, the browser URL, a log line) and a bad input.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityActionTypes,
  Client,
  ErrorType,
  LoggingSeverity,
  RelationshipType,
  SdkError,
  type ActivityInvite,
} from '../../lib/index';
import { SEED } from '../../lib/emulator/index';
import { partyActivity as partyActivity_, readyClient, startHarness, until, type Harness } from './helpers';
import { onMainThread } from '../main_thread';

let h: Harness;
const { nelly, alice, erin } = SEED.users;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const connected = (userId: string, options: { openUrl?: (url: string) => boolean } = {}) => readyClient(h, userId, options);
const partyActivity = (partyId: string, joinSecret: string) => partyActivity_(h.watch, partyId, joinSecret);

function logLines(client: Client, severity = LoggingSeverity.Warning): string[] {
  const lines: string[] = [];
  client.AddLogCallback((message) => lines.push(message), severity);
  return lines;
}

describe('LinkChannelToLobby and UnlinkChannelFromLobby', () => {
  it('link a lobby to a text channel of a guild the player manages and unlink it; refuse what the service refuses', async () => {
    const client = await connected(nelly);
    const { lobbyId } = await client.CreateOrJoinLobby('link-me-1');
    const guild = h.emu.control.createGuild('Linking guild', [nelly]);
    const lobby = h.emu.core.state.lobbies.get(String(lobbyId))!;
    lobby.members.find((m) => m.id === nelly)!.flags |= 1; // CanLinkLobby
    const text = guild.channelIds[0];

    await client.LinkChannelToLobby(lobbyId, BigInt(text));
    expect(h.emu.core.state.lobbies.get(String(lobbyId))!.linkedChannelId).toBe(text);
    await until(() => client.GetLobbyHandle(lobbyId)?.LinkedChannel()?.Id() === BigInt(text));

    await client.UnlinkChannelFromLobby(lobbyId);
    expect(h.emu.core.state.lobbies.get(String(lobbyId))!.linkedChannelId).toBeNull();
    await until(() => client.GetLobbyHandle(lobbyId)?.LinkedChannel() === undefined);

    // A channel that does not exist, and a member who may not link: the service's errors.
    const unknown: SdkError = await client.LinkChannelToLobby(lobbyId, 123n).catch((e) => e);
    expect(unknown).toBeInstanceOf(SdkError);
    expect(unknown.result.Status()).toBe(404);
    lobby.members.find((m) => m.id === nelly)!.flags = 0;
    const forbidden: SdkError = await client.LinkChannelToLobby(lobbyId, BigInt(text)).catch((e) => e);
    expect(forbidden.result.Status()).toBe(403);
    expect(h.emu.core.state.lobbies.get(String(lobbyId))!.linkedChannelId).toBeNull();
  });
});

describe('join requests, their replies and invite updates', () => {
  it('SendActivityJoinRequest reaches the host, SendActivityJoinRequestReply answers with a Join invite, and the invite turns invalid when the host leaves the party', async () => {
    const host = await connected(alice);
    const guest = await connected(nelly);
    await host.UpdateRichPresence(partyActivity('party-jr-1', 'secret-jr-1'));
    await until(() => guest.GetUser(alice)?.GameActivity()?.Party()?.Id() === 'party-jr-1');

    const hostHeard: ActivityInvite[] = [];
    host.SetActivityInviteCreatedCallback((invite) => hostHeard.push(invite));
    const guestHeard: ActivityInvite[] = [];
    guest.SetActivityInviteCreatedCallback((invite) => guestHeard.push(invite));
    const updates: ActivityInvite[] = [];
    guest.SetActivityInviteUpdatedCallback((invite) => updates.push(invite));

    await guest.SendActivityJoinRequest(BigInt(alice));
    await until(() => hostHeard.length === 1);
    expect(hostHeard[0].Type()).toBe(ActivityActionTypes.JoinRequest);
    expect(hostHeard[0].SenderId()).toBe(BigInt(nelly));
    expect(hostHeard[0].PartyId()).toBe('party-jr-1');

    await host.SendActivityJoinRequestReply(hostHeard[0]);
    await until(() => guestHeard.length === 1);
    expect(guestHeard[0].Type()).toBe(ActivityActionTypes.Join);
    expect(guestHeard[0].SenderId()).toBe(BigInt(alice));
    expect(guestHeard[0].IsValid()).toBe(true);
    expect((await guest.AcceptActivityInvite(guestHeard[0])).joinSecret).toBe('secret-jr-1');

    // The host moves to another party: the invite it sent is no longer valid.
    await host.UpdateRichPresence(partyActivity('party-jr-2', 'secret-jr-2'));
    await until(() => updates.length === 1);
    expect(updates[0].MessageId()).toBe(guestHeard[0].MessageId());
    expect(updates[0].IsValid()).toBe(false);
    const stale: SdkError = await guest.AcceptActivityInvite(updates[0]).catch((e) => e);
    expect(stale).toBeInstanceOf(SdkError);

    // Bad input: a request to a player with no party; a reply to an invite that is not a request.
    const noParty: SdkError = await guest.SendActivityJoinRequest(BigInt(erin)).catch((e) => e);
    expect(noParty.result.Type()).toBe(ErrorType.ValidationError);
    expect(noParty.result.Error()).toMatch(/userId/);
    const notARequest: SdkError = await host.SendActivityJoinRequestReply(guestHeard[0]).catch((e) => e);
    expect(notARequest.result.Type()).toBe(ErrorType.ValidationError);
    expect(notARequest.result.Error()).toMatch(/invite/);
  });
});

describe('ClearRichPresence', () => {
  it("clears the activity friends see", async () => {
    const player = await connected(alice);
    const friend = await connected(nelly);
    await player.UpdateRichPresence(partyActivity('party-clear', 'secret-clear'));
    await until(() => friend.GetUser(alice)?.GameActivity()?.Party()?.Id() === 'party-clear');
    player.ClearRichPresence();
    await until(() => friend.GetUser(alice)?.GameActivity() === undefined);
    expect(h.emu.core.state.presences.get(alice)?.activities ?? []).toEqual([]);
  });
});

describe('BlockUser and UnblockUser', () => {
  it('block and unblock on the service, seen on the relationship handle; a bad id is refused before any request', async () => {
    const client = await connected(nelly);
    await client.BlockUser(BigInt(erin));
    const blocked = () => h.emu.core.state.relationships.find((r) => r.userId === nelly && r.otherId === erin);
    expect(blocked()?.type).toBe(2);
    await until(() => client.GetRelationshipHandle(BigInt(erin)).ServiceRelationshipType() === RelationshipType.Blocked);
    await client.UnblockUser(BigInt(erin));
    expect(blocked()?.type ?? 0).not.toBe(2);
    await until(() => client.GetRelationshipHandle(BigInt(erin)).ServiceRelationshipType() === RelationshipType.None);
    for (const bad of [0n, -1n]) {
      const error = await Promise.resolve().then(() => client.BlockUser(bad)).catch((e) => e);
      expect(error, String(bad)).toBeInstanceOf(Error);
    }
  });
});

describe('RegisterLaunchSteamApplication', () => {
  // Linux: an XDG .desktop entry + mimeapps.list.
  it.skipIf(process.platform !== 'linux' || !onMainThread)('registers the Steam launch for the application under a temporary home; 0 is refused', () => {
    const home = mkdtempSync(join(tmpdir(), 'sdkpp-steam-'));
    const saved = { data: process.env.XDG_DATA_HOME, config: process.env.XDG_CONFIG_HOME };
    process.env.XDG_DATA_HOME = join(home, 'data');
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    try {
      const client = h.newClient();
      expect(client.RegisterLaunchSteamApplication(h.emu.application.id, 480)).toBe(true);
      const scheme = `sdkpp-${h.emu.application.id}`;
      const desktop = readFileSync(join(home, 'data', 'applications', `${scheme}.desktop`), 'utf8');
      expect(desktop).toContain('steam://rungameid/480');
      expect(readFileSync(join(home, 'config', 'mimeapps.list'), 'utf8')).toContain(`x-scheme-handler/${scheme}=${scheme}.desktop`);
      expect(() => client.RegisterLaunchSteamApplication(h.emu.application.id, 0)).toThrow(/steamAppId/);
    } finally {
      for (const [key, value] of [['XDG_DATA_HOME', saved.data], ['XDG_CONFIG_HOME', saved.config]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(home, { recursive: true, force: true });
    }
  });

  // Windows runs Steam's own executable, which Steam records for the user: the Wine prefix has
  // none, so nothing is registered and the Warning says why.
  it.runIf(process.platform === 'win32')('on Windows without Steam says it registered nothing (false, with a warning); 0 is still refused', async () => {
    const client = h.newClient();
    const lines = logLines(client);
    expect(client.RegisterLaunchSteamApplication(h.emu.application.id, 480)).toBe(false);
    await until(() => lines.some((line) => /RegisterLaunchSteamApplication: Steam is not installed for this user/.test(line)));
    expect(() => client.RegisterLaunchSteamApplication(h.emu.application.id, 0)).toThrow(/steamAppId/);
  });

  it.runIf(process.platform === 'darwin')('on macOS says it registered nothing (false, with a warning); 0 is still refused', async () => {
    const client = h.newClient();
    const lines = logLines(client);
    expect(client.RegisterLaunchSteamApplication(h.emu.application.id, 480)).toBe(false);
    await until(() => lines.some((line) => /RegisterLaunchCommand: .*Linux and Windows only/.test(line)));
    expect(() => client.RegisterLaunchSteamApplication(h.emu.application.id, 0)).toThrow(/steamAppId/);
  });
});

describe('OpenAuthorizeDeviceScreen and CloseAuthorizeDeviceScreen', () => {
  it("open the emulator's activation page for the code; a bad code opens nothing; closing says it cannot close a tab", async () => {
    const opened: string[] = [];
    const client = h.newClient({ openUrl: (url) => (opened.push(url), true) });
    const lines = logLines(client);
    client.OpenAuthorizeDeviceScreen(BigInt(h.emu.application.id), 'ABCD-EFGH');
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.emu.webBase}/activate`);
    expect(url.searchParams.get('user_code')).toBe('ABCD-EFGH');
    expect(url.searchParams.get('client_id')).toBe(h.emu.application.id);
    expect((await fetch(url)).status).toBe(200);

    for (const bad of ['', 'has space', 'x'.repeat(65), 'new\nline']) client.OpenAuthorizeDeviceScreen(0n, bad);
    expect(opened).toHaveLength(1);
    await until(() => lines.some((l) => l.includes('OpenAuthorizeDeviceScreen: userCode'))).catch(() => {
      throw new Error(`no refusal logged; lines: ${JSON.stringify(lines)}`);
    });

    client.CloseAuthorizeDeviceScreen();
    await until(() => lines.some((l) => l.includes('CloseAuthorizeDeviceScreen')));
  });
});

describe('SetShowingChat', () => {
  it('takes the value and says once per change that it has no effect yet', async () => {
    const client = h.newClient();
    const lines = logLines(client);
    client.SetShowingChat(true);
    client.SetShowingChat(true);
    client.SetShowingChat(false);
    await until(() => lines.filter((l) => l.includes('SetShowingChat')).length === 2);
    expect(lines.filter((l) => l.includes('SetShowingChat(true)'))).toHaveLength(1);
    expect(() => client.SetShowingChat('yes' as unknown as boolean)).toThrow(/showingChat/);
  });
});

describe('secrets', () => {
  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
