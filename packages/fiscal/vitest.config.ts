import { defineConfig } from 'vitest/config';

// The SEFAZ end-to-end tests do several HTTPS round trips with XSD checks each; the machine is shared,
// so the per-test limit is generous (the whole suite runs in well under a minute).
export default defineConfig({
  test: { name: 'fiscal', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
