import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/financeiro/financeiro.tables.ts',
  out: './drizzle/financeiro',
});
