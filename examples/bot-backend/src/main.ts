// A game's backend beside sdkpp: it answers the /lfg slash command on its interactions
// endpoint, links players' accounts on the web with the server-side code exchange, and logs the
// webhook events the service sends — every request from the service checked for its signature.
//
//   node dist/main.js          serve until Ctrl+C
//   node dist/main.js --once   end by itself once it answered a command, linked an account and
//                              received a webhook event (a smoke test of a deployment)
import type { AddressInfo } from 'node:net';
import { ServiceApi } from './api.js';
import { registerCommands } from './commands.js';
import { readConfig, type BackendConfig } from './config.js';
import { AccountLinking } from './linking.js';
import { createBackendServer } from './server.js';
import { SignatureVerifier } from './signature.js';
import { describeEvent } from './webhooks.js';

let config: BackendConfig;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(`backend: ${(error as Error).message}`);
  process.exit(2);
}
const once = process.argv.includes('--once');
const api = new ServiceApi(config);
const verifier = new SignatureVerifier(config.publicKeyHex);

// Made once the server listens and its address (the redirect URI's) is known; no request comes before.
let linking: AccountLinking | undefined;
const seen = { command: false, linked: false, webhook: false };
const server = createBackendServer(
  verifier,
  () => {
    if (!linking) throw new Error('not started yet');
    return linking;
  },
  {
    refused: (door, why) => console.log(`refused ${door}: ${why}`),
    command: (name, userId) => {
      console.log(`answered /${name} for user ${userId ?? 'unknown'}`);
      done('command');
    },
    webhook: (event) => {
      console.log(describeEvent(event));
      done('webhook');
    },
    linked: (player) => {
      console.log(`linked the account of ${player.username} (${player.id}), scope "${player.scope}"`);
      done('linked');
    },
  },
);

function done(what: keyof typeof seen): void {
  seen[what] = true;
  if (once && seen.command && seen.linked && seen.webhook) stop('--once: a command answered, an account linked, a webhook event received');
}

function stop(why: string): void {
  console.log(`stopping: ${why}`);
  // Requests under way are answered first (the page of the account just linked, say); idle
  // keep-alive connections close now, and any left after 2 s are cut.
  server.close(() => console.log('stopped'));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 2000).unref();
}

process.once('SIGINT', () => stop('Ctrl+C'));

try {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', resolve);
  });
  const base = config.publicUrl ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  linking = new AccountLinking(api, config.webBase, config.applicationId, `${base}/callback`);
  console.log(`listening on ${base}`);
  console.log(`registered commands: ${(await registerCommands(api, config.applicationId)).map((name) => `/${name}`).join(', ')}`);
  // The service sends a signed PING to a new URL and keeps it only if the PONG comes back: the
  // server must be listening first.
  await api.asBot('PATCH', '/applications/@me', { interactions_endpoint_url: `${base}/interactions` });
  console.log(`interactions endpoint: ${base}/interactions`);
  console.log(`webhook events URL to set in the portal: ${base}/webhooks`);
  console.log(`account linking: ${base}/login`);
} catch (error) {
  console.error(`backend: ${(error as Error).message}`);
  process.exitCode = 1;
  stop('could not start');
}
