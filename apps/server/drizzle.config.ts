import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
