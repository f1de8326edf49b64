// The full GetToken round trip through the SDK (N-API -> core -> Node platform fetch ->
// emulator -> back to a Promise), next to the same code exchange written directly with fetch,
// against the same embedded emulator, in one run.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('../../dist/index.js');
const { startEmulator } = require('../../dist/emulator/index.js');

const ROUNDS = 400;
const emu = await startEmulator({ port: 0 });
emu.control.setAutoApprove(emu.users[0].id);
// Rate limits off: this measures the exchange, not the SDK's (correct) waiting for buckets.
emu.control.setRateLimits(false);
const appId = emu.application.id;
const verifier = randomBytes(64).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const redirectUri = 'http://127.0.0.1:1/callback';

async function freshCode() {
  const url = new URL(`${emu.webBase}/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code', client_id: appId, scope: 'openid sdk.social_layer', redirect_uri: redirectUri,
    code_challenge: challenge, code_challenge_method: 'S256', state: 's',
  }).toString();
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location')).searchParams.get('code');
}

async function measure(exchange) {
  const codes = [];
  for (let i = 0; i < ROUNDS + 20; i++) codes.push(await freshCode());
  const samples = [];
  for (let i = 0; i < codes.length; i++) {
    const start = process.hrtime.bigint();
    await exchange(codes[i]);
    if (i >= 20) samples.push(Number(process.hrtime.bigint() - start) / 1e6); // 20 warm-up rounds
  }
  samples.sort((a, b) => a - b);
  return { mean: samples.reduce((s, v) => s + v, 0) / samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const client = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [] });
const sdk = await measure((code) => client.GetToken(BigInt(appId), code, verifier, redirectUri));
const plain = await measure(async (code) => {
  const response = await fetch(`${emu.apiBase}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: appId }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error('exchange failed');
});
client.Dispose();
await emu.close();

const ms = (v) => `${v.toFixed(3)} ms`;
console.log('### GetToken round trip (SDK vs fetch, same emulator)\n');
console.log(table(
  ['exchange', 'mean', 'p50', 'p99', 'ratio of means'],
  [
    ['`client.GetToken(...)` (Promise form)', ms(sdk.mean), ms(sdk.p50), ms(sdk.p99), `${(sdk.mean / plain.mean).toFixed(2)}×`],
    ['`fetch` form POST + `response.json()` (baseline)', ms(plain.mean), ms(plain.p50), ms(plain.p99), '1.00×'],
  ],
));
console.log(`\n${ROUNDS} sequential exchanges each after 20 warm-up rounds, fresh PKCE-bound codes made before timing, the emulator's rate limits switched off; \`node scripts/bench/sdk-auth.bench.mjs\` reproduces it.\n`);
