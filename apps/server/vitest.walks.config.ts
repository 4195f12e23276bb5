import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { walkTrace } from '../../tools/walk-trace.mjs';
import { serverTests } from './vitest.config.ts';

// The request walks (src/walks): the server's functions report each entry, and each walk prints
// the stops of one request. Not part of the test run: `npm run walks`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [walkTrace({ srcDir: fileURLToPath(new URL('./src', import.meta.url)) })],
  test: { ...serverTests, include: ['src/walks/**/*.walk.ts'], name: 'walks', globalSetup: ['src/test/pglite-template.setup.ts'] },
});
