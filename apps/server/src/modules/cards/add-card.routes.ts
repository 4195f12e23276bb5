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
import { ADD_CARD_LOCK_HOURS, ADD_CARD_MAX_WRONG_TRIES } from '@kartu/core';
import type { FastifyRequest } from 'fastify';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { checkActivationCode, previewCard, registerCard, type AddCardOptions } from './add-card.service.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';

// Wrong numbers and codes answer 404 / 400 with attemptsRemaining, then 429 ADD_CARD_LOCKED.
const addCardErrors = errorAnswers([400, 401, 404, 409, 422, 429, 500] as const);

/** The add-card lock, as every add-card operation's description states it. */
const addCardLock = `Wrong card numbers and wrong activation codes count together, per member and merchant, until a card is added: ${ADD_CARD_MAX_WRONG_TRIES} of them lock every add-card step for ${ADD_CARD_LOCK_HOURS} hours, and the last one and every step meanwhile answer 429 ADD_CARD_LOCKED with lockedUntil.`;

/** What finding a card by its number answers, by path or by body. */
const cardNumberChecks = `Needs the member's session; only the cards of the merchant the Host header names are found, and the answer says whether the card needs its activation code. A number that matches no card answers 404 CARD_NOT_FOUND with attemptsRemaining and counts as a wrong try; a card already in this wallet answers 409 CARD_IN_WALLET, another member's 409 CARD_TAKEN and one not active 422 CARD_NOT_ACTIVE, without counting. ${addCardLock}`;

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
        description: cardNumberChecks,
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
        description: cardNumberChecks,
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
        description: `Needs the member's session. The number is checked first, with the same answers as checkCardNumber; a wrong code then answers 400 ACTIVATION_CODE_INVALID with attemptsRemaining, and a card that has no activation code passes whatever code is sent. Nothing is added to the wallet. ${addCardLock}`,
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
        description: `Needs the member's session. The number and activation code are checked as in checkCardNumber and checkActivationCode; a card that has an activation code needs it in the body, else 400 VALIDATION_FAILED on body.activationCode. The card is added with the program's welcome reward to claim, if it offers one, and a repeat answers 409 CARD_IN_WALLET. ${addCardLock}`,
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
