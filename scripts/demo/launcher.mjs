// `npm start`: the launcher flow of a game, against an embedded emulator of the service.
// Every step prints its outcome and how long it took. Secrets are never printed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sdkpp = require('../../dist/index.js');
const { startEmulator } = require('../../dist/emulator/index.js');
const { AuthenticationExternalAuthType, AuthorizationArgs, AuthorizationTokenType, Client, LoggingSeverity } = sdkpp;

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

const client = new Client(emu.apiBase, emu.webBase, { openUrl: browser, ipcPaths: () => [] });
client.SetApplicationId(appId);
client.AddLogCallback((message, severity) => {
  if (severity >= LoggingSeverity.Error) console.log(`    [sdk] ${message}`);
}, LoggingSeverity.Warning);

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
