import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // The first file of a run builds the seeded model database (banco-modelo.ts) the others wait for.
    hookTimeout: 180_000,
  },
});
