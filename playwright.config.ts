import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumArgs from './e2e/chromium-args.json' with { type: 'json' };

const port = Number(process.env.E2E_PORT ?? 4173);
// A fresh embedded database per run unless DATABASE_URL points at a PostgreSQL server.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kartu-e2e-'));
// The test workers load this file again: they name the same run's directory (e2e/support.ts keys its files by it).
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  // A test's whole run is not timed against the machine: on a busy one the audits of every page add up.
  // A step still waits at most 10 s for what it expects, so a hung page fails on that step.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // The app's reduced-motion styles: entrance fades end at once, so a page's colours are measured
    // as they rest, not halfway through a fade on a machine that draws frames slowly.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Debian's Chromium in a container: no sandbox, GPU or background traffic (shared with bench/web.mjs).
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: 'tour/**' },
    // The accessibility tour of every page, brand and language: `npm run check:a11y`.
    { name: 'tour', use: { browserName: 'chromium' }, testMatch: 'tour/**/*.spec.ts' },
  ],
  webServer: {
    command: 'npm run build && npm run serve',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});
