// Two SDK clients in one lobby call against the emulator's voice server, on virtual audio
// devices: A's microphone plays 440 Hz, B's 660 Hz; each speaker must carry the other's tone
// (issue 13 "Proof", end to end). Then the controls: self-mute silences, participant volume 50
// lowers by 6 dB, deafen silences, and a dropped voice connection goes Reconnecting → Connected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioModeType, Call, Client } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import { rawMicrophone, readyClient, startHarness, tick, until, type Harness } from './helpers';
import { measureTone as measure } from './fixtures/tone_measure.cjs';

let h: Harness;
let a: Client;
let b: Client;
let lobbyId: bigint;

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

/** What `client`'s speaker played in its last 0.5 s, after waiting `ms` (changes reach the
 * speaker through the jitter buffer: the window must not straddle one). */
async function heard(client: Client, ms = 1000) {
  await tick(ms);
  const speaker = nativeOf(client)._VirtualAudio('speaker', 25);
  if (!speaker) throw new Error('the virtual backend is not in use');
  return measure(speaker);
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('a lobby call between two SDK clients', () => {
  it('connects both and carries each microphone to the other speaker at its frequency', async () => {
    // Test tones, not voices (helpers.ts): their levels are measured as sent.
    a = rawMicrophone(await readyClient(h, h.emu.users[0].id));
    b = rawMicrophone(await readyClient(h, h.emu.users[1].id));
    const created = await a.CreateOrJoinLobby('voice-e2e');
    lobbyId = created.lobbyId;
    await b.CreateOrJoinLobby('voice-e2e');
    await until(() => (a.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length ?? 0) === 2);
    nativeOf(a)._VirtualAudio('sine', 440, -20);
    nativeOf(b)._VirtualAudio('sine', 660, -20);
    const callA = a.StartCall(lobbyId);
    const callB = b.StartCall(lobbyId);
    expect(callA.valid).toBe(true);
    expect(callB.valid).toBe(true);
    const statusesA: Call.Status[] = [];
    callA.SetStatusChangedCallback((status) => statusesA.push(status));
    for (const call of [callA, callB]) call.SetVADThreshold(false, -60);
    await until(() => callA.GetStatus() === Call.Status.Connected && callB.GetStatus() === Call.Status.Connected, 10_000);
    expect(statusesA).toContain(Call.Status.Connecting);
    expect(callA.GetParticipants().length).toBe(2);
    expect(a.GetLobbyHandle(lobbyId)?.GetCallInfoHandle()?.GetParticipants().length).toBe(2);

    const atB = await heard(b, 1500);
    const atA = await heard(a, 0);
    expect(Math.abs(atB.hz - 440)).toBeLessThanOrEqual(3);
    expect(Math.abs(atA.hz - 660)).toBeLessThanOrEqual(3);
  }, 30_000);

  it('self-mute, participant volume and deafen act on what is heard', async () => {
    const callA = a.GetCall(lobbyId);
    const callB = b.GetCall(lobbyId);
    const bId = b.GetCurrentUserV2()!.Id();
    const aId = a.GetCurrentUserV2()!.Id();
    const base = await heard(b, 500);
    callB.SetParticipantVolume(aId, 50);
    const lower = await heard(b, 1000);
    expect(Math.abs(lower.dbfs - base.dbfs + 6.02)).toBeLessThanOrEqual(1);
    callB.SetParticipantVolume(aId, 100);
    callA.SetSelfMute(true);
    const muted = await heard(b, 1000);
    expect(muted.dbfs).toBeLessThan(-60);
    callA.SetSelfMute(false);
    callA.SetSelfDeaf(true);
    const deaf = await heard(a, 1000);
    expect(deaf.dbfs).toBeLessThan(-60);
    callA.SetSelfDeaf(false);
    callB.SetLocalMute(aId, true);
    expect((await heard(b, 1000)).dbfs).toBeLessThan(-60);
    callB.SetLocalMute(aId, false);
    // VAD: A's tone (−23 dBFS RMS) is under a −10 dB threshold, over the default −60.
    callA.SetVADThreshold(false, -10);
    expect((await heard(b, 1000)).dbfs).toBeLessThan(-60);
    callA.SetVADThreshold(false, -60);
    expect(Math.abs((await heard(b, 1000)).hz - 440)).toBeLessThanOrEqual(3);
    // Push-to-talk: silent until the key is down, and for no longer than the release delay after.
    callA.SetAudioMode(AudioModeType.MODE_PTT);
    callA.SetPTTReleaseDelay(0);
    expect((await heard(b, 1000)).dbfs).toBeLessThan(-60);
    callA.SetPTTActive(true);
    expect(Math.abs((await heard(b, 1000)).hz - 440)).toBeLessThanOrEqual(3);
    callA.SetPTTActive(false);
    expect((await heard(b, 1000)).dbfs).toBeLessThan(-60);
    callA.SetAudioMode(AudioModeType.MODE_VAD);
    expect(() => callA.SetParticipantVolume(bId, 201)).toThrow(/volume must be from 0 to 200/);
    expect(() => callA.SetPTTReleaseDelay(2001)).toThrow(/releaseDelayMs/);
  }, 30_000);

  it('a dropped voice connection goes Reconnecting → Connected, never Disconnected, and the tone returns', async () => {
    const callB = b.GetCall(lobbyId);
    const seen: Call.Status[] = [];
    callB.SetStatusChangedCallback((status) => seen.push(status));
    h.emu.control.voice!.dropVoiceConnections({});
    await until(() => seen.includes(Call.Status.Reconnecting), 5_000);
    await until(() => callB.GetStatus() === Call.Status.Connected, 6_000);
    expect(seen).not.toContain(Call.Status.Disconnected);
    const atB = await heard(b, 1500);
    expect(Math.abs(atB.hz - 440)).toBeLessThanOrEqual(3);
  }, 20_000);

  it('an outage (voice sockets dropped, UDP blocked 3 s) recovers within 6 s; a member who joined meanwhile is listed', async () => {
    const callB = b.GetCall(lobbyId);
    const seen: Call.Status[] = [];
    callB.SetStatusChangedCallback((status) => seen.push(status));
    const voice = h.emu.control.voice!;
    const bId = b.GetCurrentUserV2()!.Id().toString();
    voice.blockVoiceUdp({ userId: bId, ms: 3000 });
    voice.dropVoiceConnections({ userId: bId });
    const started = Date.now();
    // A third player joins the lobby and the call during the outage.
    const c = await readyClient(h, h.emu.users[2].id);
    await c.CreateOrJoinLobby('voice-e2e');
    const callC = c.StartCall(lobbyId);
    expect(callC.valid).toBe(true);
    await until(() => callB.GetStatus() === Call.Status.Connected && seen.includes(Call.Status.Reconnecting), 8_000);
    expect(Date.now() - started).toBeLessThanOrEqual(6_000);
    expect(seen).not.toContain(Call.Status.Disconnected);
    const cId = c.GetCurrentUserV2()!.Id();
    await until(() => callB.GetParticipants().includes(cId), 5_000);
    // The tone is back once UDP flows again (3 s after the block began).
    const atB = await heard(b, Math.max(0, started + 3000 - Date.now()) + 1500);
    expect(Math.abs(atB.hz - 440)).toBeLessThanOrEqual(3);
    await c.EndCall(lobbyId);
    await c.LeaveLobby(lobbyId);
  }, 30_000);

  it('a forgotten voice session rejoins from scratch, and a crashed voice server (4015) resumes', async () => {
    const callB = b.GetCall(lobbyId);
    const seen: Call.Status[] = [];
    callB.SetStatusChangedCallback((status) => seen.push(status));
    const voice = h.emu.control.voice!;
    const bId = b.GetCurrentUserV2()!.Id().toString();
    voice.forgetVoiceSession(bId);
    voice.dropVoiceConnections({ userId: bId });
    await until(() => seen.includes(Call.Status.Reconnecting), 5_000);
    await until(() => callB.GetStatus() === Call.Status.Connected, 10_000);
    voice.crashVoiceServer();
    await until(() => seen.filter((status) => status === Call.Status.Reconnecting).length >= 2, 5_000);
    await until(() => callB.GetStatus() === Call.Status.Connected && a.GetCall(lobbyId).GetStatus() === Call.Status.Connected, 10_000);
    expect(seen).not.toContain(Call.Status.Disconnected);
    const atB = await heard(b, 1500);
    expect(Math.abs(atB.hz - 440)).toBeLessThanOrEqual(3);
  }, 30_000);

  it('a dropped main gateway connection resumes and leaves the call alone', async () => {
    const callB = b.GetCall(lobbyId);
    const seen: Call.Status[] = [];
    callB.SetStatusChangedCallback((status) => seen.push(status));
    h.emu.control.dropGatewayConnections(b.GetCurrentUserV2()!.Id().toString());
    await until(() => b.GetStatus() !== Client.Status.Ready, 5_000).catch(() => undefined);
    await until(() => b.GetStatus() === Client.Status.Ready, 10_000);
    const atB = await heard(b, 1000);
    expect(seen).toEqual([]);
    expect(callB.GetStatus()).toBe(Call.Status.Connected);
    expect(Math.abs(atB.hz - 440)).toBeLessThanOrEqual(3);
  }, 20_000);

  it('EndCall settles once the call is released; the Call handle is then invalid', async () => {
    const callA = a.GetCall(lobbyId);
    await a.EndCall(lobbyId);
    expect(callA.valid).toBe(false);
    expect(callA.GetStatus()).toBe(Call.Status.Disconnected);
    await b.EndCalls();
    expect(b.GetCalls()).toEqual([]);
  }, 10_000);
});

describe('a kick and the XChaCha20-Poly1305 transport', () => {
  it('a kick ends the call: Disconnected, SignalingUnexpectedClose, no rejoin', async () => {
    const [x, y] = [await readyClient(h, h.emu.users[3].id), await readyClient(h, h.emu.users[4].id)];
    const { lobbyId: id } = await x.CreateOrJoinLobby('voice-e2e-kick');
    await y.CreateOrJoinLobby('voice-e2e-kick');
    const call = y.StartCall(id);
    const errors: Call.Error[] = [];
    call.SetStatusChangedCallback((status, error) => status === Call.Status.Disconnected && errors.push(error));
    await until(() => call.GetStatus() === Call.Status.Connected, 10_000);
    h.emu.control.voice!.kickFromCall(y.GetCurrentUserV2()!.Id().toString(), id.toString());
    await until(() => errors.length === 1, 5_000);
    expect(errors[0]).toBe(Call.Error.SignalingUnexpectedClose);
    expect(call.valid).toBe(false);
    await tick(1500);
    expect(y.GetCalls()).toEqual([]);
  }, 20_000);

  it('a Client disposed in the middle of a call leaves it cleanly: the others see it go, nothing crashes', async () => {
    const x = await readyClient(h, h.emu.users[3].id); // a second session of a member of the kick lobby
    const watcher = await readyClient(h, h.emu.users[4].id);
    const lobby = x.GetLobbyIds()[0];
    const call = x.StartCall(lobby);
    const watched = watcher.StartCall(lobby);
    await until(() => call.GetStatus() === Call.Status.Connected && watched.GetStatus() === Call.Status.Connected, 10_000);
    const xId = x.GetCurrentUserV2()!.Id();
    await until(() => watched.GetParticipants().includes(xId), 5_000);
    x.Dispose();
    expect(call.valid).toBe(false);
    await until(() => !watched.GetParticipants().includes(xId), 5_000);
    await watcher.EndCalls();
  }, 20_000);

  it('carries both tones when the voice server offers only XChaCha20-Poly1305', async () => {
    h.emu.control.voice!.setVoiceModes(['aead_xchacha20_poly1305_rtpsize']);
    try {
      const [x, y] = [a, b]; // their earlier calls ended
      const { lobbyId: id } = await x.CreateOrJoinLobby('voice-e2e-xchacha');
      await y.CreateOrJoinLobby('voice-e2e-xchacha');
      await until(() => (x.GetLobbyHandle(id)?.LobbyMemberIds().length ?? 0) === 2);
      nativeOf(x)._VirtualAudio('sine', 440, -20);
      nativeOf(y)._VirtualAudio('sine', 660, -20);
      const calls = [x.StartCall(id), y.StartCall(id)];
      for (const call of calls) call.SetVADThreshold(false, -60);
      await until(() => calls.every((call) => call.GetStatus() === Call.Status.Connected), 10_000);
      const atY = await heard(y, 1500);
      const atX = await heard(x, 0);
      expect(Math.abs(atY.hz - 440)).toBeLessThanOrEqual(3);
      expect(Math.abs(atX.hz - 660)).toBeLessThanOrEqual(3);
      await x.EndCalls();
      await y.EndCalls();
    } finally {
      h.emu.control.voice!.setVoiceModes(['aead_aes256_gcm_rtpsize', 'aead_xchacha20_poly1305_rtpsize']);
    }
  }, 30_000);
});
