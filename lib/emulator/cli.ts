#!/usr/bin/env node
// `npx sdkpp-emulator [--port N] [--data FILE] [--ipc] [--webhook URL]`: runs the emulator,
// prints its addresses and the seeded credentials, and stops cleanly on SIGINT/SIGTERM.
import { startEmulator, type RunningEmulator } from './index';

const DEFAULT_PORT = 8790; // the SDK's built-in default address

function parse(argv: string[]) {
  const options: { port: number; dataFile?: string; ipc: boolean; webhookUrl?: string; verbose: boolean } = { port: DEFAULT_PORT, ipc: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0-65535');
      options.port = port;
    } else if (arg === '--data') options.dataFile = value();
    else if (arg === '--ipc') options.ipc = true;
    else if (arg === '--webhook') options.webhookUrl = value();
    else if (arg === '--verbose') options.verbose = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: sdkpp-emulator [--port N (default 8790, 0 = any)] [--data FILE] [--ipc] [--webhook URL] [--verbose]');
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`sdkpp-emulator: ${(error as Error).message}`);
    process.exit(2);
  }
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emu = await startEmulator({ ...options, log: options.verbose ? (line) => console.log(line) : undefined });
  } catch (error) {
    // A port in use or an unreadable --data file: one clear line, not a stack trace.
    console.error(`sdkpp-emulator: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`sdkpp emulator listening
  API:      ${emu.apiBase}
  Web:      ${emu.webBase}
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
Point the SDK here: SDKPP_API_BASE=${emu.apiBase} SDKPP_WEB_BASE=${emu.webBase}${options.dataFile ? `\nState file: ${options.dataFile}` : ''}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    await emu.close();
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
