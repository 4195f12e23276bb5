import { defineConfig } from 'vitest/config';

// The API tests run on the embedded database, and a second time on the PostgreSQL server when
// DATABASE_URL names one. TEST_DATABASES=postgres (or embedded) keeps one of the two: CI runs the
// server's tests on PostgreSQL under one Node version and on the embedded database under the other.
const databases = new Set((process.env.TEST_DATABASES ?? 'embedded,postgres').split(','));
const server = [
  ...(databases.has('embedded') ? ['apps/server'] : []),
  ...(databases.has('postgres') && process.env.DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : []),
];
if (server.length === 0) throw new Error(`TEST_DATABASES=${process.env.TEST_DATABASES} leaves no server tests: it takes embedded, postgres or both, and postgres needs DATABASE_URL.`);

export default defineConfig({
  test: {
    // Each server test file boots its own PGlite (WebAssembly, memory-hungry): two files at a time
    // suits the two-core machines the suite runs on.
    maxWorkers: 2,
    projects: ['packages/core', ...server, 'apps/web/vitest.config.ts', 'apps/web/vitest.isolated.config.ts'],
  },
});
