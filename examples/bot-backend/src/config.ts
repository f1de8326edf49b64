// What the backend reads from its environment. The application's credentials come from the
// developer portal (on the emulator: its seeded application, which `npx sdkpp-emulator` prints
// and the README lists); none of them has a default, and none is ever printed.

export interface BackendConfig {
  /** The service's API, SDKPP_API_BASE (default: the local emulator's). */
  apiBase: string;
  /** Where people sign in (the consent page), SDKPP_WEB_BASE (default: the local emulator's). */
  webBase: string;
  /** BOT_APPLICATION_ID */
  applicationId: string;
  /** BOT_TOKEN: the bot's token, for the REST calls the backend makes as the application. */
  botToken: string;
  /** BOT_CLIENT_SECRET: proves the code exchange comes from this backend; never leaves the server. */
  clientSecret: string;
  /** BOT_PUBLIC_KEY: the application's Ed25519 public key (64 hex digits), checks request signatures. */
  publicKeyHex: string;
  /** BACKEND_PORT: where this backend listens on 127.0.0.1 (0: a free port). */
  port: number;
  /** BACKEND_PUBLIC_URL: the address the service and browsers reach this backend at (default: http://127.0.0.1:<port>). */
  publicUrl: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv): BackendConfig {
  const webBase = trimSlash(env.SDKPP_WEB_BASE || 'http://127.0.0.1:8790');
  return {
    apiBase: trimSlash(env.SDKPP_API_BASE || `${webBase}/api`),
    webBase,
    applicationId: required(env, 'BOT_APPLICATION_ID', /^[1-9][0-9]{0,19}$/, 'the application id, a number of up to 20 digits'),
    botToken: required(env, 'BOT_TOKEN', /^\S{10,}$/, 'the bot token from the portal'),
    clientSecret: required(env, 'BOT_CLIENT_SECRET', /^\S{8,}$/, 'the client secret from the portal'),
    publicKeyHex: required(env, 'BOT_PUBLIC_KEY', /^[0-9a-fA-F]{64}$/, 'the public key from the portal, 64 hex digits'),
    port: port(env.BACKEND_PORT),
    publicUrl: env.BACKEND_PUBLIC_URL ? trimSlash(env.BACKEND_PUBLIC_URL) : undefined,
  };
}

function required(env: NodeJS.ProcessEnv, name: string, rule: RegExp, what: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set: it must be ${what}`);
  // The value is a credential: the message names the rule, never the value.
  if (!rule.test(value)) throw new Error(`${name} must be ${what}`);
  return value;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8787;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`BACKEND_PORT must be a port number from 0 to 65535; got "${value}"`);
  return parsed;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
