import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The script a server-drawn page carries instead of the app's entry: once the page has loaded and
 * painted, it preloads the app's chunks (its `data-preload`, space-separated) and adds the entry
 * (its `data-entry`), so the app's code downloads and runs after what the visitor sees first,
 * never before it. An external file, as the page policy allows no inline script.
 */
const loaderSource = `(function () {
  var loader = document.currentScript;
  var entry = loader && loader.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (loader.getAttribute('data-preload') || '').split(' ');
  function start() {
    requestAnimationFrame(function () {
      setTimeout(function () {
        for (var i = 0; i < chunks.length; i++) {
          if (!chunks[i]) continue;
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = chunks[i];
          document.head.appendChild(link);
        }
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = entry;
        document.head.appendChild(script);
      }, 0);
    });
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
`;

/** Writes the loader under `assets/` with its content hash in the name; answers its path there. */
export async function writeAppLoader(outDir: string): Promise<string> {
  const hash = createHash('sha256').update(loaderSource).digest('base64url').slice(0, 8);
  const file = `assets/app-loader-${hash}.js`;
  await writeFile(join(outDir, file), loaderSource);
  return file;
}
