import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, LoggingSeverity } from '../../lib/index';
import { binding } from '../../lib/sdk/binding';

function nextLogs(client: Client, min: LoggingSeverity) {
  const lines: Array<{ message: string; severity: number }> = [];
  client.AddLogCallback((message, severity) => lines.push({ message, severity }), min);
  return lines;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('logging', () => {
  it('delivers log lines on the JS thread without any pumping', async () => {
    // A folder under a plain file cannot be created on any OS.
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-log-'));
    writeFileSync(join(dir, 'blocker'), 'x');
    const impossible = join(dir, 'blocker', 'sdkpp-no-such-place');
    try {
      const client = new Client();
      const lines = nextLogs(client, LoggingSeverity.Warning);
      expect(client.SetLogDir(impossible, LoggingSeverity.Warning)).toBe(false);
      expect(lines.filter((l) => l.message.includes('SetLogDir failed'))).toHaveLength(0); // not re-entrant
      for (let i = 0; i < 20 && !lines.some((l) => l.message.includes('SetLogDir failed')); i++) await tick();
      const failure = lines.find((l) => l.message.includes('SetLogDir failed'));
      expect(failure?.severity).toBe(LoggingSeverity.Error);
      expect(failure?.message).toContain(impossible);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('SetLogDir writes a log file and returns true', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-log-'));
    try {
      const client = new Client();
      expect(client.SetLogDir(join(dir, 'logs'), LoggingSeverity.Warning)).toBe(true);
      const file = join(dir, 'logs', 'sdkpp.log');
      const text = readFileSync(file, 'utf8');
      if (binding.internal.isDebugBuild()) expect(text.split('\n')[0]).toContain('DEBUG BUILD');
      else expect(text).toBe('');
      writeFileSync(join(dir, 'blocker'), 'x');
      expect(client.SetLogDir(join(dir, 'blocker', 'sub'), LoggingSeverity.Warning)).toBe(false);
      // Closed before the folder goes: Windows refuses to delete a file that is still open.
      expect(client.SetLogDir(join(dir, 'logs'), LoggingSeverity.None)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Folder names are UTF-8 when they reach the core; Windows needs them opened by their wide
  // (UTF-16) names, or a non-ASCII folder is created under a mangled name or not at all.
  it('SetLogDir accepts a folder whose name is not ASCII', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-log-'));
    try {
      const name = 'journaux-été-ログ-🎮';
      const client = new Client();
      expect(client.SetLogDir(join(dir, name), LoggingSeverity.Warning)).toBe(true);
      expect(readdirSync(dir)).toEqual([name]);
      expect(existsSync(join(dir, name, 'sdkpp.log'))).toBe(true);
      expect(client.SetLogDir(join(dir, name), LoggingSeverity.None)).toBe(true); // closes the file
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a release build does not deliver Info or Verbose lines', async () => {
    expect(binding.internal.isDebugBuild()).toBe(false); // the tested addon is the release build
    const client = new Client();
    const lines = nextLogs(client, LoggingSeverity.Verbose);
    await tick();
    expect(lines.some((l) => l.message.includes('DEBUG BUILD'))).toBe(false);
  });

  it('masks secrets wherever they appear', () => {
    const redact = binding.internal.redact;
    const secret = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
    const shapes = [
      `Authorization: Bearer ${secret}`,
      `Authorization: Bot ${secret}`,
      `POST /oauth2/token body grant_type=refresh_token&refresh_token=${secret}`,
      `GET /cb?code=${secret}&state=abc`,
      `{"access_token":"${secret}","token_type":"Bearer"}`,
      `{"client_secret": "${secret}"}`,
      `code_verifier=${secret}`,
    ];
    for (const shape of shapes) {
      const out = redact(shape);
      expect(out, shape).not.toContain(secret);
      expect(out).toContain('[REDACTED]');
    }
    expect(redact('{"code": 10031, "message": "Unknown Lobby"}')).toBe('{"code": 10031, "message": "Unknown Lobby"}');
  });

  it('a throwing log callback surfaces as an uncaught exception, not a crash', async () => {
    const client = new Client();
    const seen: unknown[] = [];
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    const onError = (error: unknown) => seen.push(error);
    process.on('uncaughtException', onError);
    try {
      client.AddLogCallback(() => {
        throw new Error('callback failure');
      }, LoggingSeverity.Error);
      client.SetLogDir('', LoggingSeverity.Error);
      for (let i = 0; i < 20 && seen.length === 0; i++) await tick();
    } finally {
      process.off('uncaughtException', onError);
      for (const listener of listeners) process.on('uncaughtException', listener);
    }
    expect((seen[0] as Error)?.message).toBe('callback failure');
  });
});
