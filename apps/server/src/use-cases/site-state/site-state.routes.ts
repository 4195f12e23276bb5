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
        description:
          'Public. A Host that names no site answers 404 SITE_NOT_FOUND, and an X-Merchant-Id header naming another merchant 400 MERCHANT_MISMATCH. ' +
          'It answers for an inactive site or one under maintenance too (active, maintenance), with the view mode, default language, branding and the merchant’s public profile; ' +
          'the server also puts this answer in the page it serves.',
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
        description:
          'Public. The id must be the numeric id of the merchant the Host header selects, else 404 NOT_FOUND; a Host that names no site answers 404 SITE_NOT_FOUND. ' +
          'The profile is the merchant that GET /api/site carries.',
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
