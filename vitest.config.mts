import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native addon + sockets: separate processes keep a crash or a leaked handle in one file
    // from taking the others with it.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Deterministic audio: every Client gets the virtual devices (never the machine's sound
    // server) unless a test asks for another with the Node option audio.backend, as the
    // PulseAudio device test does.
    env: { SDKPP_AUDIO_BACKEND: 'virtual' },
  },
});
