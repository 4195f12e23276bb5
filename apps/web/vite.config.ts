import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { afterBuild } from './build/after-build.ts';
import { BEFORE_ENTRY, writePagePreloads, type PageNeeds } from './build/page-preloads.ts';
import { precompressBuild } from './build/precompress.ts';

// react-router's package exports only its development build, warnings included; production
// builds use the production build the package ships beside it.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = join(reactRouterDir, 'dist', 'production', 'index.mjs');

/**
 * Lets the react-router components we never use (NavLink, Form, …) drop out of the bundle.
 * Their `forwardRef` calls are not marked pure, and their `X.displayName = "…"` lines (read only
 * by React DevTools) count as side effects, so the bundler would keep them otherwise.
 */
function dropUnusedReactRouterComponents(): Plugin {
  return {
    name: 'kartu:drop-unused-react-router-components',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const pure = code.replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
        return { code: pure.replace(/^\w+\.displayName = "[^"]*";$/gm, ''), map: null };
      },
    },
  };
}

// The pages a visitor most often opens first: the server's first HTML for them preloads their
// route chunks and catalogues (the boot namespaces are added by the server), so those download
// beside the entry instead of after it.
const walletPage: PageNeeds = {
  modules: ['src/app/first-queries.ts', 'src/app/query-layout.tsx', 'src/features/cards/routes/card-list-page.tsx'],
  namespaces: ['cards'],
};
const firstPages: Record<string, PageNeeds> = {
  // The sign-in checks load once the page is idle; their style sheet comes with the page.
  '/': { modules: ['src/app/landing-route.tsx'], namespaces: ['auth'], idleModules: ['src/features/auth/components/sign-in-request.ts'] },
  '/cards': walletPage,
  '/v2/cards': walletPage,
};

/**
 * The server's renderer of the landing page (src/entry-server.tsx), built as one self-contained
 * file into dist/.server: the server imports it with plain Node, and a dot-folder is never served.
 */
const serverRendererBuild = {
  outDir: 'dist/.server',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rolldownOptions: { output: { codeSplitting: false } },
} as const;

export default defineConfig(({ command, isSsrBuild }) => {
  // The built app is always the production app. Vite takes NODE_ENV from the shell, so a
  // NODE_ENV=development left there would otherwise ship React's development bundle.
  if (command === 'build') process.env.NODE_ENV = 'production';
  const resolve = { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] };
  if (isSsrBuild) {
    return { plugins: [react(), dropUnusedReactRouterComponents()], resolve, ssr: { noExternal: true }, build: serverRendererBuild };
  }
  return {
    plugins: [
      react(),
      dropUnusedReactRouterComponents(),
      // What the server reads to write pages (preloads, the app loader), then the compressed copies of it all.
      afterBuild('kartu:finish-build', async (outDir) => {
        await writePagePreloads(outDir, firstPages);
        await precompressBuild(outDir);
      }),
    ],
    resolve,
    server: {
      // The server picks the merchant from the Host header, so the proxy must keep it.
      proxy: {
        '/api': { target: 'http://localhost:3000', changeOrigin: false },
        '/media': { target: 'http://localhost:3000', changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Chunks the entry needs are preloaded from index.html; lazy routes fetch their own code on demand.
      modulePreload: { polyfill: false },
      sourcemap: false,
      // build/page-preloads.ts reads it to tell the server what each first page preloads.
      manifest: true,
      rolldownOptions: {
        // The app's entry, and React's client on its own, which a drawn page evaluates first (src/react-start.ts).
        input: { index: 'index.html', 'react-start': BEFORE_ENTRY },
        // The entry exports nothing a page needs, which lets small shared modules be copied below.
        preserveEntrySignatures: false,
        output: {
          codeSplitting: {
            // A module shared by a few routes, under 8 KB, is copied into each chunk that uses it
            // instead of becoming a chunk of its own: the landing page loads one route file, not
            // a dozen of a few hundred bytes that each pay a request and its headers.
            experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
            // The framework every page runs on, as one chunk: one request and one gzip stream
            // instead of several small shared chunks on the first load.
            groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          },
        },
      },
    },
  };
});
