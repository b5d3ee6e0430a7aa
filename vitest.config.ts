import { defineConfig } from 'vitest/config';

// One command runs every workspace's unit and integration tests; the browser tests have their own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/fiscal', 'apps/server', 'apps/print-agent', 'apps/web'],
  },
});
