// Prints the gzip size of the JavaScript the landing page ('/') loads before it can show anything:
// the entry chunk and its static imports, the landing route's chunk, and the English catalogues the
// first render needs. The sign-in form and other namespaces download after the page has shown.
// Reads the Vite manifest of the production build in apps/web/dist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const GOAL_KB = 80;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Map();
function collect(key, reason) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk for ${key}`);
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  for (const imported of chunk.imports ?? []) collect(imported, reason);
}

const keys = Object.keys(manifest);
const entry = keys.find((key) => manifest[key].isEntry);
const landing = keys.find((key) => key.endsWith('features/landing/routes/landing-page.tsx'));
if (!entry || !landing) throw new Error('Entry or landing chunk not found in the manifest');
collect(entry, 'entry');
collect(landing, 'landing route');
// The namespaces i18n loads before the first render, read from the one place they are listed.
const i18nSource = readFileSync(join(import.meta.dirname, '..', 'apps', 'web', 'src', 'lib', 'i18n.ts'), 'utf8');
const bootNamespaces = JSON.parse(
  (i18nSource.match(/export const namespaces = (\[[^\]]*\])/)?.[1] ?? '[]').replace(/'/g, '"'),
);
if (bootNamespaces.length === 0) throw new Error('Could not read the boot namespaces from i18n.ts');
for (const namespace of bootNamespaces) collect(`src/locales/en/${namespace}.json`, 'English catalogue');

// React's production build reports errors by number ("Minified React error #…"); its development
// build, which a NODE_ENV=development build ships, never does. A development build measures nothing real.
const scripts = [...files.keys()].filter((file) => file.endsWith('.js'));
const isProductionReact = scripts.some((file) => readFileSync(join(dist, file), 'utf8').includes('Minified React error #'));
if (!isProductionReact) {
  console.error('apps/web/dist holds a development build (React\'s development bundle): build it for production, then measure again.');
  process.exit(1);
}

let total = 0;
const rows = [];
for (const file of scripts) {
  const reason = files.get(file);
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gzip;
  rows.push({ file, reason, 'gzip KB': (gzip / 1024).toFixed(1) });
}
console.table(rows);
const totalKb = total / 1024;
console.log(`Landing page JavaScript loaded up front: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB, goal ${GOAL_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
