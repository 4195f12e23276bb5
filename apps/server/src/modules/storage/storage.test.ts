import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { storeImage } from '../media/images.service.ts';
import { imageVariants } from '../media/images.table.ts';
import { testPicture } from '../media/media.test-support.ts';
import { fileStore } from './file-store.ts';
import { s3Store } from './s3-store.ts';
import { authorizationHeader, sha256Hex } from './sigv4.ts';

describe('AWS Signature Version 4', () => {
  it("signs AWS's documented GET Object example to its published signature", () => {
    // The example of AWS's "Signature Calculations for the Authorization Header" (S3 API reference).
    const emptyHash = createHash('sha256').update('').digest('hex');
    const header = authorizationHeader(
      { method: 'GET', path: '/test.txt', headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash, 'x-amz-date': '20130524T000000Z' }, payloadHash: emptyHash },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('the file store', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kartu-files-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps files under their keys, whole, and answers null for a key it does not have', async () => {
    const store = fileStore(directory);
    await store.put('images/abc/240.webp', Buffer.from('first'), 'image/webp');
    await store.put('images/abc/240.webp', Buffer.from('second'), 'image/webp');
    expect((await store.get('images/abc/240.webp'))?.toString()).toBe('second');
    expect(await store.get('images/abc/480.webp')).toBeNull();
    expect(await readdir(join(directory, 'images', 'abc'))).toEqual(['240.webp']);
  });

  it('refuses keys that would leave its directory', async () => {
    const store = fileStore(directory);
    for (const key of ['../escape', '/etc/passwd', 'images/../../x', 'Images/A.webp', 'a//b']) await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Not a storage key');
  });
});

describe('the S3-compatible store', () => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const credentials = { accessKeyId: 'KARTUTESTKEY', secretAccessKey: 'kartu-test-secret', region: 'ap-southeast-3' };
  let server: Server;
  let endpoint: string;
  let refusals = 0;

  beforeAll(async () => {
    // A stand-in for the bucket: it checks each request's signature as S3 does, then keeps or gives objects.
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const signed = String(request.headers.authorization ?? '');
        const names = /SignedHeaders=([^,]+)/.exec(signed)?.[1]?.split(';') ?? [];
        const headers = Object.fromEntries(names.map((name) => [name, String(request.headers[name] ?? '')]));
        const payloadHash = sha256Hex(body);
        const expected = authorizationHeader({ method: request.method ?? '', path: request.url ?? '', headers, payloadHash }, credentials);
        if (signed !== expected || headers['x-amz-content-sha256'] !== payloadHash) {
          refusals += 1;
          response.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        const key = request.url ?? '';
        if (request.method === 'PUT') {
          objects.set(key, { body, contentType: String(request.headers['content-type']) });
          response.writeHead(200).end();
          return;
        }
        const found = objects.get(key);
        response.writeHead(found ? 200 : 404).end(found?.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts and gets objects with signed requests, by path in the bucket', async () => {
    const store = s3Store({ endpoint, bucket: 'kartu-media', ...credentials });
    await store.put('images/abc/480.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(objects.get('/kartu-media/images/abc/480.webp')).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect((await store.get('images/abc/480.webp'))?.toString()).toBe('webp bytes');
    expect(await store.get('images/abc/960.webp')).toBeNull();
    expect(refusals).toBe(0);
  });

  it('fails loudly when the bucket refuses it', async () => {
    const wrongKey = s3Store({ endpoint, bucket: 'kartu-media', ...credentials, secretAccessKey: 'not-the-secret' });
    await expect(wrongKey.put('images/x/1.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('403');
    await expect(wrongKey.get('images/abc/480.webp')).rejects.toThrow('403');
  });
});

describe('pictures kept in the file store', () => {
  let testApp: TestApp;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kartu-data-'));
    testApp = await createTestApp({ env: { FILE_STORAGE: 'files', DATA_DIR: directory } });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('are written as files the database names, and served from there', async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const image = await storeImage({ db: testApp.db, merchantId, purpose: 'icon', bytes: await testPicture({ width: 300, height: 300, format: 'png' }), blobs: fileStore(join(directory, 'files')) });
    const rows = await testApp.db.select().from(imageVariants).where(eq(imageVariants.imageId, image.id)).orderBy(asc(imageVariants.width));
    expect(rows.map((row) => [row.storageKey, row.bytes])).toEqual([
      [`images/${image.id}/64.webp`, null],
      [`images/${image.id}/128.webp`, null],
    ]);
    const response = await testApp.app.inject({ method: 'GET', url: `/media/${image.id}/128.webp`, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(rows[1]?.byteLength);
    await rm(join(directory, 'files', 'images', image.id, '64.webp'));
    expect((await testApp.app.inject({ method: 'GET', url: `/media/${image.id}/64.webp`, headers: { host: 'localhost' } })).statusCode).toBe(404);
  });
});
