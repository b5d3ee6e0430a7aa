import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/relatorios-vendas/relatorios-vendas.tables.ts',
  out: './drizzle/relatorios-vendas',
});
