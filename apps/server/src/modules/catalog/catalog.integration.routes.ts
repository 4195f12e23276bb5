import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotentWriteHeadersSchema,
  integrationProductAnswerSchema,
  integrationProductChangeAnswerSchema,
  integrationProductBodySchema,
  integrationProductListSchema,
  integrationProductParamsSchema,
  integrationProgramParamsSchema,
  integrationStockBodySchema,
  productImageContentTypes,
} from '@kartu/contracts';
import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { binaryBody } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { listMerchantProducts, saveMerchantProduct, setProductImage, setProductStock } from './merchant-catalog.service.ts';
import { prepareImage } from '../media/images.service.ts';
import { getMerchantCurrency } from '../tenancy/tenancy.service.ts';
import { idempotentWriteRoute, idempotentWriteRules } from '../../http/integration-write.ts';
import { answerOnce, holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';

/** The merchant's catalogs: products by SKU, with their exact stock (docs/integration.md). */
export const integrationCatalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db, clock, blobs } = options;
  // Only this plugin reads image bodies; every other route keeps the app's JSON parser alone.
  app.addContentTypeParser([...productImageContentTypes], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/programs/:programId/products',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMerchantProducts',
        summary: "Every product of one of the merchant's programs, retired ones too, by SKU, with its exact stock",
        description: "A program of another merchant, or an id that is not one, answers 404. Prices are in points and in the merchant's currency's smallest unit; a null stock means the product is not counted.",
        security: integrationSecurity,
        params: integrationProgramParamsSchema,
        response: { 200: integrationProductListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await listMerchantProducts({ db, merchantId: holderOf(request).merchantId, programId: request.params.programId }) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/products',
    operationId: 'saveProduct',
    summary: "Makes or updates the program's product of this SKU (its category by name); `created` says which",
    description:
      "The SKU identifies the product within the program: sending it again replaces every field sent, and fields left out take their defaults. A category name the program does not have yet is made. A product needs a price in points, in money, or both; `active: false` retires it from the member's shop. A program of another merchant answers 404.",
    scope: 'catalog.product',
    params: integrationProgramParamsSchema,
    body: integrationProductBodySchema,
    status: 200,
    answer: integrationProductAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => {
      const { categoryExclusive, ...product } = body;
      const { code: currency } = await getMerchantCurrency({ db: tx, id: merchantId });
      return saveMerchantProduct({ tx, merchantId, programId: params.programId, currency, product: { ...product, categoryExclusive } });
    },
  });

  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/products/:sku/stock',
    operationId: 'setProductStock',
    summary: 'Sets the units left of a product, as counted at the merchant (null: no stock count)',
    description: "Replaces the count the shop sells from. A SKU the program does not have answers 404 PRODUCT_NOT_FOUND.",
    scope: 'catalog.stock',
    params: integrationProductParamsSchema,
    body: integrationStockBodySchema,
    status: 200,
    answer: integrationProductChangeAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => ({ data: await setProductStock({ tx, merchantId, programId: params.programId, sku: params.sku, stock: body.stock }) }),
  });

  // The picture is the body, as a member's proof of transfer is; the same key and image answer the first answer.
  app.post(
    '/programs/:programId/products/:sku/image',
    {
      config: integrationRouteConfig,
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: ['integration'],
        operationId: 'setProductImage',
        summary: `Sets the product's picture (the image as the body: ${productImageContentTypes.join(', ')}; at most 10 MB), resized and stripped of its metadata as the CSV import's are`,
        description: `Send the image's bytes as the body with its Content-Type; another type, or bytes that are no such image, answer 415 UNSUPPORTED_MEDIA_TYPE, and more than 10 MB 413. A SKU the program does not have answers 404 PRODUCT_NOT_FOUND.\n\n${idempotentWriteRules} The body's identity is the image's SHA-256.`,
        security: integrationSecurity,
        consumes: [...productImageContentTypes],
        body: binaryBody('The picture'),
        headers: idempotentWriteHeadersSchema,
        params: integrationProductParamsSchema,
        response: { 200: integrationProductChangeAnswerSchema, ...errorAnswers([400, 401, 404, 409, 413, 415, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: `Send the image as the body (${productImageContentTypes.join(', ')})` });
      // Decoded before the key's transaction opens, which then answers its refusal like any other.
      const prepared = await prepareImage({ purpose: 'product', bytes }).then(
        (picture) => ({ picture }),
        (error: unknown) => ({ error }),
      );
      const { programId, sku } = request.params;
      return answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'catalog.product-image',
        bodyIdentity: { sha256: createHash('sha256').update(bytes).digest('hex') },
        run: async (tx) => {
          if ('error' in prepared) throw prepared.error;
          const data = await setProductImage({ tx, merchantId: holderOf(request).merchantId, programId, sku, picture: prepared.picture, blobs });
          return { statusCode: 200, body: { data } };
        },
      });
    },
  );
};
