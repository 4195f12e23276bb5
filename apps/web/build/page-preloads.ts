import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';

/** What one page needs on its first load beyond the entry: its route's modules and catalogues. */
export interface PageNeeds {
  /** Source modules (as the manifest names them) whose chunks the page imports on first load. */
  modules: string[];
  /** Translation namespaces the page reads on first load, beside the boot ones every page reads. */
  namespaces: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What `dist/.vite/page-preloads.json` holds, for the server to write into a page's first HTML:
 * per page path, the chunk files to preload (the entry's own imports excluded: index.html names
 * them already), and per language, each namespace's catalogue chunk.
 */
export interface PagePreloads {
  pages: Record<string, { files: string[]; namespaces: string[] }>;
  catalogues: Record<string, Record<string, string>>;
}

export const PAGE_PRELOADS_FILE = join('.vite', 'page-preloads.json');

/** The chunk of `key` and every chunk it imports statically, in load order. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string> = new Set()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk for ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

export function pagePreloadsOf(manifest: Manifest, pages: Record<string, PageNeeds>): PagePreloads {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build has no entry chunk');
  const loadedByEntry = chunkFiles(manifest, entryKey);
  const catalogues: PagePreloads['catalogues'] = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^src\/locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(key);
    if (match) (catalogues[match[1]!] ??= {})[match[2]!] = chunk.file;
  }
  const preloads: PagePreloads = { pages: {}, catalogues };
  for (const [path, needs] of Object.entries(pages)) {
    const files = new Set<string>();
    for (const module of needs.modules) chunkFiles(manifest, module, files);
    preloads.pages[path] = {
      files: [...files].filter((file) => !loadedByEntry.has(file)),
      namespaces: needs.namespaces,
    };
  }
  return preloads;
}

/**
 * Writes `page-preloads.json` beside the build's manifest, so the server can make a page's first
 * HTML preload its route and catalogue chunks: they then download with the entry instead of after it.
 */
export function pagePreloads(pages: Record<string, PageNeeds>): Plugin {
  return afterBuild('kartu:page-preloads', async (outDir) => {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    await writeFile(join(outDir, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloadsOf(manifest, pages), null, 2));
  });
}
