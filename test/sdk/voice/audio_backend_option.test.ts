// The Node option audio.backend: validated at construction; 'system' falls back to the virtual
// devices with a Warning in the voice log when no sound server answers; 'virtual' (what the
// suite's SDKPP_AUDIO_BACKEND gives every other test) keeps the _VirtualAudio test hook; and the
// choice cannot change once the audio engine exists.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, LoggingSeverity } from '../../../lib/index';
import type { NativeClient } from '../../../lib/sdk/native_client';
import { onMainThread } from '../../main_thread';

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;
const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
};

const clients: Client[] = [];
const make = (audio?: unknown) => {
  const client = new Client({ audio } as never);
  clients.push(client);
  return client;
};
afterEach(() => {
  for (const client of clients.splice(0)) client.Dispose();
});

describe('the audio.backend Node option', () => {
  it('is refused unless it is system or virtual', () => {
    expect(() => make({ backend: 'alsa' })).toThrow(/nodeOptions.audio.backend must be system or virtual/);
    expect(() => make('virtual')).toThrow(/nodeOptions.audio must be an object/);
    expect(() => make({ device: 'x' })).toThrow(/unknown option 'audio.device'/);
    expect(() => nativeOf(make())._SetAudioBackend('pulse' as never)).toThrow(/backend must be system or virtual/);
  });

  it('the suite runs on the virtual devices: the test hook answers', async () => {
    expect(process.env.SDKPP_AUDIO_BACKEND).toBe('virtual');
    const client = make();
    expect(nativeOf(client)._VirtualAudio('silence')).toBe(true);
    expect((await client.GetOutputDevices()).map((d) => d.Id())).toEqual(['virtual-speaker']);
    // The engine exists now: the choice is made.
    expect(nativeOf(client)._SetAudioBackend('system')).toBe(false);
  });

  it.runIf(onMainThread)("'system' without a server answering falls back to the virtual devices with a Warning", async () => {
    const saved = process.env.PULSE_SERVER;
    process.env.PULSE_SERVER = 'unix:/nonexistent-sdkpp-dir/pulse/native';
    try {
      const client = make({ backend: 'system' });
      const lines: string[] = [];
      client.AddVoiceLogCallback((message, severity) => {
        if (severity === LoggingSeverity.Warning) lines.push(message);
      }, LoggingSeverity.Warning);
      const started = Date.now();
      const outputs = await client.GetOutputDevices();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(outputs.map((d) => d.Id())).toEqual(['virtual-speaker']);
      expect(nativeOf(client)._VirtualAudio('silence')).toBe(true);
      await until(() => lines.length > 0);
      expect(lines.join('\n')).toMatch(/the virtual devices play instead/);
    } finally {
      if (saved === undefined) delete process.env.PULSE_SERVER;
      else process.env.PULSE_SERVER = saved;
    }
  });
});
