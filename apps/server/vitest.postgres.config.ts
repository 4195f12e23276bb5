import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The same API tests against the PostgreSQL server at DATABASE_URL: each file creates and drops
// its own database there, so files may run side by side.
export default defineConfig({
  // Paths resolve from this folder whether vitest starts here or at the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server-postgres',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { KARTU_TEST_DB: 'postgres' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
