// The full GetToken round trip through the SDK (N-API -> core -> Node platform fetch ->
// emulator -> back to a Promise), next to the same code exchange written directly with fetch,
// against the same embedded emulator, in one run. The exchanges take turns round by round (the
// first of each round alternating), so a busy machine or a growing emulator weighs on all of
// them alike instead of on whichever ran first. A third row is the floor of the SDK's path: the
// same request through the Node platform's HTTP function alone (no N-API, no core).
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('../../dist/index.js');
const { startEmulator } = require('../../dist/emulator/index.js');
const { NodePlatformHost } = require('../../dist/platform/node_host.js');

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

/** Each exchange `ROUNDS` times after 20 warm-up rounds, taking turns; ms per exchange. */
async function measure(exchanges) {
  const codes = [];
  for (let i = 0; i < (ROUNDS + 20) * exchanges.length; i++) codes.push(await freshCode());
  const samples = exchanges.map(() => []);
  let next = 0;
  for (let round = 0; round < ROUNDS + 20; round++) {
    for (let k = 0; k < exchanges.length; k++) {
      const which = round % 2 === 0 ? k : exchanges.length - 1 - k;
      const start = process.hrtime.bigint();
      await exchanges[which](codes[next++]);
      if (round >= 20) samples[which].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return samples.map((values) => {
    values.sort((a, b) => a - b);
    return { mean: values.reduce((s, v) => s + v, 0) / values.length, p50: percentile(values, 50), p99: percentile(values, 99) };
  });
}

const client = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [] });
const sdkExchange = (code) => client.GetToken(BigInt(appId), code, verifier, redirectUri);
const fetchExchange = async (code) => {
  const response = await fetch(`${emu.apiBase}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: appId }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error('exchange failed');
};
// The floor: the request the core sends (its headers and form body), through the host's
// sendHttp, the reply parsed in JS from what the host hands to the addon.
const host = new NodePlatformHost({ ipcPaths: () => [] });
// The host holds its sink weakly (as it holds the NativeClient): hostExchange keeps it alive.
const sink = {
  waiting: new Map(),
  _OnHttpResponse(id, status, headers, body) { this.waiting.get(id)(JSON.parse(body)); },
  _OnHttpError(id, message) { this.waiting.get(id)({ error: message }); },
};
host.attach(sink);
let hostRequest = 0;
const hostExchange = (code) => new Promise((resolve, reject) => {
  const id = ++hostRequest;
  sink.waiting.set(id, (body) => {
    sink.waiting.delete(id);
    if (body.access_token) resolve();
    else reject(new Error('exchange failed'));
  });
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: appId, code_verifier: verifier });
  host.sendHttp(id, 'POST', `${emu.apiBase}/oauth2/token`,
    ['User-Agent', 'sdkpp (https://www.npmjs.com/package/sdkpp, 0.1)', 'Content-Type', 'application/x-www-form-urlencoded'], form.toString());
});
const [sdk, plain, hostOnly] = await measure([sdkExchange, fetchExchange, hostExchange]);
client.Dispose();
host.close();
await emu.close();

const ms = (v) => `${v.toFixed(3)} ms`;
console.log('### GetToken round trip (SDK vs fetch, same emulator)\n');
console.log(table(
  ['exchange', 'mean', 'p50', 'p99', 'ratio of means'],
  [
    ['`client.GetToken(...)` (Promise form)', ms(sdk.mean), ms(sdk.p50), ms(sdk.p99), `${(sdk.mean / plain.mean).toFixed(2)}×`],
    ['`fetch` form POST + `response.json()` (baseline)', ms(plain.mean), ms(plain.p50), ms(plain.p99), '1.00×'],
    ['floor: the same request through the Node platform\'s `sendHttp` alone (no N-API, no core)', ms(hostOnly.mean), ms(hostOnly.p50), ms(hostOnly.p99), `${(hostOnly.mean / plain.mean).toFixed(2)}×`],
  ],
));
console.log(`\n${ROUNDS} sequential exchanges of each kind after 20 warm-up rounds, the kinds taking turns (the first of each round alternating), fresh PKCE-bound codes made before timing, the emulator's rate limits switched off; \`node scripts/bench/sdk-auth.bench.mjs\` reproduces it.\n`);
