import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, ClientCreateOptions, AudioSystem, LoggingSeverity } from '../../lib/index';
import { packageRoot } from '../../lib/sdk/binding';

describe('Client basics', () => {
  it('versions follow package.json', () => {
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    expect(`${Client.GetVersionMajor()}.${Client.GetVersionMinor()}.${Client.GetVersionPatch()}`).toBe(version);
    expect(Client.GetVersionHash()).toMatch(/^([0-9a-f]{7,40}|unknown)$/);
  });

  it('application id round-trips as bigint; decimal strings are accepted', () => {
    const client = new Client();
    expect(client.GetApplicationId()).toBe(0n);
    client.SetApplicationId('1234567890123456789');
    expect(client.GetApplicationId()).toBe(1234567890123456789n);
  });

  it('constructs from bases or ClientCreateOptions', () => {
    expect(new Client('http://127.0.0.1:1/api', 'http://127.0.0.1:1').valid).toBe(true);
    const options = new ClientCreateOptions();
    options.SetApiBase('http://127.0.0.1:2/api');
    options.SetExperimentalAudioSystem(AudioSystem.Game);
    options.SetCpuAffinityMask(3n);
    expect(options.CpuAffinityMask()).toBe(3n);
    expect(new Client(options).valid).toBe(true);
  });

  it('ClientCreateOptions fields without effect here log a Warning each, to log callbacks added after the Client', async () => {
    const options = new ClientCreateOptions();
    options.SetCpuAffinityMask(3n);
    options.SetExperimentalAudioSystem(AudioSystem.Game);
    options.SetExperimentalAndroidPreventCommsForBluetooth(true);
    const client = new Client(options);
    const lines: Array<{ message: string; severity: number }> = [];
    client.AddLogCallback((message, severity) => lines.push({ message, severity }), LoggingSeverity.Warning);
    const noEffect = () => lines.filter((l) => l.message.includes('no effect'));
    for (let i = 0; i < 50 && noEffect().length < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(noEffect().map((l) => l.message.slice(0, l.message.indexOf(': no effect')))).toEqual([
      'ClientCreateOptions::SetCpuAffinityMask(0x3)',
      'ClientCreateOptions::SetExperimentalAudioSystem(Game)',
      'ClientCreateOptions::SetExperimentalAndroidPreventCommsForBluetooth(true)',
    ]);
    expect(noEffect().every((l) => l.severity === LoggingSeverity.Warning)).toBe(true);
    // At their defaults they say nothing.
    const plain = new Client(new ClientCreateOptions());
    const quiet: string[] = [];
    plain.AddLogCallback((message) => quiet.push(message), LoggingSeverity.Warning);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(quiet.filter((m) => m.includes('no effect'))).toEqual([]);
  });

  it('nullobj answers defaults', () => {
    expect(Client.nullobj.valid).toBe(false);
    Client.nullobj.SetApplicationId(5n);
    expect(Client.nullobj.GetApplicationId()).toBe(0n);
    expect(Client.nullobj.CreateAuthorizationCodeVerifier().valid).toBe(false);
    expect(Client.nullobj.SetLogDir('/tmp', 3)).toBe(false);
  });
});
