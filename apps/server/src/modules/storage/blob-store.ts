/*
 * Where files too large or too many for a database row go (docs/decisions/024-file-storage.md):
 * local files under the data directory by default, an S3-compatible bucket when configured. The
 * database names each file by its key; a file is written before the row that names it.
 */

export interface BlobStore {
  /** How the deployment keeps files: the name shown in logs and the health of the store. */
  readonly kind: 'files' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are paths of lower-case letters, digits, dots, dashes and underscores: never `..`, never absolute. */
export function assertBlobKey(key: string): void {
  const valid = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
  if (!valid || key.length > 500) throw new Error(`Not a storage key: ${key}`);
}
