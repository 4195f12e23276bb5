import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileAnswerSchema, profilePhotoContentTypes } from '@kartu/contracts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@kartu/core/constants';
import type { AppContext } from '../../http/app-context.ts';
import { binaryBody } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { signedIn } from '../auth/auth.http.ts';
import { removeProfilePhoto, setProfilePhoto } from './profile.service.ts';

/** The member's photo: the image itself is the body, as a proof of transfer is. */
export const profilePhotoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, blobs }) => {
  // Only this plugin reads image bodies; every other route keeps the app's JSON parser alone.
  app.addContentTypeParser([...profilePhotoContentTypes], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.put(
    '/api/v2/account/profile/photo',
    {
      // Checked before the body is read: a stranger never gets to send 10 MB.
      onRequest: app.requireSession(),
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: ['account'],
        operationId: 'setProfilePhoto',
        summary: `Sets the member's photo (the image as the body: ${profilePhotoContentTypes.join(', ')}; at most ${IMAGE_MAX_MB} MB) and answers the profile`,
        description:
          "The member's session, checked before the body is read. Send the image's bytes as the body with its Content-Type; another type, or bytes that are no picture, answer 415 UNSUPPORTED_MEDIA_TYPE, " +
          `more than ${IMAGE_MAX_MB} MB 413, and a picture smaller than 96 × 96 pixels 422. The photo is cropped square on what draws the eye, made in 96 and 192 pixels as WebP without its metadata (camera, place), and served under /media; the photo it replaces answers 404 from then on.`,
        consumes: [...profilePhotoContentTypes],
        body: binaryBody("The member's photo"),
        response: { 200: profileAnswerSchema, ...errorAnswers([400, 401, 404, 413, 415, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the image as the body' });
      const data = await setProfilePhoto({ db, merchant: siteOf(request).merchant, userId: user.id, bytes: request.body, blobs, now: clock.now() });
      return { data };
    },
  );

  app.delete(
    '/api/v2/account/profile/photo',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['account'],
        operationId: 'removeProfilePhoto',
        summary: "Removes the member's photo",
        description:
          "Needs the member's session. The photo's URLs answer 404 from then on, and the profile's photo is null; removing it again, or without a photo, changes nothing and answers 204 all the same.",
        response: { 204: z.null(), ...errorAnswers([401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      await removeProfilePhoto({ db, merchant: siteOf(request).merchant, userId: signedIn(request).user.id, now: clock.now() });
      return reply.status(204).send(null);
    },
  );
};
