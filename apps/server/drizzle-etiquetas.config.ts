import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/etiquetas/etiquetas.tables.ts',
  out: './drizzle/etiquetas',
});
