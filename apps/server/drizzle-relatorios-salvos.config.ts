import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/relatorios-salvos/relatorios-salvos.tables.ts',
  out: './drizzle/relatorios-salvos',
});
