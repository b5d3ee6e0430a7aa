import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/vendas/vendas.tables.ts',
  out: './drizzle/vendas',
});
