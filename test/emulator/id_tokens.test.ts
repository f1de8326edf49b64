// The emulator's OpenID signing key (domain/id_tokens.ts): made once per process off the event
// loop (RSA generation takes 5-30 s under emulation), given to each emulator that has none, and
// kept in the state so id_tokens stay verifiable across a restart from the data file. The
// routes that use it (token endpoint, key set) are in oauth2_oidc.test.ts; here the key's
// making is watched through node:crypto's generateKeyPair, and each test loads the module
// afresh, so the process's key is made anew for it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Emulator } from '../../lib/emulator/emulator';

const keygen = vi.hoisted(() => ({ calls: 0, failWith: null as Error | null }));

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const generateKeyPair = (type: string, options: unknown, callback: (error: Error | null, publicKey?: unknown, privateKey?: unknown) => void) => {
    keygen.calls++;
    const error = keygen.failWith;
    // As the real one does, the callback comes later, never inside the call.
    if (error) setImmediate(() => callback(error));
    else (real.generateKeyPair as Function)(type, options, callback);
  };
  return { ...real, default: { ...real, generateKeyPair }, generateKeyPair };
});

/** The two things ensureSigningKey touches: the state's key and the change notice. */
function fakeEmulator(signingKeyPem?: string) {
  const emu = { state: { signingKeyPem }, changed: vi.fn() };
  return emu as typeof emu & Emulator;
}

async function freshModule() {
  vi.resetModules();
  return import('../../lib/emulator/domain/id_tokens');
}

beforeEach(() => {
  keygen.calls = 0;
  keygen.failWith = null;
});

describe('ensureSigningKey', () => {
  it('an emulator whose state has a key (a restart from its data file) keeps it, and no key is made', async () => {
    const { ensureSigningKey } = await freshModule();
    const emu = fakeEmulator('-----BEGIN PRIVATE KEY----- from the data file');
    await ensureSigningKey(emu);
    expect(emu.state.signingKeyPem).toBe('-----BEGIN PRIVATE KEY----- from the data file');
    expect(emu.changed).not.toHaveBeenCalled();
    expect(keygen.calls).toBe(0);
  });

  it('emulators without one get the process key, made once, and each saves it', async () => {
    const { ensureSigningKey } = await freshModule();
    const first = fakeEmulator();
    const second = fakeEmulator();
    await Promise.all([ensureSigningKey(first), ensureSigningKey(second)]);
    expect(first.state.signingKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(second.state.signingKeyPem).toBe(first.state.signingKeyPem);
    expect(first.changed).toHaveBeenCalledTimes(1);
    expect(second.changed).toHaveBeenCalledTimes(1);
    expect(keygen.calls).toBe(1);
  });

  it('a key the state got while the process key was being made (one tokens were signed with) is not replaced', async () => {
    const { ensureSigningKey } = await freshModule();
    const emu = fakeEmulator();
    const waiting = ensureSigningKey(emu);
    emu.state.signingKeyPem = 'the key a token was signed with meanwhile';
    await waiting;
    expect(emu.state.signingKeyPem).toBe('the key a token was signed with meanwhile');
    expect(emu.changed).not.toHaveBeenCalled();
  });

  it('a key generation that fails rejects with its error: the request fails, the process stays up', { timeout: 5_000 }, async () => {
    const { ensureSigningKey } = await freshModule();
    keygen.failWith = new Error('key generation failed');
    const emu = fakeEmulator();
    await expect(ensureSigningKey(emu)).rejects.toThrow('key generation failed');
    expect(emu.state.signingKeyPem).toBeUndefined();
    expect(emu.changed).not.toHaveBeenCalled();
  });

  it('after a failed generation the next request tries again (the failure is not kept for the process)', { timeout: 10_000 }, async () => {
    const { ensureSigningKey } = await freshModule();
    keygen.failWith = new Error('key generation failed');
    const emu = fakeEmulator();
    await expect(ensureSigningKey(emu)).rejects.toThrow('key generation failed');
    keygen.failWith = null;
    await ensureSigningKey(emu);
    expect(emu.state.signingKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(keygen.calls).toBe(2);
  });
});
