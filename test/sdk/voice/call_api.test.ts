// The voice classes and the Client's audio methods from JS without a service: names, values,
// argument rules, the settings that log "no effect", and Promises that settle after Dispose.
import { describe, expect, it } from 'vitest';
import { AudioDevice, Call, CallInfoHandle, Client, LoggingSeverity, VADThresholdSettings, VoiceStateHandle } from '../../../lib/index';

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Call and its handles', () => {
  it('has the nested enums, their string helpers and an invalid nullobj that reads defaults', () => {
    expect(Call.Status.Reconnecting).toBe(5);
    expect(Call.Error.Forbidden).toBe(5);
    expect(Call.StatusToString(Call.Status.SignalingConnected)).toBe('SignalingConnected');
    expect(Call.ErrorToString(Call.Error.JoinTimeout)).toBe('JoinTimeout');
    const none = Call.nullobj;
    expect(none.valid).toBe(false);
    expect(none.GetStatus()).toBe(Call.Status.Disconnected);
    expect(none.GetParticipants()).toEqual([]);
    expect(none.GetParticipantVolume(1n)).toBe(100);
    expect(none.GetVoiceStateHandle(1n)).toBeUndefined();
    none.SetSelfMute(true); // nothing to change, nothing thrown
    expect(none.GetSelfMute()).toBe(false);
    expect(CallInfoHandle.nullobj.valid).toBe(false);
    expect(VoiceStateHandle.nullobj.SelfMute()).toBe(false);
    const Ctor = Call as unknown as new () => unknown;
    expect(() => new Ctor()).toThrow(/no public constructor/);
  });

  it('refuses bad arguments by name and rule, even on an ended call', () => {
    const call = Call.nullobj;
    expect(() => call.SetParticipantVolume(1n, 250)).toThrow(/SetParticipantVolume: volume must be from 0 to 200/);
    expect(() => call.SetParticipantVolume(1n, Number.NaN)).toThrow(RangeError);
    expect(() => call.SetPTTReleaseDelay(2001)).toThrow(/releaseDelayMs must be an integer from 0 to 2000/);
    expect(() => call.SetVADThreshold(false, -101)).toThrow(/threshold must be from -100 to 0/);
    expect(() => call.SetVADThreshold('yes' as unknown as boolean, -50)).toThrow(/automatic must be a boolean/);
    expect(() => call.SetAudioMode(0)).toThrow(/audioMode must be MODE_VAD or MODE_PTT/);
    expect(() => call.SetLocalMute(-1n, true)).toThrow(/userId/);
    expect(() => call.SetStatusChangedCallback(5 as unknown as () => void)).toThrow(/cb must be a function/);
  });
});

describe('AudioDevice and VADThresholdSettings', () => {
  it('are value classes with getters, setters and Equals by id', () => {
    const a = new AudioDevice();
    a.SetId('mic-1');
    a.SetName('USB microphone');
    a.SetIsDefault(true);
    const b = new AudioDevice();
    b.SetId('mic-1');
    expect(a.Equals(b)).toBe(true);
    expect(a.Name()).toBe('USB microphone');
    expect(a.IsDefault()).toBe(true);
    expect(AudioDevice.nullobj.valid).toBe(false);
    expect(AudioDevice.nullobj.Equals(a)).toBe(false);
    expect(() => a.SetId('x'.repeat(5000))).toThrow(RangeError);
    const vad = new VADThresholdSettings();
    expect(vad.VadThreshold()).toBe(-60);
    expect(vad.Automatic()).toBe(true);
    vad.SetVadThreshold(-30);
    vad.SetAutomatic(false);
    expect(vad.VadThreshold()).toBe(-30);
    expect(() => vad.SetVadThreshold(3)).toThrow(/vadThreshold must be from -100 to 0/);
  });
});

