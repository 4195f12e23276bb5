import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaFileParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { binaryAnswer } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { variantContentType } from './image-sizes.ts';
import { getImageFile } from './images.service.ts';

// A picture's URL names one upload, whose files never change: browsers and proxies keep them for good,
// but a member's photo only their browser, as the member may remove it (image-sizes.ts).
const sharedCacheControl = 'public, max-age=31536000, immutable';
const privateCacheControl = 'private, max-age=31536000, immutable';

/** `343.webp` → 343; anything else names no file. */
function widthOfFile(file: string): number {
  const match = /^([1-9]\d{0,4})\.webp$/.exec(file);
  if (!match?.[1]) throw new AppError('NOT_FOUND', { message: 'Image not found' });
  return Number(match[1]);
}

/** Whether an If-None-Match header names this entity tag (or any, with `*`). */
function isKnownToClient(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** The merchants' pictures in the sizes the app draws them at (modules/media). */
export const mediaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, blobs }) => {
  app.get(
    '/media/:imageId/:file',
    {
      schema: {
        tags: ['media'],
        operationId: 'getMediaFile',
        summary: "One size of a picture of the Host's merchant, as image/webp: card art, banner, icon, product or a member's photo. Its URL never changes, so it is cached for good",
        description:
          "Public: the URLs come in the answers that show a picture (`/media/{imageId}/{width}.webp`), and only the sizes the server made exist; another width, a picture of another merchant than the Host's, or a member's photo they replaced or removed answers 404 NOT_FOUND. The answer carries an ETag and a year-long immutable Cache-Control, private for a member's photo; a request whose If-None-Match names the ETag answers 304 with no body.",
        params: mediaFileParamsSchema,
        response: { 200: binaryAnswer(variantContentType, 'The picture at that width'), 304: z.undefined().describe('The client already holds this picture'), ...errorAnswers([404, 500] as const) },
      },
    },
    async (request, reply) => {
      const { imageId, file } = request.params;
      const width = widthOfFile(file);
      const found = await getImageFile({ db, blobs, merchantId: siteOf(request).merchant.id, imageId, width });
      // The id and width name bytes that never change: they are the entity tag.
      const etag = `"${imageId.toLowerCase()}-${width}"`;
      reply.header('cache-control', found.shared ? sharedCacheControl : privateCacheControl).header('etag', etag);
      if (isKnownToClient(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(found.contentType).send(found.bytes);
    },
  );
};
