import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, merchantParamsSchema, publicMerchantSchema, siteStateSchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { getPublicMerchant } from './tenancy.service.ts';
import type { AppContext } from '../../http/app-context.ts';

export const tenancyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['tenancy'],
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
        summary: 'A merchant’s public profile',
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
    async (request) => getPublicMerchant({ db, id: request.params.id }),
  );
};
