// JoinLinkedLobbyGuild: a full account gets the linked channel's invite URL; a provisional
// account is asked to merge first, and ProvisionalUserMergeCompleted resumes (true) or answers
// (false) the waiting join; Dispose answers a join still waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationExternalAuthType,
  AuthorizationTokenType,
  Client,
  ErrorType,
  SdkError,
} from '../../lib/index';
import { linkChannel } from '../../lib/emulator/domain/lobbies';
import { startHarness, until, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

async function ready(client: Client, accessToken: string): Promise<void> {
  h.watch.remember(accessToken);
  await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready);
}

/** A lobby the client is in, linked (by the emulator) to a text channel of a new guild. */
async function linkedLobby(client: Client, secret: string): Promise<{ lobbyId: bigint; guildId: string }> {
  const { lobbyId } = await client.CreateOrJoinLobby(secret);
  const guild = h.emu.control.createGuild(`guild for ${secret}`, []);
  const lobby = h.emu.core.state.lobbies.get(String(lobbyId))!;
  linkChannel(h.emu.core, lobby, null, guild.channelIds[0]);
  return { lobbyId, guildId: guild.id };
}

const isMember = (guildId: string, userId: string) =>
  h.emu.core.state.guilds.get(guildId)!.members.some((m) => m.userId === userId);

/** The invite URL as a browser follows it: the page, then its Accept form. */
async function acceptInBrowser(inviteUrl: string): Promise<void> {
  const page = await fetch(inviteUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe(new URL(inviteUrl).pathname);
  const accepted = await fetch(new URL(action!, inviteUrl), { method: 'POST' });
  expect(accepted.status).toBe(200);
  expect(await accepted.text()).toMatch(/You joined/);
  // Single use: the same URL is now an invalid invite.
  expect((await fetch(inviteUrl)).status).toBe(404);
}

async function provisionalClient(ticket: string): Promise<Client> {
  const client = h.newClient();
  h.watch.remember(ticket);
  const provisional = await client.GetProvisionalToken(BigInt(h.emu.application.id),
    AuthenticationExternalAuthType.SteamSessionTicket, ticket);
  h.watch.remember(provisional.refreshToken);
  await ready(client, provisional.accessToken);
  return client;
}

describe('JoinLinkedLobbyGuild', () => {
  it('a full account gets {webBase}/invite/{code} for the linked channel', async () => {
    const client = h.newClient();
    await ready(client, h.emu.control.issueToken(h.emu.users[0].id).accessToken);
    const { lobbyId, guildId } = await linkedLobby(client, 'linked-full');
    let mergeAsked = false;
    const { inviteUrl } = await client.JoinLinkedLobbyGuild(lobbyId, () => { mergeAsked = true; });
    expect(mergeAsked).toBe(false);
    expect(inviteUrl).toMatch(new RegExp(`^${h.emu.webBase}/invite/[A-Za-z0-9]+$`));
    expect(isMember(guildId, h.emu.users[0].id)).toBe(false);
    await acceptInBrowser(inviteUrl);
    expect(isMember(guildId, h.emu.users[0].id)).toBe(true);
  });

  it('a provisional account is asked to merge; ProvisionalUserMergeCompleted(true) resumes the join', async () => {
    const client = await provisionalClient('steam-ticket-linked-merge');
    const { lobbyId, guildId } = await linkedLobby(client, 'linked-provisional');
    let mergeAsked = 0;
    const join = client.JoinLinkedLobbyGuild(lobbyId, () => { mergeAsked++; });
    await until(() => mergeAsked === 1);
    client.ProvisionalUserMergeCompleted(true);
    const { inviteUrl } = await join;
    expect(inviteUrl).toMatch(new RegExp(`^${h.emu.webBase}/invite/[A-Za-z0-9]+$`));
    await acceptInBrowser(inviteUrl);
    const invitee = [...h.emu.core.state.lobbyInvites.values()].find((i) => inviteUrl.endsWith(i.code))!.userId;
    expect(isMember(guildId, invitee)).toBe(true);
  });

  it('ProvisionalUserMergeCompleted(false) answers the waiting join with a clear error', async () => {
    const client = await provisionalClient('steam-ticket-linked-no-merge');
    const { lobbyId } = await linkedLobby(client, 'linked-no-merge');
    let mergeAsked = 0;
    const join = client.JoinLinkedLobbyGuild(lobbyId, () => { mergeAsked++; }).catch((e) => e);
    await until(() => mergeAsked === 1);
    client.ProvisionalUserMergeCompleted(false);
    const error: SdkError = await join;
    expect(error).toBeInstanceOf(SdkError);
    expect(error.result.Type()).toBe(ErrorType.ValidationError);
    expect(error.result.Error()).toMatch(/not merged/);
  });

  it('Dispose answers a join still waiting for the merge with ClientDestroyed', async () => {
    const client = await provisionalClient('steam-ticket-linked-dispose');
    const { lobbyId } = await linkedLobby(client, 'linked-dispose');
    let mergeAsked = 0;
    const join = client.JoinLinkedLobbyGuild(lobbyId, () => { mergeAsked++; }).catch((e) => e);
    await until(() => mergeAsked === 1);
    client.Dispose();
    const error: SdkError = await join;
    expect(error.result.Type()).toBe(ErrorType.ClientDestroyed);
  });
});

describe('secrets', () => {
  it('no secret reached a log line', () => {
    expect(h.watch.leaks()).toEqual([]);
  });
});
