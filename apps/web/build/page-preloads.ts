import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appLoaderScript } from './app-loader.ts';

/** What one page needs on its first load beyond the entry: its route's modules and catalogues. */
export interface PageNeeds {
  /** Source modules (as the manifest names them) whose chunks the page imports on first load. */
  modules: string[];
  /** Translation namespaces the page reads on first load, beside the boot ones every page reads. */
  namespaces: string[];
  /**
   * Source modules the page imports once it is idle: only their style sheets go in the first HTML.
   * A style sheet added later makes the browser restyle the whole page in one long task.
   */
  idleModules?: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What `dist/.vite/page-preloads.json` holds, for the server to write into a page's first HTML:
 * per page path, the chunk files to preload and the style sheets its chunks bring (the entry's own
 * excluded: index.html names them already), and per language, each namespace's catalogue chunk.
 */
export interface PagePreloads {
  pages: Record<string, { files: string[]; styles: string[]; namespaces: string[] }>;
  catalogues: Record<string, Record<string, string>>;
  /** The app's entry, and the code of the loader a server-drawn page runs it through (build/app-loader.ts). */
  entry?: string;
  appLoaderScript?: string;
  /** What the loader evaluates before the entry: React's client, on its own (src/react-start.ts). */
  beforeEntry?: string;
}

export const PAGE_PRELOADS_FILE = join('.vite', 'page-preloads.json');

/** The module a drawn page evaluates before the entry, as the manifest names it (vite.config.ts builds it as an entry). */
export const BEFORE_ENTRY = 'src/react-start.ts';

/** The chunks of `key` and of every chunk it imports statically, in load order. */
function chunksOf(manifest: Manifest, key: string, into: Map<string, ManifestChunk> = new Map()): Map<string, ManifestChunk> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk for ${key}`);
  if (into.has(chunk.file)) return into;
  into.set(chunk.file, chunk);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

const stylesOf = (chunks: Map<string, ManifestChunk>) => new Set([...chunks.values()].flatMap((chunk) => chunk.css ?? []));

export function pagePreloadsOf(manifest: Manifest, pages: Record<string, PageNeeds>): PagePreloads {
  // The app's entry is the page's (index.html); React's client is an entry of its own beside it.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('.html'));
  if (!entryKey) throw new Error('The build has no entry chunk');
  const entryChunks = chunksOf(manifest, entryKey);
  const entryStyles = stylesOf(entryChunks);
  const catalogues: PagePreloads['catalogues'] = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^src\/locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(key);
    if (match) (catalogues[match[1]!] ??= {})[match[2]!] = chunk.file;
  }
  const preloads: PagePreloads = { pages: {}, catalogues, entry: manifest[entryKey]?.file, beforeEntry: manifest[BEFORE_ENTRY]?.file };
  for (const [path, needs] of Object.entries(pages)) {
    const chunks = new Map<string, ManifestChunk>();
    for (const module of needs.modules) chunksOf(manifest, module, chunks);
    const idleChunks = new Map<string, ManifestChunk>();
    for (const module of needs.idleModules ?? []) chunksOf(manifest, module, idleChunks);
    preloads.pages[path] = {
      files: [...chunks.keys()].filter((file) => !entryChunks.has(file)),
      styles: [...new Set([...stylesOf(chunks), ...stylesOf(idleChunks)])].filter((file) => !entryStyles.has(file)),
      namespaces: needs.namespaces,
    };
  }
  return preloads;
}

/**
 * Writes `page-preloads.json` beside the build's manifest, so the server can make a page's first
 * HTML preload its route and catalogue chunks (they then download with the entry instead of after
 * it), and the app loader a server-drawn page runs its entry through.
 */
export async function writePagePreloads(outDir: string, pages: Record<string, PageNeeds>): Promise<void> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const preloads = { ...pagePreloadsOf(manifest, pages), appLoaderScript: appLoaderScript() };
  await writeFile(join(outDir, PAGE_PRELOADS_FILE), JSON.stringify(preloads, null, 2));
}
