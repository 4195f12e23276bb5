import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/*
 * The test files of a worker share one module graph and one jsdom (isolate: false): a file no longer
 * pays for a fresh environment and a fresh React, which took three quarters of the suite's time.
 * The setup file puts back what a test may leave behind (vi spies and stubs, timers, storage,
 * toasts). A file that cannot share runs in a graph of its own (vitest.isolated.config.ts): those
 * that render with React's server renderer, whose renders leave React's context values behind them
 * for the client renderer that shares the same React.
 */
export const ownModuleGraph = ['src/entry-server.test.tsx', 'src/lib/drawn-form-state.test.tsx'];

// Node 25 and later give every process a Web Storage of their own (absent without
// --localstorage-file), which hides jsdom's localStorage and sessionStorage from the tests.
const nodeMajor = Number(process.versions.node.split('.')[0]);

export const webTests = {
  environment: 'jsdom',
  execArgv: nodeMajor >= 25 ? ['--no-webstorage'] : [],
  setupFiles: ['./src/test/setup.ts'],
  // A test clicks and types through whole pages: on a busy machine that takes more than the default 5 s,
  // and a test must not fail for the machine's speed of the moment.
  testTimeout: 30_000,
  include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
};

export default defineProject({
  plugins: [react()],
  test: { ...webTests, name: 'web', exclude: ownModuleGraph, isolate: false },
});
