// The CLI's command line, in-process (the running CLI is in persistence_cli.test.ts): every
// option in both forms (`--port 0`, `--port=0`), the defaults, --help and --version winning over
// the rest, and a mistake as one CliUsageError line naming the option and its rule.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliUsageError, DEFAULT_PORT, packageVersion, parseCli, USAGE, type CliRunOptions } from '../../lib/emulator/cli_options';

function run(argv: string[]): CliRunOptions {
  const command = parseCli(argv);
  if (command.kind !== 'run') throw new Error(`expected run, got ${command.kind}`);
  return command.options;
}

function mistake(argv: string[]): string {
  try {
    parseCli(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('parseCli', () => {
  it('defaults: port 8790 on 127.0.0.1, any voice port, no public URL, no IPC', () => {
    expect(run([])).toEqual({
      network: { host: '127.0.0.1', port: DEFAULT_PORT, voicePort: 0, publicUrl: null },
      dataFile: undefined,
      ipc: false,
      webhookUrl: undefined,
      allowRemoteEndpoints: false,
      allowRemoteActivityTargets: false,
      verbose: false,
    });
    expect(DEFAULT_PORT).toBe(8790);
  });

  it('takes `--name value` and `--name=value` alike', () => {
    for (const argv of [
      ['--port', '0', '--voice-port', '8791', '--host', '0.0.0.0', '--public-url', 'http://emulator:8790', '--data', 'state.json', '--webhook', 'http://127.0.0.1:9/hook'],
      ['--port=0', '--voice-port=8791', '--host=0.0.0.0', '--public-url=http://emulator:8790', '--data=state.json', '--webhook=http://127.0.0.1:9/hook'],
    ]) {
      const options = run([...argv, '--ipc', '--verbose']);
      expect(options.network).toMatchObject({ host: '0.0.0.0', port: 0, voicePort: 8791 });
      expect(options.network.publicUrl?.href).toBe('http://emulator:8790/');
      expect(options).toMatchObject({ dataFile: 'state.json', webhookUrl: 'http://127.0.0.1:9/hook', ipc: true, verbose: true });
    }
    expect(run(['--allow-remote-endpoints']).allowRemoteEndpoints).toBe(true);
    expect(mistake(['--allow-remote-endpoints=yes'])).toMatch(/^Option '--allow-remote-endpoints' does not take an argument/);
    expect(run(['--allow-remote-activity-targets']).allowRemoteActivityTargets).toBe(true);
    expect(run([]).allowRemoteActivityTargets).toBe(false);
    expect(run(['--host', '::']).network.host).toBe('::');
    expect(run(['--host', 'localhost']).network.host).toBe('127.0.0.1');
  });

  it('--help and --version win over the other options', () => {
    expect(parseCli(['--port', '0', '--help'])).toEqual({ kind: 'help' });
    expect(parseCli(['-h'])).toEqual({ kind: 'help' });
    expect(parseCli(['--version', '--ipc'])).toEqual({ kind: 'version' });
  });

  it('an unknown option names itself and lists the known ones', () => {
    const known = '--port, --host, --public-url, --voice-port, --data, --ipc, --webhook, --allow-remote-endpoints, --allow-remote-activity-targets, --auto-approve, --verbose, --version, --help';
    expect(mistake(['--nope'])).toBe(`unknown option --nope; the options are ${known} (see --help)`);
    expect(mistake(['--port', '0', '-x'])).toBe(`unknown option -x; the options are ${known} (see --help)`);
    expect(mistake(['--Port=0'])).toMatch(/^unknown option --Port;/);
  });

  it('a bad value names the option and its rule', () => {
    expect(mistake(['--port', 'abc'])).toBe('--port: an integer from 0 to 65535 (0 = any free port); got "abc"');
    expect(mistake(['--port', '65536'])).toBe('--port: an integer from 0 to 65535 (0 = any free port); got 65536');
    expect(mistake(['--port', '1e3'])).toMatch(/^--port: an integer from 0 to 65535/);
    expect(mistake(['--port', ''])).toMatch(/^--port: an integer from 0 to 65535/);
    expect(mistake(['--voice-port', '8790'])).toBe('--voice-port: must differ from --port (8790): the voice server has its own TCP port');
    expect(mistake(['--voice-port=x'])).toMatch(/^--voice-port: an integer from 0 to 65535/);
    expect(mistake(['--host', 'my-laptop'])).toMatch(/^--host: an IP address .* or localhost; got "my-laptop"$/);
    expect(mistake(['--public-url', 'http://emulator:8790/api'])).toMatch(/^--public-url: an http:\/\/ or https:\/\/ URL/);
    expect(mistake(['--data', ''])).toBe('--data: a value is required');
  });

  it('a missing value, a value for a flag, a stray argument: one line each', () => {
    expect(mistake(['--port'])).toBe("Option '--port <value>' argument missing (see --help)");
    expect(mistake(['--ipc=yes'])).toBe("Option '--ipc' does not take an argument (see --help)");
    expect(mistake(['--port', '-1'])).toBe("Option '--port' argument is ambiguous: write a value that starts with a dash as --port=VALUE (see --help)");
    expect(mistake(['8790'])).toMatch(/^Unexpected argument '8790'.* \(see --help\)$/);
    for (const argv of [['--port'], ['--ipc=yes'], ['8790'], ['--nope']]) expect(mistake(argv)).not.toContain('\n');
  });
});

describe('usage and version', () => {
  it('the usage names every option and has examples', () => {
    for (const option of ['--port', '--host', '--public-url', '--voice-port', '--data', '--ipc', '--webhook', '--allow-remote-endpoints', '--allow-remote-activity-targets', '--verbose', '--version', '--help']) {
      expect(USAGE).toContain(option);
    }
    expect(USAGE).toMatch(/^examples:$/m);
    expect(USAGE).toContain('sdkpp-emulator --host 0.0.0.0 --voice-port 8791 --public-url http://emulator:8790');
  });

  it('the version is the package\'s; a package.json without one is a clear error', () => {
    const root = resolve(__dirname, '..', '..');
    expect(packageVersion()).toBe((require(join(root, 'package.json')) as { version: string }).version);
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-version-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{}');
      expect(() => packageVersion(dir)).toThrow(/^cannot read the version from .*package\.json: it has no "version"$/);
      expect(() => packageVersion(join(dir, 'missing'))).toThrow(/^cannot read the version from /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
