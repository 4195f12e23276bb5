import { assertBlobKey, type BlobStore } from './blob-store.ts';
import { amzDate, authorizationHeader, sha256Hex } from './sigv4.ts';

export interface S3StoreOptions {
  /** The service's address, e.g. https://s3.ap-southeast-3.amazonaws.com or a MinIO server's. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * An S3-compatible bucket, addressed by path (`<endpoint>/<bucket>/<key>`), which every such store
 * takes. Objects are private: the app serves them, so the bucket needs no public access.
 */
export function s3Store({ endpoint, region, bucket, accessKeyId, secretAccessKey, timeoutMs = 10_000, now = () => new Date() }: S3StoreOptions): BlobStore {
  const base = new URL(endpoint);
  const prefix = base.pathname.replace(/\/$/, '');
  const call = async (method: 'GET' | 'PUT', key: string, body?: Buffer, contentType?: string) => {
    assertBlobKey(key);
    const path = `${prefix}/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = { host: base.host, 'x-amz-date': amzDate(now()), 'x-amz-content-sha256': payloadHash, ...(contentType && { 'content-type': contentType }) };
    const authorization = authorizationHeader({ method, path, headers, payloadHash }, { accessKeyId, secretAccessKey, region });
    const { host: _host, ...sent } = headers;
    return fetch(new URL(path, base), { method, headers: { ...sent, authorization }, ...(body && { body }), signal: AbortSignal.timeout(timeoutMs) });
  };
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      const response = await call('PUT', key, bytes, contentType);
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The object store refused to keep ${key}: ${response.status}`);
    },
    get: async (key) => {
      const response = await call('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`The object store did not give ${key}: ${response.status}`);
      }
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
