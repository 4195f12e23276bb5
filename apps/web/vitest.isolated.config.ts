import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ownModuleGraph, webTests } from './vitest.config.ts';

// The web test files that need a module graph of their own (see vitest.config.ts).
export default defineProject({
  plugins: [react()],
  test: { ...webTests, name: 'web-isolated', include: ownModuleGraph, isolate: true },
});
