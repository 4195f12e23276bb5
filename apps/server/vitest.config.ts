import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * API tests against the embedded PGlite: each test file's database is a copy of one migrated,
 * seeded template. The files of a worker share their modules (isolate: false), so the app's code is
 * loaded once per worker rather than once per file; each file still makes its own app and database.
 */
export const serverTests = {
  environment: 'node',
  include: ['src/**/*.test.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  isolate: false,
} as const;

export default defineConfig({
  // Paths resolve from this folder whether vitest starts here or at the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { ...serverTests, name: 'server', globalSetup: ['src/test/pglite-template.setup.ts'] },
});