describe('Client audio methods', () => {
  it('refuses StartCall before Ready with the invalid Call and a logged reason', async () => {
    const client = new Client();
    const lines: string[] = [];
    client.AddLogCallback((message) => lines.push(message), LoggingSeverity.Warning);
    const call = client.StartCall(123n);
    expect(call.valid).toBe(false);
    expect(client.GetCalls()).toEqual([]);
    expect(client.GetCall(123n).valid).toBe(false);
    await nextTurn();
    expect(lines.some((line) => line.includes('StartCall(123) refused: the Client is not Ready'))).toBe(true);
    client.Dispose();
  });

  it('lists the virtual devices and selects by id, refusing an unknown one', async () => {
    const client = new Client();
    const inputs = await client.GetInputDevices();
    const outputs = await client.GetOutputDevices();
    expect(inputs.length).toBeGreaterThan(0);
    expect(outputs.length).toBeGreaterThan(0);
    expect(inputs.some((device) => device.IsDefault())).toBe(true);
    const current = await client.GetCurrentInputDevice();
    expect(current.valid).toBe(true);
    expect((await client.SetInputDevice(inputs[0].Id())).Successful()).toBe(true);
    await expect(client.SetOutputDevice('no-such-device')).rejects.toThrow(/no output device 'no-such-device'/);
    expect(typeof Client.GetDefaultAudioDeviceId()).toBe('string');
    client.Dispose();
  });

  it('GetDefaultAudioDeviceId (static) selects the system default device for input and output', async () => {
    const client = new Client();
    const id = Client.GetDefaultAudioDeviceId();
    expect(id).toBe('default');
    expect((await client.GetInputDevices()).some((device) => device.Id() === id)).toBe(false); // not a device's own id
    expect((await client.SetInputDevice(id)).Successful()).toBe(true);
    expect((await client.SetOutputDevice(id)).Successful()).toBe(true);
    expect((await client.GetCurrentInputDevice()).IsDefault()).toBe(true);
    expect((await client.GetCurrentOutputDevice()).IsDefault()).toBe(true);
    client.Dispose();
  });

  it('keeps volumes and mutes, and validates them', () => {
    const client = new Client();
    client.SetInputVolume(40);
    client.SetOutputVolume(75.5);
    expect(client.GetInputVolume()).toBe(40);
    expect(client.GetOutputVolume()).toBe(75.5);
    expect(() => client.SetInputVolume(101)).toThrow(/inputVolume must be from 0 to 100/);
    expect(() => client.SetNoAudioInputThreshold(5)).toThrow(/dBFS must be from -100 to 0/);
    client.SetSelfMuteAll(true);
    client.SetSelfDeafAll(true);
    expect(client.GetSelfMuteAll()).toBe(true);
    expect(client.GetSelfDeafAll()).toBe(true);
    client.Dispose();
  });

  it('logs a Warning for every setting that has no effect, never a silent success; the audio processing has one', async () => {
    const client = new Client();
    const lines: string[] = [];
    client.AddLogCallback((message) => lines.push(message), LoggingSeverity.Warning);
    client.SetEchoCancellation(true);
    client.SetNoiseSuppression(true);
    client.SetNoiseCancellation(false);
    client.SetAutomaticGainControl(true);
    client.SetEngineManagedAudioSession(true);
    client.SetOpusHardwareCoding(true, false);
    await nextTurn();
    for (const name of ['SetEngineManagedAudioSession(true)', 'SetOpusHardwareCoding(true, false)']) {
      expect(lines.some((line) => line.startsWith(name) && line.includes('no effect'))).toBe(true);
    }
    // The audio processing works now (native/test/voice/audio_processing_test.cc measures it).
    expect(lines.filter((line) => line.includes('no effect'))).toHaveLength(2);
    expect(() => client.SetAecDump('on' as unknown as boolean)).toThrow(/on must be a boolean/);
    expect(() => client.SetEchoCancellation(1 as unknown as boolean)).toThrow(/on must be a boolean/);
    client.Dispose();
  });

  it('settles EndCall, EndCalls and device queries after Dispose', async () => {
    const client = new Client();
    client.Dispose();
    await expect(client.EndCall(1n)).resolves.toBeUndefined();
    await expect(client.EndCalls()).resolves.toBeUndefined();
    expect(await client.GetInputDevices()).toEqual([]);
    expect((await client.GetCurrentOutputDevice()).valid).toBe(false);
    await expect(client.SetInputDevice('x')).rejects.toThrow();
  });

  it('checks the audio callbacks of StartCallWithAudioCallbacks, and refuses the call before Ready', () => {
    const client = new Client();
    expect(client.StartCallWithAudioCallbacks(1n, () => {}, null).valid).toBe(false);
    expect(() => client.StartCallWithAudioCallbacks(1n, 3 as never, () => {})).toThrow(/receivedCb must be a function or null/);
    expect(() => client.StartCallWithAudioCallbacks(1n, null, undefined as never)).toThrow(/capturedCb must be a function or null/);
    client.Dispose();
  });

  it('writes the voice log to sdkpp-voice.log, readable by its owner only', async () => {
    const { mkdtempSync, readFileSync, statSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-voice-log-'));
    const client = new Client();
    client.SetVoiceLogDir(dir, LoggingSeverity.Warning);
    client.SetOpusHardwareCoding(true, true);
    const file = join(dir, 'sdkpp-voice.log');
    expect(readFileSync(file, 'utf8')).toContain('SetOpusHardwareCoding(true, true): no effect');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    client.Dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a voice log of its own', async () => {
    const client = new Client();
    const lines: string[] = [];
    client.AddVoiceLogCallback((message) => lines.push(message), LoggingSeverity.Warning);
    client.SetAecDump(true);
    await nextTurn();
    // No voice log folder yet: the dump says it waits for one.
    expect(lines.some((line) => line.includes('SetAecDump(true): no voice log folder yet'))).toBe(true);
    client.Dispose();
  });
});
