import { join } from 'node:path';
import type { Env } from '../../env.ts';
import type { BlobStore } from './blob-store.ts';
import { fileStore } from './file-store.ts';
import { s3Store } from './s3-store.ts';

/** The deployment's file store, or null to keep files in the database (FILE_STORAGE=database). */
export function blobStoreFor(config: Pick<Env, 'FILE_STORAGE' | 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): BlobStore | null {
  if (config.FILE_STORAGE === 'database') return null;
  if (config.FILE_STORAGE === 'files') return fileStore(join(config.DATA_DIR, 'files'));
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: region } = config;
  // loadEnv has refused FILE_STORAGE=s3 without these.
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) throw new Error('FILE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return s3Store({ endpoint, region, bucket, accessKeyId, secretAccessKey });
}
