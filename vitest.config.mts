import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native addon + sockets: separate processes keep a crash or a leaked handle in one file
    // from taking the others with it.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
