import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/impressao/impressao.tables.ts',
  out: './drizzle/impressao',
});
