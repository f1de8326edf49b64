import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, ClientCreateOptions, AudioSystem } from '../../lib/index';
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

  it('nullobj answers defaults', () => {
    expect(Client.nullobj.valid).toBe(false);
    Client.nullobj.SetApplicationId(5n);
    expect(Client.nullobj.GetApplicationId()).toBe(0n);
    expect(Client.nullobj.CreateAuthorizationCodeVerifier().valid).toBe(false);
    expect(Client.nullobj.SetLogDir('/tmp', 3)).toBe(false);
  });
});
