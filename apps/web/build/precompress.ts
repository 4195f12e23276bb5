import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats shrink; images other than SVG and fonts are compressed already.
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `file.br` (brotli at its best quality) and `file.gz` (gzip level 9) beside every text file
 * of the build, so the server sends them as they are instead of compressing on every request.
 * Small files get their copies too, so that no static file is ever compressed per request; a copy
 * that is not smaller than its file is not written (the file is then sent as it is).
 */
export async function precompressBuild(outDir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(outDir)) {
    if (!compressible.test(path) || path.includes(`${join(outDir, '.vite')}`)) continue;
    jobs.push(
      (async () => {
        const content = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipAsync(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${path}.br`, br);
        if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
}
