import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/estoque/estoque.tables.ts',
  out: './drizzle/estoque',
});
