import { defineConfig } from 'vitest/config';

// The API tests run on the embedded database always, and a second time on the PostgreSQL server
// when DATABASE_URL names one.
const postgres = process.env.DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : [];

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', ...postgres],
  },
});
