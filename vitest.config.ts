import { defineConfig } from 'vitest/config';

// The API tests run on the embedded database always, and a second time on the PostgreSQL server
// when DATABASE_URL names one.
const postgres = process.env.DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : [];

export default defineConfig({
  test: {
    // Each server test file boots its own PGlite (WebAssembly, memory-hungry): two files at a time
    // suits the two-core machines the suite runs on.
    maxWorkers: 2,
    projects: ['packages/core', 'apps/server', 'apps/web', ...postgres],
  },
});
