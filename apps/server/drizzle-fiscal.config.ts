import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/fiscal/fiscal.tables.ts',
  out: './drizzle/fiscal',
});
