import { isAbsolute, join } from 'node:path';
import type { Plugin } from 'vite';

/** A build-only plugin that runs one step over the finished build folder (its absolute path). */
export function afterBuild(name: string, step: (outDir: string) => Promise<void>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: () => step(outDir),
  };
}
