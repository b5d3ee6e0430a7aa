import { defineConfig } from 'vitest/config';

// One command runs every workspace's unit and integration tests; the browser tests have their own config.
// With TEST_DATABASE_URL set, the server's integration tests run a second time on the real PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server-pg', env: { TEST_BACKEND: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Two files at a time: vitest's default on 2 cores is one worker (cores - 1), and the integration files spend
    // much of their time waiting on PostgreSQL; each file has its own database copy (apps/server/test/banco-modelo.ts).
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'packages/fiscal',
      'apps/server',
      'apps/web',
      'apps/print-agent',
      ...postgres,
    ],
  },
});
