// `npm start`: the demo launcher flow. Today: the SDK's version, the default scopes, a fresh
// PKCE pair and the authorize URL a launcher would open for a sample application. Secrets (the
// verifier) are never printed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sdkpp = require('../../dist/index.js');
const { binding } = require('../../dist/sdk/binding.js');
const { AuthorizationArgs, Client, IntegrationType } = sdkpp;

const SAMPLE_APPLICATION_ID = 1349146942634065960n;

function step(name, fn) {
  const start = process.hrtime.bigint();
  try {
    const detail = fn();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`✔ ${name.padEnd(34)} ${ms.toFixed(2).padStart(8)} ms  ${detail}`);
  } catch (error) {
    console.log(`✘ ${name}: ${error.message}`);
    process.exitCode = 1;
  }
}

console.log(`sdkpp ${Client.GetVersionMajor()}.${Client.GetVersionMinor()}.${Client.GetVersionPatch()} (${Client.GetVersionHash()})\n`);

const client = new Client();
client.SetApplicationId(SAMPLE_APPLICATION_ID);
let pair;
step('default communication scopes', () => Client.GetDefaultCommunicationScopes());
step('default presence scopes', () => Client.GetDefaultPresenceScopes());
step('CreateAuthorizationCodeVerifier', () => {
  pair = client.CreateAuthorizationCodeVerifier();
  return `challenge ${pair.Challenge().Challenge()} (S256); verifier: ${pair.Verifier().length} chars, kept secret`;
});
step('authorize URL (sample application)', () => {
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(pair.Challenge());
  args.SetIntegrationType(IntegrationType.UserInstall);
  const webBase = process.env.SDKPP_WEB_BASE ?? 'http://127.0.0.1:8790';
  const request = binding.internal.buildAuthorizeRequest(args, client.GetApplicationId(), webBase);
  if ('error' in request) throw new Error(request.error.ToString());
  return `\n    ${request.url}`;
});
