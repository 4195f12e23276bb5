import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationProductAnswerSchema,
  integrationProductBodySchema,
  integrationProductListSchema,
  integrationProductParamsSchema,
  integrationProgramParamsSchema,
  integrationStockBodySchema,
} from '@kartu/contracts';
import { z } from 'zod';
import { errorAnswers } from '../http/error-answers.ts';
import type { AppContext } from '../http/app-context.ts';
import { listMerchantProducts, saveMerchantProduct, setProductStock } from '../modules/catalog/merchant-catalog.service.ts';
import { findMerchantCurrency } from '../modules/tenancy/tenancy.service.ts';
import { idempotentWriteRoute } from './idempotent-route.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from './integration.http.ts';

/** The merchant's catalogs: products by SKU, with their exact stock (docs/integration.md). */
export const integrationCatalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db } = options;

  app.get(
    '/programs/:programId/products',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        summary: "Every product of one of the merchant's programs, retired ones too, by SKU, with its exact stock",
        security: integrationSecurity,
        params: integrationProgramParamsSchema,
        response: { 200: integrationProductListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listMerchantProducts({ db, merchantId: holderOf(request).merchantId, programId: request.params.programId }) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/products',
    summary: "Makes or updates the program's product of this SKU (its category by name); `created` says which",
    scope: 'catalog.product',
    params: integrationProgramParamsSchema,
    body: integrationProductBodySchema,
    status: 200,
    answer: integrationProductAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => {
      const { categoryExclusive, ...product } = body;
      const currency = await findMerchantCurrency(tx, merchantId);
      return saveMerchantProduct({ tx, merchantId, programId: params.programId, currency, product: { ...product, categoryExclusive } });
    },
  });

  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/products/:sku/stock',
    summary: 'Sets the units left of a product, as counted at the merchant (null: no stock count)',
    scope: 'catalog.stock',
    params: integrationProductParamsSchema,
    body: integrationStockBodySchema,
    status: 200,
    answer: z.object({ data: integrationProductAnswerSchema.shape.data }),
    run: async ({ tx, merchantId, params, body }) => ({ data: await setProductStock({ tx, merchantId, programId: params.programId, sku: params.sku, stock: body.stock }) }),
  });
};
