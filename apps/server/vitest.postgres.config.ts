import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { serverTests } from './vitest.config.ts';

// The same API tests against the PostgreSQL server at DATABASE_URL: each file creates its own
// database there, a copy of the run's template, and drops it, so files may run side by side.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { ...serverTests, name: 'server-postgres', env: { KARTU_TEST_DB: 'postgres' }, globalSetup: ['src/test/postgres-template.setup.ts'] },
});
