import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minifySync } from 'rolldown/utils';

/**
 * The script a server-drawn page carries instead of the app's entry: once the page has loaded and
 * painted, it preloads the app's chunks (its `data-preload`, space-separated) and adds the entry
 * (its `data-entry`), so the app's code downloads and runs after what the visitor sees first,
 * never before it. An external file, as the page policy allows no inline script. The preloads and
 * the entry go into the head in one insertion, not one a chunk, which kept the main thread busy.
 */
const loaderSource = `(() => {
  const loader = document.currentScript;
  const entry = loader && loader.getAttribute('data-entry');
  if (!entry) return;
  const chunks = (loader.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  const tag = (name, fields) => Object.assign(document.createElement(name), { crossOrigin: '' }, fields);
  const start = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.head.append(...chunks.map((href) => tag('link', { rel: 'modulepreload', href })), tag('script', { type: 'module', src: entry }));
      }, 0),
    );
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
`;

/** Writes the loader under `assets/` with its content hash in the name; answers its path there. */
export async function writeAppLoader(outDir: string): Promise<string> {
  // Minified as the bundler minifies the app: every page that the server draws downloads it first.
  const minified = minifySync('app-loader.js', loaderSource, { compress: true, mangle: true });
  if (minified.errors.length > 0) throw new Error(`The app loader does not minify: ${minified.errors[0]?.message}`);
  const hash = createHash('sha256').update(minified.code).digest('base64url').slice(0, 8);
  const file = `assets/app-loader-${hash}.js`;
  await writeFile(join(outDir, file), minified.code);
  return file;
}
