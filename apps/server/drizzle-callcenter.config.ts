import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/call-center/call-center.tables.ts',
  out: './drizzle/callcenter',
});
