import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAnswerSchema, paymentParamsSchema, paymentProofContentTypes } from '@kartu/contracts';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import type { AppContext } from '../../http/app-context.ts';
import { binaryBody } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { signedIn } from '../auth/auth.http.ts';
import { uploadPaymentProof } from './payment-proofs.service.ts';

/** A member sends the proof of a manual transfer: the image itself is the body. */
export const paymentProofsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  // Only this plugin reads image bodies; every other route keeps the app's JSON parser alone.
  app.addContentTypeParser([...paymentProofContentTypes], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/v2/payments/:id/proof',
    {
      // Checked before the body is read: a stranger never gets to send 10 MB.
      onRequest: app.requireSession(),
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: ['payments'],
        operationId: 'uploadPaymentProof',
        summary: `Uploads the proof of a manual transfer (the image as the body: ${paymentProofContentTypes.join(', ')}; at most 10 MB); it replaces a proof the merchant has not reviewed yet`,
        description:
          "The member's session, checked before the body is read. Send the image's bytes as the body with its Content-Type; another type, or bytes that are no such image, answer 415 UNSUPPORTED_MEDIA_TYPE, and more than 10 MB 413. Only a manual transfer still waiting for payment and not yet expired takes a proof (409 PAYMENT_PROOF_NOT_ACCEPTED otherwise); a rejected proof stays, with the merchant's note, under the new one.",
        params: paymentParamsSchema,
        consumes: [...paymentProofContentTypes],
        body: binaryBody('The image of the transfer receipt'),
        response: { 201: paymentAnswerSchema, ...errorAnswers([400, 401, 404, 409, 413, 415, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the image as the body' });
      const answer = await uploadPaymentProof({ db, merchantId: siteOf(request).merchant.id, userId: user.id, paymentId: request.params.id, bytes: request.body, now: clock.now() });
      return reply.status(201).send(answer);
    },
  );
};
