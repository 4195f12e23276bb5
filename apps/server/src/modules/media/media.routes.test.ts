import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kartu/contracts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { imageVariants, type ImageRow } from './images.table.ts';
import { storedTestImage } from './media.test-support.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

let image: ImageRow;
beforeAll(async () => {
  image = await storedTestImage(testApp, { merchantId });
});

function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return testApp.app.inject({ method, url, headers: { host: 'localhost', ...headers } });
}

describe('GET /media/:imageId/:file', () => {
  it('answers a size of the picture as WebP, cached for good, never compressed again', async () => {
    const response = await get(`/media/${image.id}/686.webp`, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${image.id}-686"`);
    expect(response.headers['content-encoding']).toBeUndefined();
    const [stored] = await testApp.db
      .select()
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, image.id), eq(imageVariants.width, 686)));
    expect(response.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 686, height: 433 });
  });

  it('sends the headers a file needs: no sniffing, and a policy that allows nothing should it be opened as a page', async () => {
    const response = await get(`/media/${image.id}/343.webp`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('answers 304 without the bytes when the client holds the file', async () => {
    const etag = `"${image.id}-343"`;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const response = await get(`/media/${image.id}/343.webp`, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload).toHaveLength(0);
      expect(response.headers.etag).toBe(etag);
    }
    expect((await get(`/media/${image.id}/343.webp`, { 'if-none-match': `"${image.id}-686"` })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await get(`/media/${image.id}/343.webp`, {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload).toHaveLength(0);
  });

  it.each([
    ['an unknown picture', () => '/media/6f1c2d3e-0000-4000-8000-00000000dead/343.webp', 'localhost'],
    ['a malformed id', () => '/media/not-a-uuid/343.webp', 'localhost'],
    ['a size the picture is not kept in', () => `/media/${image.id}/344.webp`, 'localhost'],
    ['another format', () => `/media/${image.id}/343.png`, 'localhost'],
    ['a file name that is no size', () => `/media/${image.id}/0343.webp`, 'localhost'],
    ["another merchant's site", () => `/media/${image.id}/343.webp`, 'v2.localhost'],
  ])('answers %s with a plain 404, not cached', async (_case, url, host) => {
    // A browser opening the address asks for a page: it gets the error, not the app.
    const response = await get(url(), { host, accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers a host that serves no site with 404 SITE_NOT_FOUND', async () => {
    const response = await get(`/media/${image.id}/343.webp`, { host: 'nobody.example' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).code).toBe('SITE_NOT_FOUND');
  });
});
