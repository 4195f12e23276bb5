import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseAnswerSchema, purchaseBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { integrationWriteSchema } from '../../http/integration-write.ts';
import { holderOf, integrationRouteConfig } from '../../http/integration-request.ts';
import { PurchaseStatement } from './purchase-statement.ts';
import { recordPurchase } from './record-purchase.ts';

/** POST /integration/v1/purchases: a till's bill, earning on the card (docs/integration.md). */
export const recordPurchaseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const statement = new PurchaseStatement(db);
  app.addHook('onClose', async () => statement.close());

  app.post(
    '/purchases',
    {
      config: integrationRouteConfig,
      schema: integrationWriteSchema({
        operationId: 'recordPurchase',
        summary: "Records a bill and credits the card by the program's earning rate (floored)",
        description:
          "Only cards of the API key's merchant earn: name one by cardNumber, or by memberPhone with programId (the member's card of that program, an active one first). An unknown card, a programId the card is not of, or a member with no card of that program answers 404 CARD_NOT_FOUND, a phone with no member 404 NOT_FOUND, a card that is not active 422 CARD_NOT_ACTIVE, and a billNumber this merchant reported before 409 CONFLICT. A bill too small to earn is still recorded (entryId null, earned 0); an earn that reaches a level of a program with a level-up offer grants that level's reward, and balance is what the card can spend just after.",
        body: purchaseBodySchema,
        status: 201,
        answer: purchaseAnswerSchema,
      }),
    },
    async (request, reply) => {
      const answer = await recordPurchase({ db, statement, merchantId: holderOf(request).merchantId, idempotencyKey: idempotencyKeyOf(request), body: request.body, now: clock.now() });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // Every stored answer of a purchase is its 201: refusals are thrown, first or replayed.
      return reply.status(201).send(answer.body);
    },
  );
};
