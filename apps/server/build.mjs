// Compiles the server for production: one ES module per entry point in dist/, run with plain
// `node` (tsx stays for development). The workspace packages (@kartu/contracts, @kartu/core) are
// TypeScript sources, so they are bundled in; every installed dependency stays an import, loaded
// from node_modules as in development (native and WebAssembly packages need their own files).
// Files the server reads beside its code are copied next to the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('./', import.meta.url);

/** Builds into `outdir` (default apps/server/dist); answers the files written. */
export async function buildServer({ outdir = new URL('dist/', here).pathname } = {}) {
  const manifest = JSON.parse(await readFile(new URL('package.json', here), 'utf8'));
  const core = JSON.parse(await readFile(new URL('../../packages/core/package.json', here), 'utf8'));
  const contracts = JSON.parse(await readFile(new URL('../../packages/contracts/package.json', here), 'utf8'));
  const installed = [manifest, core, contracts].flatMap((pkg) => Object.keys(pkg.dependencies ?? {}));
  const external = [...new Set(installed.filter((name) => !name.startsWith('@kartu/')))];

  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: 'src/main.ts', kartu: 'src/cli/kartu.ts' },
    absWorkingDir: new URL('.', here).pathname,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: [...external, ...external.map((name) => `${name}/*`)],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  // import.meta.url names the bundle, so these sit beside it: migrations (db/migrate.ts) and the demo pictures (seed/seed-images.ts).
  await cp(new URL('src/db/migrations/', here), `${outdir}/migrations`, { recursive: true });
  await cp(new URL('src/seed/assets/', here), `${outdir}/assets`, { recursive: true });
  return Object.keys(result.metafile.outputs);
}

// `node build.mjs [outdir]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await buildServer(process.argv[2] ? { outdir: process.argv[2] } : {});
  console.log(`server compiled: ${files.filter((file) => file.endsWith('.js')).join(', ')}`);
}
