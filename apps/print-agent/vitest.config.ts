import { defineConfig } from 'vitest/config';

// The agent runs as a child process against a real server (PGlite) and a fake TCP printer; killing and
// restarting it takes a few seconds, so the per-test limit is generous.
export default defineConfig({
  test: {
    name: 'print-agent',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
