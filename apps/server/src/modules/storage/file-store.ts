import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-store.ts';

/**
 * Files under a directory (DATA_DIR/files by default). A file appears whole or not at all: it is
 * written beside its place and renamed into it. Several instances share it only on a shared disk;
 * otherwise they use S3-compatible storage.
 */
export function fileStore(directory: string): BlobStore {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    kind: 'files',
    put: async (key, bytes) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    get: async (key) => {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
