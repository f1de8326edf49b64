// Files the SDK writes on the user's disk (issue 11, item 12): the log is private to its owner
// (it can hold ids, paths and message text), and RegisterLaunchCommand edits a symlinked
// mimeapps.list through the link, keeping the file's own permissions.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client, LoggingSeverity } from '../../lib/index';
import { onMainThread } from '../main_thread';

const posix = process.platform !== 'win32';
const modeOf = (path: string) => statSync(path).mode & 0o777;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-modes-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(posix && onMainThread)('the log file', () => {
  it('is created readable and writable by its owner only', () => {
    const previous = process.umask(0o022);
    try {
      const client = new Client();
      expect(client.SetLogDir(join(dir, 'logs'), LoggingSeverity.Warning)).toBe(true);
      expect(modeOf(join(dir, 'logs', 'sdkpp.log'))).toBe(0o600);
      client.Dispose();
    } finally {
      process.umask(previous);
    }
  });

  it('an existing log readable by others is narrowed to 0600 and appended to', () => {
    const file = join(dir, 'sdkpp.log');
    writeFileSync(file, 'earlier line\n');
    chmodSync(file, 0o644);
    const client = new Client();
    expect(client.SetLogDir(dir, LoggingSeverity.Warning)).toBe(true);
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8').startsWith('earlier line\n')).toBe(true);
    client.Dispose();
  });

  it('a log file that is a symbolic link is refused (another user could point it anywhere)', () => {
    const elsewhere = join(dir, 'elsewhere.txt');
    writeFileSync(elsewhere, '');
    symlinkSync(elsewhere, join(dir, 'sdkpp.log'));
    const client = new Client();
    expect(client.SetLogDir(dir, LoggingSeverity.Warning)).toBe(false);
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
    client.Dispose();
  });
});

describe.runIf(process.platform === 'linux' && onMainThread)('RegisterLaunchCommand and a symlinked mimeapps.list', () => {
  it('edits the linked file through the link and keeps its mode', () => {
    const saved = { data: process.env.XDG_DATA_HOME, config: process.env.XDG_CONFIG_HOME };
    const dotfiles = join(dir, 'dotfiles');
    mkdirSync(dotfiles);
    mkdirSync(join(dir, 'config'));
    const target = join(dotfiles, 'mimeapps.list');
    writeFileSync(target, '[Default Applications]\ntext/html=firefox.desktop\n');
    chmodSync(target, 0o640);
    const link = join(dir, 'config', 'mimeapps.list');
    symlinkSync('../dotfiles/mimeapps.list', link);
    process.env.XDG_DATA_HOME = join(dir, 'data');
    process.env.XDG_CONFIG_HOME = join(dir, 'config');
    try {
      const client = new Client();
      expect(client.RegisterLaunchCommand(1234n, '/opt/game/launch')).toBe(true);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe('../dotfiles/mimeapps.list');
      const text = readFileSync(target, 'utf8');
      expect(text).toContain('text/html=firefox.desktop');
      expect(text).toContain('x-scheme-handler/sdkpp-1234=sdkpp-1234.desktop');
      expect(modeOf(target)).toBe(0o640);
      client.Dispose();
    } finally {
      for (const [key, value] of [['XDG_DATA_HOME', saved.data], ['XDG_CONFIG_HOME', saved.config]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
