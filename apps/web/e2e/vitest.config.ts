import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: the real server (built web app, fresh database) driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    // The demo data is seeded once; each file then gets its own server on a copy of it (servidor-por-arquivo.ts),
    // so files do not depend on each other and two run side by side (2 cores: a browser and a server each).
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./servidor-por-arquivo.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    // Some tests hold the spec's timings (the KDS shows an order within 1 s); on 2 busy cores a test that failed
    // runs once more before it counts as failed. A test that fails twice fails the suite.
    retry: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A screen re-read until the server's worker (stock consumption, finance postings) has written: on 2 busy
    // cores 1 s (the default) ran out while the answer was on its way.
    expect: { poll: { timeout: 15_000 } },
  },
});
