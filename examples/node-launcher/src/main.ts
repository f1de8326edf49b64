// A game launcher's session, start to end: link the player's account, connect, show presence,
// join a friend's party from an invite (or host one), invite the other friends, chat, talk in the
// party's voice call with push-to-talk, leave, and Dispose. Each step prints what it did.
import { Client, EnumToString, LoggingSeverity } from 'sdkpp';
import { linkAccount } from './account.js';
import { PartyChat } from './chat.js';
import { readConfig, type LauncherConfig } from './config.js';
import { connect } from './connection.js';
import { InviteInbox, inviteFriends } from './invites.js';
import { enterParty, newPartySecret, partySize, watchMembers } from './party.js';
import { describeFriends, nameOf } from './people.js';
import { menuActivity, partyActivity, showPresence } from './presence.js';
import { sleep } from './wait.js';
import { chooseMicrophone, PartyCall } from './voice.js';

async function session(client: Client, config: LauncherConfig, invites: InviteInbox, signal: AbortSignal): Promise<void> {
  const account = await linkAccount(client, config.applicationId);
  console.log(`account linked (OAuth2 with PKCE), token valid for ${Math.round(account.expiresIn / 3600)} h`);
  await connect(client, signal);
  const me = client.GetCurrentUserV2();
  console.log(`connected as ${me?.DisplayName()}`);
  console.log(`friends: ${describeFriends(client)}`);
  await showPresence(client, menuActivity());

  // The menu: a friend's invite takes the player into their party; without one, host a party.
  console.log(`waiting up to ${config.inviteWaitMs / 1000} s for an invite`);
  const ticket = await invites.nextJoin(config.inviteWaitMs, signal);
  const party = await enterParty(client, ticket?.joinSecret ?? newPartySecret());
  console.log(ticket ? `joined ${ticket.from}'s party (${partySize(client, party)} members)` : 'no invite came: hosting a party');
  const name = (userId: bigint) => nameOf(client, userId);
  const updatePresence = (size: number) => {
    showPresence(client, partyActivity(party, size)).catch((error: Error) => console.log(`presence: ${error.message}`));
  };
  watchMembers(client, party, name, updatePresence);
  const chat = new PartyChat(client, party);
  for (const line of await chat.recent(10)) console.log(`[party, earlier] ${line}`);
  await showPresence(client, partyActivity(party, partySize(client, party)));
  const invited = await inviteFriends(client, party);
  console.log(invited.length > 0 ? `invited ${invited.join(', ')} to the party` : 'no friend left to invite');
  await chat.say(`hi, ${me?.DisplayName()} here`);

  // The party's voice call, on the microphone the player chose, push-to-talk.
  const microphone = await chooseMicrophone(client, config.inputDevice);
  console.log(`microphone: ${microphone.Name()}`);
  const call = await PartyCall.join(client, party.lobbyId, config.pttReleaseDelayMs, signal);
  const talkMs = 1000;
  await sleep(500, signal);
  await call.talk(talkMs, signal);
  await sleep(Math.max(0, config.callMs - talkMs - 500), signal);
  await call.leave();

  chat.close();
  await client.LeaveLobby(party.lobbyId);
  client.ClearRichPresence();
  console.log('left the party');
}

let config: LauncherConfig;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(`launcher: ${(error as Error).message}`);
  process.exit(2);
}

console.log(`sdkpp node launcher, service: ${process.env.SDKPP_API_BASE ?? 'the local emulator (http://127.0.0.1:8790/api)'}`);
// No address here: the SDK takes SDKPP_API_BASE / SDKPP_WEB_BASE, else the local emulator.
const client = new Client();
client.SetApplicationId(config.applicationId);
client.AddLogCallback((message, severity) => console.error(`[sdkpp ${EnumToString(LoggingSeverity, severity)}] ${message}`), LoggingSeverity.Warning);
// Before Connect: an invite can arrive as soon as the connection is Ready.
const invites = new InviteInbox(client);

// Ctrl+C ends the session cleanly: waits stop, and Dispose settles every pending SDK call.
const cancel = new AbortController();
process.once('SIGINT', () => {
  cancel.abort(new Error('stopped (Ctrl+C)'));
  client.Dispose();
});

try {
  await session(client, config, invites, cancel.signal);
} catch (error) {
  console.error(`launcher: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  // Closes the connection, the call and every socket now: the process then ends by itself.
  client.Dispose();
  console.log('signed out: Client disposed');
}
