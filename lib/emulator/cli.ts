#!/usr/bin/env node
// `npx sdkpp-emulator [options]` (cli_options.ts; --help): runs the emulator, prints its addresses
// and the seeded credentials, and stops cleanly on SIGINT/SIGTERM. A usage mistake is one line
// and exit code 2; a failed start (a port in use, an unreadable --data file) one line and 1.
import { CliUsageError, packageVersion, parseCli, USAGE, type CliCommand } from './cli_options';
import { startEmulator, type RunningEmulator } from './index';
import { exposureWarning, urlHost } from './network_options';

function fail(message: string, code: number): never {
  console.error(`sdkpp-emulator: ${message}`);
  process.exit(code);
}

async function main() {
  let command: CliCommand;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (error) {
    fail((error as Error).message, error instanceof CliUsageError ? 2 : 1);
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (command.kind === 'version') {
    try {
      console.log(packageVersion());
    } catch (error) {
      fail((error as Error).message, 1);
    }
    return;
  }
  const options = command.options;
  const { network } = options;
  let emu: RunningEmulator;
  try {
    emu = await startEmulator({
      host: network.host,
      port: network.port,
      voicePort: network.voicePort,
      publicUrl: network.publicUrl?.href,
      dataFile: options.dataFile,
      ipc: options.ipc,
      webhookUrl: options.webhookUrl,
      allowRemoteEndpoints: options.allowRemoteEndpoints,
      allowRemoteActivityTargets: options.allowRemoteActivityTargets,
      log: options.verbose ? (line) => console.log(line) : undefined,
    });
  } catch (error) {
    // A port in use or an unreadable --data file: one clear line, not a stack trace.
    fail((error as Error).message, 1);
  }
  if (options.autoApprove !== undefined) {
    const user = userNamed(emu, options.autoApprove);
    if (!user) {
      await emu.close();
      fail(`--auto-approve: no user named or numbered ${JSON.stringify(options.autoApprove)} (users: ${emu.users.map((u) => u.username).join(', ')})`, 2);
    }
    emu.control.setAutoApprove(user.id);
  }
  const warning = exposureWarning(emu.host);
  if (warning) console.error(`sdkpp-emulator: ${warning}`);
  const bound = `${urlHost(emu.host)}:${emu.port}`;
  const listening = new URL(emu.webBase).host === bound ? '' : `\n  Listening on ${bound} (voice ${urlHost(emu.host)}:${emu.voice.port})`;
  console.log(`sdkpp emulator listening${listening}
  API:      ${emu.apiBase}
  Web:      ${emu.webBase} (open it in a browser: the dashboard)
  Gateway:  ${emu.gatewayUrl}
  Voice:    ${emu.voice.endpoint} (WebSocket ws:// or wss:// with a self-signed certificate, and UDP)${emu.ipcPath ? `\n  IPC:      ${emu.ipcPath}` : ''}
  Control:  ${emu.webBase}/_sdkpp/control/<method>
Application ${emu.application.id}
  client secret: ${emu.application.clientSecret}
  bot token:     ${emu.application.botToken}
  public key:    ${emu.application.publicKey}
Child application ${emu.childApplication.id}
Users: ${emu.users.map((u) => `${u.username} (${u.id})`).join(', ')}
Guild: ${emu.guild.name} (${emu.guild.id}); text channels: ${textChannels(emu)}
Point the SDK here: SDKPP_API_BASE=${emu.apiBase} SDKPP_WEB_BASE=${emu.webBase}${options.dataFile ? `\nState file: ${options.dataFile}` : ''}${
    options.autoApprove !== undefined ? `\nAuthorizations approve at once as ${userNamed(emu, options.autoApprove)!.username} (--auto-approve)` : ''
  }`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    try {
      await emu.close();
    } catch (error) {
      // The last write of --data failed (the disk full, the folder gone): say so, exit 1.
      fail((error as Error).message, 1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();

/** The seeded guild's text channels, for a bot developer's first requests (`#name (id)`). */
function textChannels(emu: RunningEmulator): string {
  const guild = emu.core.state.guilds.get(emu.guild.id);
  return (guild?.channels ?? []).filter((c) => c.type === 0 || c.type === 5).map((c) => `#${c.name} (${c.id})`).join(', ');
}

/** A user of the emulator by user name or id (the seeded ones, and any --data kept). */
function userNamed(emu: RunningEmulator, nameOrId: string): { id: string; username: string } | undefined {
  for (const user of emu.core.state.users.values()) {
    if (!user.bot && (user.id === nameOrId || user.username === nameOrId)) return user;
  }
  return undefined;
}
