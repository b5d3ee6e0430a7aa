import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/auth/seguranca.tables.ts',
  out: './drizzle/seguranca',
});
