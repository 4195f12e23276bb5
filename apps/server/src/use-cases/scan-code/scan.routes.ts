import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { missionCardParamsSchema, scanBodySchema, scanResponseSchema, uniqueCodeClaimBodySchema, uniqueCodeClaimResponseSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { claimTypedCode } from './claim-unique-code.ts';
import { scanCode } from './scan-code.ts';

/** The member's scanner and the printed-code form (docs/decisions/046-scanning.md). */
export const scanRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'earnCodeKey' | 'uniqueCodeKey'>> = async (app, { db, clock, earnCodeKey, uniqueCodeKey }) => {
  app.post(
    '/api/qr/scan',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['scan'],
        operationId: 'scanCode',
        summary: "Reads what the member's camera saw: a card to add, a QRIS to pay, or a till's earn code or a printed code, claimed at once",
        description:
          "Needs the member's session. kind card: a 16-digit card number (or a link to its add-card page), only read. kind qris: an Indonesian QRIS, only read; a broken one answers 400 QRIS_UNRECOGNISED and a fixed amount above Rp 2,000,000 422 QRIS_AMOUNT_TOO_HIGH. " +
          "kind earn: a till's signed earn code, its purchase recorded on the member's card of its program at once; kind unique_code: a printed code, claimed, its points landing at once (success) or after the batch's delay (pending). " +
          'Either answers 409 CODE_ALREADY_USED once claimed (by anyone), 422 CODE_EXPIRED, CODE_SUSPENDED or CODE_INACTIVE for its batch’s or its own state, and 422 CODE_WRONG_PROGRAM when the member holds no card of its program. ' +
          'Anything else answers 400 QR_INVALID with attemptsRemaining; the fifth in a row locks scanning for an hour, and meanwhile every scan answers 429 QR_LOCKED with lockedUntil, currentTime and lockedByScan. A cardId that is not the member’s answers 404 CARD_NOT_FOUND. ' +
          'While the merchant keeps the scan-qris, scan-to-earn or scan-receipt feature locked for the member (GET /api/users/feature-eligibilities), a code of that kind answers 403 FEATURE_LOCKED.',
        body: scanBodySchema,
        response: { 200: scanResponseSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { code, cardId } = request.body;
      const data = await scanCode({ db, merchantId: siteOf(request).merchant.id, userId: user.id, code, cardId, keys: { earnCodeKey, uniqueCodeKey }, now: clock.now() });
      return { data };
    },
  );

  app.post(
    '/api/v2/cards/:cardId/unique-codes',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-to-earn')],
      schema: {
        tags: ['scan'],
        operationId: 'claimUniqueCode',
        summary: 'Claims a printed code typed on a card’s page (under a bottle cap, on a pack): its batch’s points land on the member’s card of the batch’s program',
        description:
          "Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND. Case, spaces and dashes in the code do not matter. " +
          'A code that does not exist answers 400 CODE_INVALID with attemptsRemaining; the third wrong code locks claiming for 24 hours, and meanwhile every code answers 429 CODE_LOCKED with lockedUntil. ' +
          'A code that exists answers 409 CODE_ALREADY_USED once claimed, 422 CODE_SUSPENDED, CODE_INACTIVE (before its start) or CODE_EXPIRED (after its end), 422 CODE_WRONG_PROGRAM when the member holds no card of its program, and 422 CARD_NOT_ACTIVE when that card is not active; none of these counts as wrong. ' +
          'status success: the points have landed; pending: they land at rewardAt, within 24 hours.' +
          featureLockNote('scan-to-earn'),
        params: missionCardParamsSchema,
        body: uniqueCodeClaimBodySchema,
        response: { 201: uniqueCodeClaimResponseSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const data = await claimTypedCode({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, code: request.body.code, key: uniqueCodeKey, now: clock.now() });
      return reply.code(201).send({ data });
    },
  );
};
