// `npm start`: the launcher flow of a game, against an embedded emulator of the service.
// Every step prints its outcome and how long it took. Secrets are never printed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sdkpp = require('../../dist/index.js');
const { startEmulator } = require('../../dist/emulator/index.js');
const {
  Activity,
  ActivityParty,
  ActivitySecrets,
  ActivityTypes,
  AuthenticationExternalAuthType,
  AuthorizationArgs,
  AuthorizationTokenType,
  Client,
  LoggingSeverity,
} = sdkpp;

let failures = 0;
async function step(name, fn) {
  const start = process.hrtime.bigint();
  try {
    const detail = await fn();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`  ✔ ${name.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${detail ?? ''}`);
  } catch (error) {
    failures++;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`  ✘ ${name.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${error.message}`);
  }
}

// A "browser" for the demo: the emulator approves at once, and the redirect goes to the SDK.
function browser(url) {
  void (async () => {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (location?.startsWith('http://127.0.0.1')) await fetch(location);
  })();
  return true;
}

console.log(`sdkpp ${Client.GetVersionMajor()}.${Client.GetVersionMinor()}.${Client.GetVersionPatch()} (${Client.GetVersionHash()})`);
const emu = await startEmulator({ port: 0 });
console.log(`embedded emulator at ${emu.apiBase}\n`);
const appId = BigInt(emu.application.id);
const player = emu.users[0];
emu.control.setAutoApprove(player.id);

// The call step plays and measures tones: virtual audio devices, whatever sound server this machine has.
const client = new Client(emu.apiBase, emu.webBase, { openUrl: browser, ipcPaths: () => [], audio: { backend: 'virtual' } });
client.SetApplicationId(appId);
client.AddLogCallback((message, severity) => {
  if (severity >= LoggingSeverity.Error) console.log(`    [sdk] ${message}`);
}, LoggingSeverity.Warning);

// Waits for something the gateway delivers; fails the step after `ms`, multiplied by
// SDKPP_DEMO_PATIENCE on a slow host (the linux-arm64 cross test runs this under qemu, where
// everything takes 5-20 times longer: scripts/cross/linux-arm64.mjs sets it).
const patience = Math.max(1, Number(process.env.SDKPP_DEMO_PATIENCE) || 1);
async function until(what, predicate, ms = 5000) {
  const deadline = Date.now() + ms * patience;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let pair;
let link;
let tokens;
console.log('Account linking');
await step('default scopes', () => Client.GetDefaultCommunicationScopes());
await step('CreateAuthorizationCodeVerifier', () => {
  pair = client.CreateAuthorizationCodeVerifier();
  return `challenge ${pair.Challenge().Challenge().slice(0, 12)}… (S256)`;
});
await step('Authorize (browser, auto-approved)', async () => {
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(pair.Challenge());
  link = await client.Authorize(args);
  return `code received on ${link.redirectUri}`;
});
await step('GetToken (code + verifier)', async () => {
  tokens = await client.GetToken(appId, link.code, pair.Verifier(), link.redirectUri);
  return `Bearer token, expires in ${tokens.expiresIn} s, scopes "${tokens.scopes}"`;
});
await step('UpdateToken', async () => {
  await client.UpdateToken(AuthorizationTokenType.Bearer, tokens.accessToken);
  return `IsAuthenticated() = ${client.IsAuthenticated()}`;
});
await step('FetchCurrentUser', async () => {
  const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, tokens.accessToken);
  return `${me.name} (${me.id})`;
});
await step('RefreshToken (rotation)', async () => {
  const refreshed = await client.RefreshToken(appId, tokens.refreshToken);
  const rotated = refreshed.accessToken !== tokens.accessToken && refreshed.refreshToken !== tokens.refreshToken;
  tokens = refreshed;
  await client.UpdateToken(AuthorizationTokenType.Bearer, tokens.accessToken);
  return `new access and refresh tokens: ${rotated}`;
});

