import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/kds/kds.tables.ts',
  out: './drizzle/kds',
});
