import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'print-agent', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
