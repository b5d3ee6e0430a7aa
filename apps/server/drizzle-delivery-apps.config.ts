import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/delivery-apps/delivery-apps.tables.ts',
  out: './drizzle/delivery-apps',
});
