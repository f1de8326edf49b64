// Where the emulator listens and what it advertises, as pure rules (no socket): the checks of
// host, port, voicePort and publicUrl that startEmulator and the CLI share; the advertised base
// for a wildcard bind (the loopback, not 0.0.0.0) or a public URL; the CLI's warning for a bind
// others can reach; and the Host/Origin checks for a server bound to another address than
// 127.0.0.1 — forged names still refused, the addresses it is reachable as accepted.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { RequestOrigins } from '../../lib/emulator/http/request_origin';
import {
  advertisedBase,
  checkHost,
  checkPort,
  checkPublicUrl,
  exposureWarning,
  mediaAddress,
  networkSettings,
  ownHostNames,
} from '../../lib/emulator/network_options';

describe('checkPort', () => {
  it('takes an integer 0-65535 and names the option and the rule otherwise', () => {
    expect(checkPort(0, 'port')).toBe(0);
    expect(checkPort(65535, 'port')).toBe(65535);
    for (const bad of [-1, 65536, 1.5, NaN, '8790', null, undefined, {}]) {
      expect(() => checkPort(bad, 'voicePort'), String(bad)).toThrow(/^voicePort: an integer from 0 to 65535/);
    }
  });
});

describe('checkHost', () => {
  it('takes IP addresses (canonical) and localhost (= 127.0.0.1)', () => {
    expect(checkHost('127.0.0.1', 'host')).toBe('127.0.0.1');
    expect(checkHost('0.0.0.0', 'host')).toBe('0.0.0.0');
    expect(checkHost('LocalHost', 'host')).toBe('127.0.0.1');
    expect(checkHost('::', 'host')).toBe('::');
    expect(checkHost('[::1]', 'host')).toBe('::1');
    expect(checkHost('0:0:0:0:0:0:0:1', 'host')).toBe('::1');
    expect(checkHost('FE80::1', 'host')).toBe('fe80::1');
  });

  it('refuses names and junk, naming the option and the rule', () => {
    for (const bad of ['example.com', '', '256.1.1.1', '127.0.0.1:8790', 42, undefined]) {
      expect(() => checkHost(bad, '--host'), String(bad)).toThrow(/^--host: an IP address \(such as 127\.0\.0\.1, 0\.0\.0\.0, ::1 or ::\) or localhost; got /);
    }
  });
});

describe('checkPublicUrl', () => {
  it('takes an http(s) origin, with a trailing slash or not', () => {
    expect(checkPublicUrl('http://emulator:8790', 'publicUrl').origin).toBe('http://emulator:8790');
    expect(checkPublicUrl('https://emu.example/', 'publicUrl').origin).toBe('https://emu.example');
    expect(checkPublicUrl('http://[::1]:9000', 'publicUrl').host).toBe('[::1]:9000');
  });

  it('refuses another scheme, a path, a query, credentials, or no URL', () => {
    for (const bad of ['ftp://emulator', 'http://emulator:8790/api', 'http://emulator?x=1', 'http://emulator#top', 'http://u:p@emulator', 'emulator:8790', '', 8790]) {
      expect(() => checkPublicUrl(bad, '--public-url'), String(bad)).toThrow(/^--public-url: an http:\/\/ or https:\/\/ URL/);
    }
  });
});

describe('networkSettings', () => {
  it('defaults: 127.0.0.1, any port, any voice port, no public URL', () => {
    expect(networkSettings({})).toEqual({ host: '127.0.0.1', port: 0, voicePort: 0, publicUrl: null });
  });

  it('a voice port equal to the HTTP port is refused (both need that TCP port)', () => {
    expect(() => networkSettings({ port: 8790, voicePort: 8790 })).toThrow(/^voicePort: must differ from port \(8790\)/);
    expect(networkSettings({ port: 0, voicePort: 0 }).voicePort).toBe(0);
  });
});

describe('the advertised base', () => {
  it('is the bound address, the loopback for a wildcard bind, or the public URL', () => {
    expect(advertisedBase('127.0.0.1', 8790, null)).toBe('http://127.0.0.1:8790');
    expect(advertisedBase('0.0.0.0', 8790, null)).toBe('http://127.0.0.1:8790');
    expect(advertisedBase('::', 8790, null)).toBe('http://127.0.0.1:8790');
    expect(advertisedBase('::1', 8790, null)).toBe('http://[::1]:8790');
    expect(advertisedBase('192.168.5.20', 8790, null)).toBe('http://192.168.5.20:8790');
    // A container's port mapping may change the port: the public URL's is the one clients use.
    expect(advertisedBase('0.0.0.0', 8790, new URL('http://emulator:18790'))).toBe('http://emulator:18790');
  });

  it('the voice endpoint\'s UDP address: an address as it is, a name resolved in the bound family, null when it does not resolve', async () => {
    const families: number[] = [];
    const lookup = async (name: string, family: 0 | 4) => {
      families.push(family);
      if (name === 'emulator') return { address: '172.18.0.5' };
      throw new Error('ENOTFOUND');
    };
    expect(await mediaAddress('127.0.0.1', '0.0.0.0', lookup)).toBe('127.0.0.1');
    expect(await mediaAddress('[::1]', '::', lookup)).toBe('::1');
    expect(await mediaAddress('emulator', '0.0.0.0', lookup)).toBe('172.18.0.5');
    expect(await mediaAddress('nowhere.invalid', '::', lookup)).toBeNull();
    expect(families).toEqual([4, 0]);
  });
});

