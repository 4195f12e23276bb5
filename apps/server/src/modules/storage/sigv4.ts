import { createHash, createHmac } from 'node:crypto';

/*
 * AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO, Cloudflare R2, Wasabi…):
 * the Authorization header of one request, as AWS's documentation specifies it.
 */

export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignableRequest {
  method: string;
  /** The path as sent, already percent-encoded. */
  path: string;
  /** Header names in any case; `host` and `x-amz-date` among them. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (also sent as x-amz-content-sha256). */
  payloadHash: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** `YYYYMMDDTHHMMSSZ`, the form x-amz-date takes. */
export function amzDate(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The Authorization header for `request`, signed at its x-amz-date. */
export function authorizationHeader(request: SignableRequest, key: SigningKey): string {
  const service = key.service ?? 's3';
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!date) throw new Error('A signed request needs its x-amz-date header');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [request.method, request.path, '', ...headers.map(([name, value]) => `${name}:${value}`), '', signedHeaders, request.payloadHash].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${key.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}
