import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, merchantParamsSchema, publicMerchantSchema, siteStateSchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { getSiteMerchantProfile } from './site-state.ts';
import type { AppContext } from '../../http/app-context.ts';

export const siteStateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['tenancy'],
        operationId: 'getSite',
        summary: 'The site and merchant the Host header selects: what the web app boots from',
        response: {
          200: siteStateSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
          500: errorBodySchema,
        },
      },
    },
    // The request context already resolved the site from the Host header (and caches it).
    async (request) => siteOf(request),
  );

  app.get(
    '/api/v2/merchants/:id',
    {
      schema: {
        tags: ['tenancy'],
        operationId: 'getMerchant',
        summary: 'The public profile of the merchant whose site is asking (any other id is not found here)',
        params: merchantParamsSchema,
        response: {
          200: publicMerchantSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
          500: errorBodySchema,
        },
      },
    },
    async (request) => getSiteMerchantProfile({ db, id: request.params.id, siteMerchantId: siteOf(request).merchant.id }),
  );
};
