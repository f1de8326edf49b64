// A voice server may switch a DAVE call to no end-to-end encryption at any time (README "Voice
// calls", E2EE). The app hears of it without reading the voice log: a Warning through the voice
// log callback and the Client's log callback, and the sdkpp addition Call.GetEncryptionState /
// SetEncryptionStateChangedCallback. The emulator's voice server is told to switch
// (control hook setCallDaveVersion), down and up again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Call, type CallEncryptionState, type Client, LoggingSeverity } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import { readyClient, startHarness, until, type Harness } from './helpers';

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

let h: Harness;
beforeAll(async () => {
  h = await startHarness(); // the emulator clock is after 2026-03-01: DAVE required
});
afterAll(async () => {
  await h?.close();
});

async function member(userIndex: number, secret: string) {
  const client = await readyClient(h, h.emu.users[userIndex].id);
  const voiceWarnings: string[] = [];
  const clientWarnings: string[] = [];
  client.AddVoiceLogCallback((message) => voiceWarnings.push(message), LoggingSeverity.Warning);
  client.AddLogCallback((message) => clientWarnings.push(message), LoggingSeverity.Warning);
  const { lobbyId } = await client.CreateOrJoinLobby(secret);
  nativeOf(client)._VirtualAudio('silence');
  const call = client.StartCall(lobbyId);
  expect(call.valid).toBe(true);
  const changes: CallEncryptionState[] = [];
  call.SetEncryptionStateChangedCallback((state) => changes.push(state));
  return { client, call, lobbyId, voiceWarnings, clientWarnings, changes };
}

const downgradeWarning = /no longer end-to-end encrypted: the voice server switched the call from DAVE protocol version 1 to 0/;

describe('a voice server that switches a DAVE call to no end-to-end encryption', () => {
  it('tells the app: a Warning in both logs, the state change through the callback and GetEncryptionState', async () => {
    const a = await member(0, 'dave-switch-e2e');
    const b = await member(1, 'dave-switch-e2e');
    await until(() => a.call.GetStatus() === Call.Status.Connected && b.call.GetStatus() === Call.Status.Connected, 10_000);
    await until(() => a.call.GetEncryptionState().privacyCode !== undefined && b.call.GetEncryptionState().privacyCode !== undefined, 10_000);
    const before = a.call.GetEncryptionState();
    expect(before).toEqual({ e2ee: true, protocolVersion: 1, privacyCode: b.call.GetEncryptionState().privacyCode });
    expect(before.privacyCode!.replace(/ /g, '')).toMatch(/^\d{30}$/);
    // The callback followed: version 1 without a code while the group formed, then the code.
    await until(() => a.changes.length > 0 && a.changes[a.changes.length - 1].privacyCode === before.privacyCode, 5_000);
    expect(a.changes[0]).toMatchObject({ e2ee: true, protocolVersion: 1 });
    expect(a.voiceWarnings.filter((m) => downgradeWarning.test(m))).toEqual([]);

    expect(h.emu.control.voice!.setCallDaveVersion(String(a.lobbyId), 0)).toBe(true);
    const none = { e2ee: false, protocolVersion: 0, privacyCode: undefined };
    await until(() => a.call.GetEncryptionState().protocolVersion === 0 && b.call.GetEncryptionState().protocolVersion === 0, 10_000);
    expect(a.call.GetEncryptionState()).toEqual(none);
    await until(() => a.voiceWarnings.some((m) => downgradeWarning.test(m)), 5_000);
    await until(() => a.clientWarnings.some((m) => downgradeWarning.test(m)), 5_000);
    await until(() => a.changes.some((s) => s.protocolVersion === 0), 5_000);
    expect(a.changes[a.changes.length - 1]).toEqual(none);
    expect(b.voiceWarnings.some((m) => downgradeWarning.test(m))).toBe(true);
    expect(a.voiceWarnings.find((m) => downgradeWarning.test(m))).toMatch(new RegExp(`^call ${a.lobbyId}: `));
    // The call goes on, unencrypted.
    expect(a.call.GetStatus()).toBe(Call.Status.Connected);

    // And back: a new group, a new code, the same on both; no further downgrade Warning.
    const changesBefore = a.changes.length;
    expect(h.emu.control.voice!.setCallDaveVersion(String(a.lobbyId), 1)).toBe(true);
    await until(() => {
      const [x, y] = [a.call.GetEncryptionState(), b.call.GetEncryptionState()];
      return x.privacyCode !== undefined && x.privacyCode === y.privacyCode;
    }, 10_000);
    expect(a.call.GetEncryptionState()).toMatchObject({ e2ee: true, protocolVersion: 1 });
    await until(() => a.changes.length > changesBefore && a.changes[a.changes.length - 1].privacyCode !== undefined, 5_000);
    expect(a.voiceWarnings.filter((m) => downgradeWarning.test(m))).toHaveLength(1);

    // Once the call ended: the defaults.
    await a.client.EndCall(a.lobbyId);
    expect(a.call.GetEncryptionState()).toEqual(none);
    await b.client.EndCall(b.lobbyId);
  }, 60_000);

  it('the control hook: no change to the version in effect, an unknown version or call is refused', async () => {
    const c = await member(2, 'dave-switch-hook');
    await until(() => c.call.GetStatus() === Call.Status.Connected, 10_000);
    await until(() => c.call.GetEncryptionState().protocolVersion === 1, 10_000);
    expect(h.emu.control.voice!.setCallDaveVersion(String(c.lobbyId), 1)).toBe(false);
    expect(() => h.emu.control.voice!.setCallDaveVersion(String(c.lobbyId), 7)).toThrow(/version must be 0 or 1/);
    expect(() => h.emu.control.voice!.setCallDaveVersion('123456789012345678', 0)).toThrow(/no live call/);
    expect(c.changes.every((state) => state.e2ee)).toBe(true);
    await c.client.EndCall(c.lobbyId);
  }, 30_000);
});