console.log('\nSocial');
// A friend's launcher on another machine: a second client, signed in as another seeded user.
const friendUser = emu.users[1];
const friend = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [], audio: { backend: 'virtual' } });
friend.SetApplicationId(appId);
const statuses = [];
client.SetStatusChangedCallback((status) => statuses.push(Client.StatusToString(status)));
await step('Connect (gateway, Ready)', async () => {
  client.Connect();
  await until('Ready', () => client.GetStatus() === Client.Status.Ready);
  const me = client.GetCurrentUserV2();
  return `${statuses.join(' → ')}; signed in as ${me.Username()}`;
});
await step('friend connects', async () => {
  await friend.UpdateToken(AuthorizationTokenType.Bearer, emu.control.issueToken(friendUser.id).accessToken);
  friend.Connect();
  await until('the friend is Ready', () => friend.GetStatus() === Client.Status.Ready);
  return `${friend.GetCurrentUserV2().Username()} is online`;
});
await step('UpdateRichPresence (friends see it)', async () => {
  const activity = new Activity();
  activity.SetType(ActivityTypes.Playing);
  activity.SetName('Demo Game');
  activity.SetState('In the lobby');
  activity.SetDetails('Ranked duo');
  const party = new ActivityParty();
  party.SetId('demo-party');
  party.SetCurrentSize(1);
  party.SetMaxSize(2);
  activity.SetParty(party);
  const secrets = new ActivitySecrets();
  secrets.SetJoin('demo-join-secret');
  activity.SetSecrets(secrets);
  await client.UpdateRichPresence(activity);
  await until('the friend to see the activity', () => friend.GetUser(player.id)?.GameActivity()?.State() === 'In the lobby');
  const seen = friend.GetUser(player.id).GameActivity();
  return `${friendUser.username} sees "${seen.Details()} — ${seen.State()}" (${seen.Party().CurrentSize()}/${seen.Party().MaxSize()})`;
});
let lobbyId;
await step('CreateOrJoinLobbyWithMetadata', async () => {
  ({ lobbyId } = await client.CreateOrJoinLobbyWithMetadata('demo-lobby-secret', { mode: 'duo' }, { role: 'host' }));
  return `lobby ${lobbyId}`;
});
await step('the friend joins the lobby', async () => {
  await friend.CreateOrJoinLobbyWithMetadata('demo-lobby-secret', {}, { role: 'support' });
  await until('the member to appear', () => client.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length === 2);
  const lobby = client.GetLobbyHandle(lobbyId);
  return `${lobby.LobbyMemberIds().length} members, metadata ${JSON.stringify(lobby.Metadata())}`;
});
const received = [];
await step('lobby chat (SendLobbyMessage both ways)', async () => {
  client.SetMessageCreatedCallback((messageId) => received.push(messageId));
  await friend.SendLobbyMessage(lobbyId, 'ready when you are');
  await client.SendLobbyMessage(lobbyId, 'queueing now');
  await until('the message callback', () => received.length >= 2);
  return `${received.length} MessageCreated callbacks`;
});
let historyRequests = 0;
emu.server.on('request', (request) => {
  if (request.url?.includes('/messages')) historyRequests++;
});
await step('GetLobbyMessagesWithLimit (service)', async () => {
  historyRequests = 0;
  const { messages } = await client.GetLobbyMessagesWithLimit(lobbyId, 50);
  return `${messages.map((m) => `"${m.Content()}"`).reverse().join(', ')}; ${historyRequests} request`;
});
await step('GetLobbyMessagesWithLimit (cache)', async () => {
  const { messageId } = await friend.SendLobbyMessage(lobbyId, 'go go go');
  await until('the new message over the gateway', () => received.includes(messageId));
  historyRequests = 0;
  const { messages } = await client.GetLobbyMessagesWithLimit(lobbyId, 50);
  return `${messages.length} messages, newest "${messages[0].Content()}"; ${historyRequests} requests`;
});
await step('SendUserMessage (a DM)', async () => {
  const { messageId } = await client.SendUserMessage(friendUser.id, 'gg, thanks for the carry');
  await until('the DM to arrive', () => friend.GetMessageHandle(messageId)?.Content() !== undefined);
  const summaries = await friend.GetUserMessageSummaries();
  return `${friendUser.username} got it; ${summaries.summaries.length} DM conversation(s)`;
});
await step('voice call (two players talk)', async () => {
  // Each launcher's virtual microphone plays a tone (the demo has no sound card): the player
  // 440 Hz, the friend 660 Hz. Each speaker should carry the other's tone.
  const speaker = (c) => c.native._VirtualAudio('speaker', 25);
  // The call is end-to-end encrypted (DAVE); each side logs the group's voice privacy code,
  // which the players could compare to verify nobody else holds the keys.
  const codes = new Map();
  for (const c of [client, friend]) {
    c.AddVoiceLogCallback((message) => {
      const code = /voice privacy code (\d+)/.exec(message)?.[1];
      if (code) codes.set(c, code);
    }, LoggingSeverity.Warning);
  }
  client.native._VirtualAudio('sine', 440, -20);
  friend.native._VirtualAudio('sine', 660, -20);
  const calls = [client.StartCall(lobbyId), friend.StartCall(lobbyId)];
  if (!calls.every((call) => call.valid)) throw new Error('StartCall refused (see the log)');
  await until('both calls Connected', () => calls.every((call) => call.GetStatus() === sdkpp.Call.Status.Connected), 10000);
  await until('both in the DAVE group', () => codes.size === 2 && codes.get(client) === codes.get(friend), 10000);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const hz = (samples) => {
    let crossings = 0;
    for (let i = 2; i < samples.length; i += 2) if ((samples[i - 2] < 0) !== (samples[i] < 0)) crossings++;
    return crossings / 2 / (samples.length / 2 / 48000);
  };
  const playerHeard = hz(speaker(client));
  const friendHeard = hz(speaker(friend));
  await client.EndCall(lobbyId);
  await friend.EndCall(lobbyId);
  return `E2EE, privacy codes match (${codes.get(client).slice(0, 5)}…); the player heard ${playerHeard.toFixed(1)} Hz, the friend heard ${friendHeard.toFixed(1)} Hz`;
});
await step('SendActivityInvite → AcceptActivityInvite', async () => {
  const invites = [];
  friend.SetActivityInviteCreatedCallback((invite) => invites.push(invite));
  await client.SendActivityInvite(friendUser.id, 'join my party');
  await until('the invite to arrive', () => invites.length === 1);
  const { joinSecret } = await friend.AcceptActivityInvite(invites[0]);
  return `accepted; the friend got the join secret (${joinSecret.length} characters)`;
});
await step('LeaveLobby + Disconnect', async () => {
  await friend.LeaveLobby(lobbyId);
  await until('the member to leave', () => client.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length === 1);
  friend.Disconnect();
  client.Disconnect();
  await until('Disconnected', () => statuses.at(-1) === 'Disconnected');
  return `${statuses.slice(-2).join(' → ')}`;
});
friend.Dispose();

