import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/caixa/caixa.tables.ts',
  out: './drizzle/caixa',
});
