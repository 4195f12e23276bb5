import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardNumberSchema,
  cardPreviewSchema,
  checkCardNumberBodySchema,
  checkCardPinAnswerSchema,
  checkCardPinBodySchema,
  registerCardAnswerSchema,
  registerCardBodySchema,
} from '@kartu/contracts';
import type { FastifyRequest } from 'fastify';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { checkActivationCode, previewCard, registerCard, type AddCardOptions } from './add-card.service.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';

// Wrong numbers and codes answer 404 / 400 with attemptsRemaining, then 429 ADD_CARD_LOCKED.
const addCardErrors = errorAnswers([400, 401, 404, 409, 422, 429, 500] as const);

/** Adding an issued card to the wallet by its number (spec: app-core §7 api/v2/cards find-by-number, check-number, check-pin, register). */
export const addCardRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'activationCodeKey'>> = async (app, { db, clock, activationCodeKey }) => {
  function addCardOptions(request: FastifyRequest): AddCardOptions {
    const { user } = signedIn(request);
    const { merchant } = siteOf(request);
    return { db, merchantId: merchant.id, brand: merchant.brand, userId: user.id, now: clock.now(), activationCodeKey };
  }

  app.get(
    '/api/v2/cards/find-by-number/:number',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'findCardByNumber',
        summary: 'Finds an issued card by its 16-digit number before the member adds it',
        params: z.object({ number: cardNumberSchema }),
        response: { 200: cardPreviewSchema, ...addCardErrors },
      },
    },
    async (request) => previewCard({ ...addCardOptions(request), number: request.params.number }),
  );

  app.post(
    '/api/v2/cards/check-number',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'checkCardNumber',
        summary: 'Checks a typed card number before the member adds the card',
        body: checkCardNumberBodySchema,
        response: { 200: cardPreviewSchema, ...addCardErrors },
      },
    },
    async (request) => previewCard({ ...addCardOptions(request), number: request.body.number }),
  );

  app.post(
    '/api/v2/cards/check-pin',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'checkActivationCode',
        summary: "Checks a card's activation code before the member adds the card",
        body: checkCardPinBodySchema,
        response: { 200: checkCardPinAnswerSchema, ...addCardErrors },
      },
    },
    async (request) => {
      const { number, activationCode } = request.body;
      await checkActivationCode({ ...addCardOptions(request), number, activationCode });
      return { valid: true as const };
    },
  );

  app.post(
    '/api/v2/cards/register',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'addCard',
        summary: "Adds an issued card to the member's wallet",
        body: registerCardBodySchema,
        response: { 201: registerCardAnswerSchema, ...addCardErrors },
      },
    },
    async (request, reply) => {
      const { number, activationCode } = request.body;
      const card = await registerCard({ ...addCardOptions(request), number, activationCode });
      return reply.status(201).send({ cardId: card.id });
    },
  );
};