console.log('\nProvisional account');
const ticket = 'demo-steam-session-ticket';
let provisional;
await step('GetProvisionalToken (Steam ticket)', async () => {
  provisional = await client.GetProvisionalToken(appId, AuthenticationExternalAuthType.SteamSessionTicket, ticket);
  const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, provisional.accessToken);
  return `provisional account ${me.name}`;
});
await step('Authorize + GetTokenFromProvisionalMerge', async () => {
  const mergePair = client.CreateAuthorizationCodeVerifier();
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(mergePair.Challenge());
  const merge = await client.Authorize(args);
  const merged = await client.GetTokenFromProvisionalMerge(appId, merge.code, mergePair.Verifier(), merge.redirectUri,
    AuthenticationExternalAuthType.SteamSessionTicket, ticket);
  const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, merged.accessToken);
  return `the Steam identity now signs in as ${me.name}`;
});
await step('UnmergeIntoProvisionalAccount', async () => {
  await client.UnmergeIntoProvisionalAccount(appId, AuthenticationExternalAuthType.SteamSessionTicket, ticket);
  const own = await client.GetProvisionalToken(appId, AuthenticationExternalAuthType.SteamSessionTicket, ticket);
  const me = await client.FetchCurrentUser(AuthorizationTokenType.Bearer, own.accessToken);
  return `the identity has its own account again: ${me.name}`;
});

console.log('\nSign-out');
await step('RevokeToken', async () => {
  await client.RevokeToken(appId, tokens.accessToken);
  return `IsAuthenticated() = ${client.IsAuthenticated()}`;
});

client.Dispose();
await emu.close();
console.log(failures === 0 ? '\nAll steps succeeded.' : `\n${failures} step(s) failed.`);
process.exitCode = failures === 0 ? 0 : 1;
