import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: the real server (built web app, fresh database) driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    // The files share one server and its data (2 cores): a test that failed is run once more before it
    // counts as failed. Known order-dependent flakes are listed in the session notes of issue 13.
    retry: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
