import { minifySync } from 'rolldown/utils';

/**
 * The script a server-drawn page carries instead of the app's entry: once the page has loaded and
 * painted, it preloads the app's chunks (its `data-preload`, space-separated, in one insertion,
 * not one a chunk, which kept the main thread busy), evaluates React's client (its `data-first`,
 * src/react-start.ts) and then, in a task after it, adds the entry (its `data-entry`). So the app's
 * code downloads and runs after what the visitor sees first, never before it, and evaluating React
 * and evaluating the app are two tasks instead of one long one. Should the first module fail, the
 * entry still starts: it imports React itself. The page carries the loader inline, where the
 * server's content security policy allows it by its hash and no other inline script (a file of its
 * own was one more request on every first load).
 */
const loaderSource = `(() => {
  const loader = document.currentScript;
  const entry = loader && loader.getAttribute('data-entry');
  if (!entry) return;
  const chunks = (loader.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  const first = loader.getAttribute('data-first');
  const tag = (name, fields) => Object.assign(document.createElement(name), { crossOrigin: '' }, fields);
  const run = () => document.head.append(tag('script', { type: 'module', src: entry }));
  const start = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.head.append(...chunks.map((href) => tag('link', { rel: 'modulepreload', href })));
        if (first) import(first).catch(() => undefined).then(() => setTimeout(run, 0));
        else run();
      }, 0),
    );
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
`;

/** The loader's code, minified as the bundler minifies the app: every page the server draws carries it. */
export function appLoaderScript(): string {
  const minified = minifySync('app-loader.js', loaderSource, { compress: true, mangle: true });
  if (minified.errors.length > 0) throw new Error(`The app loader does not minify: ${minified.errors[0]?.message}`);
  const code = minified.code.trim();
  // Inside a script element, "</script" would end it and "<!--" change how it is read.
  if (/<\/script|<!--/i.test(code)) throw new Error('The app loader cannot go inline: it holds "</script" or "<!--"');
  return code;
}
