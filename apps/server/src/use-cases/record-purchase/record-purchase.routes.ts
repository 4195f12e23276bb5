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
      schema: integrationWriteSchema({ operationId: 'recordPurchase', summary: "Records a bill and credits the card by the program's earning rate (floored)", body: purchaseBodySchema, status: 201, answer: purchaseAnswerSchema }),
    },
    async (request, reply) => {
      const answer = await recordPurchase({ db, statement, merchantId: holderOf(request).merchantId, idempotencyKey: idempotencyKeyOf(request), body: request.body, now: clock.now() });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // Every stored answer of a purchase is its 201: refusals are thrown, first or replayed.
      return reply.status(201).send(answer.body);
    },
  );
};
