// The CLI's command line: node:util parseArgs (strict) with the options below, the usage text,
// and the package version. A mistake is a CliUsageError whose message is the one line the CLI
// prints (naming the option and its rule) before exiting with code 2.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { networkSettings, type NetworkSettings } from './network_options';

/** The SDK's built-in default address is http://127.0.0.1:8790: the CLI listens there by default. */
export const DEFAULT_PORT = 8790;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'public-url': { type: 'string' },
  'voice-port': { type: 'string' },
  data: { type: 'string' },
  ipc: { type: 'boolean' },
  webhook: { type: 'string' },
  'allow-remote-endpoints': { type: 'boolean' },
  'allow-remote-activity-targets': { type: 'boolean' },
  'auto-approve': { type: 'string' },
  verbose: { type: 'boolean' },
  version: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const KNOWN = Object.keys(OPTIONS).map((name) => `--${name}`).join(', ');

export const USAGE = `usage: sdkpp-emulator [options]

Runs the sdkpp emulator: the service's HTTP API, web pages, gateway, voice server and control API.

options:
  --port N          HTTP port: API, web pages, gateway, control API (default ${DEFAULT_PORT},
                    the SDK's default address; 0 = any free port)
  --host ADDR       address to listen on, HTTP and voice: an IP address or localhost
                    (default 127.0.0.1). Any other than loopback lets that network use the
                    control API, which has no authentication.
  --public-url URL  the URL clients reach the HTTP server at (http://emulator:8790): the API,
                    gateway and voice addresses printed and handed out name it. Default:
                    http://<host>:<port>, or http://127.0.0.1:<port> for --host 0.0.0.0 or ::
  --voice-port N    voice server port, TCP (WebSocket, TLS) and UDP (media) (default: any
                    free port)
  --data FILE       keep the state in FILE across restarts (it holds live tokens: written
                    readable by its owner only)
  --ipc             also run the local chat client over IPC
  --webhook URL     the application's events URL (webhooks)
  --allow-remote-endpoints
                    an application's interactions endpoint URL may name any host; by
                    default only this machine (127.0.0.1, [::1], localhost), so a bot cannot
                    make the emulator send requests into your network
  --allow-remote-activity-targets
                    an activity's URL mappings may target any host; by default only this
                    machine, so an activity page cannot use the proxy host to reach your
                    network
  --auto-approve USER
                    the consent page (and the local chat client) approves every
                    authorization at once as USER, a user name or id (nelly, alice…):
                    for scripts and first programs without a click
  --verbose         print the emulator's log lines
  --version         print the version and exit
  -h, --help        print this help and exit

examples:
  sdkpp-emulator                                  http://127.0.0.1:${DEFAULT_PORT}, where the SDK looks
  sdkpp-emulator --auto-approve nelly             logins approve at once as the player nelly
  sdkpp-emulator --port 0 --data state.json       any free port; the state survives restarts
  sdkpp-emulator --port=9000 --ipc --verbose      the local chat client too, with the log
  sdkpp-emulator --host 0.0.0.0 --voice-port 8791 --public-url http://emulator:${DEFAULT_PORT}
                                                  in a container, reached as "emulator" by
                                                  other containers (ports 8790 and 8791,
                                                  TCP and UDP, mapped to the same numbers)

The control API: POST <web>/_sdkpp/control/<name> with a JSON body (the package README,
"The emulator").`;

export interface CliRunOptions {
  network: NetworkSettings;
  dataFile?: string;
  ipc: boolean;
  webhookUrl?: string;
  /** Interactions endpoints may name other hosts than this machine. */
  allowRemoteEndpoints: boolean;
  /** Activity URL mappings may target other hosts than this machine. */
  allowRemoteActivityTargets: boolean;
  /** A user name or id: authorizations approve at once as that user. */
  autoApprove?: string;
  verbose: boolean;
}

export type CliCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: CliRunOptions };

export class CliUsageError extends Error {}

/** A port option's text as a number when it is one, else as given (the check names the rule). */
function portValue(text: string | undefined): number | string | undefined {
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : text;
}

function parsed(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliUsageError(usageMistake(error as Error & { code?: string }));
  }
}

export function parseCli(argv: string[]): CliCommand {
  const values = parsed(argv);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  let network: NetworkSettings;
  try {
    network = networkSettings(
      { host: values.host, port: portValue(values.port) ?? DEFAULT_PORT, voicePort: portValue(values['voice-port']), publicUrl: values['public-url'] },
      { host: '--host', port: '--port', voicePort: '--voice-port', publicUrl: '--public-url' },
    );
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  for (const name of ['data', 'webhook', 'auto-approve'] as const) {
    if (values[name] === '') throw new CliUsageError(`--${name}: a value is required`);
  }
  return {
    kind: 'run',
    options: {
      network,
      dataFile: values.data,
      ipc: values.ipc ?? false,
      webhookUrl: values.webhook,
      allowRemoteEndpoints: values['allow-remote-endpoints'] ?? false,
      allowRemoteActivityTargets: values['allow-remote-activity-targets'] ?? false,
      autoApprove: values['auto-approve'],
      verbose: values.verbose ?? false,
    },
  };
}

/** parseArgs' error as one line: the option it is about and what is wrong. */
function usageMistake(error: Error & { code?: string }): string {
  const first = error.message.split('\n')[0];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = /^Unknown option '([^']*)'/.exec(first)?.[1];
    return `unknown option ${name ?? first}; the options are ${KNOWN} (see --help)`;
  }
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${first.replace(/\.$/, '')} (see --help)`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // "Option '--port <value>' argument missing", "Option '--ipc' does not take an argument",
    // "Option '--port' argument is ambiguous." (a value starting with a dash: --port=-1).
    return `${first.replace(/\.$/, '')}${/ambiguous/.test(first) ? `: write a value that starts with a dash as ${/'(--[\w-]+)/.exec(first)?.[1] ?? '--option'}=VALUE` : ''} (see --help)`;
  }
  throw error;
}

/** The package root: lib/emulator (sources under vitest) and dist/emulator (compiled) are both two levels down. */
const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');

/** The version in the package's package.json. */
export function packageVersion(root = PACKAGE_ROOT): string {
  const file = path.join(root, 'package.json');
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
  } catch (error) {
    throw new Error(`cannot read the version from ${file}: ${(error as Error).message}`);
  }
  if (typeof version !== 'string') throw new Error(`cannot read the version from ${file}: it has no "version"`);
  return version;
}
