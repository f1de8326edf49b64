// The same first program in CommonJS JavaScript (require, no top-level await): the other half
// of the newcomers test/package/newcomer.test.ts tries.
const { Activity, ActivityTypes, AuthorizationArgs, AuthorizationTokenType, Client, LoggingSeverity } = require('sdkpp');

const APPLICATION_ID = 1349146942634065960n;

async function main() {
  const client = new Client();
  client.SetApplicationId(APPLICATION_ID);
  client.AddLogCallback((message) => console.error(`[sdkpp] ${message}`), LoggingSeverity.Warning);

  const verifier = client.CreateAuthorizationCodeVerifier();
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(verifier.Challenge());
  const { code, redirectUri } = await client.Authorize(args);
  const tokens = await client.GetToken(APPLICATION_ID, code, verifier.Verifier(), redirectUri);
  await client.UpdateToken(AuthorizationTokenType.Bearer, tokens.accessToken);
  console.log('authorized');

  await new Promise((resolve, reject) => {
    client.SetStatusChangedCallback((status, error, errorDetail) => {
      if (status === Client.Status.Ready) resolve();
      else if (status === Client.Status.Disconnected && error !== Client.Error.None) reject(new Error(`${Client.ErrorToString(error)} ${errorDetail}`));
    });
    client.Connect();
  });
  console.log(`ready as ${client.GetCurrentUserV2()?.Username()}`);

  const activity = new Activity();
  activity.SetType(ActivityTypes.Playing);
  activity.SetState('In the lobby');
  await client.UpdateRichPresence(activity);
  console.log('presence set');

  const created = [];
  client.SetMessageCreatedCallback((messageId) => created.push(messageId));
  const { lobbyId } = await client.CreateOrJoinLobby('newcomer-party');
  const { messageId } = await client.SendLobbyMessage(lobbyId, 'hello from a newcomer');
  const deadline = Date.now() + 5000;
  while (!created.includes(messageId) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  console.log(`own message created ${created.filter((id) => id === messageId).length} time(s): ${client.GetMessageHandle(messageId)?.Content()}`);

  let framesHeard = 0;
  const call = client.StartCallWithAudioCallbacks(lobbyId, (_userId, data) => {
    if (data.some((sample) => sample !== 0)) framesHeard++;
  }, null);
  if (!call.valid) throw new Error('StartCall failed');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await client.EndCall(lobbyId);
  console.log(`heard ${framesHeard > 0 ? 'audio' : 'nothing'}`);

  client.Dispose();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
