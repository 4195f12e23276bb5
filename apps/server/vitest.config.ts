import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// API tests against the embedded PGlite: one in-memory database per test file.
export default defineConfig({
  // Paths resolve from this folder whether vitest starts here or at the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded database that every test file's starts as a copy of.
    globalSetup: ['src/test/pglite-template.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