describe('the CLI\'s warning', () => {
  it('is silent for loopback and names the exposure (the control API) for any other address', () => {
    for (const loopback of ['127.0.0.1', '127.0.0.2', '::1']) expect(exposureWarning(loopback)).toBeNull();
    for (const exposed of ['0.0.0.0', '::', '192.168.5.20']) {
      const warning = exposureWarning(exposed);
      expect(warning).toContain(`listening on ${exposed}`);
      expect(warning).toMatch(/control API/);
      expect(warning).toMatch(/no authentication/);
    }
    expect(exposureWarning('0.0.0.0')).toContain('every network interface');
  });
});

/** A request as the checks see it: its Host, Origin and the port it came in on. */
function req(host: string, port: number, headers: Record<string, string> = {}): http.IncomingMessage {
  return { headers: { host, ...headers }, socket: { localPort: port } } as unknown as http.IncomingMessage;
}

describe('Host and Origin checks bound to another address', () => {
  const interfaces = () => ({
    lo: [{ address: '127.0.0.1', family: 'IPv4' }, { address: '::1', family: 'IPv6' }],
    eth0: [{ address: '172.18.0.5', family: 'IPv4' }, { address: 'fe80::42:acff:fe12:5', family: 'IPv6' }],
  }) as unknown as NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>;

  it('0.0.0.0: every interface address on its own port; a rebound name or another port is refused', () => {
    const origins = new RequestOrigins('0.0.0.0', null, ownHostNames('0.0.0.0', interfaces));
    for (const host of ['127.0.0.1:8790', 'localhost:8790', '[::1]:8790', '172.18.0.5:8790', '[fe80::42:acff:fe12:5]:8790']) {
      expect(origins.refusal(req(host, 8790), 'GET'), host).toBeNull();
    }
    for (const host of ['attacker.example:8790', '172.18.0.5:8791', '172.18.0.6:8790', 'emulator:8790', '']) {
      expect(origins.refusal(req(host, 8790), 'GET'), host).toMatch(/^Host not allowed/);
    }
  });

  it('a specific address: that address and the loopback names, nothing else', () => {
    const origins = new RequestOrigins('192.168.5.20', null, ownHostNames('192.168.5.20', interfaces));
    expect(origins.refusal(req('192.168.5.20:8790', 8790), 'GET')).toBeNull();
    expect(origins.refusal(req('172.18.0.5:8790', 8790), 'GET')).toMatch(/^Host not allowed/);
  });

  it('a public URL: its host with its own port (a port mapping), its origin for state changes; a forged Origin is still refused', () => {
    const origins = new RequestOrigins('0.0.0.0', new URL('http://emulator:18790'), ownHostNames('0.0.0.0', interfaces));
    expect(origins.refusal(req('emulator:18790', 8790), 'GET')).toBeNull();
    expect(origins.refusal(req('EMULATOR:18790', 8790), 'GET')).toBeNull();
    expect(origins.refusal(req('emulator:8790', 8790), 'GET')).toMatch(/^Host not allowed/);
    expect(origins.refusal(req('emulator:18790', 8790, { origin: 'http://emulator:18790' }), 'POST')).toBeNull();
    expect(origins.refusal(req('172.18.0.5:8790', 8790, { origin: 'http://172.18.0.5:8790' }), 'POST')).toBeNull();
    for (const origin of ['http://attacker.example', 'http://emulator:8790', 'https://emulator:18790', 'null']) {
      expect(origins.refusal(req('emulator:18790', 8790, { origin }), 'POST'), origin).toBe('Cross-origin request refused');
    }
    expect(origins.refusal(req('emulator:18790', 8790, { 'sec-fetch-site': 'cross-site' }), 'POST')).toBe('Cross-origin request refused');
  });

  it('an https public URL (a TLS proxy in front): its https origin', () => {
    const origins = new RequestOrigins('127.0.0.1', new URL('https://emu.example'));
    expect(origins.refusal(req('emu.example', 8790, { origin: 'https://emu.example' }), 'POST')).toBeNull();
    expect(origins.refusal(req('emu.example', 8790, { origin: 'http://emu.example' }), 'POST')).toBe('Cross-origin request refused');
  });
});
