// new Client's argument forms and its Node options' checks (lib/sdk/client.ts): the service's
// two addresses, a ClientCreateOptions, or neither, each with or without Node options; a bad
// option is a TypeError naming it, thrown before anything native is made.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ClientCreateOptions } from '../../lib/index';

const made: Client[] = [];
afterEach(() => made.splice(0).forEach((client) => client.Dispose()));
// The constructor is overloaded for TypeScript; these call it as plain JavaScript may.
const construct = (...args: unknown[]): Client => {
  const client = new (Client as unknown as new (...a: unknown[]) => Client)(...args);
  made.push(client);
  return client;
};

describe('new Client: the Node options are checked', () => {
  it.each([
    ['not an object', 5, 'new Client: nodeOptions must be an object'],
    ['null', null, 'new Client: nodeOptions must be an object'],
    ['an unknown option', { bogus: 1 }, "new Client: unknown option 'bogus' (options of the service go in a ClientCreateOptions; Node options are openUrl, now, ipcPaths, audio)"],
    ['openUrl not a function', { openUrl: 'firefox' }, 'new Client: nodeOptions.openUrl must be a function'],
    ['audio not an object', { audio: 'virtual' }, 'new Client: nodeOptions.audio must be an object'],
    ['audio null', { audio: null }, 'new Client: nodeOptions.audio must be an object'],
    ['an unknown audio option', { audio: { device: 'x' } }, "new Client: unknown option 'audio.device' (audio options are backend)"],
    ['an unknown backend', { audio: { backend: 'alsa' } }, 'new Client: nodeOptions.audio.backend must be system or virtual'],
  ])('%s is a TypeError naming it, in every argument form', (_what, nodeOptions, message) => {
    for (const args of [
      ['http://127.0.0.1:1/api', 'http://127.0.0.1:1', nodeOptions],
      [new ClientCreateOptions(), nodeOptions],
      [undefined, nodeOptions],
      [nodeOptions],
    ]) {
      if (args.length === 1 && (typeof nodeOptions !== 'object' || nodeOptions === null)) continue; // a lone non-object is not Node options
      expect(() => construct(...args), JSON.stringify(args.map(String))).toThrow(new TypeError(message));
    }
  });

  it.each([
    ['none', undefined],
    ['every option absent', { openUrl: undefined, now: undefined, ipcPaths: undefined, audio: undefined }],
    ['audio without a backend', { audio: {} }],
    ['audio with backend undefined', { audio: { backend: undefined } }],
    ['the virtual backend', { audio: { backend: 'virtual' } }],
    ['functions', { openUrl: () => true, now: () => Date.now(), ipcPaths: () => [] }],
  ])('%s: a valid Client', (_what, nodeOptions) => {
    expect(construct('http://127.0.0.1:1/api', 'http://127.0.0.1:1', nodeOptions).valid).toBe(true);
    expect(construct(new ClientCreateOptions(), nodeOptions).valid).toBe(true);
    expect(construct(undefined, nodeOptions).valid).toBe(true);
  });
});

describe('new Client: which argument is which', () => {
  it('Node options alone, or after an absent ClientCreateOptions, are used as Node options', () => {
    for (const [form, makeArgs] of [
      ['alone', (openUrl: (url: string) => boolean) => [{ openUrl }]],
      ['after undefined', (openUrl: (url: string) => boolean) => [undefined, { openUrl }]],
    ] as const) {
      const opened: string[] = [];
      const client = construct(...makeArgs((url) => (opened.push(url), true)));
      client.OpenAuthorizeDeviceScreen(1349146942634065960n, 'ABCD-EFGH'); // opens the page at once
      expect(opened, form).toHaveLength(1);
    }
  });

  it('an address given only as the first or only as the second argument is an address, not options', () => {
    // Both are read as the two addresses; the missing one is refused as one would be.
    expect(() => construct('http://127.0.0.1:1/api')).toThrow(/webBase/);
    expect(() => construct(undefined, 'http://127.0.0.1:1')).toThrow(/apiBase/);
  });

  it('Dispose twice is once', () => {
    const client = construct();
    client.Dispose();
    expect(() => client.Dispose()).not.toThrow();
    expect(client.valid).toBe(false);
  });

  it('Client.nullobj is not valid, and neither is a disposed Client', () => {
    expect(Client.nullobj.valid).toBe(false);
    const client = construct();
    expect(client.valid).toBe(true);
    client.Dispose();
    expect(client.valid).toBe(false);
  });
});
