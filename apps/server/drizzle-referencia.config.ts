import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/referencia/referencia.tables.ts',
  out: './drizzle/referencia',
});
